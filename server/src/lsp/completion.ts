/**
 * Context-aware completion: conventional snippets (OpenAPI 3 and Swagger 2,
 * YAML and JSON) and rule ids (rulesets, `apiconv-ignore`).
 *
 * ## The context handed over by server.ts (shared with codeActions.ts)
 *
 * ```ts
 * interface FeatureContext {
 *   connection: Connection;                       // vscode-languageserver/node
 *   documents: TextDocuments<TextDocument>;
 *   // The latest lint of an open document (cached per version; undefined when not linted / not OpenAPI).
 *   lint(uri: string): Promise<{ version: number; result: LintResult } | undefined>;
 *   // The options the server lints `uri` with (ruleset from settings / config, open-buffer reader).
 *   lintOptions(uri: string): Promise<LintOptions>;
 *   // The client's capabilities, from `initialize`.
 *   clientCapabilities(): ClientCapabilities;
 * }
 * ```
 *
 * The items are computed by the pure-ish `computeCompletions` (text in, items
 * out) so that tests need no connection; `registerCompletion` only wires it.
 */
import {
  CompletionItemKind,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type ClientCapabilities,
  type CompletionItem,
  type Connection,
  type TextDocuments,
  type TextEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { oas as spectralOas } from '@stoplight/spectral-rulesets';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { rules } from '../../../rules/index';
import { REUSED_OAS_RULES } from '../../../rules/ruleset';
import { STATUS_NAMES } from '../../../rules/_lib/fixes';
import { ensureErrorSchema } from '../../../rules/_lib/errorBody';
import { getAt, isOas32, isObject, operationsOfPathItem, serverBasePath, type Obj } from '../../../rules/_lib/oas';
import type { FixOp, Spec } from '../../../rules/types';
import {
  applyOps,
  type ComponentNames,
  type CursorContext,
  defaultNames,
  detectContext,
  documentEntries,
  ERROR_STATUSES,
  formatOf,
  LineIndex,
  type LintOptions,
  type LintResult,
  parseDataOrBroken,
  renderJson,
  renderYaml,
  type SnippetMap,
  type SnippetValue,
  toPlainText,
  toSnippetSyntax,
  UNKNOWN_RULE_CODE,
} from '../engine';
import type { RuleDocsMode } from './ruleDocsCommand';
import { snippetSpecs, type SnippetDoc, type SnippetSpec } from './completionSnippets';

export interface FeatureContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  lint(uri: string): Promise<{ version: number; result: LintResult } | undefined>;
  lintOptions(uri: string): Promise<LintOptions>;
  clientCapabilities(): ClientCapabilities;
  /** How "Show documentation" code actions run with this client (ruleDocsCommand.ts). */
  ruleDocsMode?(): RuleDocsMode;
}

export const COMPLETION_TRIGGER_CHARACTERS = ['/', ' ', ',', '"'];

export interface CompletionOptions {
  /** The client renders `${1:…}` snippets. */
  snippetSupport: boolean;
  /** The document's file name (decides rulesets vs OpenAPI documents, YAML vs JSON for empty files). */
  fileName: string;
  /** Rule ids the document's ruleset knows (default: apiconv's rules and the reused Spectral ones). */
  ruleIds?: readonly string[];
}

const CONFIG_FILE = /^\.(apiconv|spectral)\.(ya?ml|json)$/i;
/** apiconv's rule ids and the reused `spectral:oas` ones, with a description each. */
export function knownRules(all = false): { id: string; description: string }[] {
  const out = rules.map(r => ({ id: r.id, description: r.meta.description }));
  const oasRules = (spectralOas as unknown as { rules: Record<string, { description?: string }> }).rules;
  const reused = all ? Object.keys(oasRules) : [...REUSED_OAS_RULES];
  for (const id of reused) if (!out.some(r => r.id === id)) out.push({ id, description: oasRules[id]?.description ?? 'Spectral rule (spectral:oas).' });
  return out;
}

