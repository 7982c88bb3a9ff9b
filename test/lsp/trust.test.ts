/**
 * Protocol tests of workspace trust and of the custom-function time budget:
 * - untrusted (the default for a client that says nothing): a ruleset that reaches JavaScript is refused with one
 *   warning on the ruleset file naming what and why and a `warn` status, the built-in rules run, and no repository
 *   code runs (its functions write marker files); trust granted (apiconv/workspaceTrust, or the setting) loads it
 *   without a restart;
 * - the main thread never runs custom functions (code actions and completion included);
 * - a custom function that loops for ever, or whose promise never settles, is stopped past the budget: one finding
 *   names the rule, the other rules' findings are kept, the server keeps answering;
 * - a ruleset that extends itself is an error on the ruleset file at once, and the folder lints again once fixed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TestClient, lines, tmpWorkspace, uriOf } from './client';
import { DOC as CASE_DOC, NINE, workspace } from '../helpers/trustCases';

const DOC = lines('openapi: 3.0.3', 'info:', '  title: Trust', "  version: '1'", 'servers:', '  - url: http://insecure.example.com/api/v1', 'paths: {}');

/** A function file that records where it ran (MARK-main / MARK-worker) and reports one finding. */
const markingFunction = (dir: string, name: string) =>
  `module.exports = function ${name}() { const w = require('worker_threads'); require('fs').writeFileSync(require('path').join(${JSON.stringify(dir)}, 'MARK-' + (w.isMainThread ? 'main' : 'worker')), 'ran'); return [{ message: '${name} ran' }]; };\n`;

const text = (m: string | { value: string }) => (typeof m === 'string' ? m : m.value);

function marks(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter(f => f.startsWith('MARK-'))
    .sort();
}

