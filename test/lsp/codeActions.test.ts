/**
 * Code actions, computed in process (`computeCodeActions` with a host over real
 * texts and files), applied, and the result linted again.
 * The protocol-level round trip over the built server is in codeActions.server.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import { computeCodeActions, FIX_ALL_KIND, SHOW_RULE_DOCS_COMMAND, type CodeActionHost } from '../../server/src/lsp/codeActions';
import { ignoreEdits } from '../../server/src/lsp/ignoreEdits';
import { lint } from '../../server/src/engine/lint';
import type { LintProblem } from '../../server/src/engine/problem';
import { documentEntries, renderJson, renderYaml, toPlainText } from '../../server/src/engine/snippets';

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-ca-'));
process.on('exit', () => fs.rmSync(DIR, { recursive: true, force: true }));

const CLEAN_YAML = toPlainText(renderYaml(documentEntries('oas3'), 0)) + '\n';
const R500 = "        '500':\n          $ref: '#/components/responses/InternalServerError'\n";
/** The clean skeleton without any 500 response: one error-500 finding per operation. */
const NO_500 = CLEAN_YAML.split(R500).join('');

function diagnostics(problems: LintProblem[], version: number, rootFile: string): Diagnostic[] {
  return problems.map(p => ({
    range: p.range,
    message: p.message,
    source: 'apiconv',
    code: p.code,
    data: { ruleId: p.code, version, path: p.path, fixable: !!p.fixable, ...(p.source !== rootFile ? { source: p.source } : {}) },
  }));
}

function makeHost(docs: TextDocument[]): CodeActionHost {
  return {
    document: uri => docs.find(d => d.uri === uri),
    readText: file => docs.find(d => URI.parse(d.uri).fsPath === file)?.getText() ?? (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined),
    uriOf: file => URI.file(file).toString(),
    lintOptions: async () => ({}),
  };
}

/** Applies a WorkspaceEdit to the texts (file path → text). */
function applyEdit(action: CodeAction, texts: Map<string, string>): Map<string, string> {
  assert.ok(action.edit?.changes, `${action.title} has no edit`);
  const out = new Map(texts);
  for (const [uri, edits] of Object.entries(action.edit.changes)) {
    const file = URI.parse(uri).fsPath;
    const before = out.get(file) ?? fs.readFileSync(file, 'utf8');
    out.set(file, TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 0, before), edits as TextEdit[]));
  }
  return out;
}

async function setup(name: string, text: string) {
  const file = path.join(DIR, name);
  fs.writeFileSync(file, text);
  const uri = URI.file(file).toString();
  const doc = TextDocument.create(uri, name.endsWith('.json') ? 'json' : 'yaml', 3, text);
  const result = await lint(text, file);
  return { file, uri, doc, result, diags: diagnostics(result.problems, 3, file), host: makeHost([doc]) };
}

const codes = (ps: LintProblem[]) => ps.map(p => p.code);

test('the document under test has one error-500 finding per operation and nothing else', async () => {
  const { result } = await setup('count.yaml', NO_500);
  assert.deepEqual(codes(result.problems), Array(6).fill('error-500'));
});

test('quick fix: a preferred QuickFix with a direct edit; relint has the finding gone', async () => {
  const s = await setup('quick.yaml', NO_500);
  const d = s.diags[0];
  const actions = await computeCodeActions({ textDocument: { uri: s.uri }, range: d.range, context: { diagnostics: [d] } }, s.host);
  const fix = actions.find(a => a.isPreferred);
  assert.ok(fix, 'a preferred quick fix');
  assert.equal(fix.kind, 'quickfix');
  assert.equal(fix.command, undefined);
  const after = applyEdit(fix, new Map([[s.file, NO_500]])).get(s.file)!;
  const r = await lint(after, s.file);
  assert.equal(r.problems.length, 5);
  assert.ok(!r.problems.some(p => p.path.join('.') === s.result.problems[0].path.join('.')));
  // Show docs for the rule, as a client-side command.
  const docs = actions.find(a => a.command?.command === SHOW_RULE_DOCS_COMMAND);
  assert.deepEqual(docs?.command?.arguments, ['error-500']);
});

