/**
 * A one-shot lint's YAML parse: the data and, per mapping and sequence, the offsets that ranges of findings are
 * computed from, without a syntax tree (the YAML counterpart of jsonOffsets.ts).
 *
 * yamlDocument.ts turns @stoplight/yaml-ast-parser's syntax tree into data: the tree (a node per key, value and entry,
 * each with its strings, parent and error list) is most of a cold lint's parse (most of it, and a
 * collection every megabyte of it). Here the text is read once into the data, and each mapping and sequence keeps
 * where each key, value and entry starts and ends, as that parser's nodes would say (numbers in shared typed arrays:
 * yamlOffsetsTree.ts).
 *
 * Only the common shape of an API description is read: block mappings and sequences indented with spaces, a first
 * `---`, plain and quoted keys, plain, quoted and block scalars (yamlOffsetsScalars.ts, yamlOffsetsBlocks.ts), flow
 * collections, null items. A plain block key that is not a string (`200:`, `08:`, `true:`) is read as yamlDocument
 * reads it: the data's key is its value's text, and the parser's warning is kept (keyWarnings). Anything else — an
 * anchor, alias or tag, an explicit key, a directive or a second document, a tab in the indentation, a carriage
 * return, a duplicate or merge key, a null key, a flow collection with a comment or an empty entry, a scalar
 * document, and every syntax error — gives up (undefined), and the text takes yamlDocument's way, which gives the same
 * data as before and the parser's diagnostics. Used for a one-shot lint's document and for every `$ref`'d YAML file
 * (yamlDocument.ts parseYamlOneShot, parseYamlReferenced). Ranges: yamlOffsetsRanges.ts. test/engine/yamlOffsets.test.ts compares the data and the
 * range of every path with that way on every YAML document of the tests (and of the full corpus), and on thousands
 * of edited copies.
 */
import { ScalarType } from '@stoplight/yaml-ast-parser';
import { isArrayIndex, orderedObjectOf, sparseIndexTarget } from './units';
import { readBlockScalar, readFlow } from './yamlOffsetsBlocks';
import {
  GIVE_UP,
  giveUp,
  hasNonPrintable,
  isBlank,
  pastLine,
  plainKeyValue,
  plainStart,
  plainType,
  plainValue,
  quoted,
  quotedEnd,
  quotedKeyEnd,
} from './yamlOffsetsScalars';
import {
  beginTree,
  endTree,
  enterNode,
  makeNode,
  NONE,
  offsetsOf,
  PlainLine,
  plainText,
  readPlainText,
  scanBound,
  type OffsetNode,
  type OffsetTree,
} from './yamlOffsetsTree';

export interface YamlOffsets {
  data: unknown;
  /** the nodes */
  tree: OffsetTree;
  /** the root mapping or sequence (a scalar document is not read here) */
  root: OffsetNode;
  /** the parser's warnings for keys that are not strings (`08:`, `true:`), in the document's order */
  keyWarnings: YamlKeyWarning[];
  /**
   * The most levels limits.ts's depth scan counts in the text: its mappings and sequences' nesting, one more for a
   * sequence's dash, the continuation lines of its longest multi-line plain scalar (each may sit deeper than the
   * last, and the scan counts a level per deeper line), and the brackets of plain text the scan counts as flow
   * collections (yamlOffsetsTree.ts plainText); Infinity where the scan would take a quote in plain text for a quoted
   * scalar's start. A one-shot lint far below the limit needs no scan (pipeline/input.ts); yamlOffsets.test holds the
   * bound to the scan on every YAML text it reads, and hostile.test on texts made to mislead the scan.
   */
  scanBound: number;
}

/** The parser's warning for a mapping key that is not a string, as yamlDocument makes it from the key's node. */
export interface YamlKeyWarning {
  start: number;
  end: number;
  message: string;
  /** @stoplight/yaml's buildJsonPath of the key's node: the keys' texts (not the data's keys) and indexes down to it */
  path: (string | number)[];
}