describe('language server: workspace trust', () => {
  it(
    'untrusted by default: the ruleset is refused visibly, built-in rules run, nothing runs; trust loads it without a restart',
    { timeout: 180_000 },
    async () => {
      const ws = tmpWorkspace({
        'api.yaml': DOC,
        '.spectral.yaml': 'extends: [apiconv:recommended, ./nested.yaml]\n',
        'nested.yaml': "extends: apiconv:recommended\n'functions': [evil]\nrules:\n  evil-rule: { given: $.info, severity: error, then: { function: evil } }\n",
      });
      fs.mkdirSync(path.join(ws, 'functions'));
      fs.writeFileSync(path.join(ws, 'functions', 'evil.js'), markingFunction(ws, 'evil'));
      const c = await TestClient.start({ folder: ws, settings: { debounceMs: 0 } }); // no trust flag at all
      try {
        const uri = c.open(path.join(ws, 'api.yaml'), DOC);
        const d = await c.diagnostics(uri, x => x.length > 0, 0, 60_000);
        assert.ok(
          d.some(y => y.code === 'servers-https'),
          'the built-in rules run',
        );
        assert.ok(!d.some(y => y.code === 'evil-rule'));
        const rs = await c.diagnostics(uriOf(path.join(ws, '.spectral.yaml')), x => x.length > 0, 0, 60_000);
        assert.equal(rs.length, 1);
        assert.equal(rs[0].code, 'untrusted-ruleset');
        assert.equal(rs[0].severity, 2);
        assert.match(text(rs[0].message), /untrusted workspace: \.spectral\.yaml was not loaded: it reaches JavaScript \(nested\.yaml: functions \["evil"\]/);
        const st = await c.until('warn status', () => c.statuses.find(s => s.uri === uri && s.state === 'warn'), 60_000);
        assert.match(st.message!, /untrusted workspace/);
        // The status names the rules that ran (restricted mode), not only the ruleset that was refused.
        assert.equal(st.ruleset, path.join(ws, '.spectral.yaml'));
        assert.equal(st.loaded, 'apiconv:recommended');
        assert.equal(st.restricted, true);
        // The main thread's features under that ruleset.
        await c.request('textDocument/codeAction', {
          textDocument: { uri },
          range: { start: { line: 5, character: 0 }, end: { line: 5, character: 10 } },
          context: { diagnostics: d },
        });
        await c.request('textDocument/completion', { textDocument: { uri }, position: { line: 6, character: 0 } });
        assert.deepEqual(marks(ws), [], 'no repository code ran');

        // Trust granted (as the VS Code client says it): loaded at once, in the worker.
        const since = c.published.length;
        c.notifyServer('apiconv/workspaceTrust', { workspaceTrusted: true });
        await c.diagnostics(uri, x => x.some(y => y.code === 'evil-rule'), since, 60_000);
        await c.diagnostics(uriOf(path.join(ws, '.spectral.yaml')), x => x.length === 0, since, 60_000);
        assert.deepEqual(marks(ws), ['MARK-worker']);
        // Code actions and completion under the trusted ruleset still never run it in the main thread.
        await c.request('textDocument/codeAction', {
          textDocument: { uri },
          range: { start: { line: 5, character: 0 }, end: { line: 5, character: 10 } },
          context: { diagnostics: c.latest(uri)!.diagnostics },
        });
        await c.request('textDocument/completion', { textDocument: { uri }, position: { line: 6, character: 0 } });
        assert.deepEqual(marks(ws), ['MARK-worker'], 'the main thread ran no custom function');
      } finally {
        await c.stop();
      }
    },
  );

  it('the nine ways, untrusted: each ruleset refused with a warning, no code runs; trusted: each runs', { timeout: 300_000 }, async () => {
    const cases = NINE.map(n => ({ ...n, ...workspace(n.files) }));
    const c = await TestClient.start({ folder: cases[0].dir, settings: { debounceMs: 0 } });
    try {
      const uris = cases.map(k => c.open(path.join(k.dir, 'api.yaml'), CASE_DOC));
      for (const [i, k] of cases.entries()) {
        const rs = await c.diagnostics(uriOf(path.join(k.dir, k.ruleset)), x => x.length > 0, 0, 60_000);
        assert.equal(rs.length, 1, k.name);
        assert.equal(rs[0].code, 'untrusted-ruleset', k.name);
        assert.match(text(rs[0].message), /was not loaded: it reaches JavaScript/, k.name);
        await c.diagnostics(uris[i], x => x.some(y => y.code === 'servers-https'), 0, 60_000);
      }
      for (const k of cases) assert.deepEqual(k.marks(), [], `${k.name}: no repository code ran`);
      const since = c.published.length;
      c.notifyServer('apiconv/workspaceTrust', { workspaceTrusted: true });
      for (const k of cases) {
        await c.diagnostics(uriOf(path.join(k.dir, k.ruleset)), x => x.length === 0, since, 60_000);
        await c.until(`${k.name}: its code runs once trusted`, () => k.marks().length > 0, 60_000);
      }
    } finally {
      await c.stop();
    }
  });

  it('the workspaceTrusted setting: false refuses, true (didChangeConfiguration) loads', { timeout: 180_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': DOC, '.spectral.yaml': 'extends: [apiconv:recommended, ./evil.js]\n' });
    fs.writeFileSync(
      path.join(ws, 'evil.js'),
      `require('fs').writeFileSync(${JSON.stringify(path.join(ws, 'MARK-module'))}, 'ran');\nmodule.exports = { rules: {} };\n`,
    );
    const c = await TestClient.start({ folder: ws, initializationOptions: { workspaceTrusted: true }, settings: { debounceMs: 0, workspaceTrusted: false } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), DOC);
      const rs = await c.diagnostics(uriOf(path.join(ws, '.spectral.yaml')), x => x.length > 0, 0, 60_000);
      assert.match(text(rs[0].message), /extends \.\/evil\.js \(JavaScript\)/);
      assert.deepEqual(marks(ws), []);
      c.settings = { debounceMs: 0, workspaceTrusted: true };
      const since = c.published.length;
      c.notifyServer('workspace/didChangeConfiguration', { settings: null });
      await c.diagnostics(uriOf(path.join(ws, '.spectral.yaml')), x => x.length === 0, since, 60_000);
      await c.until('ok status', () => c.statuses.find(s => s.uri === uri && s.state === 'ok'), 60_000);
      assert.deepEqual(marks(ws), ['MARK-module']);
    } finally {
      await c.stop();
    }
  });
});