/** The completion items at `offset` of `text`. Never throws. */
export function computeCompletions(text: string, offset: number, opts: CompletionOptions): CompletionItem[] {
  try {
    return completions(text, offset, opts);
  } catch {
    return [];
  }
}

function completions(text: string, offset: number, opts: CompletionOptions): CompletionItem[] {
  const base = path.basename(opts.fileName);
  const format = /\.json$/i.test(base) ? 'json' : /\.ya?ml$/i.test(base) ? 'yaml' : formatOf(text, opts.fileName);
  const cx = detectContext(text, offset, format);
  const lines = new LineIndex(text);
  if (CONFIG_FILE.test(base)) {
    if (cx.kind === 'key' && cx.path.length === 1 && cx.path[0] === 'rules') return rulesetRuleItems(cx, lines, opts);
    return [];
  }
  if (cx.kind === 'ignore-rule') return ignoreRuleItems(cx, lines, opts);
  if (cx.kind === 'empty') return documentItems(cx, lines, opts, format);
  if (cx.kind !== 'key') return [];

  // The document without the word being typed (it may not parse otherwise); same offsets.
  const blanked = text.slice(0, cx.replaceStart) + text.slice(cx.replaceStart, cx.replaceEnd).replace(/[^\n]/g, ' ') + text.slice(cx.replaceEnd);
  const read = parseDataOrBroken(blanked, format);
  const broken = read === 'broken';
  const data = broken ? lastData.get(opts.fileName) : read.data;
  if (!isObject(data) || (data.openapi === undefined && data.swagger === undefined)) return [];
  if (!broken) lastData.set(opts.fileName, data);
  const spec: Spec = data.swagger !== undefined ? 'oas2' : 'oas3';
  const doc = new DocInfo(text, blanked, data, spec, format, cx, lines, opts, broken);
  return snippetItems(doc);
}

/** Documents whose last data completion keeps (the most recently completed in). */
const LAST_DATA_KEPT = 8;

/**
 * The data of each document's last text that parsed, by file name: while the text is broken elsewhere (the user is
 * mid-edit), completion reads the document's conventions (its error schema, its shared responses, its security) from
 * it rather than from a parse of the whole broken text.
 */
const lastData = {
  byFile: new Map<string, Obj>(),
  get(file: string): Obj | undefined {
    return this.byFile.get(file);
  },
  set(file: string, data: Obj): void {
    this.byFile.delete(file);
    this.byFile.set(file, data);
    if (this.byFile.size > LAST_DATA_KEPT) this.byFile.delete(this.byFile.keys().next().value!);
  },
};

// ---------------------------------------------------------------------------