let text = '';
let pos = 0;
let len = 0;
/** set by each value read: its own start and end, and its node when a mapping or a sequence */
let vStart = 0;
let vEnd = 0;
let vNode: OffsetNode = NONE;
/** How the last value read left `pos`: 0 on its line after it, 1 at the start of the next line, 2 at the next content (or the end). */
let left = 0;
/** start, end and the value's type of each key that is not a string */
let oddKeys: { start: number; end: number; type: string }[] = [];

/** After a value: the column of the next line holding content (`pos` on its first character), -1 at the end. */
function nextIndent(): number {
  if (left === 0) {
    finishLine();
    return nextContentLine();
  }
  if (left === 1) return nextContentLine();
  return pos >= len ? -1 : columnOf(pos);
}

const isDash = (): boolean => text.charCodeAt(pos) === 0x2d && isBlank(text.charCodeAt(pos + 1));

export function parseYamlOffsets(source: string): YamlOffsets | undefined {
  if (source.length === 0 || source.indexOf('\r') >= 0 || hasNonPrintable(source)) return undefined;
  text = source;
  len = source.length;
  pos = 0;
  const tree = beginTree(len);
  try {
    let indent = nextContentLine(true);
    if (pos >= len) return undefined;
    if (indent === 0 && isDocMarker(pos) && text.charCodeAt(pos) === 0x2d && text.charCodeAt(pos + 3) === 0x0a) {
      // `---` alone on the first line: the start of the (only) document
      pos += 4;
      indent = nextContentLine();
      if (pos >= len) return undefined;
    }
    const c = text.charCodeAt(pos);
    if (indent !== 0 || (c === 0x2d && isDocMarker(pos))) return undefined; // (a directive, `%`, gives up below)
    const data = blockNode(0, -1);
    const root = vNode;
    if (root === NONE) return undefined; // a scalar for a document
    if (nextIndent() >= 0) return undefined; // something after the root
    const keyWarnings = oddKeys.map(k => ({
      start: k.start,
      end: k.end,
      message: `mapping key must be a string scalar rather than ${k.type}`,
      path: keyPath(tree, root, k.start),
    }));
    return { data, tree, root, keyWarnings, scanBound: scanBound(tree) };
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  } finally {
    // The module's state lets go of the text and the nodes (the last value's node is the root): the parse's result
    // holds the nodes as long as its ranges are wanted, and no longer.
    text = '';
    oddKeys = [];
    vNode = NONE;
    endTree();
  }
}

/** The path buildJsonPath gives the node of the key starting at `at`: each mapping's key as its node says it (the text of a plain key), each sequence's index. */
function keyPath(tree: OffsetTree, root: OffsetNode, at: number): (string | number)[] {
  const path: (string | number)[] = [];
  const ints = tree.ints;
  let node = root;
  while (node !== NONE && tree.count(node) > 0) {
    let i: number = tree.count(node) - 1;
    while (i > 0 && (ints[tree.slot(node, i)]! < 0 || ints[tree.slot(node, i)]! > at)) i--;
    if (tree.isMap(node)) {
      path.push(tree.keysOf(node)[i]!);
      if (ints[tree.slot(node, i)] === at) return path;
    } else {
      path.push(i);
    }
    node = tree.kid(node, i);
  }
  return path;
}

function isDocMarker(at: number): boolean {
  const a = text.charCodeAt(at);
  if ((a !== 0x2d && a !== 0x2e) || text.charCodeAt(at + 1) !== a || text.charCodeAt(at + 2) !== a) return false;
  const d = text.charCodeAt(at + 3);
  return Number.isNaN(d) || d === 0x20 || d === 0x0a || d === 0x09;
}

/**
 * From the start of a line (or the end of the last content), to the first character of the next line holding
 * something other than blanks and a comment; its indentation (the position is then on that character). At the end
 * of the text: -1.
 */
