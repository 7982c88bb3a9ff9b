/**
 * The diff on consecutive versions of a large public API description kept out of the
 * repository (test/fixtures/diff-real/MANIFEST.md: repository, path and commits, and how
 * to write them out). Runs when APICONV_REAL_PAIRS names the folder holding them
 * (<pair>/base.yaml and head.yaml, or base.json and head.json); skipped otherwise.
 * <pair>.json: the reviewed findings ([severity, check, head line, message]).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadDocument } from '../../server/src/engine/diff/load';
import { diffDocuments } from '../../server/src/engine/diff/engine';

const dir = path.join(__dirname, '..', 'fixtures', 'diff-real');
const docs = process.env.APICONV_REAL_PAIRS;

describe('diff: large real pairs (APICONV_REAL_PAIRS)', () => {
  const pairs = fs
    .readdirSync(dir)
    .filter(n => n.endsWith('.json'))
    .map(n => n.slice(0, -5))
    .sort();
  for (const name of pairs) {
    const ext = docs && ['yaml', 'json'].find(e => fs.existsSync(path.join(docs, name, `base.${e}`)));
    const skip = !ext ? 'APICONV_REAL_PAIRS does not hold this pair' : false;
    it(name, { skip }, async () => {
      const side = async (which: string) => {
        const file = path.join(docs!, name, `${which}.${ext}`);
        return loadDocument(fs.readFileSync(file, 'utf8'), file);
      };
      const r = diffDocuments(await side('base'), await side('head'), { now: Date.parse('2026-11-01') });
      const expected = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as unknown;
      assert.deepEqual(
        r.problems.map(p => [p.severity, p.code, p.range.start.line + 1, p.message]),
        expected,
      );
    });
  }
});
