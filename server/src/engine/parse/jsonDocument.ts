/**
 * The whole-text parse of a JSON document: what Spectral's JSON parser (Parsers.Json.parse, @stoplight/json's
 * parseWithPointers over jsonc-parser) gives — the same data, key order and syntax tree — built for less.
 *
 * - Spectral's parser keeps the written order of every object's keys by making each one an ordered object (a Proxy
 *   of @stoplight/ordered-object-literal, its keys through a trap): an object's integer-like keys (`"200"`, `"404"`)
 *   would otherwise come first. Every read of the document then goes through a Proxy — the walk of the rules, the
 *   resolver's crawl and copies, every rule function's `in` and Object.keys (kubernetes: 4 MB, a Proxy for each of
 *   its objects). A plain object enumerates its keys in the order they were written unless one is an array index
 *   written after another key or after a greater one, so only such objects are made ordered objects here (with the
 *   keys in the written order, as the parser makes them: units.ts writtenOrderObject).
 * - Its syntax tree gives every node a range (three objects each); here a node's range is computed from its offset
 *   and length when asked (`rangeOf`, for the nodes findings are on), as the incremental JSON parse computes them.
 * The same jsonc-parser (the version @stoplight/json uses) reads the text. A text with any diagnostic (a syntax
 * error, a duplicate key: the parser moves it to the end of its order) or a `__proto__` key is parsed by
 * Spectral's parser itself.
 */
import { visit } from '@stoplight/json/node_modules/jsonc-parser';
import * as Parsers from '@stoplight/spectral-parsers';
import type { IRange } from '@stoplight/types';
import { LineIndex, newlineMap } from '../lineIndex';
import { isArrayIndex, writtenOrderObject } from './units';
import { parseStrictJson } from './jsonStrict';
import { takeJsonOffsets, type JsonPositions } from './jsonOffsets';
import type { JsonTreeNode } from './jsonTree';

type Parsed = ReturnType<typeof Parsers.Json.parse>;

class Fallback extends Error {}

const LINES = Symbol('apiconv.jsonLines');

/** The range of a node of a tree parseJsonDocument made (or the range Spectral's parser gave it). */
export function rangeOf(result: unknown, node: JsonTreeNode): IRange | undefined {
  if (node.range !== undefined) return node.range;
  const lines = (result as { [LINES]?: LineIndex })[LINES];
  // The parser gives no range to a property, nor to a property's key.
  if (lines === undefined || node.type === 'property' || (node.parent?.type === 'property' && node.parent.children![0] === node)) return undefined;
  return lines.range(node.offset, node.offset + node.length);
}

const POSITIONS = Symbol('apiconv.jsonPositions');

/** The positions of an offsets parse's values (jsonOffsets.ts), or undefined for a parse with its tree built. */
export function positionsOf(result: unknown): JsonPositions | undefined {
  return (result as { [POSITIONS]?: JsonPositions })[POSITIONS];
}

/**
 * `oneShot` (a one-shot lint): the tree and the line map are built only if asked for (`ast`, `lineMap`); the ranges of
 * paths come from the positions (positionsOf) — when the text is strict JSON (jsonOffsets.ts).
 */
export function parseJsonDocument(text: string, oneShot = false): Parsed {
  if (oneShot) {
    const r = takeJsonOffsets(text);
    if (r !== undefined) return offsetsResult(text, r.data, r.positions);
  }
  try {
    return build(text);
  } catch (e) {
    if (e instanceof Fallback) return Parsers.Json.parse(text);
    throw e;
  }
}

function literalType(v: unknown): JsonTreeNode['type'] {
  return typeof v === 'boolean' ? 'boolean' : typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'null';
}

