/**
 * The one-shot JSON parse (server/src/engine/parse/jsonOffsets.ts: data and value positions, no syntax tree) and the
 * strict-JSON tree builder (jsonStrict.ts) give what Spectral's JSON parser gives: the same data in the same key
 * order, and for every path the range @stoplight/json's getLocationForJsonPath finds (missing paths and `closest`
 * included). Any text that is not strict JSON is left to the visitor parse (both give up), which keeps the parser's
 * diagnostics and fallbacks.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as Parsers from '@stoplight/spectral-parsers';
import { getOrder } from '@stoplight/ordered-object-literal';
import { parseJsonOffsets } from '../../server/src/engine/parse/jsonOffsets';
import { jsonTooDeep } from '../../server/src/engine/limits';
import { parseStrictJson } from '../../server/src/engine/parse/jsonStrict';
import { parseJsonDocument, positionsOf } from '../../server/src/engine/parse/jsonDocument';
import { FullDoc } from '../../server/src/engine/parse/parsedDocs';
import { CORPUS } from '../helpers/corpus';

/** Parsed JSON, read by key at any depth. */
type Tree = { [key: string]: Tree };

type Segment = string | number;

function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (typeof v !== 'object' || v === null) return Object.is(v, -0) ? '-0' : v;
  return { proto: Object.getPrototypeOf(v) === Object.prototype, entries: Object.keys(v).map(k => [k, shape((v as Record<string, unknown>)[k])]) };
}

/** Every path of a value (the root's [] first), as the rules' findings name them. */
function* paths(v: unknown, at: Segment[] = []): Generator<Segment[]> {
  yield at;
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* paths(v[i], [...at, i]);
  else if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) yield* paths((v as Record<string, unknown>)[k], [...at, k]);
}

/** Paths that miss, or that name array items by string and object keys by number (the lookup's odd cases). */
function oddPaths(v: unknown): Segment[][] {
  const out: Segment[][] = [['nope'], ['nope', 'deeper'], [0], ['0'], [''], [-1], ['1e0'], ['x', 'y', 'z']];
  for (const p of paths(v)) {
    out.push([...p, 'missing'], [...p, 999], [...p, '0'], [...p, 0, 'a']);
    if (out.length > 400) break;
  }
  return out;
}

/** A FullDoc over a parse result, the way parser.ts makes it. */
function doc(text: string, result: ReturnType<typeof Parsers.Json.parse>): FullDoc {
  return new FullDoc('/x.json', text, result.data, [], Parsers.Json, result as never);
}

/** The offsets parse agrees with Spectral's parser on `text`: data, and the range of each path (all, or `sample`). */
function agrees(text: string, sample?: Segment[][]): void {
  const lean = parseJsonOffsets(text);
  assert.ok(lean !== undefined, `strict JSON is read by the offsets parse: ${text.slice(0, 60)}`);
  const theirs = Parsers.Json.parse(text);
  assert.deepEqual(shape(lean.data), shape(theirs.data));
  const result = parseJsonDocument(text, true);
  assert.ok(positionsOf(result) !== undefined);
  assert.deepEqual(shape(result.data), shape(theirs.data));
  const mine = doc(text, result);
  for (const p of [...(sample ?? paths(theirs.data)), ...oddPaths(theirs.data)]) {
    for (const closest of [false, true]) {
      const want = Parsers.Json.getLocationForJsonPath(theirs, p as never, closest)?.range;
      assert.deepEqual(mine.getRangeForJsonPath(p as never, closest), want, `${JSON.stringify(p)} closest=${closest} in ${text.slice(0, 60)}`);
    }
  }
}

const STRICT = [
  '{"openapi":"3.0.0","paths":{"/a":{"get":{"responses":{"200":{"description":"ok"},"default":{"description":"x"},"404":{"description":"n"}}}}},"x":[{"b":1,"a":2},{"10":1,"2":2}]}',
  '{\r\n  "a": [1, 2,\r 3],\n  "b": {"c": "d"}\r\n}\n',
  '  {"a": {"b": [{"1": 2}]}}  ',
  '{"s":"tab\\t quote\\" slash\\/ back\\\\ \\u00e9\\ud83d\\ude00 \\b\\f\\n\\r","\\u0041key":"v","":{"":[]}}',
  '{"n":[0,-0,1.5,-2e10,3E-2,1e+2,123456789012345678901234567890,0.1]}',
  '{"t":true,"f":false,"z":null,"e":{},"a":[],"aa":[[],[[]],{}]}',
  '[1,{"2":3,"1":4},"x",[true]]',
  '"just a string"',
  '42',
  'null',
  '{"4294967295":1,"4294967294":2,"01":3,"1":4}',
  '{"constructor":1,"toString":{"valueOf":2},"hasOwnProperty":3}',
  '{"é":"ü","日本":{"語":[1]}}',
  // Where the scan of the positions has to find a string's end after backslashes, and keys it reads as strings.
  '{"a\\\\":"b\\\\","c\\"d":["\\\\\\"",{"\\u0031":{"_links":1,"__proto":2,"\\u005fx":[]}}],"2":{"1":[{}]}}',
];

