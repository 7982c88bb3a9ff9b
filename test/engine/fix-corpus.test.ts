/**
 * fixFile on real documents (copies of corpus documents in a temp dir; all are in the vendored test/corpus): every
 * result parses, nothing new breaks, fixable findings go down, and a second
 * run changes nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fixFile, formatOf, parseData } from '../../server/src/engine/fix/index';
import { lint } from '../../server/src/engine/lint';
import type { LintProblem } from '../../server/src/engine/problem';
import { CORPUS } from '../helpers/corpus';

const DOCS = [
  'oai-petstore-v3/petstore.yaml',
  'burgershop/burgershop.openapi.yaml',
  'swagger-petstore-v3/petstorev3.json',
  'oai-petstore-expanded-v2/petstore-expanded.yaml',
  'redocly-museum/openapi.yaml',
];

const errorsOf = (ps: LintProblem[], code: string) => ps.filter(p => p.code === code && p.severity === 0).length;

describe('fixFile on corpus documents', () => {
  for (const rel of DOCS) {
    for (const safeOnly of [true, false]) {
      it(`${rel} (${safeOnly ? 'safe fixes' : 'all fixes'})`, async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-fixcorpus-'));
        const file = path.join(dir, path.basename(rel));
        const text = fs.readFileSync(path.join(CORPUS, rel), 'utf8');
        fs.writeFileSync(file, text);
        const before = await lint(text, file);
        const { files, applied } = await fixFile(text, file, { safeOnly });
        const out = files.get(file) ?? text;
        assert.ok(parseData(out, formatOf(out, file)) !== undefined, 'the result parses');
        const after = await lint(out, file);
        assert.equal(errorsOf(after.problems, 'parser'), 0, 'no parser error');
        for (const code of ['oas3-schema', 'oas2-schema', 'invalid-ref']) {
          assert.ok(errorsOf(after.problems, code) <= errorsOf(before.problems, code), `no new ${code} error`);
        }
        const fixable = (ps: LintProblem[]) => ps.filter(p => p.fixable && (!safeOnly || p.fixable === 'safe')).length;
        if (applied > 0) {
          assert.ok(files.size > 0);
          assert.ok(fixable(after.problems) < fixable(before.problems), `fewer fixable findings (${fixable(before.problems)} → ${fixable(after.problems)})`);
          assert.ok(after.problems.length < before.problems.length + applied, 'fixes do not multiply findings');
        } else {
          assert.equal(out, text);
        }
        const again = await fixFile(out, file, { safeOnly });
        assert.equal(again.applied, 0, `a second run changes nothing (${[...again.files.values()].length} files)`);
      });
    }
  }
});