/** parseTree's walk (@stoplight/json), without ranges and ordered objects; throws Fallback where it would differ. */
function build(text: string): Parsed {
  // A strict JSON text (the common case) without the visitor: jsonStrict.ts.
  const fast = parseStrictJson(text);
  if (fast !== undefined) return finish(text, fast.data, fast.ast);
  let cur: JsonTreeNode = { type: 'array', offset: -1, length: -1, children: [] };
  // The values being built: containers, each with the key it sits under in its parent and its keys so far.
  let holder: unknown[] | Record<string, unknown> = [];
  let key: string | null = null;
  const stack: { holder: unknown[] | Record<string, unknown>; key: string | null; keys: Set<string> | undefined; index: boolean }[] = [];
  let keys: Set<string> | undefined;
  let index = false;
  const closeProperty = (end: number) => {
    if (cur.type === 'property') {
      cur.length = end - cur.offset;
      cur = cur.parent!;
    }
  };
  const put = (v: unknown) => {
    if (Array.isArray(holder)) holder.push(v);
    else if (key !== null) holder[key] = v;
  };
  const open = (v: unknown[] | Record<string, unknown>, objectKeys: Set<string> | undefined) => {
    put(v);
    stack.push({ holder, key, keys, index });
    holder = v;
    key = null;
    keys = objectKeys;
    index = false;
  };
  const close = () => {
    const done = holder;
    const ordered = index;
    const top = stack.pop()!;
    holder = top.holder;
    key = top.key;
    keys = top.keys;
    index = top.index;
    if (ordered) {
      // An object with an array-index key: its keys as written (the parser's order array).
      const o = done as Record<string, unknown>;
      const written = (cur.children ?? []).map(p => p.children![0]!.value as string);
      const replaced = writtenOrderObject(written, k => o[k]);
      if (Array.isArray(holder)) holder[holder.length - 1] = replaced;
      else if (key !== null) holder[key] = replaced;
    }
  };
  visit(
    text,
    {
      onObjectBegin: offset => {
        const node: JsonTreeNode = { type: 'object', offset, length: -1, parent: cur, children: [] };
        cur.children!.push(node);
        cur = node;
        open({}, new Set());
      },
      onObjectProperty: (name, offset, length) => {
        const prop: JsonTreeNode = { type: 'property', offset, length: -1, parent: cur, children: [] };
        cur.children!.push(prop);
        cur = prop;
        prop.children!.push({ type: 'string', value: name, offset, length, parent: prop });
        if (name === '__proto__' || keys!.has(name)) throw new Fallback();
        keys!.add(name);
        if (!index && isArrayIndex(name)) index = true;
        key = name;
      },
      onObjectEnd: (offset, length) => {
        cur.length = offset + length - cur.offset;
        close();
        cur = cur.parent!;
        closeProperty(offset + length);
      },
      onArrayBegin: offset => {
        const node: JsonTreeNode = { type: 'array', offset, length: -1, parent: cur, children: [] };
        cur.children!.push(node);
        cur = node;
        open([], undefined);
      },
      onArrayEnd: (offset, length) => {
        cur.length = offset + length - cur.offset;
        close();
        cur = cur.parent!;
        closeProperty(offset + length);
      },
      onLiteralValue: (value, offset, length) => {
        cur.children!.push({ type: literalType(value), offset, length, parent: cur, value });
        closeProperty(offset + length);
        put(value);
      },
      onSeparator: (ch, offset) => {
        if (cur.type !== 'property') return;
        if (ch === ':') cur.colonOffset = offset;
        else if (ch === ',') closeProperty(offset);
      },
      onError: () => {
        throw new Fallback();
      },
    },
    { ignoreDuplicateKeys: false, preserveKeyOrder: true } as never,
  );
  const ast = cur.children![0];
  if (ast === undefined) throw new Fallback();
  delete ast.parent;
  return finish(text, (holder as unknown[])[0], ast);
}

function offsetsResult(text: string, data: unknown, positions: JsonPositions): Parsed {
  let full: Parsed | undefined;
  const built = () => (full ??= build(text));
  const result = { data, diagnostics: [] } as unknown as Parsed;
  Object.defineProperty(result, 'ast', { enumerable: true, get: () => built().ast });
  Object.defineProperty(result, 'lineMap', { enumerable: true, get: () => built().lineMap });
  Object.defineProperty(result, POSITIONS, { value: positions });
  return result;
}

function finish(text: string, data: unknown, ast: JsonTreeNode): Parsed {
  const result = { data, diagnostics: [], ast, lineMap: lineMapOf(text) } as unknown as Parsed;
  Object.defineProperty(result, LINES, { value: new LineIndex(text, 'jsonc') });
  return result;
}

/** @stoplight/json's computeLineMap: 0, the offset after each '\n', and the text's length + 1 last. */
function lineMapOf(text: string): number[] {
  return newlineMap(text, [0]);
}