test('fix all <rule> in this file: every finding of that rule gone', async () => {
  const s = await setup('all.yaml', NO_500);
  const actions = await computeCodeActions({ textDocument: { uri: s.uri }, range: s.diags[0].range, context: { diagnostics: s.diags } }, s.host);
  const all = actions.find(a => a.title === 'Fix all error-500 problems in this file');
  assert.ok(all, actions.map(a => a.title).join('\n'));
  const after = applyEdit(all, new Map([[s.file, NO_500]])).get(s.file)!;
  assert.deepEqual(codes((await lint(after, s.file)).problems), []);
});

test('source.fixAll.apiconv (code actions on save): safe fixes applied without diagnostics in the request', async () => {
  const text = NO_500.replace("        '401':\n          $ref: '#/components/responses/Unauthorized'\n", '');
  const s = await setup('save.yaml', text);
  assert.ok(codes(s.result.problems).includes('security-401'));
  const actions = await computeCodeActions(
    {
      textDocument: { uri: s.uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: [FIX_ALL_KIND] },
    },
    s.host,
  );
  assert.equal(actions.length, 1);
  assert.equal(actions[0].kind, FIX_ALL_KIND);
  const after = applyEdit(actions[0], new Map([[s.file, text]])).get(s.file)!;
  assert.deepEqual(codes((await lint(after, s.file)).problems), []);
  // `source.fixAll` (the parent kind) asks for it too; `quickfix` only does not.
  const parent = await computeCodeActions(
    { textDocument: { uri: s.uri }, range: s.diags[0].range, context: { diagnostics: [], only: ['source.fixAll'] } },
    s.host,
  );
  assert.equal(parent[0]?.kind, FIX_ALL_KIND);
  const qf = await computeCodeActions({ textDocument: { uri: s.uri }, range: s.diags[0].range, context: { diagnostics: [], only: ['quickfix'] } }, s.host);
  assert.ok(!qf.some(a => a.kind === FIX_ALL_KIND));
});

test('ignore this finding (YAML): a comment above the node with its indentation; relint has it suppressed', async () => {
  const s = await setup('ignore.yaml', NO_500);
  const d = s.diags[2];
  const actions = await computeCodeActions({ textDocument: { uri: s.uri }, range: d.range, context: { diagnostics: [d] } }, s.host);
  const ignore = actions.find(a => a.title.startsWith('Ignore'));
  assert.ok(ignore);
  const after = applyEdit(ignore, new Map([[s.file, NO_500]])).get(s.file)!;
  const r = await lint(after, s.file);
  assert.equal(r.problems.length, 5);
  assert.equal(r.suppressed?.length, 1);
  const inserted = after.split('\n').find(l => l.includes('# apiconv-ignore'))!;
  const nodeLine = after.split('\n')[after.split('\n').indexOf(inserted) + 1];
  assert.equal(/^ */.exec(inserted)![0], /^ */.exec(nodeLine)![0]);
  assert.equal(inserted.trim(), '# apiconv-ignore error-500');
  // A second rule on the same node extends the comment.
  const twice = ignoreEdits(after, s.file, 'error-400', s.result.problems[2].path);
  assert.ok(twice);
  const after2 = after.slice(0, twice[0].offset) + twice[0].newText + after.slice(twice[0].offset + twice[0].length);
  assert.ok(after2.includes('# apiconv-ignore error-500,error-400'));
});

