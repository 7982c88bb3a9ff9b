/**
 * Code actions for apiconv diagnostics: the rule's quick fix, "Fix all <rule>
 * in this file", "Fix all safe problems" (`source.fixAll.apiconv`, for
 * `editor.codeActionsOnSave`), "Ignore this finding" and "Show rule docs".
 *
 * Stateless: everything comes from `context.diagnostics[].data` (see
 * `DiagnosticData` in protocol.ts: ruleId, version, path) and the current text.
 * Edits are direct WorkspaceEdits (no command round trip). A diagnostic whose
 * `data.version` is not the document's current version produces no edit.
 *
 * The context handed over by server.ts is `FeatureContext` (completion.ts):
 * connection, documents, `lintOptions(uri)` (ruleset + open-buffer reader),
 * `clientCapabilities()`; `lint(uri)` is not needed here.
 */
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import type { JsonPath } from '../../../rules/types';
import { applyOps, computeFix, editsBetween, fixAllOfRule, fixFile, formatOf, parseData, specOf, type TextEdit as FileEdit } from '../engine/fix/index';
import type { LintOptions } from '../engine/lint';
import type { LintProblem } from '../engine/problem';
import { getRule } from '../engine/ruleset';
import { IGNORE_KEY, collectDirectives } from '../engine/suppress';
import { LineIndex } from '../engine/lines';
import type { FeatureContext } from './completion';
import { readRefFile } from '../engine/refFiles';

export const FIX_ALL_KIND = 'source.fixAll.apiconv';
export const SHOW_RULE_DOCS_COMMAND = 'apiconv.showRuleDocs';
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll, FIX_ALL_KIND];

interface DiagData {
  ruleId: string;
  version: number;
  path: JsonPath;
  /** Optional: the file the finding is in, when it differs from the document the diagnostic is shown on. */
  source?: string;
}

function dataOf(d: Diagnostic): DiagData | undefined {
  const data = d.data as Partial<DiagData> | undefined;
  if (!data || typeof data !== 'object' || typeof data.ruleId !== 'string' || !Array.isArray(data.path)) return undefined;
  return { ruleId: data.ruleId, version: typeof data.version === 'number' ? data.version : -1, path: data.path, source: typeof data.source === 'string' ? data.source : undefined };
}

export function fileOfUri(uri: string): string {
  try {
    const u = URI.parse(uri);
    return u.scheme === 'file' ? u.fsPath : u.path;
  } catch {
    return uri;
  }
}

/** What code actions need from the server, besides the request. */
export interface CodeActionHost {
  /** An open document by URI. */
  document(uri: string): TextDocument | undefined;
  /** The current text of a file: the open buffer, else the disk. */
  readText(file: string): string | undefined;
  /** The URI for an absolute file path (open documents keep their own URI spelling). */
  uriOf(file: string): string;
  lintOptions(uri: string): Promise<LintOptions>;
}

/** The code actions for `params`. Never throws. */
export async function computeCodeActions(params: CodeActionParams, host: CodeActionHost): Promise<CodeAction[]> {
  try {
    return await codeActions(params, host);
  } catch {
    return [];
  }
}

function wanted(only: readonly string[] | undefined, kind: string): boolean {
  if (!only || only.length === 0) return true;
  return only.some(o => o === '' || kind === o || kind.startsWith(o + '.'));
}

