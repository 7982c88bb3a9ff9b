/**
 * yamlOffsets.ts's readers of block scalars (as @stoplight/yaml-ast-parser reads them) and of flow sequences and
 * mappings, each from a text and an offset; each gives up (throws GIVE_UP) on what it does not read.
 */
import { enumeratesAsWritten, isArrayIndex, orderedObject, sparseIndexTarget } from './units';
import { giveUp, isBlank, pastLine, plainStart, plainType, plainValue, quoted, quotedEnd, quotedKeyEnd } from './yamlOffsetsScalars';
import { enterNode, makeNode, NONE, offsetsOf, readPlainText, type OffsetNode } from './yamlOffsetsTree';
import { ScalarType } from '@stoplight/yaml-ast-parser';

// The reader's own cursor (a call at a time).
let text = '';
let pos = 0;
let len = 0;
/** set by each value read in a flow collection: its own start and end, and its node when a collection */
let vStart = 0;
let vEnd = 0;
let vNode: OffsetNode = NONE;

/** After a value: blanks and a comment to the end of the line (then past the line break); anything else gives up. */
function finishLine(): void {
  pos = pastLine(text, pos);
}

/**
 * A block scalar (`|` or `>`, chomping `-` or none, maybe an indentation indicator) and its lines, read as the
 * parser reads them (js-yaml's readBlockScalar): `parent` is the indentation of what holds it.
 */
export function readBlockScalar(source: string, at: number, parent: number): { value: string; end: number; next: number } {
  text = source;
  len = source.length;
  pos = at;
  const start = pos;
  const folding = text.charCodeAt(pos) === 0x3e;
  pos++;
  let strip = false;
  let keep = false;
  let textIndent = parent + 1;
  let detected = false;
  for (let k = 0; k < 2; k++) {
    const h = text.charCodeAt(pos);
    if ((h === 0x2d || h === 0x2b) && !strip && !keep) {
      if (h === 0x2d) strip = true;
      else keep = true;
      pos++;
    } else if (h >= 0x31 && h <= 0x39 && !detected) {
      textIndent = parent + 1 + (h - 0x30) - 1;
      detected = true;
      pos++;
    }
  }
  if (text.charCodeAt(pos) !== 0x20 && text.charCodeAt(pos) !== 0x0a && text.charCodeAt(pos) !== 0x23 && pos < len) giveUp();
  finishLine();
  let value = '';
  let empty = 0;
  let moreIndented = false;
  for (;;) {
    const ls = pos;
    let lineIndent = 0;
    while ((!detected || lineIndent < textIndent) && text.charCodeAt(pos) === 0x20) {
      lineIndent++;
      pos++;
    }
    if (!detected && lineIndent > textIndent) textIndent = lineIndent;
    const c = text.charCodeAt(pos);
    if (c === 0x0a) {
      empty++;
      pos++;
      continue;
    }
    if (pos >= len || lineIndent < textIndent) {
      // The parser counts a last line of spaces without a line break as one more empty line (kept by `|+`).
      if (pos >= len && pos > ls) empty++;
      pos = pos >= len ? len : ls;
      break;
    }
    if (c === 0x09) giveUp();
    // @stoplight/yaml-ast-parser's own rules (not js-yaml's: leading empty lines of a literal scalar are dropped)
    if (folding) {
      if (c === 0x20) {
        moreIndented = true;
        value += '\n'.repeat(empty + 1);
      } else if (moreIndented) {
        moreIndented = false;
        value += '\n'.repeat(empty + 1);
      } else if (empty === 0) {
        if (detected) value += ' ';
      } else value += '\n'.repeat(empty);
    } else if (detected) value += '\n'.repeat(empty + 1);
    detected = true;
    empty = 0;
    const br = text.indexOf('\n', pos);
    const end = br < 0 ? len : br;
    value += text.slice(pos, end);
    pos = br < 0 ? len : br + 1;
    if (br < 0) break;
  }
  // chomping: keep the empty lines at the end, or clip to one line break (even at the end of a text without one,
  // and not when the scalar is empty, unless an indentation indicator was given)
  if (keep) value += '\n'.repeat(empty);
  else if (!strip && detected) value += '\n';
  // The parser's node ends at the last line break before what follows (or at the end of the text).
  let end: number;
  if (pos >= len) end = text.charCodeAt(len - 1) === 0x0a ? len - 1 : len;
  else end = pos - 1;
  void start;
  return { value, end, next: pos };
}

/** A flow sequence or mapping at `at` (maybe over lines, no comments in it): its value, its node, and where it ends. */
export function readFlow(source: string, at: number): { value: unknown; node: OffsetNode; next: number } {
  text = source;
  len = source.length;
  pos = at;
  const value = flow();
  return { value, node: vNode, next: pos };
}

