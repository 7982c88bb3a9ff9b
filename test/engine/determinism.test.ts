/**
 * Linting the same text twice in one process gives identical findings, and memory
 * does not grow run over run (what a language server relies on).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { lint } from '../../server/src/engine/lint';
import { CORPUS } from '../cli/helpers';
import { needs } from '../helpers/corpus';

function gcFunction(): () => void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const DOCS = [
  'redocly-openapi-starter/openapi/openapi.yaml', // multi-file
  'oai-petstore-separate-v2/spec/swagger.yaml', // multi-file, Swagger 2.0
  'burgershop/burgershop.openapi.yaml',
  'swagger-petstore-v3/petstorev3.json',
];

describe('determinism', () => {
  for (const rel of DOCS) {
    it(`${rel}: two runs in one process give identical findings`, async () => {
      const file = path.join(CORPUS, rel);
      assert.ok(fs.existsSync(file), `corpus document missing: ${file}`);
      const text = fs.readFileSync(file, 'utf8');
      const a = await lint(text, file);
      const b = await lint(text, file);
      assert.ok(a.problems.length > 0);
      assert.deepEqual(b.problems, a.problems);
      assert.deepEqual([...b.files].sort(), [...a.files].sort());
      assert.ok(!a.problems.some(p => p.code === 'invalid-ref'), 'every $ref of the corpus resolves');
    });
  }

  it('heap does not grow over 5 runs (heapUsed after gc)', { timeout: 120_000, skip: needs('twilio-accounts-v1/twilio_accounts_v1.yaml') }, async () => {
    const gc = gcFunction();
    const file = path.join(CORPUS, 'twilio-accounts-v1/twilio_accounts_v1.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const heap: number[] = [];
    let first: string | undefined;
    for (let i = 0; i < 5; i++) {
      const r = await lint(text, file);
      const digest = JSON.stringify(r.problems);
      first ??= digest;
      assert.equal(digest, first, `run ${i + 1} differs`);
      gc();
      gc();
      heap.push(process.memoryUsage().heapUsed);
    }
    // Run 1 warms caches (compiled rules, schemas); from run 2 on the heap stays flat.
    const growth = heap[4] - heap[1];
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    assert.ok(growth < 8 * 1024 * 1024, `heap grew by ${mb(growth)} from run 2 to 5: ${heap.map(mb).join(', ')}`);
  });
});
