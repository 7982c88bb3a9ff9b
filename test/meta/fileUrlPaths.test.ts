/**
 * A module's own folder comes from `fileURLToPath(import.meta.url)`, never from the URL's
 * `pathname`: on Windows that is `/C:/…` with `%20` for a space, which no file API opens.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const FOLDERS = ['test', 'scripts', 'server/src', 'client/src', 'rules', 'action', 'editors'];

function* scripts(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules' && e.name !== 'out' && e.name !== 'fixtures') yield* scripts(f);
    else if (/\.(mjs|cjs|js|ts)$/.test(e.name)) yield f;
  }
}

describe('file URLs', () => {
  it('no script takes the path of its own file URL from `pathname`', () => {
    const offenders = FOLDERS.flatMap(d => [...scripts(path.join(ROOT, d))]).filter(f => /import\.meta\.url\)?\.pathname/.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(
      offenders.map(f => path.relative(ROOT, f)),
      [],
    );
  });
});