const NOT_STRICT = [
  '{"a":1,"b":2,"a":3}',
  '{"__proto__":{"a":1},"b":2}',
  '{"a":{"__proto__":[]}}',
  '{"a":{"\\u005f_proto__":[]}}',
  '{"a":1,"b":{},"a":{"c":2}}',
  '{"a":{"c":2},"b":{},"a":1}',
  '{"1":{},"2":1,"1":[]}',
  '[{"x":1,"x":1}]',
  '{"a":1, // c\n"b":2}',
  '{"a":1 /* c */}',
  '{"a":1,',
  '{"a":}',
  '',
  '   ',
  '{"a": 1,}',
  '[1,]',
  '{"a":01}',
  '{"a":1.}',
  '{"a":.5}',
  '{"a":-}',
  '{"a":+1}',
  '{"a":1x}',
  '{"a":truex}',
  '{"a":nul}',
  '{"a":"x\ty"}',
  '{"a":"\\x41"}',
  '{"a":"\\u00g1"}',
  '{"a":"unterminated}',
  '\ufeff{"a":1}',
  '{"a":1}\u00a0',
  '{"a":1} {"b":2}',
  "{'a':1}",
  '{a:1}',
];

describe('one-shot JSON parse (positions, no tree) = Spectral JSON parse', () => {
  it('strict JSON: same data, and the same range for every path, missing ones and closest included', () => {
    for (const text of STRICT) agrees(text);
  });

  it('strict JSON: ordered objects where a key is an array index, plain ones elsewhere', () => {
    const lean = parseJsonOffsets(STRICT[0]!)!;
    const data = lean.data as Tree;
    assert.equal(getOrder(data), undefined);
    assert.deepEqual(Object.keys(data.paths['/a'].get.responses), ['200', 'default', '404']);
    assert.ok(Array.isArray(getOrder(data.paths['/a'].get.responses)));
    assert.deepEqual(Object.keys(data.x[1]), ['10', '2']);
  });

  it('anything else is left to the visitor parse, with its diagnostics, tree and line map', () => {
    for (const text of NOT_STRICT) {
      assert.equal(parseJsonOffsets(text), undefined, `the offsets parse gives up on ${JSON.stringify(text)}`);
      assert.equal(parseStrictJson(text), undefined, `the tree builder gives up on ${JSON.stringify(text)}`);
      const result = parseJsonDocument(text, true);
      const theirs = Parsers.Json.parse(text);
      assert.equal(positionsOf(result), undefined);
      assert.deepEqual(shape(result.data), shape(theirs.data));
      assert.deepEqual(JSON.stringify(result.diagnostics), JSON.stringify(theirs.diagnostics), text);
    }
  });

  it("an offsets parse's result still gives its tree and line map when asked (built then)", () => {
    const text = STRICT[1]!;
    const lean = parseJsonDocument(text, true);
    const full = parseJsonDocument(text);
    assert.deepEqual(lean.lineMap, Parsers.Json.parse(text).lineMap);
    assert.equal((lean.ast as { type: string }).type, 'object');
    assert.equal((lean.ast as { children: unknown[] }).children.length, (full.ast as { children: unknown[] }).children.length);
  });

  it('counts the nesting the depth scan counts (a one-shot lint skips the scan by it), and gives up past 200 levels', () => {
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const texts = [...STRICT, deep(1), deep(200), '[[[],{"x":[{}]}],"[[[[",{"y":"}}}"}]'];
    for (const file of [path.join(CORPUS, 'kubernetes/swagger.json'), path.join(CORPUS, 'pagerduty-rest/openapiv3.json')])
      if (fs.existsSync(file)) texts.push(fs.readFileSync(file, 'utf8'));
    for (const text of texts) {
      const lean = parseJsonOffsets(text);
      assert.ok(lean !== undefined, text.slice(0, 40));
      assert.equal(jsonTooDeep(text, lean.depth), undefined, `${text.slice(0, 40)}: the scan counts more than ${lean.depth}`);
      if (lean.depth > 0) assert.notEqual(jsonTooDeep(text, lean.depth - 1), undefined, `${text.slice(0, 40)}: the scan counts less than ${lean.depth}`);
    }
    assert.equal(parseJsonOffsets(deep(201)), undefined);
  });

  it('every JSON document of the corpus is strict JSON, read by the offsets parse and by the tree builder, with the same ranges', () => {
    const rows = fs
      .readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8')
      .split('\n')
      .map(l => l.split('|').map(c => c.trim()));
    const entries = rows.filter(c => /^\d+$/.test(c[1] ?? '')).map(c => path.join(CORPUS, c[3]!.replace(/`/g, '')));
    const json = entries.filter(f => f.endsWith('.json'));
    assert.ok(json.length >= 3, `JSON documents in the corpus: ${json.length}`);
    for (const file of json) {
      const text = fs.readFileSync(file, 'utf8');
      assert.ok(parseStrictJson(text) !== undefined, `tree builder: ${file}`);
      // Every path against the tree's lookup (itself held to Spectral's in jsonDocument.test.ts); a sample against Spectral's.
      const lean = parseJsonOffsets(text);
      assert.ok(lean !== undefined, `lean: ${file}`);
      const withTree = doc(text, parseJsonDocument(text));
      const mine = doc(text, parseJsonDocument(text, true));
      let n = 0;
      const sample: Segment[][] = [];
      for (const p of paths(lean.data)) {
        assert.deepEqual(mine.getRangeForJsonPath(p as never), withTree.getRangeForJsonPath(p as never), `${file} ${JSON.stringify(p)}`);
        if (n++ % 97 === 0 && sample.length < 300) sample.push(p);
      }
      agrees(text, sample);
    }
  });
});
