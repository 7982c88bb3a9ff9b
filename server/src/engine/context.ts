/**
 * Where is the cursor, structurally? Completion context detection for YAML
 * (by indentation, so that half-typed documents work) and JSON (jsonc-parser).
 *
 * PURE: text and offset in, a description of the insertion point out. Never throws.
 */
import { getLocation, parseTree, findNodeAtLocation, findNodeAtOffset, getNodePath, type Node as JsonNode } from 'jsonc-parser';

export type ContextKind =
  /** The document holds nothing but (maybe) the word being typed. */
  | 'empty'
  /** A new key of the mapping at `path`. */
  | 'key'
  /** A rule id after `# apiconv-ignore` (YAML) or inside an `x-apiconv-ignore` array (JSON). */
  | 'ignore-rule'
  | 'none';

export interface CursorContext {
  format: 'yaml' | 'json';
  kind: ContextKind;
  /** Key path of the mapping a new key goes into (`kind: 'key'`). A sequence item is written `#`. */
  path: string[];
  /** Column of the mapping's keys. */
  indent: number;
  /** The range (offsets) the completion replaces: the word being typed. */
  replaceStart: number;
  replaceEnd: number;
  /** The typed word (without JSON quotes). */
  prefix: string;
  /** Keys already present in that mapping. */
  siblings: string[];
  /** JSON: the inserted members need a comma before / after them. */
  leadingComma?: boolean;
  trailingComma?: boolean;
  /** `ignore-rule`: rule ids already written in that directive. */
  written?: string[];
}

function none(format: 'yaml' | 'json', offset: number): CursorContext {
  return { format, kind: 'none', path: [], indent: 0, replaceStart: offset, replaceEnd: offset, prefix: '', siblings: [] };
}

export function detectContext(text: string, offset: number, format: 'yaml' | 'json'): CursorContext {
  try {
    const o = Math.max(0, Math.min(offset, text.length));
    return format === 'json' ? jsonContext(text, o) : yamlContext(text, o);
  } catch {
    return none(format, offset);
  }
}

// ---------------------------------------------------------------------------
// YAML