test('ignore this finding (JSON): x-apiconv-ignore added, then extended', async () => {
  const data = JSON.parse(toPlainText(`{${renderJson(documentEntries('oas3'), 2)}}`));
  delete data.paths['/things'].get.responses['500'];
  delete data.paths['/things'].get.responses['400'];
  const text = JSON.stringify(data, null, 2) + '\n';
  const s = await setup('ignore.json', text);
  assert.deepEqual(codes(s.result.problems).sort(), ['error-400', 'error-500']);
  let cur = text;
  for (const d of s.diags) {
    const actions = await computeCodeActions(
      { textDocument: { uri: s.uri }, range: d.range, context: { diagnostics: [d] } },
      makeHost([TextDocument.create(s.uri, 'json', 3, cur)]),
    );
    const ignore = actions.find(a => a.title.startsWith('Ignore'));
    assert.ok(ignore);
    cur = applyEdit(ignore, new Map([[s.file, cur]])).get(s.file)!;
  }
  const r = await lint(cur, s.file);
  assert.deepEqual(codes(r.problems), []);
  // Both findings sit on the operation's responses object: one key, extended by the second ignore.
  assert.equal(cur.split('"x-apiconv-ignore"').length, 2);
  assert.deepEqual(JSON.parse(cur).paths['/things'].get.responses['x-apiconv-ignore'].sort(), ['error-400', 'error-500']);
});

test('stale diagnostics (older document version) produce no edit', async () => {
  const s = await setup('stale.yaml', NO_500);
  const stale = diagnostics(s.result.problems, 2, s.file);
  const actions = await computeCodeActions({ textDocument: { uri: s.uri }, range: stale[0].range, context: { diagnostics: stale } }, s.host);
  assert.ok(
    actions.every(a => a.edit === undefined),
    actions.map(a => a.title).join(', '),
  );
  assert.ok(actions.some(a => a.command?.command === SHOW_RULE_DOCS_COMMAND));
});

test("a finding in a $ref'd file: the quick fix edits that file", async () => {
  const op =
    "get:\n  operationId: things.list\n  responses:\n    '200':\n      description: ok\n      headers:\n        Cache-Control:\n          schema:\n            type: string\n      content:\n        application/json:\n          schema:\n            type: object\n    '401':\n      $ref: 'root.yaml#/components/responses/Unauthorized'\n    '403':\n      $ref: 'root.yaml#/components/responses/Forbidden'\n";
  fs.writeFileSync(path.join(DIR, 'things.yaml'), op);
  const root = CLEAN_YAML.replace(/\n {2}\/things:\n[\s\S]*?(?=\n {2}\/things\/\{id\}:)/, "\n  /things:\n    $ref: './things.yaml'");
  const s = await setup('root.yaml', root);
  const refFile = path.join(DIR, 'things.yaml');
  const inRef = s.result.problems.filter(p => p.source === refFile);
  assert.deepEqual(codes(inRef), ['error-500']);
  const d = s.diags.find(x => (x.data as { source?: string }).source === refFile)!;
  const actions = await computeCodeActions({ textDocument: { uri: s.uri }, range: d.range, context: { diagnostics: [d] } }, s.host);
  const fix = actions.find(a => a.isPreferred)!;
  assert.deepEqual(Object.keys(fix.edit!.changes!), [URI.file(refFile).toString()]);
  const after = applyEdit(fix, new Map([[s.file, root]]));
  fs.writeFileSync(refFile, after.get(refFile)!);
  const r = await lint(root, s.file);
  assert.deepEqual(codes(r.problems.filter(p => p.source === refFile)), []);
});

test('quick fix: a status code written as a number is quoted, the comment kept; relint has no parser finding', async () => {
  const text = CLEAN_YAML.replace("        '500':\n", '        500:  # server error\n');
  assert.notEqual(text, CLEAN_YAML);
  const s = await setup('unquoted.yaml', text);
  const d = s.diags.find(x => x.code === 'parser');
  assert.ok(d, 'a parser finding');
  const actions = await computeCodeActions({ textDocument: { uri: s.uri }, range: d.range, context: { diagnostics: [d] } }, s.host);
  const fix = actions.find(a => a.isPreferred);
  assert.equal(fix?.title, 'Quote the key 500');
  const after = applyEdit(fix!, new Map([[s.file, text]])).get(s.file)!;
  assert.ok(after.includes("        '500':  # server error\n"));
  assert.ok(!(await lint(after, s.file)).problems.some(p => p.code === 'parser'));
});
