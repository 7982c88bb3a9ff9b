/**
 * The adaptive debounce over the protocol (BUILT server): a document whose relints are quick is relinted at once
 * after an edit, whatever apiconv.debounceMs says (the setting is the longest wait, relintDelay.ts); one on save
 * only is not relinted while typing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TestClient, lines, tmpWorkspace } from './client';

const DOC = lines('openapi: 3.0.3', 'info:', '  title: Pets', "  version: '1'", 'servers:', '  - url: https://pets.example.com/api/v1', 'paths: {}');

describe('adaptive debounce', () => {
  it('a small document is relinted at once, not after apiconv.debounceMs (10 s here)', { timeout: 120_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': DOC });
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 10_000 } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), DOC);
      await c.diagnostics(uri, d => !d.some(x => x.code === 'servers-https'), 0, 90_000);
      // Relints of such a document take milliseconds: after the first ones, every edit is linted at once.
      const times: number[] = [];
      for (let v = 2; v <= 7; v++) {
        const since = c.published.length;
        const http = v % 2 === 0;
        const t0 = Date.now();
        c.change(uri, v, http ? DOC.replace('https:', 'http:') : DOC);
        await c.diagnostics(uri, (d, p) => p.version === v && d.some(x => x.code === 'servers-https') === http, since, 60_000);
        times.push(Date.now() - t0);
      }
      const last = times.slice(2);
      assert.ok(
        last.every(t => t < 5_000),
        `edit → diagnostics (ms): ${times.join(' ')}`,
      );
    } finally {
      await c.stop();
    }
  });
});