describe('language server: custom functions have a time budget', () => {
  const RULESET = (fn: string) =>
    lines(
      'extends: apiconv:recommended',
      `functions: [${fn}, fine]`,
      'rules:',
      `  stuck-rule: { given: $.info, severity: warn, then: { function: ${fn} } }`,
      '  fine-rule: { given: $.info, severity: warn, then: { function: fine } }',
    );
  const FUNCTIONS: Record<string, string> = {
    'functions/loop.js': 'module.exports = function loop() { for (;;) {} };\n',
    'functions/never.js': 'module.exports = function never() { return new Promise(() => {}); };\n',
    'functions/fine.js': "module.exports = function fine() { return [{ message: 'fine ran' }]; };\n",
  };

  for (const fn of ['loop', 'never']) {
    it(
      `a function that ${fn === 'loop' ? 'loops for ever' : 'returns a promise that never settles'}: one finding names the rule, the others are kept, the server answers`,
      { timeout: 180_000 },
      async () => {
        const ws = tmpWorkspace({ 'api.yaml': DOC, '.apiconv.yaml': RULESET(fn), ...FUNCTIONS });
        const c = await TestClient.start({
          folder: ws,
          initializationOptions: { workspaceTrusted: true },
          settings: { debounceMs: 0, functionBudgetMs: 1000 },
        });
        try {
          const uri = c.open(path.join(ws, 'api.yaml'), DOC);
          const d = await c.diagnostics(uri, x => x.some(y => y.code === 'stuck-rule'), 0, 90_000);
          const stuck = d.filter(y => y.code === 'stuck-rule');
          assert.equal(stuck.length, 1);
          assert.match(text(stuck[0].message), /rule "stuck-rule": its custom function ran past the time budget \(1000 ms/);
          assert.ok(
            d.some(y => y.code === 'fine-rule'),
            'the other custom rule is kept',
          );
          assert.ok(
            d.some(y => y.code === 'servers-https'),
            'the built-in rules are kept',
          );
          // The server answers, and the next edits lint without waiting for the budget again.
          const syms = await c.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
          assert.ok(Array.isArray(syms));
          c.change(uri, 2, DOC.replace('Trust', 'Trust 2'));
          await c.diagnostics(uri, (x, p) => p.version === 2 && x.some(y => y.code === 'stuck-rule') && x.some(y => y.code === 'fine-rule'), 0, 90_000);
        } finally {
          await c.stop();
        }
      },
    );
  }

  it('a JavaScript ruleset whose loading never ends: an error on the ruleset file, the built-in rules run', { timeout: 180_000 }, async () => {
    const ws = tmpWorkspace({ 'api.yaml': DOC, '.spectral.js': 'for (;;) {}\nmodule.exports = { rules: {} };\n' });
    const c = await TestClient.start({ folder: ws, initializationOptions: { workspaceTrusted: true }, settings: { debounceMs: 0, functionBudgetMs: 1000 } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), DOC);
      const d = await c.diagnostics(uri, x => x.some(y => y.code === 'servers-https'), 0, 90_000);
      assert.ok(d.length > 0);
      const rs = await c.diagnostics(uriOf(path.join(ws, '.spectral.js')), x => x.length > 0, 0, 90_000);
      assert.match(text(rs[0].message), /did not finish loading within the time budget \(1000 ms\)/);
    } finally {
      await c.stop();
    }
  });

  it('a ruleset that extends itself: an error on the ruleset file within seconds; fixed, the folder lints with it again', { timeout: 180_000 }, async () => {
    const cfg = 'extends: [apiconv:recommended, ./.spectral.yaml]\n';
    const ws = tmpWorkspace({ 'api.yaml': DOC, '.spectral.yaml': cfg });
    const c = await TestClient.start({ folder: ws, settings: { debounceMs: 0 } });
    try {
      const uri = c.open(path.join(ws, 'api.yaml'), DOC);
      const rsUri = uriOf(path.join(ws, '.spectral.yaml'));
      const rs = await c.diagnostics(rsUri, x => x.length > 0, 0, 60_000);
      assert.match(text(rs[0].message), /extends itself: \.spectral\.yaml → \.spectral\.yaml/);
      await c.diagnostics(uri, x => x.some(y => y.code === 'servers-https'), 0, 60_000);
      fs.writeFileSync(path.join(ws, '.spectral.yaml'), 'extends: [apiconv:recommended]\nrules:\n  servers-https: off\n');
      const since = c.published.length;
      c.notifyServer('workspace/didChangeWatchedFiles', { changes: [{ uri: rsUri, type: 2 }] });
      await c.diagnostics(rsUri, x => x.length === 0, since, 60_000);
      await c.diagnostics(uri, x => !x.some(y => y.code === 'servers-https'), since, 60_000);
    } finally {
      await c.stop();
    }
  });
});
