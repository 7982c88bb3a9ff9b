/** Issue 16 through the built CLI: `$ref`s written as `file:` URIs are the file they name, under the checks of any `$ref`. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { runCli, type JsonFinding } from './helpers';
import { SECRET, fileUriProject } from '../helpers/fileUriRefs';

describe('CLI: file: URI $refs', () => {
  it(
    'a device or a file outside the project is an invalid-ref at the $ref, at once; inside, it resolves; --allow-refs-outside widens',
    { skip: process.platform === 'win32' && 'needs /dev/zero' },
    () => {
      const p = fileUriProject();
      const r = runCli(['lint', '-f', 'json', 'api/a.yaml'], { cwd: p.dir, timeout: 30_000 });
      const found: JsonFinding[] = JSON.parse(r.stdout);
      const refs = found.filter(x => x.code === 'invalid-ref').map(x => `${x.range.start.line} ${x.message}`);
      assert.deepEqual(refs, [
        // Outside the project, a device is refused as any name there: whatever it is, it is not looked at.
        `${p.line.zero} /dev/zero is outside the project (${path.join(p.dir, 'api')}): not read (allow it with --allow-refs-outside)`,
        `${p.line.passwd} /etc/passwd is outside the project (${path.join(p.dir, 'api')}): not read (allow it with --allow-refs-outside)`,
        `${p.line.outsideRelative} ${path.join(p.dir, 'secret.yaml')} is outside the project (${path.join(p.dir, 'api')}): not read (allow it with --allow-refs-outside)`,
        `${p.line.outsideAbsolute} ${path.join(p.dir, 'secret2.yaml')} is outside the project (${path.join(p.dir, 'api')}): not read (allow it with --allow-refs-outside)`,
      ]);
      assert.ok(!r.stdout.includes('hunter2'));
      const wide = runCli(['lint', '-f', 'json', '--allow-refs-outside', 'api/a.yaml'], { cwd: p.dir, timeout: 30_000 });
      const wideRefs = (JSON.parse(wide.stdout) as JsonFinding[]).filter(x => x.code === 'invalid-ref');
      assert.deepEqual(
        wideRefs.map(x => `${x.range.start.line} ${x.message}`),
        [`${p.line.zero} /dev/zero is a character device, not a regular file: not read`],
      );
      assert.ok(!wide.stdout.includes(SECRET.trim()));
    },
  );
});
