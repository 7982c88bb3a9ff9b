/**
 * The JSON document parse (server/src/engine/parse/jsonDocument.ts) gives what Spectral's JSON parser gives — the same
 * data with the same key order at every level, the same syntax tree and diagnostics — with plain objects where no
 * key is an array index, and ordered objects (their order as the parser leaves it) where one is.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as Parsers from '@stoplight/spectral-parsers';
import { getOrder } from '@stoplight/ordered-object-literal';
import { parseJsonDocument, rangeOf } from '../../server/src/engine/parse/jsonDocument';
import type { JsonTreeNode } from '../../server/src/engine/parse/jsonTree';
import { CORPUS } from '../helpers/corpus';

/** Parsed JSON, read by key at any depth. */
type Tree = { [key: string]: Tree };

/** The value as nested [key, value] lists in enumeration order, with each object's prototype and order array kind. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (typeof v !== 'object' || v === null) return v;
  return { proto: Object.getPrototypeOf(v) === Object.prototype, entries: Object.keys(v).map(k => [k, shape((v as Record<string, unknown>)[k])]) };
}

/** A syntax tree as text: every node with its range (rangeOf: computed from the node's offsets when it has none), keys sorted, no parents. */
function tree(result: unknown, node: unknown): string {
  const out = (n: JsonTreeNode): unknown => {
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(n).sort()) {
      if (k === 'parent' || k === 'range') continue;
      o[k] = k === 'children' ? n.children!.map(out) : (n as unknown as Record<string, unknown>)[k];
    }
    const r = rangeOf(result, n);
    if (r !== undefined) o.range = r;
    return o;
  };
  return node === undefined ? 'none' : JSON.stringify(out(node as JsonTreeNode));
}

function same(text: string): { plain: ReturnType<typeof parseJsonDocument>; theirs: ReturnType<typeof Parsers.Json.parse> } {
  const plain = parseJsonDocument(text);
  const theirs = Parsers.Json.parse(text);
  assert.deepEqual(shape(plain.data), shape(theirs.data));
  assert.deepEqual(JSON.stringify(plain.diagnostics), JSON.stringify(theirs.diagnostics));
  assert.equal(tree(plain, plain.ast), tree(theirs, theirs.ast));
  assert.deepEqual(plain.lineMap, theirs.lineMap);
  return { plain, theirs };
}

describe('JSON parse with plain objects = Spectral JSON parse', () => {
  it('keeps plain what has no array-index key, and orders what has one, nested', () => {
    const text =
      '{"openapi":"3.0.0","paths":{"/a":{"get":{"responses":{"200":{"description":"ok"},"default":{"description":"x"},"404":{"description":"n"}}}}},"x":[{"b":1,"a":2},{"10":1,"2":2}]}';
    const { plain } = same(text);
    const data = plain.data as Tree;
    assert.equal(getOrder(data), undefined, 'the root is a plain object');
    assert.equal(getOrder(data.paths['/a'].get), undefined);
    const responses = data.paths['/a'].get.responses;
    assert.deepEqual(Object.keys(responses), ['200', 'default', '404']);
    assert.ok(Array.isArray(getOrder(responses)), 'an object with an array-index key is an ordered object');
    assert.deepEqual(Object.keys(data.x[1]), ['10', '2']);
    assert.deepEqual(Object.keys(data.x[0]), ['b', 'a']);
  });

  it('keeps plain an object whose array-index keys come first and ascending: a plain object lists them as written', () => {
    const text = '{"responses":{"200":{"description":"ok"},"404":{"description":"n"},"default":{}},"later":{"x":1,"200":2}}';
    const data = same(text).plain.data as Tree;
    assert.deepEqual(Object.keys(data.responses), ['200', '404', 'default']);
    assert.equal(getOrder(data.responses), undefined);
    assert.deepEqual(Object.keys(data.later), ['x', '200']);
    assert.ok(Array.isArray(getOrder(data.later)));
  });

  it('gives the parser its way with duplicate keys, __proto__, comments, errors and other roots', () => {
    for (const text of [
      '{"a":1,"b":2,"a":3}',
      '{"200":1,"x":2,"200":3}',
      '{"__proto__":{"a":1},"b":2}',
      '{"a":{"__proto__":[]}}',
      '{"a":1, // c\n"b":2}',
      '{"a":1,',
      '{"a":}',
      '',
      '[1,{"2":3,"1":4}]',
      '"just a string"',
      '{"4294967295":1,"4294967294":2,"01":3,"1":4}',
      '{"constructor":1,"toString":{"valueOf":2}}',
      '{\r\n  "a": [1, 2,\r 3],\n  "b": {"c": "d"}\r\n}\n',
      '{"a": 1,}',
      '[]',
      '{}',
      '  {"a": {"b": [{"1": 2}]}}  ',
    ]) {
      same(text);
    }
  });

  it('every JSON document of the corpus', () => {
    const rows = fs
      .readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8')
      .split('\n')
      .map(l => l.split('|').map(c => c.trim()));
    const entries = rows.filter(c => /^\d+$/.test(c[1] ?? '')).map(c => path.join(CORPUS, c[3]!.replace(/`/g, '')));
    const json = entries.filter(f => f.endsWith('.json'));
    assert.ok(json.length >= 3, `JSON documents in the corpus: ${json.length}`);
    for (const file of json) same(fs.readFileSync(file, 'utf8'));
  });
});
