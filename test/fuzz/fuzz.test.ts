/**
 * The fuzz suite in `npm test`: a fixed seed and a small budget (about 30 s on an idle machine).
 * `npm run fuzz -- --runs N` runs it longer (run.ts). Mutants come from ../shared/corpus when it is
 * there, else from a built-in document.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { ensureBuilt } from '../cli/helpers';
import { fuzzHostile, fuzzMutants, fuzzServer, fuzzServerHostile, newStats, rng } from './fuzz';

const SEED = 16;
const show = (s: ReturnType<typeof newStats>) => s.findings.map(f => `${f.kind}: ${f.detail}`).join('\n');

describe('fuzz (seed 16)', () => {
  before(() => ensureBuilt());

  it('hostile documents: each answered in time, with its message, within 1 GB', async () => {
    const stats = newStats();
    await fuzzHostile(stats, { budgetMs: 30_000 });
    assert.ok(stats.hostile >= 20, `${stats.hostile} cases`);
    assert.deepEqual(stats.findings, [], show(stats));
  });

  it('hostile documents through the server: diagnostics, hover and definition answered; /dev/zero not read', async () => {
    const stats = newStats();
    await fuzzServerHostile(stats, { budgetMs: 30_000 });
    assert.deepEqual(stats.findings, [], show(stats));
  });

  it('mutated documents: the CLI answers, no crash; every fix result parses', async () => {
    const stats = newStats();
    await fuzzMutants(stats, rng(SEED), { count: 30, budgetMs: 120_000, fixes: 8 });
    assert.equal(stats.mutants, 30);
    assert.deepEqual(stats.findings, [], show(stats));
  });

  it('random edits through the server with requests in between: answers in time, diagnostics equal a fresh lint', async () => {
    const stats = newStats();
    await fuzzServer(stats, rng(SEED), { edits: 40, budgetMs: 30_000, checkpointEvery: 10 });
    assert.equal(stats.edits, 40);
    assert.ok(stats.checkpoints >= 4);
    assert.deepEqual(stats.findings, [], show(stats));
  });
});
