/**
 * The fuzz suite in `npm test`: a fixed seed and a small budget (about 30 s on an idle machine).
 * `npm run fuzz -- --runs N` runs it longer (run.ts). Mutants come from ../shared/corpus when it is
 * there, else from a built-in document.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { ensureBuilt } from '../cli/helpers';
import { fuzzHostile, fuzzMutants, fuzzServerHostile, newStats, rng } from './fuzz';
import { DEFAULTS, formatReport, fuzzServerRun, VENDORED_CORPUS_DOC } from './server';

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

  // The vendored document (41 KB), so that a clone alone runs the same. Timing goals (latency, the checkpoints' 2 s, RSS)
  // are measured and printed, not asserted here (a loaded machine is not a benchmark): `npm run fuzz -- --server` checks them.
  it("random edits through the server with requests in between: all answered, no error, diagnostics = the CLI's at every checkpoint and a fresh server's at the end", async () => {
    const rep = await fuzzServerRun({
      ...DEFAULTS,
      file: VENDORED_CORPUS_DOC,
      edits: 80,
      seed: SEED,
      checkpointEvery: 40,
      paceMs: 10,
      pauseChance: 0.1,
      pauseMs: [50, 150],
      requestBudgetMs: 30_000,
    });
    console.log(formatReport(rep));
    assert.equal(rep.edits, 80);
    assert.ok(rep.requests >= 20, `${rep.requests} requests`);
    assert.equal(rep.checkpoints, 3); // after the first edit, then every 40th
    assert.deepEqual(
      rep.findings.map(f => `${f.kind}: ${f.detail}`),
      [],
    );
    for (const g of [
      '0 crashes',
      '0 request errors',
      'every request answered',
      "the server's diagnostics = the CLI's at every checkpoint",
      'final diagnostics = CLI = a fresh server',
    ]) {
      const goal = rep.goals.find(x => x.goal === g);
      assert.ok(goal?.ok, `${g}: ${goal?.value}`);
    }
  });
});
