/**
 * The diff on real histories: consecutive published versions of public API descriptions
 * (test/fixtures/diff-history/MANIFEST.md: repository, path and both commits). Each pair's
 * findings were reviewed by hand; expected.json records them ([severity, check, head line, message]).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadDocument, loadPair } from '../../server/src/engine/diff/load';
import { diffDocuments } from '../../server/src/engine/diff/engine';

const dir = path.join(__dirname, '..', 'fixtures', 'diff-history');

const textOf = (name: string, which: 'base' | 'head') => gunzipSync(fs.readFileSync(path.join(dir, name, `${which}.yaml.gz`))).toString('utf8');

export async function historyFindings(name: string, withBase = false): Promise<(string | number)[][]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-history-'));
  const side = async (which: 'base' | 'head') => {
    const text = textOf(name, which);
    const file = path.join(tmp, which, 'openapi.yaml');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return loadDocument(text, file);
  };
  const r = diffDocuments(await side('base'), await side('head'), { now: Date.parse('2026-11-01') });
  return r.problems.map(p => [p.severity, p.code, p.range.start.line + 1, p.message, ...(withBase ? [p.base ? p.base.range.start.line + 1 : 0] : [])]);
}

describe('diff: real histories', () => {
  const pairs = fs
    .readdirSync(dir)
    .filter(n => fs.existsSync(path.join(dir, n, 'expected.json')))
    .sort();
  it('has the pairs of the manifest', () => {
    assert.ok(pairs.length >= 3);
    const manifest = fs.readFileSync(path.join(dir, 'MANIFEST.md'), 'utf8');
    for (const p of pairs) assert.ok(manifest.includes(`\`${p}\``), `${p} is in MANIFEST.md`);
  });
  for (const name of pairs) {
    it(name, async () => {
      const expected = JSON.parse(fs.readFileSync(path.join(dir, name, 'expected.json'), 'utf8')) as unknown;
      assert.deepEqual(await historyFindings(name), expected);
    });
    it(`${name}: loaded as one file at two versions (loadPair: the head parsed and resolved only where it differs), the same findings`, async () => {
      const expected = JSON.parse(fs.readFileSync(path.join(dir, name, 'expected.json'), 'utf8')) as unknown;
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-history-')), 'openapi.yaml');
      const [b, h] = await loadPair(textOf(name, 'base'), textOf(name, 'head'), file, {});
      const r = diffDocuments(b, h, { now: Date.parse('2026-11-01') });
      assert.deepEqual(
        r.problems.map(p => [p.severity, p.code, p.range.start.line + 1, p.message]),
        expected,
      );
      // The base's locations are still the base's after the loader went on to the head.
      assert.deepEqual(
        r.problems.map(p => [p.severity, p.code, p.range.start.line + 1, p.message, p.base ? p.base.range.start.line + 1 : 0]),
        await historyFindings(name, true),
      );
    });
  }
});