function nextContentLine(documentStart = false): number {
  for (;;) {
    const lineStart = pos;
    while (pos < len && text.charCodeAt(pos) === 0x20) pos++;
    if (pos >= len) return -1;
    const c = text.charCodeAt(pos);
    if (c === 0x0a) {
      pos++;
      continue;
    }
    if (c === 0x09) giveUp(); // a tab in the indentation (or a line of blanks with one)
    if (c === 0x23 /* # */) {
      const br = text.indexOf('\n', pos);
      if (br < 0) {
        pos = len;
        return -1;
      }
      pos = br + 1;
      continue;
    }
    if (pos - lineStart === 0 && !documentStart && isDocMarker(pos)) giveUp();
    return pos - lineStart;
  }
}

/** After a value: blanks and a comment to the end of the line (then past the line break); anything else gives up. */
function finishLine(): void {
  pos = pastLine(text, pos);
}

function columnOf(at: number): number {
  const br = text.lastIndexOf('\n', at - 1);
  return at - (br + 1);
}

/** A node that starts at `pos` (its first character), at column `col`; `parent` the indentation of what holds it. */
function blockNode(col: number, parent: number): unknown {
  const c = text.charCodeAt(pos);
  if (c === 0x2d && isBlank(text.charCodeAt(pos + 1))) return blockSeq(col);
  if (startsKey()) return blockMap(col);
  return inlineValue(parent);
}

/** Whether a mapping key starts at `pos`: a plain or quoted key on this line followed by `:` and a blank. */
function startsKey(): boolean {
  const c = text.charCodeAt(pos);
  if (c === 0x22 || c === 0x27) {
    const close = quotedKeyEnd(text, pos);
    return close >= 0 && text.charCodeAt(close) === 0x3a && isBlank(text.charCodeAt(close + 1));
  }
  if (!plainStart(c, text.charCodeAt(pos + 1))) return false;
  const end = plainKeyEnd(pos);
  return end >= 0;
}

/** The end of a plain key starting at `at` (its `:` followed by a blank), or -1 (no key on this line). */
function plainKeyEnd(at: number): number {
  for (let i = at; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return -1;
    if (c === 0x3a && isBlank(text.charCodeAt(i + 1))) return i;
    if (c === 0x23 && (text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x09)) return -1;
  }
  return -1;
}

const hasOwn = Object.prototype.hasOwnProperty;

