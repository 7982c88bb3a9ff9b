/**
 * Values written as YAML text in a document's style (yamlStyle.ts), for the edits of yamlEdit.ts: inline scalars and
 * flow collections, block mappings and sequences at a column, keys written the way their siblings are.
 */
import { Document, isScalar, visit, type Pair } from 'yaml';
import type { Style } from './yamlStyle';

function isEmptyValue(v: unknown): boolean {
  return (typeof v === 'object' && v !== null && Object.keys(v).length === 0) || v === undefined;
}

function isCollectionValue(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !(v instanceof Date);
}

export function stringifyValue(value: unknown, style: Style, flow: boolean): string {
  const doc = new Document(value);
  if (flow) {
    visit(doc, {
      Map(_k, n) {
        n.flow = true;
      },
      Seq(_k, n) {
        n.flow = true;
      },
    });
  }
  const out = doc.toString({
    indent: style.unit,
    indentSeq: style.indentSeq,
    lineWidth: 0,
    minContentWidth: 0,
    singleQuote: style.singleQuote,
    flowCollectionPadding: style.flowPadding,
  });
  return out.replace(/\n$/, '');
}

/** A scalar (or empty collection) on one line. */
function inlineValue(value: unknown, style: Style): string {
  // A scalar's text is remembered: a fix-all writes the same descriptions, media types and $refs many times,
  // and `yaml` builds a Document for each (a large part of the fix computations of a big document).
  const key = scalarKey(value, style);
  if (key !== undefined) {
    const hit = inlineTexts.get(key);
    if (hit !== undefined) return hit;
  }
  const out = stringifyValue(value, style, true);
  const text = out.includes('\n') ? JSON.stringify(value) : out;
  if (key !== undefined) remember(inlineTexts, key, text);
  return text;
}

const inlineTexts = new Map<string, string>();

const plainKeys = new Map<string, boolean>();

const MEMO_LIMIT = 20_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MEMO_LIMIT) map.clear();
  map.set(key, value);
}

/** The memo key of a scalar's inline text under `style` (what stringifyValue reads of it); undefined for anything else. */
function scalarKey(value: unknown, style: Style): string | undefined {
  const t = typeof value;
  if (value !== null && t !== 'string' && t !== 'number' && t !== 'boolean') return undefined;
  if (t === 'number' && Object.is(value, -0)) return undefined;
  return `${style.unit}${style.indentSeq ? 1 : 0}${style.singleQuote ? 1 : 0}${style.flowPadding ? 1 : 0}${t[0]}${String(value)}`;
}

function blockKey(key: string, style: Style): string {
  if (plainKeyOk(key)) return key;
  return quoteAs(key, style.singleQuote ? "'" : '"');
}

function isBlockCollection(v: unknown): v is Record<string, unknown> | unknown[] {
  return isCollectionValue(v) && !isEmptyValue(v);
}

/** Block lines for a non-empty mapping whose keys sit at column `col`. */
function emitMap(value: Record<string, unknown>, style: Style, col: number): string[] {
  const pad = ' '.repeat(col);
  const lines: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const head = pad + blockKey(k, style) + ':';
    if (!isBlockCollection(v)) lines.push(head + ' ' + inlineValue(v, style));
    else if (Array.isArray(v)) lines.push(head, ...emitSeq(v, style, style.indentSeq ? col + style.unit : col));
    else lines.push(head, ...emitMap(v, style, col + style.unit));
  }
  return lines;
}

/** Block lines for a non-empty sequence whose dashes sit at column `dashCol`. */
function emitSeq(value: unknown[], style: Style, dashCol: number): string[] {
  const lines: string[] = [];
  const dash = ' '.repeat(dashCol) + '-' + ' '.repeat(style.seqGap - 1);
  for (const item of value) {
    if (!isBlockCollection(item)) {
      lines.push(dash + inlineValue(item ?? null, style));
      continue;
    }
    const inner = emitItemBody(item, style, dashCol + style.seqGap);
    lines.push(dash + inner[0].slice(dashCol + style.seqGap), ...inner.slice(1));
  }
  return lines;
}

function emitItemBody(item: Record<string, unknown> | unknown[], style: Style, col: number): string[] {
  return Array.isArray(item) ? emitSeq(item, style, col) : emitMap(item, style, col);
}

/** The text after `key:` for `value` placed in a block mapping whose keys sit at column `col`. */
export function renderAfterColon(value: unknown, style: Style, col: number): string {
  if (!isBlockCollection(value)) return ' ' + inlineValue(value, style);
  if (Array.isArray(value)) return '\n' + emitSeq(value, style, style.indentSeq ? col + style.unit : col).join('\n');
  return '\n' + emitMap(value, style, col + style.unit).join('\n');
}

/** The text after the dash for an item whose content starts at column `contentCol`. */
export function renderSeqItem(value: unknown, style: Style, contentCol: number): string {
  if (!isBlockCollection(value)) return inlineValue(value, style);
  const lines = emitItemBody(value, style, contentCol);
  return [lines[0].slice(contentCol), ...lines.slice(1)].join('\n');
}

export function quoteAs(key: string, q: "'" | '"'): string {
  return q === '"' ? JSON.stringify(key) : `'${key.replace(/'/g, "''")}'`;
}

export function plainKeyOk(key: string): boolean {
  if (key === '') return false;
  const hit = plainKeys.get(key);
  if (hit !== undefined) return hit;
  const ok = new Document(key).toString({ lineWidth: 0 }).replace(/\n$/, '') === key;
  remember(plainKeys, key, ok);
  return ok;
}

/** A key written the way sibling keys are (quoted when they all are; plain numbers when they are). */
export function renderKey(key: string, siblings: readonly Pair<unknown, unknown>[], style: Style): string {
  const types = siblings.map(p => (isScalar(p.key) ? p.key.type : undefined));
  const allSingle = types.length > 0 && types.every(t => t === 'QUOTE_SINGLE');
  const allDouble = types.length > 0 && types.every(t => t === 'QUOTE_DOUBLE');
  if (allSingle) return quoteAs(key, "'");
  if (allDouble) return quoteAs(key, '"');
  if (plainKeyOk(key)) return key;
  if (/^\d+$/.test(key) && siblings.some(p => isScalar(p.key) && p.key.type === 'PLAIN' && typeof p.key.value === 'number')) return key;
  const single = types.filter(t => t === 'QUOTE_SINGLE').length;
  const double = types.filter(t => t === 'QUOTE_DOUBLE').length;
  if (double > single || (double === single && !style.singleQuote && double > 0)) return quoteAs(key, '"');
  return quoteAs(key, "'");
}