async function codeActions(params: CodeActionParams, host: CodeActionHost): Promise<CodeAction[]> {
  const uri = params.textDocument.uri;
  const doc = host.document(uri);
  if (!doc) return [];
  const only = params.context.only;
  const rootFile = path.resolve(fileOfUri(uri));
  const rootText = doc.getText();
  const out: CodeAction[] = [];
  const ours = params.context.diagnostics.filter(d => d.source === 'apiconv' && dataOf(d));

  let options: LintOptions | undefined;
  const lintOptions = async () => (options ??= await host.lintOptions(uri).catch(() => ({}) as LintOptions));

  if (wanted(only, CodeActionKind.QuickFix)) {
    const fixAllDone = new Set<string>();
    const rootSpec = specOf(rootText, rootFile);
    for (const d of ours) {
      const data = dataOf(d)!;
      const fresh = data.version === doc.version;
      const file = data.source ? path.resolve(fileOfUri(data.source)) : rootFile;
      const problem: LintProblem = {
        code: data.ruleId,
        message: typeof d.message === "string" ? d.message : d.message.value,
        severity: 1,
        path: data.path,
        range: d.range,
        source: file,
      };
      const rule = getRule(data.ruleId);
      if (fresh && rule?.fix && rule.meta.fixable) {
        problem.fixable = rule.meta.fixable;
        const text = file === rootFile ? rootText : host.readText(file);
        const fix = text !== undefined ? computeFix(text, problem, rootSpec, file === rootFile) : undefined;
        if (fix) {
          out.push({
            title: fix.title + (fix.safe ? '' : ' (review the change)'),
            kind: CodeActionKind.QuickFix,
            diagnostics: [d],
            isPreferred: true,
            edit: toWorkspaceEdit(groupEdits(fix.edits), host),
          });
        }
        // Fix all of this rule: only when more than this one finding is fixable.
        const sameRule = params.context.diagnostics.filter(x => dataOf(x)?.ruleId === data.ruleId);
        if (!fixAllDone.has(data.ruleId) && sameRule.length > 1 && fix) {
          fixAllDone.add(data.ruleId);
          const opts = await lintOptions();
          const res = await fixAllOfRule(rootText, rootFile, data.ruleId, { ruleset: opts.ruleset, readFile: readerFor(host, opts) });
          const edit = filesEdit(res.files, rootFile, rootText, host);
          if (edit && res.applied > 1) {
            out.push({ title: `Fix all ${data.ruleId} problems in this file`, kind: CodeActionKind.QuickFix, diagnostics: sameRule, edit });
          }
        }
      }
      if (fresh) {
        const text = file === rootFile ? rootText : host.readText(file);
        const edits = text !== undefined ? ignoreEdits(text, file, data.ruleId, data.path) : undefined;
        if (edits && edits.length > 0) {
          out.push({
            title: `Ignore this ${data.ruleId} finding`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [d],
            edit: toWorkspaceEdit(new Map([[file, { text: text!, edits }]]), host),
          });
        }
      }
      if (rule && !out.some(a => a.command?.command === SHOW_RULE_DOCS_COMMAND && a.command.arguments?.[0] === data.ruleId)) {
        out.push({
          title: `Show documentation for ${data.ruleId}`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [d],
          command: { title: `Show documentation for ${data.ruleId}`, command: SHOW_RULE_DOCS_COMMAND, arguments: [data.ruleId] },
        });
      }
    }
  }

  // Fix all safe problems: asked for explicitly (on save, "Source Action…"), or offered next to fixable findings.
  const explicit = !!only && only.length > 0 && (wanted(only, FIX_ALL_KIND) || only.includes(CodeActionKind.SourceFixAll));
  const safeHere = ours.some(d => getRule(dataOf(d)!.ruleId)?.meta.fixable === 'safe' && dataOf(d)!.version === doc.version);
  if ((explicit || (!only && safeHere)) && (!only || wanted(only, FIX_ALL_KIND) || only.includes(CodeActionKind.SourceFixAll))) {
    const opts = await lintOptions();
    const res = await fixFile(rootText, rootFile, { ruleset: opts.ruleset, readFile: readerFor(host, opts), safeOnly: true });
    const edit = filesEdit(res.files, rootFile, rootText, host);
    if (edit) out.push({ title: 'Fix all safe apiconv problems', kind: FIX_ALL_KIND, diagnostics: ours, edit });
  }
  return out;
}

function readerFor(host: CodeActionHost, opts: LintOptions) {
  return async (f: string) => {
    const own = opts.readFile ? await opts.readFile(f) : undefined;
    return own ?? host.readText(f);
  };
}