function ruleItem(id: string, description: string, newText: string, cx: CursorContext, lines: LineIndex, snippet: boolean, sort: number): CompletionItem {
  return {
    label: id,
    kind: CompletionItemKind.Value,
    detail: 'apiconv rule',
    documentation: { kind: MarkupKind.Markdown, value: description },
    sortText: String(sort).padStart(4, '0'),
    filterText: cx.format === 'json' && cx.replaceStart < cx.replaceEnd && lines.text[cx.replaceStart] === '"' ? `"${id}"` : id,
    textEdit: { range: lines.range(cx.replaceStart, cx.replaceEnd), newText },
    insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
}

function ignoreRuleItems(cx: CursorContext, lines: LineIndex, opts: CompletionOptions): CompletionItem[] {
  const written = new Set(cx.written ?? []);
  const quoted = cx.format === 'json';
  const ids = opts.ruleIds ? opts.ruleIds.map(id => ({ id, description: knownRules(true).find(r => r.id === id)?.description ?? '' })) : knownRules();
  return ids
    .filter(r => !written.has(r.id) && r.id !== UNKNOWN_RULE_CODE)
    .map((r, i) => ruleItem(r.id, r.description, quoted ? JSON.stringify(r.id) : r.id, cx, lines, false, i));
}

function rulesetRuleItems(cx: CursorContext, lines: LineIndex, opts: CompletionOptions): CompletionItem[] {
  const present = new Set(cx.siblings);
  const severities = 'error,warn,info,hint,off';
  return knownRules(true)
    .filter(r => !present.has(r.id))
    .map((r, i) => {
      const text = cx.format === 'json' ? `"${r.id}": "⟦1|${severities}⟧"${cx.trailingComma ? ',' : ''}` : `${r.id}: ⟦1|${severities}⟧`;
      const item = ruleItem(r.id, r.description, opts.snippetSupport ? toSnippetSyntax(text) : toPlainText(text), cx, lines, opts.snippetSupport, i);
      if (cx.format === 'json' && cx.leadingComma) item.additionalTextEdits = [leadingCommaEdit(cx, lines)];
      return item;
    });
}

function leadingCommaEdit(cx: CursorContext, lines: LineIndex): TextEdit {
  let p = cx.replaceStart;
  while (p > 0 && /\s/.test(lines.text[p - 1])) p--;
  return { range: lines.range(p, p), newText: ',' };
}

function documentItems(cx: CursorContext, lines: LineIndex, opts: CompletionOptions, format: 'yaml' | 'json'): CompletionItem[] {
  const out: CompletionItem[] = [];
  for (const spec of ['oas3', 'oas2'] as const) {
    const entries = documentEntries(spec);
    const body = format === 'json' ? `{\n  ${renderJson(entries, 2)}\n}\n` : renderYaml(entries, 0) + '\n';
    const key = spec === 'oas2' ? 'swagger' : 'openapi';
    out.push({
      label: spec === 'oas2' ? 'Swagger 2.0 document (conventional)' : 'OpenAPI 3.1 document (conventional)',
      kind: CompletionItemKind.Snippet,
      detail: 'apiconv: a whole document that follows the conventions',
      documentation: {
        kind: MarkupKind.Markdown,
        value:
          'One resource with its collection and item paths, the X-API-Key scheme, list parameters and the shared error responses.\n\n```' +
          format +
          '\n' +
          toPlainText(body) +
          '```',
      },
      filterText: format === 'json' && cx.prefix.startsWith('"') ? `"${key}` : key,
      sortText: spec === 'oas3' ? '0' : '1',
      insertTextMode: InsertTextMode.asIs,
      insertTextFormat: opts.snippetSupport ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      textEdit: { range: lines.range(cx.replaceStart, cx.replaceEnd), newText: opts.snippetSupport ? toSnippetSyntax(body) : toPlainText(body) },
    });
  }
  return out;
}

class DocInfo implements SnippetDoc {
  constructor(
    readonly text: string,
    readonly blanked: string,
    readonly data: Obj,
    readonly spec: Spec,
    readonly format: 'yaml' | 'json',
    readonly cx: CursorContext,
    readonly lines: LineIndex,
    readonly opts: CompletionOptions,
    /** The text does not parse (`data` is its last one that did): edits beside the snippet cannot be checked. */
    readonly broken = false,
  ) {}

  /** The `$ref` of the document's error schema (an existing one of shape A/B, else `Error`, added). */
  errorSchema(): { ref: string; ops: FixOp[] } {
    return ensureErrorSchema({ data: this.data, spec: this.spec });
  }

  names(): { names: ComponentNames; ops: FixOp[] } {
    const names = defaultNames(this.spec);
    const es = this.errorSchema();
    names.errorSchemaRef = es.ref;
    const responses = getAt(this.data, this.spec === 'oas2' ? ['responses'] : ['components', 'responses']);
    for (const s of ERROR_STATUSES) {
      // A shared response already used for that status by some operation wins over the conventional name.
      const used = this.sharedResponseFor(s);
      if (used) names.responses[s] = used;
      else if (isObject(responses) && responses[STATUS_NAMES[s]] === undefined) {
        const alt = Object.keys(responses).find(k => k === `Error${s}` || k === s);
        if (alt) names.responses[s] = alt;
      }
    }
    const params = getAt(this.data, this.spec === 'oas2' ? ['parameters'] : ['components', 'parameters']);
    if (isObject(params)) {
      for (const which of ['page', 'limit', 'sort', 'filter'] as const) {
        const k = Object.keys(params).find(n => {
          const p = params[n];
          return isObject(p) && p.name === which && p.in === 'query';
        });
        if (k) names.parameters[which] = k;
      }
    }
    return { names, ops: es.ops };
  }

  private sharedResponseFor(status: string): string | undefined {
    const prefix = this.spec === 'oas2' ? '#/responses/' : '#/components/responses/';
    const paths = this.data.paths;
    if (!isObject(paths)) return undefined;
    for (const item of Object.values(paths)) {
      if (!isObject(item)) continue;
      for (const [, , op] of operationsOfPathItem(item, isOas32(this.data))) {
        const r = isObject(op) && isObject(op.responses) ? op.responses[status] : undefined;
        if (isObject(r) && typeof r.$ref === 'string' && r.$ref.startsWith(prefix) && !r.$ref.slice(prefix.length).includes('/'))
          return r.$ref.slice(prefix.length);
      }
    }
    return undefined;
  }

  /** Whether the document's operations are secured by default (root `security`). */
  secured(op?: Obj): boolean {
    const s = op && Array.isArray(op.security) ? op.security : this.data.security;
    return Array.isArray(s) && s.length > 0;
  }

  /** `/api/v1` unless the servers (basePath) already carry `/api`. */
  pathPrefix(): string {
    const bases: string[] = [];
    if (this.spec === 'oas2') {
      if (typeof this.data.basePath === 'string') bases.push(this.data.basePath);
    } else if (Array.isArray(this.data.servers)) {
      for (const s of this.data.servers) if (isObject(s) && typeof s.url === 'string') bases.push(serverBasePath(s.url, s.variables));
    }
    return bases.some(b => /^\/api(\/|$)/.test(b)) ? '' : '/api/v1';
  }

  item(s: SnippetSpec, sort: number): CompletionItem | undefined {
    const { cx, lines } = this;
    let body = this.format === 'json' ? renderJson(s.entries, cx.indent) : renderYaml(s.entries, cx.indent);
    if (this.format === 'json' && cx.trailingComma) body += ',';
    const additional = this.additionalEdits(s);
    if (additional === undefined) return undefined;
    if (this.format === 'json' && cx.leadingComma) additional.push(leadingCommaEdit(cx, lines));
    const firstKey = Object.keys(s.entries)[0] ?? '';
    const plainFirst = toPlainText(firstKey);
    const typed = lines.text.slice(cx.replaceStart, cx.replaceEnd);
    return {
      label: s.label,
      kind: CompletionItemKind.Snippet,
      detail: s.detail,
      documentation: {
        kind: MarkupKind.Markdown,
        value: `${s.documentation}\n\n\`\`\`${this.format}\n${toPlainText(body)}\n\`\`\``,
      },
      filterText: this.format === 'json' && typed.startsWith('"') ? `"${plainFirst}` : plainFirst,
      sortText: String(sort).padStart(4, '0'),
      insertTextMode: InsertTextMode.asIs,
      insertTextFormat: this.opts.snippetSupport ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      textEdit: { range: lines.range(cx.replaceStart, cx.replaceEnd), newText: this.opts.snippetSupport ? toSnippetSyntax(body) : toPlainText(body) },
      additionalTextEdits: additional.length > 0 ? additional : undefined,
      data: { snippet: s.id },
    };
  }

  /**
   * Edits that add the shared components the snippet references and the document
   * lacks. undefined when they cannot be added without touching the insertion.
   */
  private additionalEdits(s: SnippetSpec): TextEdit[] | undefined {
    const ops: FixOp[] = [...(s.ops ?? [])];
    for (const n of s.needs) {
      if (getAt(this.data, n.path) !== undefined) continue;
      if (ops.some(o => o.kind === 'set' && o.path.join('\u0000') === n.path.join('\u0000'))) continue;
      ops.push({ kind: 'set', path: n.path, value: n.value });
    }
    if (ops.length === 0) return [];
    // applyOps gives no edits for a text that does not parse, and would have parsed it whole to find that out.
    if (this.broken) return undefined;
    const { cx, lines } = this;
    // The whitespace around the insertion: an edit there would be ordered ambiguously against it.
    let gapStart = cx.replaceStart;
    while (gapStart > 0 && /\s/.test(this.text[gapStart - 1])) gapStart--;
    let gapEnd = cx.replaceEnd;
    while (gapEnd < this.text.length && /\s/.test(this.text[gapEnd])) gapEnd++;
    const touches = (e: { offset: number; length: number }) => e.offset <= gapEnd && e.offset + e.length >= gapStart;
    let edits = applyOps(this.blanked, this.format, ops);
    if (edits.length === 0 || edits.some(touches)) {
      if (this.format !== 'yaml') return undefined;
      // A missing top-level key (components) would land at the cursor: write it above the cursor's top-level key.
      edits = this.yamlEditsAbove(ops);
      if (edits.length === 0 || edits.some(touches)) return undefined;
    }
    return edits.map(e => ({ range: lines.range(e.offset, e.offset + e.length), newText: e.newText }));
  }

  private yamlEditsAbove(ops: FixOp[]): { offset: number; length: number; newText: string }[] {
    const existingRoot = ops.filter(o => o.kind === 'set' && getAt(this.data, [o.path[0]]) !== undefined);
    const newRoot = ops.filter(o => !existingRoot.includes(o));
    const out = existingRoot.length > 0 ? applyOps(this.blanked, 'yaml', existingRoot) : [];
    if (newRoot.length > 0) {
      const tree: SnippetMap = {};
      for (const o of newRoot) {
        if (o.kind !== 'set') continue;
        let node = tree;
        o.path.slice(0, -1).forEach(k => {
          const key = String(k);
          if (!isObject(node[key])) node[key] = {};
          node = node[key] as SnippetMap;
        });
        node[String(o.path[o.path.length - 1])] = o.value as SnippetValue;
      }
      // The line of the top-level key that holds the cursor.
      const textLines = this.blanked.split('\n');
      let line = this.lines.positionAt(this.cx.replaceStart).line;
      while (line > 0 && !/^[^\s#-]/.test(textLines[line])) line--;
      const offset = lineOffset(this.blanked, line);
      out.push({ offset, length: 0, newText: renderYaml(tree, 0) + '\n' });
    }
    return out;
  }
}

function lineOffset(text: string, line: number): number {
  let off = 0;
  for (let i = 0; i < line; i++) off = text.indexOf('\n', off) + 1;
  return off;
}

function snippetItems(doc: DocInfo): CompletionItem[] {
  const specs = snippetSpecs(doc);
  const out: CompletionItem[] = [];
  specs.forEach((s, i) => {
    const item = doc.item(s, i);
    if (item) out.push(item);
  });
  return out;
}

// ---------------------------------------------------------------------------

export function registerCompletion(ctx: FeatureContext): void {
  ctx.connection.onCompletion(async params => {
    const document = ctx.documents.get(params.textDocument.uri);
    if (!document) return [];
    const caps = ctx.clientCapabilities();
    const snippetSupport = caps.textDocument?.completion?.completionItem?.snippetSupport === true;
    let ruleIds: string[] | undefined;
    const fileName = fileNameOf(document.uri);
    if (!CONFIG_FILE.test(path.basename(fileName))) {
      try {
        const options = await ctx.lintOptions(document.uri);
        if (options.ruleset) ruleIds = Object.keys(options.ruleset.rules).filter(id => (options.ruleset!.rules[id] as { enabled?: boolean }).enabled !== false);
      } catch {
        /* default ids */
      }
    }
    return computeCompletions(document.getText(), document.offsetAt(params.position), { snippetSupport, fileName, ruleIds });
  });
}

function fileNameOf(uri: string): string {
  try {
    const u = URI.parse(uri);
    return u.scheme === 'file' ? u.fsPath : u.path;
  } catch {
    return uri;
  }
}
