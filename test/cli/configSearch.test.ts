/**
 * The search for a document's config ends at the repository root and at the editor's workspace folder: a
 * `.spectral.js` in a parent folder (a shared temporary folder, a CI workspace's parent) is never loaded, and the
 * CLI names the config it took. Through the built CLI and the language server.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findConfig } from '../../server/src/engine/ruleset';
import { BAD_DOC, runCli, tempDir } from './helpers';
import { TestClient } from '../lsp/client';

/** A JavaScript ruleset that leaves a MARK file beside itself when it runs, and turns every rule off. */
const MARKING_RULESET = `require('fs').writeFileSync(require('path').join(__dirname, 'MARK'), 'ran');\nmodule.exports = { extends: [] };\n`;

/** U/.spectral.js beside the repository U/repo, whose document is U/repo/specs/a.yaml. */
function parentWithRuleset(repo: { git: boolean; config?: string }): { outer: string; repo: string; doc: string } {
  const outer = fs.realpathSync(tempDir({ '.spectral.js': MARKING_RULESET, 'repo/specs/a.yaml': BAD_DOC }));
  const root = path.join(outer, 'repo');
  if (repo.git) fs.mkdirSync(path.join(root, '.git'));
  if (repo.config) fs.writeFileSync(path.join(root, '.apiconv.yaml'), repo.config);
  return { outer, repo: root, doc: path.join(root, 'specs', 'a.yaml') };
}

describe('config search: up to the repository root and the workspace folder', () => {
  it("findConfig stops at a folder with .git (a folder or a worktree's file) and at stopAt, both searched", () => {
    const u = parentWithRuleset({ git: true });
    assert.equal(findConfig(u.doc), undefined);
    fs.rmdirSync(path.join(u.repo, '.git'));
    fs.writeFileSync(path.join(u.repo, '.git'), 'gitdir: ../elsewhere\n');
    assert.equal(findConfig(u.doc), undefined);
    fs.rmSync(path.join(u.repo, '.git'));
    assert.equal(findConfig(u.doc), path.join(u.outer, '.spectral.js'), 'no repository: the search goes on up');
    assert.equal(findConfig(u.doc, u.repo), undefined, 'the workspace folder ends it');
    fs.writeFileSync(path.join(u.repo, '.apiconv.yaml'), 'extends: apiconv:recommended\n');
    assert.equal(findConfig(u.doc, u.repo), path.join(u.repo, '.apiconv.yaml'), 'a config at the stop is found');
  });

  it('apiconv lint inside a repository does not run a .spectral.js above it, and names the config it takes', () => {
    const u = parentWithRuleset({ git: true });
    const r = runCli(['lint', 'specs/'], { cwd: u.repo });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /path-no-verbs/, 'the built-in rules ran');
    assert.ok(!fs.existsSync(path.join(u.outer, 'MARK')), "the parent folder's JavaScript did not run");
    assert.doesNotMatch(r.stderr, /config/);

    fs.writeFileSync(path.join(u.repo, '.apiconv.yaml'), 'extends: apiconv:recommended\nrules:\n  path-api-prefix: off\n');
    const withConfig = runCli(['lint', '.'], { cwd: path.join(u.repo, 'specs') });
    assert.match(withConfig.stderr, /^apiconv: config \/.*\/repo\/\.apiconv\.yaml$/m, 'a config above the current folder is named');
    assert.doesNotMatch(withConfig.stdout, /path-api-prefix/);
    assert.doesNotMatch(runCli(['lint', 'specs/'], { cwd: u.repo }).stderr, /config/, 'one in the current folder is in sight');
  });

  it("a trusted editor workspace rooted at the repository (no .git) does not load the parent's .spectral.js", { timeout: 120_000 }, async () => {
    const u = parentWithRuleset({ git: false });
    const c = await TestClient.start({ folder: u.repo, settings: { debounceMs: 0 }, initializationOptions: { workspaceTrusted: true } });
    try {
      const uri = c.open(u.doc, BAD_DOC);
      const d = await c.diagnostics(uri, x => x.length > 0, 0, 60_000);
      assert.ok(
        d.some(x => x.code === 'path-no-verbs'),
        'the built-in rules ran',
      );
      assert.ok(!fs.existsSync(path.join(u.outer, 'MARK')), "the parent folder's JavaScript did not run");
    } finally {
      await c.stop();
    }
  });
});
