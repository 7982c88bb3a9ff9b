/**
 * The apiconv extension's tests, run INSIDE a real VS Code extension host.
 * Entry point of `extensionTestsPath` (the @vscode/test-electron `run()` contract):
 * `test/e2e/code-server/run-exttests.sh` runs it in code-server, `npm run test:vscode`
 * with @vscode/test-electron. The workspace is a fresh copy of `test/e2e/vscode/workspace/`.
 *
 * APICONV_E2E_RESULT=<file>: also write the results there as JSON. APICONV_E2E_ONLY=<substring>: run matching tests only.
 */
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ApiconvApi } from '../../../../client/src/extension';
import type { LintWorkspaceResult } from '../../../../server/src/lsp/protocol';
import { assert, runTests, sleep, TestCase, waitFor } from './harness';
import { refsTests } from './refs';
import { revisionTests } from './revisions';
import { limitsTests } from './limits';
import { lensClickTests } from './lensClick';
import { adoptTests } from './adopt';
import { foldingTests } from './folding';
import { refLinksTests } from './refLinks';

const EXT_ID = 'apiconv.apiconv';
let api: ApiconvApi;

const ws = () => {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert(f, 'no workspace folder is open');
  return f.uri;
};
const uriOf = (rel: string) => vscode.Uri.joinPath(ws(), rel);
const codeOf = (d: vscode.Diagnostic) => String(typeof d.code === 'object' ? d.code.value : d.code);
const apiconvDiags = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter(d => d.source === 'apiconv');
const codes = (uri: vscode.Uri) => apiconvDiags(uri).map(codeOf);
const show = (uri: vscode.Uri) => () => JSON.stringify(apiconvDiags(uri).map(d => `${d.range.start.line + 1}:${codeOf(d)}`));
const hasCode = (uri: vscode.Uri, code: string) => codes(uri).includes(code);

async function open(uriOrRel: vscode.Uri | string): Promise<vscode.TextEditor> {
  const uri = typeof uriOrRel === 'string' ? uriOf(uriOrRel) : uriOrRel;
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** A fresh copy of a fixture under a new name, so that tests that edit files do not affect each other. */
async function copyFixture(from: string, to: string): Promise<vscode.Uri> {
  const target = uriOf(to);
  await vscode.workspace.fs.writeFile(target, await vscode.workspace.fs.readFile(uriOf(from)));
  return target;
}

async function setting(key: string, value: unknown, section = 'apiconv', languageScoped = false): Promise<void> {
  const config = vscode.workspace.getConfiguration(section);
  await config.update(key, value, vscode.ConfigurationTarget.Workspace, languageScoped || undefined);
}

async function replaceAll(editor: vscode.TextEditor, from: string, to: string): Promise<void> {
  const text = editor.document.getText();
  const at = text.indexOf(from);
  assert(at >= 0, `"${from}" not found in ${editor.document.uri.path}`);
  const ok = await editor.edit(b => b.replace(new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + from.length)), to));
  assert(ok, 'the edit was not applied');
}

const statusFor = (uri: vscode.Uri, pred: (s: ReturnType<ApiconvApi['status']>) => boolean) => () => {
  const s = api.status();
  return s.status && vscode.Uri.parse(s.status.uri).toString() === uri.toString() && pred(s) ? s : undefined;
};