const IGNORE_PREFIX = /#[ \t]*apiconv-ignore(?:-file)?[ \t]+((?:[\w$.-]+,)*)([\w$.-]*)$/;
const KEY_LINE = /^( *)([^\s#:][^#]*?|'[^']*'|"[^"]*")[ \t]*:(?:[ \t]+(.*))?$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function isBlankOrComment(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#') || t === '---';
}

function unquote(k: string): string {
  const t = k.trim();
  if ((t.startsWith("'") && t.endsWith("'")) || (t.startsWith('"') && t.endsWith('"'))) return t.slice(1, -1);
  return t;
}

/** The key of a `key:` line (undefined for other lines). `value` is what follows the colon. */
function keyOf(line: string): { key: string; value: string } | undefined {
  const body = line.replace(/\r$/, '');
  const m = KEY_LINE.exec(body.trimStart().startsWith('- ') ? body.replace(/^(\s*)- /, '$1  ') : body);
  if (!m) return undefined;
  return { key: unquote(m[2]), value: (m[3] ?? '').replace(/\s+#.*$/, '').trim() };
}

function yamlContext(text: string, offset: number): CursorContext {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) lineEnd = text.length;
  const before = text.slice(lineStart, offset);
  const after = text.slice(offset, lineEnd).replace(/\r$/, '');

  const ig = IGNORE_PREFIX.exec(before);
  if (ig) {
    const tail = /^[\w$.-]*/.exec(after)![0];
    return {
      ...none('yaml', offset),
      kind: 'ignore-rule',
      replaceStart: offset - ig[2].length,
      replaceEnd: offset + tail.length,
      prefix: ig[2],
      written: ig[1].split(',').filter(Boolean),
    };
  }

  const km = /^( *)([^\s:#'"]*)$/.exec(before);
  if (!km || !/^[^\s:#]*\s*$/.test(after)) return none('yaml', offset);
  const tail = /^[^\s:#]*/.exec(after)![0];
  const indent = km[1].length;
  const prefix = km[2];
  const base: CursorContext = {
    format: 'yaml',
    kind: 'key',
    path: [],
    indent,
    replaceStart: offset - prefix.length,
    replaceEnd: offset + tail.length,
    prefix: prefix + tail,
    siblings: [],
  };

  const lines = text.split('\n');
  const cur = text.slice(0, lineStart).split('\n').length - 1;
  const others = lines.filter((l, i) => i !== cur && !isBlankOrComment(l));
  if (others.length === 0) return { ...base, kind: 'empty' };

  // Ancestors: walk up to lines with less indentation.
  const path: string[] = [];
  let threshold = indent;
  let siblingZone = true;
  const siblings: string[] = [];
  for (let j = cur - 1; j >= 0 && threshold > 0; j--) {
    const line = lines[j].replace(/\r$/, '');
    if (isBlankOrComment(line)) continue;
    const li = indentOf(line);
    const dash = /^\s*- /.test(line) || /^\s*-$/.test(line);
    if (dash) {
      const contentCol = li + 2;
      if (contentCol === threshold && siblingZone) {
        // The cursor's mapping is this sequence item's mapping.
        const k = keyOf(line);
        if (k) siblings.push(k.key);
        path.unshift('#');
        siblingZone = false;
        // A sequence may sit at its parent key's indentation (`key:\n- item`).
        const parent = findParent(lines, j - 1, li, true);
        if (!parent) return { ...base, kind: 'none' };
        path.unshift(parent.key);
        threshold = parent.indent;
        j = parent.line;
        continue;
      }
      if (li < threshold) {
        path.unshift('#');
        siblingZone = false;
        const parent = findParent(lines, j - 1, li, true);
        if (!parent) return { ...base, kind: 'none' };
        path.unshift(parent.key);
        threshold = parent.indent;
        j = parent.line;
      }
      continue;
    }
    if (li === threshold && siblingZone) {
      const k = keyOf(line);
      if (k) siblings.push(k.key);
      continue;
    }
    if (li < threshold) {
      const k = keyOf(line);
      if (!k || (k.value !== '' && !/^[|>]/.test(k.value))) return { ...base, kind: 'none' };
      path.unshift(k.key);
      threshold = li;
      siblingZone = false;
    }
  }
  // Siblings below the cursor.
  for (let j = cur + 1; j < lines.length; j++) {
    const line = lines[j].replace(/\r$/, '');
    if (isBlankOrComment(line)) continue;
    const li = indentOf(line);
    if (li < indent) break;
    if (li === indent && !/^\s*-/.test(line)) {
      const k = keyOf(line);
      if (k) siblings.push(k.key);
    }
  }
  return { ...base, path, siblings };
}

/** The `key:` line above `from` that owns a sequence at column `seqIndent`. */
function findParent(lines: string[], from: number, seqIndent: number, allowSame: boolean): { key: string; indent: number; line: number } | undefined {
  for (let j = from; j >= 0; j--) {
    const line = lines[j].replace(/\r$/, '');
    if (isBlankOrComment(line)) continue;
    const li = indentOf(line);
    if (li > seqIndent || (li === seqIndent && /^\s*-/.test(line))) continue;
    if (li < seqIndent || allowSame) {
      const k = keyOf(line);
      if (!k || k.value !== '') return undefined;
      return { key: k.key, indent: li, line: j };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// JSON

function lineIndentAt(text: string, offset: number): number {
  const ls = text.lastIndexOf('\n', offset - 1) + 1;
  return indentOf(text.slice(ls, text.indexOf('\n', ls) < 0 ? text.length : text.indexOf('\n', ls)));
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

function jsonContext(text: string, offset: number): CursorContext {
  const base = none('json', offset);
  // The word being typed: inside quotes, or bare.
  let start = offset;
  let end = offset;
  let quoted = false;
  const loc = getLocation(text, offset);
  while (start > 0 && !'"\n{}[],:'.includes(text[start - 1])) start--;
  if (start > 0 && text[start - 1] === '"') {
    quoted = true;
    start--;
    while (end < text.length && !'"\n'.includes(text[end])) end++;
    if (text[end] === '"') end++;
  } else {
    start = offset;
    while (start > 0 && /[\w$/.-]/.test(text[start - 1])) start--;
    while (end < text.length && /[\w$/.-]/.test(text[end])) end++;
  }
  const word = quoted ? text.slice(start + 1, text[end - 1] === '"' && end - 1 > start ? end - 1 : end) : text.slice(start, end);

  if (text.slice(0, start).trim() === '' && text.slice(end).trim() === '') {
    return { ...base, kind: 'empty', replaceStart: 0, replaceEnd: text.length, prefix: word };
  }

  // Inside an x-apiconv-ignore array: a rule id.
  const p = loc.path;
  if (!loc.isAtPropertyKey && p.length >= 2 && p[p.length - 2] === 'x-apiconv-ignore' && typeof p[p.length - 1] === 'number') {
    const tree = parseTree(text, [], { allowTrailingComma: true });
    const arr = tree ? findNodeAtLocation(tree, p.slice(0, -1)) : undefined;
    const written = (arr?.children ?? []).filter(c => c.type === 'string' && !(c.offset <= offset && offset <= c.offset + c.length)).map(c => String(c.value));
    return { ...base, kind: 'ignore-rule', replaceStart: start, replaceEnd: end, prefix: word, written };
  }

  // A property key position: jsonc reports it inside a key string, or after `{` / `,`.
  const charBefore = text.slice(0, start).trimEnd().slice(-1);
  const cleaned = text.slice(0, start) + text.slice(end);
  const tree = parseTree(cleaned, [], { allowTrailingComma: true });
  let path: string[];
  if (loc.isAtPropertyKey) {
    path = p.slice(0, -1).map(String);
  } else if (!quoted && tree) {
    // A bare position between members: the innermost node around it must be an object.
    const around = findNodeAtOffset(tree, start);
    if (!around || around.type !== 'object' || start <= around.offset) return base;
    path = getNodePath(around).map(String);
  } else return base;
  let siblings: string[] = [];
  let indent = lineIndentAt(text, start);
  if (tree) {
    const obj = findNodeAtLocation(tree, path);
    if (obj && obj.type === 'object') {
      const props = (obj.children ?? []).filter((c: JsonNode) => c.children?.[0] && String(c.children[0].value) !== '');
      siblings = props.map(c => String(c.children![0].value));
      const firstProp = props.find(c => c.offset !== start);
      indent = firstProp ? columnOf(text, firstProp.offset) : lineIndentAt(text, obj.offset) + 2;
    }
  }
  const after = text.slice(end).trimStart()[0];
  return {
    ...base,
    kind: 'key',
    path,
    indent,
    replaceStart: start,
    replaceEnd: end,
    prefix: word,
    siblings,
    leadingComma: charBefore !== '{' && charBefore !== ',' && charBefore !== '',
    trailingComma: after === '"',
  };
}