function blockMap(col: number): unknown {
  const start = pos;
  /** the keys' texts, once a key that is not a string makes one differ from the data's key (the data's keys before) */
  let texts: string[] | undefined;
  const d = enterNode();
  const p = offsetsOf(d);
  // Filled as the entries are read: a plain object while it lists its keys as written (array-index keys first and
  // ascending: units.ts writtenOrderObject), else an ordered one. The greatest array-index key yet, and another key yet:
  let data: Record<string, unknown> = {};
  let ordered = false;
  let lastIndex = -1;
  let named = false;
  let prevEnd = -1;
  for (;;) {
    // the key
    const keyStart = pos;
    let key: string;
    let dataKey: string;
    const c = text.charCodeAt(pos);
    let keyEnd: number;
    if (c === 0x22 || c === 0x27) {
      keyEnd = quotedKeyEnd(text, pos);
      if (keyEnd < 0) giveUp();
      key = quoted(text, pos, keyEnd, false);
      dataKey = key;
    } else {
      if (!plainStart(c, text.charCodeAt(pos + 1))) giveUp();
      const colon = plainKeyEnd(pos);
      if (colon < 0) giveUp();
      keyEnd = colon;
      while (keyEnd > keyStart && (text.charCodeAt(keyEnd - 1) === 0x20 || text.charCodeAt(keyEnd - 1) === 0x09)) keyEnd--;
      key = text.slice(keyStart, keyEnd);
      if (key.indexOf(': ') >= 0 || key.indexOf(' #') >= 0) giveUp();
      readPlainText(text, keyStart, keyEnd);
      const type = plainType(key);
      if (type === ScalarType.string) {
        dataKey = key;
      } else {
        // the parser's warning; the data's key is the value's text, the node's the key's text (yamlDocument's keyOf)
        const v = plainKeyValue(key, type);
        oddKeys.push({ start: keyStart, end: keyEnd, type: typeof v });
        dataKey = String(v);
        texts ??= Object.keys(data);
      }
    }
    if (text.charCodeAt(keyEnd) !== 0x3a || !isBlank(text.charCodeAt(keyEnd + 1))) giveUp(); // `key :`, `'key':x`
    if (dataKey === '<<' || dataKey === '__proto__' || hasOwn.call(data, dataKey)) giveUp();
    if (ordered || !isArrayIndex(dataKey)) named = true;
    else if (named || Number(dataKey) < lastIndex) {
      ordered = true;
      const plain = data; // its keys as written so far
      data = orderedObjectOf(Object.keys(plain), k => plain[k]);
    } else {
      if (lastIndex < 0) data = sparseIndexTarget(); // the first key: array-index keys kept in a dictionary
      lastIndex = Number(dataKey);
    }
    // the previous entry ended on this line: the syntax check's case (yamlSyntax.ts), left to yamlDocument's way
    if (prevEnd >= 0 && keyStart > prevEnd && text.lastIndexOf('\n', keyStart - 1) < prevEnd) giveUp();
    pos = keyEnd + 1;
    while (pos < len && text.charCodeAt(pos) === 0x20) pos++;
    const v = text.charCodeAt(pos);
    let value: unknown;
    let valStart = -1;
    let valEnd = -1;
    let kid: OffsetNode = NONE;
    let ni: number;
    if (pos >= len || v === 0x0a || v === 0x23) {
      // the value on the next lines, or none
      finishLine();
      const below = nextContentLine();
      if (below > col || (below === col && isDash())) {
        value = below === col ? blockSeq(col) : blockNode(below, col);
        valStart = vStart;
        valEnd = vEnd;
        kid = vNode;
        ni = nextIndent();
      } else {
        value = null;
        ni = below;
      }
    } else if (v === 0x09) {
      return giveUp();
    } else {
      value = inlineValue(col);
      valStart = vStart;
      valEnd = vEnd;
      kid = vNode;
      ni = nextIndent();
    }
    data[dataKey] = value;
    texts?.push(key);
    p.push(keyStart, keyEnd, valStart, valEnd, kid);
    prevEnd = valStart < 0 ? keyEnd + 1 : valEnd;
    if (ni < col) break;
    if (ni > col || isDash()) giveUp();
  }
  vStart = start;
  vEnd = prevEnd;
  vNode = makeNode(d, true, start, prevEnd, texts ?? data);
  left = 2;
  return data;
}

function blockSeq(col: number): unknown {
  const start = pos;
  const items: unknown[] = [];
  const d = enterNode();
  const p = offsetsOf(d);
  for (;;) {
    // at `-`
    pos++;
    while (pos < len && text.charCodeAt(pos) === 0x20) pos++;
    const c = text.charCodeAt(pos);
    let ni: number;
    if (pos >= len || c === 0x0a || c === 0x23) {
      finishLine();
      const below = nextContentLine();
      if (below > col) {
        items.push(blockNode(below, col));
        p.push(vStart, vEnd, vNode);
        ni = nextIndent();
      } else {
        // a null item (no node in the parser's tree)
        items.push(null);
        p.push(-1, -1, NONE);
        ni = below;
      }
    } else if (c === 0x09) {
      return giveUp();
    } else {
      items.push(blockNode(columnOf(pos), col));
      p.push(vStart, vEnd, vNode);
      ni = nextIndent();
    }
    if (ni < col) break;
    if (ni > col) giveUp();
    if (!isDash()) break; // the next key of the mapping holding it, at its column
  }
  // A block sequence ends where the next content starts (or at the end of the text).
  const end = pos >= len ? len : pos;
  vStart = start;
  vEnd = end;
  vNode = makeNode(d, false, start, end, undefined);
  left = 2;
  return items;
}