const tests: TestCase[] = [
  {
    name: 'activates on a YAML document and starts the server',
    fn: async () => {
      const ext = vscode.extensions.getExtension<ApiconvApi>(EXT_ID);
      assert(ext, `extension ${EXT_ID} is not installed`);
      await open('shop.yaml');
      api = await ext.activate();
      assert(ext.isActive, 'extension did not activate');
      await api.ready();
      const contributed = await vscode.commands.getCommands(true);
      for (const c of ['apiconv.lintWorkspace', 'apiconv.restart', 'apiconv.showOutputChannel', 'apiconv.showRuleDocs']) {
        assert(contributed.includes(c), `command ${c} is not registered`);
      }
    },
  },
  {
    name: 'diagnostics on open: codes, positions, severities, docs links',
    fn: async () => {
      const uri = uriOf('shop.yaml');
      await open(uri);
      await waitFor('path-no-verbs and delete-404 on shop.yaml', () => hasCode(uri, 'path-no-verbs') && hasCode(uri, 'delete-404'), 30000, show(uri));
      const verb = apiconvDiags(uri).find(d => codeOf(d) === 'path-no-verbs')!;
      assert(
        verb.range.start.line === 10 && verb.range.start.character === 2,
        `path-no-verbs at ${verb.range.start.line}:${verb.range.start.character}, expected 10:2 (the /getOrders key)`,
      );
      assert(verb.severity === vscode.DiagnosticSeverity.Error, `path-no-verbs severity ${verb.severity}`);
      assert(/getOrders/.test(verb.message), `message: ${verb.message}`);
      const code = verb.code;
      assert(typeof code === 'object' && /path-no-verbs/.test(code.target.toString()), `no docs link on the code: ${JSON.stringify(code)}`);
      const d404 = apiconvDiags(uri).find(d => codeOf(d) === 'delete-404')!;
      assert(d404.range.start.line === 35, `delete-404 at line ${d404.range.start.line + 1}, expected 36`);
    },
  },
  {
    name: 'JSON documents and untitled documents are linted; non-OpenAPI YAML is skipped',
    fn: async () => {
      const json = uriOf('petstore.json');
      await open(json);
      await waitFor('path-no-verbs on petstore.json', () => hasCode(json, 'path-no-verbs'), 30000, show(json));
      const d = apiconvDiags(json).find(x => codeOf(x) === 'path-no-verbs')!;
      assert(d.range.start.line === 6, `petstore.json path-no-verbs on line ${d.range.start.line + 1}, expected 7`);

      const text = (await vscode.workspace.fs.readFile(uriOf('shop.yaml'))).toString();
      const untitled = await vscode.workspace.openTextDocument({ language: 'yaml', content: text });
      await vscode.window.showTextDocument(untitled);
      await waitFor('path-no-verbs on the untitled document', () => hasCode(untitled.uri, 'path-no-verbs'), 30000, show(untitled.uri));
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

      const notes = uriOf('notes.yaml');
      await open(notes);
      await waitFor(
        'status "skipped" for notes.yaml',
        statusFor(notes, s => s.status?.state === 'skipped'),
        30000,
        () => JSON.stringify(api.status()),
      );
      assert(apiconvDiags(notes).length === 0, `notes.yaml has apiconv diagnostics: ${show(notes)()}`);
    },
  },
  {
    name: 'diagnostics follow edits (apiconv.run = onType)',
    fn: async () => {
      const uri = await copyFixture('shop.yaml', 'edit-me.yaml');
      const editor = await open(uri);
      await waitFor('path-no-verbs on edit-me.yaml', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
      await replaceAll(editor, '/getOrders:', '/orders:');
      await waitFor('path-no-verbs gone after the rename', () => !hasCode(uri, 'path-no-verbs') && hasCode(uri, 'delete-404'), 30000, show(uri));
      await replaceAll(editor, '/orders:', '/fetchOrders:');
      await waitFor('path-no-verbs back', () => apiconvDiags(uri).some(d => codeOf(d) === 'path-no-verbs' && /fetchOrders/.test(d.message)), 30000, show(uri));
      assert(editor.document.isDirty, 'the document should not have been saved');
    },
  },
  {
    name: 'language status item: ruleset, grade, last lint time',
    fn: async () => {
      const uri = uriOf('shop.yaml');
      await open(uri);
      const s = await waitFor(
        'an ok status for shop.yaml',
        statusFor(uri, x => x.status?.state === 'ok'),
        30000,
        () => JSON.stringify(api.status()),
      );
      assert(s.text === `apiconv: apiconv:recommended · ${s.status?.score?.grade}` && /^[A-F]$/.test(s.status?.score?.grade ?? ''), `status text: ${s.text}`);
      assert(/^linted at .+ in \d+ ms · score \d+\.\d \/ 100 \(grade [A-F]\)/.test(s.detail ?? ''), `status detail: ${s.detail}`);
      assert(s.severity === 'information' && !s.busy, `status: ${JSON.stringify(s)}`);
      assert(typeof s.status?.lintedAt === 'number' && Date.now() - s.status.lintedAt < 120000, `lintedAt: ${s.status?.lintedAt}`);
    },
  },
  {
    name: 'settings: apiconv.enable false clears diagnostics, true brings them back',
    fn: async () => {
      const uri = uriOf('shop.yaml');
      await open(uri);
      await waitFor('diagnostics on shop.yaml', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
      try {
        await setting('enable', false);
        await waitFor(
          'status "disabled"',
          statusFor(uri, x => x.status?.state === 'disabled' && x.text === 'apiconv: off'),
          30000,
          () => JSON.stringify(api.status()),
        );
        await waitFor('no apiconv diagnostics once disabled', () => apiconvDiags(uri).length === 0, 30000, show(uri));
      } finally {
        await setting('enable', undefined);
      }
      await waitFor('diagnostics back once enabled', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
    },
  },
  {
    name: 'settings: apiconv.rulesetFile (a ruleset file, then a broken one)',
    fn: async () => {
      const uri = uriOf('shop.yaml');
      await open(uri);
      await waitFor('path-no-verbs on shop.yaml', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
      try {
        await setting('rulesetFile', 'rulesets/quiet.yaml');
        await waitFor('path-no-verbs off with quiet.yaml', () => !hasCode(uri, 'path-no-verbs') && hasCode(uri, 'delete-404'), 30000, show(uri));
        await waitFor(
          'status names quiet.yaml',
          statusFor(uri, x => x.text.startsWith('apiconv: quiet.yaml · ') && x.severity === 'information'),
          30000,
          () => JSON.stringify(api.status()),
        );

        await setting('rulesetFile', 'rulesets/broken.yaml');
        const s = await waitFor(
          'status error for broken.yaml',
          statusFor(uri, x => x.severity === 'error'),
          30000,
          () => JSON.stringify(api.status()),
        );
        assert(/ruleset error: .*broken\.yaml/.test(s.detail ?? ''), `status detail: ${s.detail}`);
        assert(s.status?.state === 'error', `state: ${s.status?.state}`);
        // a broken ruleset does not leave the document without lint
        assert(apiconvDiags(uri).length > 0, 'no diagnostics with a broken ruleset');
      } finally {
        await setting('rulesetFile', undefined);
      }
      await waitFor('path-no-verbs back with the default ruleset', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
      await waitFor(
        'status back to ok',
        statusFor(uri, x => x.status?.state === 'ok' && x.text.startsWith('apiconv: apiconv:recommended · ')),
        30000,
        () => JSON.stringify(api.status()),
      );
    },
  },
  {
    name: 'workspace trust: a ruleset with custom JavaScript functions runs in a trusted workspace',
    fn: async () => {
      assert(vscode.workspace.isTrusted, 'the test workspace should be trusted');
      const uri = uriOf('shop.yaml');
      await open(uri);
      try {
        await setting('rulesetFile', 'rulesets/custom.yaml');
        await waitFor('the custom rule e2e-custom-title', () => hasCode(uri, 'e2e-custom-title'), 30000, show(uri));
      } finally {
        await setting('rulesetFile', undefined);
      }
      await waitFor('custom rule gone with the default ruleset', () => !hasCode(uri, 'e2e-custom-title') && hasCode(uri, 'path-no-verbs'), 30000, show(uri));
    },
  },
  {
    name: 'settings: apiconv.run = onSave lints on save only',
    fn: async () => {
      const uri = await copyFixture('shop.yaml', 'on-save.yaml');
      const editor = await open(uri);
      await waitFor('path-no-verbs on on-save.yaml', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
      try {
        await setting('run', 'onSave');
        await sleep(1500); // the server's copy of the setting arrives by notification: no signal to wait for
        await replaceAll(editor, '/getOrders:', '/orders:');
        await sleep(2000); // well past apiconv.debounceMs: a pull would have happened by now
        assert(hasCode(uri, 'path-no-verbs'), `linted while typing with run = onSave: ${show(uri)()}`);
        assert(await editor.document.save(), 'save failed');
        await waitFor('path-no-verbs gone after save', () => !hasCode(uri, 'path-no-verbs') && hasCode(uri, 'delete-404'), 30000, show(uri));
      } finally {
        await setting('run', undefined);
      }
    },
  },
  {
    name: 'command apiconv.lintWorkspace reports files that are not open',
    fn: async () => {
      const closed = uriOf('nested/closed.yaml');
      assert(!vscode.workspace.textDocuments.some(d => d.uri.toString() === closed.toString()), 'closed.yaml is open');
      const result = await vscode.commands.executeCommand<LintWorkspaceResult>('apiconv.lintWorkspace');
      assert(result && result.files >= 3, `lintWorkspace result: ${JSON.stringify(result)}`);
      assert(result.problems > 0 && result.errors.length === 0, `lintWorkspace result: ${JSON.stringify(result)}`);
      await waitFor('path-no-verbs on the closed file', () => hasCode(closed, 'path-no-verbs'), 30000, show(closed));
      assert(apiconvDiags(uriOf('notes.yaml')).length === 0, 'notes.yaml got diagnostics');
    },
  },
  {
    name: 'command apiconv.showRuleDocs opens the shipped markdown in the preview',
    fn: async () => {
      const opened = await vscode.commands.executeCommand<{ id: string; opened: string }>('apiconv.showRuleDocs', 'path-no-verbs');
      assert(opened?.opened === 'preview', `showRuleDocs: ${JSON.stringify(opened)}`);
      // a check of `apiconv diff` (its findings show with apiconv.diff.base): its page ships too, under rules/diff/
      const diffCheck = await vscode.commands.executeCommand<{ id: string; opened: string }>('apiconv.showRuleDocs', 'response-property-removed');
      assert(diffCheck?.opened === 'preview', `showRuleDocs of a diff check: ${JSON.stringify(diffCheck)}`);
      await waitFor(
        'a markdown preview tab for path-no-verbs.md',
        () => vscode.window.tabGroups.all.flatMap(g => g.tabs).some(t => t.input instanceof vscode.TabInputWebview && /path-no-verbs/.test(t.label)),
        15000,
        () => JSON.stringify(vscode.window.tabGroups.all.flatMap(g => g.tabs).map(t => t.label)),
      );
      // from a diagnostic (what the "Show documentation" code action passes)
      const uri = uriOf('shop.yaml');
      await open(uri);
      const d = await waitFor('delete-404 on shop.yaml', () => apiconvDiags(uri).find(x => codeOf(x) === 'delete-404'), 30000, show(uri));
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, d.range);
      const docAction = actions.find(a => a.title === 'Show documentation for delete-404');
      assert(docAction?.command, `no "Show documentation" action: ${actions.map(a => a.title).join(' | ')}`);
      const r = await vscode.commands.executeCommand<{ id: string; opened: string }>(docAction.command.command, ...(docAction.command.arguments ?? []));
      assert(r?.id === 'delete-404', `showRuleDocs from the code action: ${JSON.stringify(r)}`);
    },
  },
  {
    name: 'quick fix: the preferred fix of delete-404 adds the 404 response',
    fn: async () => {
      const uri = await copyFixture('shop.yaml', 'quick-fix.yaml');
      const editor = await open(uri);
      const d = await waitFor('delete-404', () => apiconvDiags(uri).find(x => codeOf(x) === 'delete-404'), 30000, show(uri));
      // itemResolveCount: resolve the actions' edits, as the light bulb does when one is picked
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        uri,
        d.range,
        vscode.CodeActionKind.QuickFix.value,
        100,
      );
      const describe = () =>
        actions
          .map(
            a =>
              `${a.title} [${a.kind?.value}${a.isPreferred ? ', preferred' : ''}${a.edit ? ', edit' : ''}${a.command ? `, command ${a.command.command}` : ''}; diagnostics ${a.diagnostics?.map(codeOf).join('+')}]`,
          )
          .join(' | ');
      const fix = actions.find(a => a.isPreferred && a.edit && /404/.test(a.title));
      assert(fix?.edit, `no preferred quick fix with an edit for delete-404: ${describe()}`);
      assert(await vscode.workspace.applyEdit(fix.edit), 'applyEdit failed');
      assert(/'?404'?:/.test(editor.document.getText()), 'no 404 response after the fix');
      await waitFor('delete-404 gone after the quick fix', () => !hasCode(uri, 'delete-404') && hasCode(uri, 'path-no-verbs'), 30000, show(uri));
    },
  },
  {
    name: 'fix on save: editor.codeActionsOnSave source.fixAll.apiconv applies the safe fixes',
    fn: async () => {
      const uri = await copyFixture('shop.yaml', 'fix-on-save.yaml');
      const editor = await open(uri);
      await waitFor('delete-404 and cache-control-get', () => hasCode(uri, 'delete-404') && hasCode(uri, 'cache-control-get'), 30000, show(uri));
      try {
        await setting('codeActionsOnSave', { 'source.fixAll.apiconv': 'explicit' }, 'editor');
        await replaceAll(editor, 'title: Shop', 'title: Shop API');
        assert(await editor.document.save(), 'save failed');
        await waitFor(
          'delete-404 and cache-control-get fixed on save',
          () => !hasCode(uri, 'delete-404') && !hasCode(uri, 'cache-control-get'),
          30000,
          show(uri),
        );
        const saved = (await vscode.workspace.fs.readFile(uri)).toString();
        assert(/'?404'?:/.test(saved) && /Cache-Control/.test(saved), 'the fixes are not in the saved file');
        assert(hasCode(uri, 'path-no-verbs'), 'path-no-verbs (no fix) should remain');
        assert(!editor.document.isDirty, 'the document is dirty after save');
      } finally {
        await setting('codeActionsOnSave', undefined, 'editor');
      }
    },
  },
  {
    name: 'command apiconv.restart: the server comes back and lints again',
    fn: async () => {
      const uri = await copyFixture('shop.yaml', 'restart.yaml');
      const editor = await open(uri);
      await waitFor('path-no-verbs', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
      await vscode.commands.executeCommand('apiconv.restart');
      await api.ready();
      await replaceAll(editor, '/getOrders:', '/orders:');
      await waitFor(
        'path-no-verbs gone after an edit following the restart',
        () => !hasCode(uri, 'path-no-verbs') && hasCode(uri, 'delete-404'),
        30000,
        show(uri),
      );
      await vscode.commands.executeCommand('apiconv.showOutputChannel');
    },
  },
  ...refsTests,
  ...revisionTests,
  ...limitsTests,
  ...lensClickTests,
  ...adoptTests,
  ...foldingTests,
  ...refLinksTests,
];

/**
 * Run instead of `tests` when the workspace is NOT trusted (run-exttests.sh with UNTRUSTED=1: workspace trust on).
 * custom/.spectral.yaml runs JavaScript: it must not be loaded until trust is granted.
 */
const untrustedTests: TestCase[] = [
  {
    name: 'untrusted workspace: the built-in rules run, the JavaScript ruleset is not loaded',
    fn: async () => {
      assert(!vscode.workspace.isTrusted, 'the workspace should not be trusted');
      const uri = uriOf('custom/shop.yaml');
      await open(uri);
      await waitFor('path-no-verbs (a built-in rule)', () => hasCode(uri, 'path-no-verbs'), 30000, show(uri));
      const s = await waitFor(
        'status "warn" about the untrusted workspace',
        statusFor(uri, x => x.status?.state === 'warn'),
        30000,
        () => JSON.stringify(api.status()),
      );
      assert(
        /restricted mode: \.spectral\.yaml not loaded/.test(s.detail ?? '') && s.text.startsWith('apiconv: apiconv:recommended') && s.severity === 'warning',
        `status: ${JSON.stringify(s)}`,
      );
      assert(!hasCode(uri, 'e2e-custom-title'), `the custom rule ran in an untrusted workspace: ${show(uri)()}`);
    },
  },
  {
    name: 'granting workspace trust loads the JavaScript ruleset',
    timeoutMs: 120000,
    fn: async () => {
      const uri = uriOf('custom/shop.yaml');
      await open(uri);
      const granted = new Promise<void>(resolve => vscode.workspace.onDidGrantWorkspaceTrust(() => resolve()));
      // the driver (driver.js) grants trust through the UI when it sees this line
      console.log('[apiconv-e2e] REQUEST_TRUST');
      await Promise.race([
        granted,
        sleep(90000).then(() => {
          throw new Error('trust was not granted');
        }),
      ]);
      assert(vscode.workspace.isTrusted, 'isTrusted is still false');
      await open(uri); // the Workspace Trust editor took the focus
      await waitFor('the custom rule e2e-custom-title after trust', () => hasCode(uri, 'e2e-custom-title'), 30000, show(uri));
      await waitFor(
        'status ok',
        statusFor(uri, x => x.status?.state === 'ok' && x.text.startsWith('apiconv: .spectral.yaml · ')),
        30000,
        () => JSON.stringify(api.status()),
      );
    },
  },
];

export async function run(): Promise<void> {
  const t0 = Date.now();
  const only = process.env.APICONV_E2E_ONLY || undefined;
  const suite = vscode.workspace.isTrusted ? tests : untrustedTests;
  if (suite !== tests || (only && !tests[0].name.includes(only))) {
    // the first test (activation) does not run: activate here, the others need the API
    await open('shop.yaml');
    api = await vscode.extensions.getExtension<ApiconvApi>(EXT_ID)!.activate();
    await api.ready();
  }
  const results = await runTests(suite, only);
  const failed = results.filter(r => !r.ok);
  const summary = {
    ok: failed.length === 0 && results.length > 0,
    vscodeVersion: vscode.version,
    trustedSuite: suite === tests,
    ms: Date.now() - t0,
    passed: results.length - failed.length,
    failed: failed.length,
    results,
  };
  console.log(`[apiconv-e2e] ${summary.passed} passed, ${summary.failed} failed in ${summary.ms} ms (VS Code ${vscode.version})`);
  console.log(`APICONV_E2E_RESULT ${JSON.stringify(summary)}`);
  if (process.env.APICONV_E2E_RESULT) fs.writeFileSync(process.env.APICONV_E2E_RESULT, JSON.stringify(summary, null, 1));
  if (!summary.ok) throw new Error(`${failed.length} of ${results.length} extension tests failed: ${failed.map(f => f.name).join('; ')}`);
}
