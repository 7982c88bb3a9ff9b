/** The revision picker's list (client/src/gitRefs.ts): a repository's branches, remote branches and tags from `git for-each-ref`. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { listRevisions, parseRefs } from '../../client/src/gitRefs';

describe('revision picker: the repository’s revisions', () => {
  it('lists the branches and tags the repository has, not a fixed origin/main', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-refs-'));
    const git = (...a: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=trunk', ...a], {
        cwd: dir,
        stdio: 'ignore',
      });
    git('init', '-q');
    fs.writeFileSync(path.join(dir, 'api.yaml'), 'openapi: 3.0.3\n');
    git('add', '-A');
    git('commit', '-qm', 'v1');
    git('branch', 'release-2');
    git('tag', 'v1.0.0');
    const revs = await listRevisions(dir);
    assert.deepEqual(revs.map(r => `${r.kind}:${r.name}`).sort(), ['branch:release-2', 'branch:trunk', 'tag:v1.0.0']);
    assert.deepEqual(await listRevisions(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-norepo-'))), [], 'outside a repository: none');
  });

  it('leaves out a remote’s symbolic HEAD', () => {
    assert.deepEqual(parseRefs('refs/remotes/origin/HEAD\nrefs/remotes/origin/main\nrefs/tags/v2\n'), [
      { name: 'origin/main', kind: 'remote branch' },
      { name: 'v2', kind: 'tag' },
    ]);
  });
});