/** A value that starts on the current line at `pos`: a scalar or a flow collection (`parent`: the indentation of what holds it). */
function inlineValue(parent: number): unknown {
  vNode = NONE;
  const c = text.charCodeAt(pos);
  switch (c) {
    case 0x22: // "
    case 0x27: {
      // '
      const start = pos;
      const end = quotedEnd(text, pos);
      const v = quoted(text, start, end, true);
      vStart = start;
      vEnd = end;
      pos = end;
      left = 0;
      return v;
    }
    case 0x7c: // |
    case 0x3e: {
      // >
      const r = readBlockScalar(text, pos, parent);
      vStart = pos;
      vEnd = r.end;
      pos = r.next;
      left = 1;
      return r.value;
    }
    case 0x5b: // [
    case 0x7b: {
      // {
      const r = readFlow(text, pos);
      vStart = pos;
      vEnd = r.next;
      vNode = r.node;
      pos = r.next;
      left = 0;
      return r.value;
    }
    case 0x26:
    case 0x2a:
    case 0x21:
    case 0x3f:
    case 0x25:
    case 0x40:
    case 0x60:
    case 0x2c:
    case 0x5d:
    case 0x7d:
    case 0x23:
      return giveUp();
  }
  return plainScalar(parent);
}

/** A plain scalar in the block context, maybe over several lines (more indented than `parent`). */
function plainScalar(parent: number): unknown {
  const start = pos;
  if (!plainStart(text.charCodeAt(pos), text.charCodeAt(pos + 1))) giveUp();
  const end = lineOfPlain(pos);
  let out = text.slice(start, end);
  let last = end;
  pos = end;
  let lines = 0;
  // continuation lines
  for (;;) {
    let i = pos;
    // rest of this line: blanks then the line break
    while (i < len && text.charCodeAt(i) === 0x20) i++;
    if (i >= len || text.charCodeAt(i) !== 0x0a) break; // a comment or the end
    let breaks = 0;
    let j = i;
    let col: number;
    for (;;) {
      // j at a line break
      breaks++;
      j++;
      const ls = j;
      while (j < len && text.charCodeAt(j) === 0x20) j++;
      col = j - ls;
      const d = text.charCodeAt(j);
      if (d === 0x0a) continue;
      break;
    }
    if (j >= len || col <= parent) break;
    const d = text.charCodeAt(j);
    if (d === 0x23 || d === 0x09) giveUp();
    if (d === 0x2d && isBlank(text.charCodeAt(j + 1))) giveUp();
    const e = lineOfPlain(j);
    if (text.charCodeAt(e) === 0x3a) giveUp(); // a key in a continuation line: the parser's error
    out += breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
    out += text.slice(j, e);
    last = e;
    pos = e;
    lines++;
  }
  if (lines > plainText.lines) plainText.lines = lines;
  pos = last;
  vStart = start;
  vEnd = last;
  left = 0;
  return plainValue(out);
}

const plainLine = new PlainLine();

/** The end of a plain scalar's text on its line from `at` (before trailing blanks, a comment or `: `). */
function lineOfPlain(at: number): number {
  let i = at;
  let end = at;
  // the depth scan's reading of the line (yamlOffsetsTree.ts plainText)
  const scan = plainLine;
  scan.reset();
  for (; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) break;
    if (c === 0x3a && isBlank(text.charCodeAt(i + 1))) giveUp(); // `a: b: c`
    if (c === 0x23 && (text.charCodeAt(i - 1) === 0x20 || text.charCodeAt(i - 1) === 0x09)) break;
    if (c !== 0x20 && c !== 0x09) end = i + 1;
    scan.char(c, text.charCodeAt(i + 1));
  }
  scan.end();
  // a tab among the blanks after it: the parser's warning about tabs
  for (let k = end; k < i; k++) if (text.charCodeAt(k) === 0x09) giveUp();
  return end;
}
