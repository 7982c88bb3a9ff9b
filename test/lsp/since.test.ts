/**
 * `apiconv.since` in the built server: findings on what did not change since a git revision come as hints, those on
 * what changed keep their severity (the diff engine's changed set decides, as for `apiconv lint --since`); off, or in
 * a restricted workspace (no git), every finding keeps its severity.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { ChangedNodes } from '../../server/src/engine';
import { TestClient, tmpWorkspace } from './client';

const ROOT = path.resolve(__dirname, '..', '..');
const BASE = fs.readFileSync(path.join(ROOT, 'test', 'corpus', 'oai-petstore-v3', 'petstore.yaml'), 'utf8');
/** An operation added (a verb in its path), and GET /pets/{petId} changed (now deprecated). */
const HEAD = BASE.replace(
  /^paths:\n/m,
  "paths:\n  /getPetNames:\n    get:\n      operationId: getPetNames\n      responses:\n        '200':\n          description: names\n",
).replace('      summary: Info for a specific pet\n', '      summary: Info for a specific pet\n      deprecated: true\n');
const HINT = 4;

const lintOnly = (d: Diagnostic[]) => d.filter(x => x.source === 'apiconv');
const pathOf = (d: Diagnostic) => (d.data as { path: (string | number)[] }).path;

function committed(files: Record<string, string>): string {
  const ws = tmpWorkspace(files);
  const git = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...a], { cwd: ws, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'base');
  return ws;
}

describe('language server: apiconv.since', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    ws = committed({ 'api.yaml': BASE });
    c = await TestClient.start({ folder: ws, initializationOptions: { workspaceTrusted: true }, settings: { debounceMs: 20, since: 'HEAD' } });
  });
  after(() => c.stop());

  it('findings on unchanged nodes are hints, on changed ones as before; the setting off: all as before', { timeout: 180_000 }, async () => {
    const uri = c.open(path.join(ws, 'api.yaml'), HEAD);
    // The server's first lint waits for its warm-up: a minute on a loaded machine.
    await c.until('a status', () => c.statuses.find(s => s.uri === uri), 90_000);
    const shown = lintOnly(await c.diagnostics(uri, x => lintOnly(x).length > 0));
    const changed = ChangedNodes.ofTexts(BASE, HEAD, 'api.yaml');
    for (const d of shown) assert.equal(d.severity === HINT, !changed.has(pathOf(d)), `${String(d.code)} at ${JSON.stringify(pathOf(d))}`);
    const hints = shown.filter(d => d.severity === HINT);
    assert.ok(hints.length > 0 && hints.length < shown.length, `${hints.length} hints of ${shown.length}`);
    assert.ok(
      shown.some(d => d.code === 'path-no-verbs' && pathOf(d)[1] === '/getPetNames' && d.severity !== HINT),
      'the added operation at full weight',
    );
    assert.ok(
      hints.some(d => pathOf(d)[1] === '/pets'),
      'an operation left as it was: hints',
    );

    c.settings = { debounceMs: 20, since: '' };
    c.notifyServer('workspace/didChangeConfiguration', { settings: {} });
    const all = lintOnly(await c.diagnostics(uri, x => lintOnly(x).length > 0 && !x.some(d => d.severity === HINT)));
    assert.deepEqual(
      all.map(d => [d.code, pathOf(d)]),
      shown.map(d => [d.code, pathOf(d)]),
    );
    c.close(uri);
  });

  it('an unknown revision: findings keep their severity, the output says why', { timeout: 120_000 }, async () => {
    c.settings = { debounceMs: 20, since: 'no-such-rev' };
    c.notifyServer('workspace/didChangeConfiguration', { settings: {} });
    const uri = c.open(path.join(ws, 'api.yaml'), HEAD, 10);
    const d = lintOnly(await c.diagnostics(uri, (x, pub) => pub.version === 10 && lintOnly(x).length > 0));
    assert.ok(!d.some(x => x.severity === HINT));
    await c.until('the log line', () => c.logs.find(l => /apiconv\.since: unknown revision 'no-such-rev'/.test(l)));
    c.close(uri);
  });
});

describe('language server: apiconv.since in a restricted workspace', () => {
  it('runs no git: every finding keeps its severity', { timeout: 180_000 }, async () => {
    const ws = committed({ 'api.yaml': BASE });
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 20, since: 'HEAD' }, initializationOptions: { workspaceTrusted: false } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), HEAD);
      await c.until('a status', () => c.statuses.find(s => s.uri === uri), 90_000);
      const d = lintOnly(await c.diagnostics(uri, x => lintOnly(x).length > 0));
      assert.ok(!d.some(x => x.severity === HINT), JSON.stringify(d.map(x => x.severity)));
    } finally {
      await c.stop();
    }
  });
});
