/**
 * A lint whose version is typed over ends at its next stage, over the protocol (BUILT server): an edit whose lint
 * reads a big `$ref`'d file (its resolve takes a while), then an edit that takes the `$ref` out again, while the first
 * one's lint still resolves. That lint ends after its resolve: its slow rule does not run, and the second edit's
 * diagnostics do not wait for it (scheduler.ts, pipeline/linter.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TestClient, lines, tmpWorkspace } from './client';

const DOC = lines('openapi: 3.0.3', 'info:', '  title: Pets', "  version: '1'", 'servers:', '  - url: https://pets.example.com/api/v1', 'paths: {}');
/** The edit whose lint reads big.yaml. */
const WITH_REF = DOC + "x-big:\n  $ref: './big.yaml#/big/k0'\n";
/** How long the rule spins per lint, in ms. */
const SLOW_MS = 1500;

/** A YAML file of a few megabytes: its parse, in the resolve of the lint that reads it, takes a while. */
function bigYaml(): string {
  const out = ['big:'];
  for (let i = 0; i < 60_000; i++) out.push(`  k${i}:`, `    a: ${i}`, `    b: text ${i}`, '    c: [x, y]');
  return out.join('\n') + '\n';
}

describe('a lint whose version is typed over', () => {
  it('ends at its next stage: its slow rule does not run, the next version is linted after it', { timeout: 180_000 }, async () => {
    const ws = tmpWorkspace({
      'api.yaml': DOC,
      'big.yaml': bigYaml(),
      '.apiconv.yaml': lines(
        'extends: apiconv:recommended',
        'functions: [slow]',
        'rules:',
        '  slow-rule: { given: "$.servers[*].url", severity: hint, then: { function: slow } }',
      ),
      // Counts its runs in this worker on a version that reads big.yaml (the message tells), and spins. Not all its
      // runs: the lint that builds a just-opened document's edit state runs it too (openedLints.ts).
      'functions/slow.js': `let withBig = 0;\nmodule.exports = function slow(value, options, context) { if (context.document.data['x-big'] !== undefined) withBig++; const end = Date.now() + ${SLOW_MS}; while (Date.now() < end); return [{ message: 'runs with big.yaml: ' + withBig }]; };\n`,
    });
    const c = await TestClient.start({ folder: ws, initializationOptions: { workspaceTrusted: true } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), DOC);
      const ran = (v: number) => c.diagnostics(uri, (d, p) => p.version === v && d.some(x => x.code === 'slow-rule'), 0, 90_000);
      assert.equal((await ran(1)).find(x => x.code === 'slow-rule')?.message, 'runs with big.yaml: 0');
      c.change(uri, 2, WITH_REF);
      await new Promise(r => setTimeout(r, 50));
      const back = DOC.replace('title: Pets', 'title: Pet store');
      c.change(uri, 3, back);
      const found = await ran(3);
      // Run to its end, the lint of version 2 would have run the rule on the version that reads big.yaml.
      assert.equal(found.find(x => x.code === 'slow-rule')?.message, 'runs with big.yaml: 0', 'the lint of version 2 ended before its rules');
      assert.ok(!c.statuses.some(s => s.uri === uri && s.version === 2), 'version 2 is not reported');
    } finally {
      await c.stop();
    }
  });
});