function groupEdits(edits: readonly FileEdit[]): Map<string, { text?: string; edits: { offset: number; length: number; newText: string }[] }> {
  const m = new Map<string, { text?: string; edits: { offset: number; length: number; newText: string }[] }>();
  for (const e of edits) {
    const entry = m.get(e.file) ?? { edits: [] };
    entry.edits.push({ offset: e.offset, length: e.length, newText: e.newText });
    m.set(e.file, entry);
  }
  return m;
}

function filesEdit(files: Map<string, string>, rootFile: string, rootText: string, host: CodeActionHost): WorkspaceEdit | undefined {
  if (files.size === 0) return undefined;
  const m = new Map<string, { text?: string; edits: { offset: number; length: number; newText: string }[] }>();
  for (const [file, after] of files) {
    const before = file === rootFile ? rootText : host.readText(file);
    if (before === undefined) continue;
    m.set(file, { text: before, edits: editsBetween(file, before, after) });
  }
  return m.size > 0 ? toWorkspaceEdit(m, host) : undefined;
}

function toWorkspaceEdit(byFile: Map<string, { text?: string; edits: { offset: number; length: number; newText: string }[] }>, host: CodeActionHost): WorkspaceEdit {
  const changes: Record<string, TextEdit[]> = {};
  for (const [file, { text, edits }] of byFile) {
    const t = text ?? host.readText(file);
    if (t === undefined) continue;
    const lines = new LineIndex(t);
    changes[host.uriOf(file)] = edits.map(e => ({ range: lines.range(e.offset, e.offset + e.length), newText: e.newText }));
  }
  return { changes };
}


// ---------------------------------------------------------------------------
// Ignore this finding

/**
 * The edits (offsets in `text`) that silence `ruleId` at `findingPath`: a
 * `# apiconv-ignore <rule>` comment above the node in YAML (extending one
 * already there), an `x-apiconv-ignore` entry on the enclosing object in JSON.
 * Checked: the result really silences the finding. undefined when it cannot.
 */
export function ignoreEdits(text: string, file: string, ruleId: string, findingPath: JsonPath): { offset: number; length: number; newText: string }[] | undefined {
  try {
    const json = formatOf(text, file) === 'json';
    const edits = json ? jsonIgnore(text, ruleId, findingPath) : yamlIgnore(text, ruleId, findingPath);
    if (!edits || edits.length === 0) return undefined;
    let after = text;
    for (const e of [...edits].sort((a, b) => b.offset - a.offset)) after = after.slice(0, e.offset) + e.newText + after.slice(e.offset + e.length);
    if (parseData(after, json ? 'json' : 'yaml') === undefined) return undefined;
    const silenced = collectDirectives(after, file, json).some(d => d.rule === ruleId && (d.path === undefined || isPrefix(d.path, findingPath)));
    return silenced ? edits : undefined;
  } catch {
    return undefined;
  }
}

function isPrefix(prefix: JsonPath, p: JsonPath): boolean {
  return prefix.length <= p.length && prefix.every((s, i) => String(s) === String(p[i]));
}

/** Offset where the node at `p` starts: its key for a mapping entry, the item for a sequence entry. */
function yamlNodeStart(text: string, p: JsonPath): number | undefined {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  let node: unknown = doc.contents;
  let start: number | undefined;
  for (const seg of p) {
    if (isMap(node)) {
      const pair = node.items.find(it => isPair(it) && isScalar(it.key) && String(it.key.value) === String(seg));
      if (!pair || !isPair(pair)) break;
      start = (pair.key as { range?: [number, number, number] }).range?.[0] ?? start;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)] as { range?: [number, number, number] } | undefined;
      if (!item) break;
      start = item.range?.[0] ?? start;
      node = item;
    } else break;
  }
  return start;
}

