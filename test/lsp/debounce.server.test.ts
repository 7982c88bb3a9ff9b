/**
 * When an edit is linted, over the protocol (BUILT server): at once, with no wait, and the edits that come while that
 * lint runs are linted together once it ends, early (scheduler.ts); `apiconv.debounceMs` adds a wait for those who
 * want one.
 *
 * The document's relints are made slow on purpose (a rule of the workspace's ruleset spins on the servers' URLs, which
 * the edits change), so that what overlaps what does not depend on the machine's speed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TestClient, lines, tmpWorkspace } from './client';

const DOC = lines('openapi: 3.0.3', 'info:', '  title: Pets', "  version: '1'", 'servers:', '  - url: https://pets.example.com/api/v1', 'paths: {}');
const http = (v: number) => v % 2 === 0;
const textOf = (v: number) => (http(v) ? DOC.replace('https:', 'http:') : DOC);

/** How long the rule spins per lint, in ms: longer than a burst of edits takes to send. */
const SLOW_MS = 800;

function slowWorkspace(): string {
  return tmpWorkspace({
    'api.yaml': DOC,
    '.apiconv.yaml': lines(
      'extends: apiconv:recommended',
      'functions: [slow]',
      'rules:',
      '  slow-rule: { given: "$.servers[*].url", severity: hint, then: { function: slow } }',
    ),
    'functions/slow.js': `module.exports = function slow() { const end = Date.now() + ${SLOW_MS}; while (Date.now() < end); };\n`,
  });
}

async function startSlow(settings: Record<string, unknown>): Promise<{ c: TestClient; uri: string }> {
  const ws = slowWorkspace();
  const c = await TestClient.start({ folder: ws, initializationOptions: { workspaceTrusted: true }, settings });
  const uri = c.open(path.join(ws, 'api.yaml'), DOC);
  await c.diagnostics(uri, d => !d.some(x => x.code === 'servers-https'), 0, 90_000);
  return { c, uri };
}

/** The status of `uri`'s lint of `version`. */
const statusOf = (c: TestClient, uri: string, version: number) =>
  c.until(`the status of version ${version}`, () => c.statuses.find(s => s.uri === uri && s.version === version), 60_000);

describe('when an edit is linted', () => {
  it('at once; the edits that come while it runs are linted together, once, after it', { timeout: 180_000 }, async () => {
    const { c, uri } = await startSlow({});
    try {
      const before = (await statusOf(c, uri, 1)).lintRuns!;
      // A burst: the first edit's lint starts at once and runs its slow rule for SLOW_MS; the next four come while
      // that rule runs (a lint told that its version was typed over ends between two stages, and the rules are one:
      // the next four, coming earlier, could each end the lint of the one before as soon as it started).
      const since = c.published.length;
      c.change(uri, 2, textOf(2));
      await new Promise(r => setTimeout(r, SLOW_MS / 2));
      for (let v = 3; v <= 6; v++) {
        c.change(uri, v, textOf(v));
        await new Promise(r => setTimeout(r, 30));
      }
      await c.diagnostics(uri, (d, p) => p.version === 6 && d.some(x => x.code === 'servers-https') === http(6), since, 60_000);
      const runs = (await statusOf(c, uri, 6)).lintRuns! - before;
      // A wait after each keystroke would have linted the burst once, after it; linting version after version, five times.
      assert.equal(runs, 2, `lints for the burst: ${runs} (the first edit's, then the last one's)`);
      assert.ok(!c.statuses.some(s => s.uri === uri && s.version !== undefined && s.version > 1 && s.version < 6), 'no stale version is reported');
    } finally {
      await c.stop();
    }
  });

  it('after apiconv.debounceMs when it is set', { timeout: 180_000 }, async () => {
    const { c, uri } = await startSlow({ debounceMs: 1500 });
    try {
      const since = c.published.length;
      const t0 = Date.now();
      c.change(uri, 2, textOf(2));
      await c.diagnostics(uri, (d, p) => p.version === 2 && d.some(x => x.code === 'servers-https'), since, 60_000);
      const ms = Date.now() - t0;
      assert.ok(ms >= 1500 + SLOW_MS, `edit → diagnostics: ${ms} ms`);
    } finally {
      await c.stop();
    }
  });
});
