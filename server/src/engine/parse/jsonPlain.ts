/**
 * The whole-text parse of a JSON document: what Spectral's JSON parser (Parsers.Json.parse) gives, with plain
 * objects where it makes an ordered object for no reason.
 *
 * Spectral's parser keeps the written order of every object's keys by making each one an ordered object (a Proxy
 * of @stoplight/ordered-object-literal, its keys through a trap): an object's integer-like keys (`"200"`, `"404"`)
 * would otherwise come first. Every read of the document then goes through a Proxy — the walk of the rules, the
 * resolver's crawl and copies, every rule function's `in` and Object.keys (kubernetes: 4 MB, a Proxy for each of
 * its objects). A plain object enumerates its keys in the order they were written unless one is an array index,
 * so only such objects are made ordered objects here (with the keys in the written order, as the parser makes
 * them), as the YAML parse does (yamlFast.ts). The same syntax tree, diagnostics, data and key order; a text with any
 * diagnostic (a duplicate key moves to the end of the parser's order) or a `__proto__` key is parsed by Spectral's
 * parser itself.
 */
import { parseWithPointers } from '@stoplight/json';
import * as Parsers from '@stoplight/spectral-parsers';
import { orderedObjectOf } from './units';

interface Node {
  type: string;
  children?: Node[];
  value?: unknown;
}

type Parsed = ReturnType<typeof Parsers.Json.parse>;

class Fallback extends Error {}

const INDEX = /^(?:0|[1-9]\d{0,9})$/;
/** A key that a plain object enumerates before the others (an array index). */
function isArrayIndex(key: string): boolean {
  return INDEX.test(key) && Number(key) < 4294967295;
}

export function parseJsonPlain(text: string): Parsed {
  const plain = parseWithPointers(text, { ignoreDuplicateKeys: false, preserveKeyOrder: false } as never) as unknown as Parsed;
  const ast = plain.ast as Node | undefined;
  if (plain.diagnostics.length > 0 || ast === undefined) return Parsers.Json.parse(text);
  try {
    plain.data = ordered(ast, plain.data);
  } catch (e) {
    if (e instanceof Fallback) return Parsers.Json.parse(text);
    throw e;
  }
  return plain;
}

/** The value of `node` with the objects that hold an array-index key made ordered objects (keys as written). */
function ordered(node: Node, value: unknown): unknown {
  const children = node.children;
  if (children === undefined) return value;
  if (node.type === 'array') {
    const a = value as unknown[];
    for (let i = 0; i < children.length; i++) {
      const v = ordered(children[i]!, a[i]);
      if (v !== a[i]) a[i] = v;
    }
    return a;
  }
  if (node.type !== 'object') return value;
  const o = value as Record<string, unknown>;
  let index = false;
  for (const p of children) {
    const key = p.children![0]!.value as string;
    if (key === '__proto__') throw new Fallback();
    if (!index && isArrayIndex(key)) index = true;
    const child = p.children![1];
    if (child === undefined) throw new Fallback();
    const v = ordered(child, o[key]);
    if (v !== o[key]) o[key] = v;
  }
  return index ? orderedObjectOf(children.map(p => p.children![0]!.value as string), k => o[k]) : o;
}