function yamlIgnore(text: string, ruleId: string, p: JsonPath): { offset: number; length: number; newText: string }[] | undefined {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const start = p.length > 0 ? yamlNodeStart(text, p) : undefined;
  if (start === undefined) {
    // A finding on the whole document: a file-level directive before the first key.
    return [{ offset: 0, length: 0, newText: `# apiconv-ignore-file ${ruleId}${eol}` }];
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineText = text.slice(lineStart, text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart));
  const indent = /^[ \t]*/.exec(lineText)![0];
  // Extend a directive already on the line above.
  if (lineStart > 0) {
    const prevStart = text.lastIndexOf('\n', lineStart - 2) + 1;
    const prev = text.slice(prevStart, lineStart).replace(/\r?\n$/, '');
    const m = /^([ \t]*#[ \t]*apiconv-ignore[ \t]+)([^ \t\r\n]+)/.exec(prev);
    if (m) {
      const ids = m[2].split(',');
      if (ids.includes(ruleId)) return undefined;
      return [{ offset: prevStart + m[0].length, length: 0, newText: `,${ruleId}` }];
    }
  }
  return [{ offset: lineStart, length: 0, newText: `${indent}# apiconv-ignore ${ruleId}${eol}` }];
}

/** Objects whose keys are names (a schema's properties, the schemas map…): an `x-` key there would be one more name. */
const NAME_MAPS = new Set([
  'properties', 'patternProperties', 'schemas', 'definitions', 'securitySchemes', 'securityDefinitions', 'headers', 'content',
  'examples', 'links', 'callbacks', 'variables', 'encoding', 'mapping', 'scopes', 'requestBodies', 'pathItems', 'dependentSchemas', '$defs',
]);

function isNameMap(p: JsonPath): boolean {
  if (p.length === 0) return false;
  const last = String(p[p.length - 1]);
  if (NAME_MAPS.has(last)) return true;
  // components/parameters, components/responses; Swagger 2 root parameters / responses.
  if ((last === 'parameters' || last === 'responses') && (p.length === 1 || (p.length === 2 && p[0] === 'components'))) return true;
  return false;
}

function jsonIgnore(text: string, ruleId: string, p: JsonPath): { offset: number; length: number; newText: string }[] | undefined {
  const data = parseData(text, 'json');
  if (data === undefined) return undefined;
  let objPath = [...p];
  const at = (q: JsonPath): unknown => q.reduce<unknown>((v, s) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[String(s)] : undefined), data);
  const isPlainObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  while (objPath.length > 0 && (!isPlainObject(at(objPath)) || isNameMap(objPath) || String(objPath[objPath.length - 1]).startsWith('x-'))) objPath = objPath.slice(0, -1);
  const obj = at(objPath) as Record<string, unknown>;
  if (!isPlainObject(obj)) return undefined;
  const existing = obj[IGNORE_KEY];
  if (Array.isArray(existing) && existing.includes(ruleId)) return undefined;
  const ops =
    existing === undefined || Array.isArray(existing)
      ? [{ kind: 'append' as const, path: [...objPath, IGNORE_KEY], value: ruleId }]
      : [{ kind: 'set' as const, path: [...objPath, IGNORE_KEY], value: [existing, ruleId] }];
  const edits = applyOps(text, 'json', ops);
  return edits.length > 0 ? edits : undefined;
}

// ---------------------------------------------------------------------------

export function registerCodeActions(ctx: FeatureContext): void {
  const host: CodeActionHost = {
    document: uri => ctx.documents.get(uri),
    readText: file => {
      const open = ctx.documents.all().find(d => fileOfUri(d.uri) === file);
      if (open) return open.getText();
      try {
        return readRefFile(file);
      } catch {
        return undefined;
      }
    },
    uriOf: file => ctx.documents.all().find(d => fileOfUri(d.uri) === file)?.uri ?? URI.file(file).toString(),
    lintOptions: uri => ctx.lintOptions(uri),
  };
  ctx.connection.onCodeAction(params => computeCodeActions(params, host));
}