/** A flow sequence or mapping (maybe over lines, no comments in it). */
function flow(): unknown {
  const start = pos;
  const isMap = text.charCodeAt(pos) === 0x7b;
  const close = isMap ? 0x7d : 0x5d;
  pos++;
  const keys: string[] = [];
  const values: unknown[] = [];
  const d = enterNode();
  const p = offsetsOf(d);
  let ordered = false;
  skipFlowSpace();
  if (text.charCodeAt(pos) === close) {
    pos++;
  } else {
    for (;;) {
      if (isMap) {
        const keyStart = pos;
        const c = text.charCodeAt(pos);
        let key: string;
        let keyEnd: number;
        if (c === 0x22 || c === 0x27) {
          keyEnd = quotedKeyEnd(text, pos);
          if (keyEnd < 0) giveUp();
          key = quoted(text, pos, keyEnd, false);
          pos = keyEnd;
        } else {
          flowPlain();
          keyEnd = vEnd;
          key = text.slice(keyStart, keyEnd);
          if (plainType(key) !== ScalarType.string) giveUp();
        }
        if (text.charCodeAt(pos) !== 0x3a || !isBlank(text.charCodeAt(pos + 1))) giveUp();
        if (key === '<<' || key === '__proto__' || keys.includes(key)) giveUp();
        if (!ordered && isArrayIndex(key)) ordered = true;
        pos++;
        skipFlowSpace();
        const v = flowValue();
        keys.push(key);
        values.push(v);
        p.push(keyStart, keyEnd, vStart, vEnd, vNode);
      } else {
        values.push(flowValue());
        p.push(vStart, vEnd, vNode);
      }
      skipFlowSpace();
      const d = text.charCodeAt(pos);
      if (d === 0x2c) {
        pos++;
        skipFlowSpace();
        if (text.charCodeAt(pos) === close || text.charCodeAt(pos) === 0x2c) giveUp(); // a trailing or empty entry
        continue;
      }
      if (d === close) {
        pos++;
        break;
      }
      giveUp();
    }
  }
  let data: unknown;
  if (isMap) {
    // With an array-index key, ordered where a plain object would list the keys in another order (units.ts writtenOrderObject).
    const o = !ordered ? {} : enumeratesAsWritten(keys) ? sparseIndexTarget() : orderedObject();
    for (let i = 0; i < keys.length; i++) o[keys[i]!] = values[i];
    data = o;
  } else data = values;
  vStart = start;
  vEnd = pos;
  vNode = makeNode(d, isMap, start, pos, isMap ? (data as object) : undefined);
  return data;
}

function skipFlowSpace(): void {
  while (pos < len) {
    const c = text.charCodeAt(pos);
    if (c === 0x20 || c === 0x0a) pos++;
    else if (c === 0x09 || c === 0x23) giveUp();
    else return;
  }
  giveUp();
}

function flowValue(): unknown {
  vNode = NONE;
  const c = text.charCodeAt(pos);
  if (c === 0x5b || c === 0x7b) return flow();
  if (c === 0x22 || c === 0x27) {
    const start = pos;
    const end = quotedEnd(text, pos);
    const v = quoted(text, start, end, false);
    vStart = start;
    vEnd = end;
    pos = end;
    return v;
  }
  const start = pos;
  flowPlain();
  return plainValue(text.slice(start, vEnd));
}

/** A plain scalar in a flow collection, on one line. */
function flowPlain(): void {
  const start = pos;
  const c = text.charCodeAt(pos);
  if (!plainStart(c, text.charCodeAt(pos + 1))) giveUp();
  let end = pos;
  for (; pos < len; pos++) {
    const d = text.charCodeAt(pos);
    if (d === 0x0a || d === 0x2c || d === 0x5b || d === 0x5d || d === 0x7b || d === 0x7d) break;
    if (d === 0x3a && (isBlank(text.charCodeAt(pos + 1)) || text.charCodeAt(pos + 1) === 0x2c)) break;
    if (d === 0x23 && text.charCodeAt(pos - 1) === 0x20) giveUp();
    if (d === 0x09) giveUp();
    if (d !== 0x20) end = pos + 1;
  }
  if (text.charCodeAt(pos) === 0x0a) giveUp(); // a plain scalar over lines in a flow collection
  readPlainText(text, start, end, true); // how the depth scan reads it (a quote it takes for a quoted scalar's: yamlOffsetsTree.ts plainText)
  pos = end;
  vStart = start;
  vEnd = end;
}
