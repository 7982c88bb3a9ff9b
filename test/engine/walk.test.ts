/**
 * The shared walk (server/src/engine/run/walk.ts) must match exactly what nimma matches for the
 * expressions it takes: the same nodes, paths and values, in the same order, on documents where objects are
 * shared (as the resolved document shares a `$ref`'s target) and reached from different keys and depths.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Nimma from 'nimma';
import { SharedWalk } from '../../server/src/engine/run/walk';
import { falseForScalars } from '../../server/src/engine/run/scalarFilters';

type Seen = [string, string, unknown][];

function viaNimma(exprs: string[], doc: unknown): Seen {
  const out: Seen = [];
  const n = new (Nimma as unknown as new (e: string[], o: object) => { query(i: unknown, c: object): void })(exprs, { unsafe: false, output: 'auto' });
  n.query(doc, Object.fromEntries(exprs.map(e => [e, (s: { path: (string | number)[]; value: unknown }) => out.push([e, JSON.stringify(s.path), s.value])])));
  return out;
}

function viaWalk(exprs: string[], doc: unknown, walk = SharedWalk.of(exprs), shared?: { objects: ReadonlySet<object>; all: boolean }): Seen {
  assert.ok(walk, 'the walk takes these expressions');
  const out: Seen = [];
  walk.query(
    doc,
    Object.fromEntries(exprs.map(e => [e, (s: { path: (string | number)[]; value: unknown }) => out.push([e, JSON.stringify(s.path), s.value])])),
    shared,
  );
  return out;
}

/** Every object of a value (each once). */
function objectsOf(v: unknown, out = new Set<object>()): Set<object> {
  if (typeof v !== 'object' || v === null || out.has(v)) return out;
  out.add(v);
  for (const c of Object.values(v)) objectsOf(c, out);
  return out;
}

const SPECTRAL_LIKE = [
  "$..[?(@property !== 'properties' && @ != null && @.enum && @.enum.constructor.name === 'Array')]",
  '$..[description,title]',
  "$..[?(@property === '$ref')]",
  '$..[?(@ && @.enum && @.type)]',
  '$..content..[?(@ && @.schema && (@.example !== void 0 || @.examples))]',
  "$..parameters..[?(@property !== 'properties' && @ && (@ && @.example !== void 0 || @.default !== void 0) && (@.enum || @.type || @.format || @.$ref || @.properties || @.items))]",
  "$..definitions..[?(@property !== 'properties' && @ && (@.example !== void 0 || @['x-example'] !== void 0 || @.default !== void 0) && (@.enum || @.type || @.format || @.$ref || @.properties || @.items))]",
  "$.components.schemas..[?(@property !== 'properties' && @ && (@ && @.example !== void 0 || @.default !== void 0) && (@.enum || @.type || @.format || @.$ref || @.properties || @.items))]",
  '$..description',
  '$..[\'x-a\',"title"]',
  // Keys written into the generated matcher as string literals: a quote of the other kind, a `$`, a `-`.
  '$..["it\'s",$ref,x-b]',
];

/** A document where one schema object is shared under many keys and depths (as a resolved document shares it). */
function sharedDoc(): unknown {
  const inner = Object.freeze({ type: 'string', enum: ['a', 'b'], example: 'a', description: 'inner' });
  const schema = Object.freeze({
    type: 'object',
    description: 'shared',
    properties: Object.freeze({ a: inner, b: Object.freeze({ type: 'integer', default: 1, title: 't' }), content: inner }),
    items: inner,
  });
  const media = Object.freeze({ schema, example: { a: 'a' }, description: 'media' });
  return {
    openapi: '3.0.0',
    paths: {
      '/a': {
        get: { parameters: [{ name: 'p', in: 'query', schema }, schema], responses: { 200: { description: 'ok', content: { 'application/json': media } } } },
      },
      '/b': { post: { requestBody: { content: { 'text/plain': media, other: schema } }, responses: { 201: { content: { x: media } } } } },
      '/c': { description: schema, title: inner, parameters: schema },
    },
    components: { schemas: { S: schema, T: inner, U: { properties: { s: schema } } }, parameters: { P: { schema, content: { y: media } } } },
    definitions: { D: schema, E: { properties: { x: schema } } },
    'x-a': [schema, [inner, media], { content: schema }],
  };
}

describe('shared walk = nimma', () => {
  it('the shapes it takes, one expression at a time and all together, on shared objects', () => {
    const doc = sharedDoc();
    for (const e of SPECTRAL_LIKE) assert.deepEqual(viaWalk([e], doc), viaNimma([e], doc), e);
    assert.deepEqual(viaWalk(SPECTRAL_LIKE, doc), viaNimma(SPECTRAL_LIKE, doc));
    // Several queries with one walk (the runner's units): the recorded matches are replayed in later queries.
    const walk = SharedWalk.of(SPECTRAL_LIKE)!;
    const root = doc as Record<string, Record<string, unknown>>;
    for (const key of Object.keys(root.paths!)) {
      const sparse = { paths: { [key]: root.paths![key] } };
      assert.deepEqual(viaWalk(SPECTRAL_LIKE, sparse, walk), viaNimma(SPECTRAL_LIKE, sparse), key);
    }
    walk.reset();
    assert.deepEqual(viaWalk(SPECTRAL_LIKE, doc, walk), viaNimma(SPECTRAL_LIKE, doc));
  });

  it('objects said to be shared are recorded at their first visit: the same matches, whichever objects they are', () => {
    const doc = sharedDoc();
    const want = viaNimma(SPECTRAL_LIKE, doc);
    const all = objectsOf(doc);
    const frozen = new Set([...all].filter(o => Object.isFrozen(o)));
    const some = new Set([...all].filter((_o, i) => i % 3 === 0));
    // `all`: no other object is looked for (one that is shared all the same is walked at each occurrence).
    for (const objects of [frozen, all, some, new Set<object>()]) {
      for (const every of [false, true]) {
        const shared = { objects, all: every };
        assert.deepEqual(viaWalk(SPECTRAL_LIKE, doc, undefined, shared), want);
        for (const e of SPECTRAL_LIKE) assert.deepEqual(viaWalk([e], doc, undefined, shared), viaNimma([e], doc), e);
      }
    }
  });

  it('a real document (the bundled examples)', () => {
    const dir = path.join(__dirname, '..', '..', 'examples');
    for (const name of fs.readdirSync(dir).filter(n => n.endsWith('.json'))) {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      assert.deepEqual(viaWalk(SPECTRAL_LIKE, doc), viaNimma(SPECTRAL_LIKE, doc), name);
    }
  });

  it('leaves to nimma what reads more of the scope, or other shapes', () => {
    for (const e of [
      '$..[?(@path.length > 2)]',
      '$..[?(@parent.type)]',
      '$..[?(@root.openapi)]',
      "$..[?(@parentProperty === 'x')]",
      '$..[?(@.name.match(/x/))]',
      '$..[?(@.a = 1)]',
      '$.paths[*][get,put]',
      '$..responses[*]',
      '$..[?(@ === `x`)]',
      '$..[?(foo)]',
      '$..a..b..[?(@.x)]',
      // Brackets not closed within the filter: they would not stay one test in the walk's generated code.
      '$..[?(@.a) || (@.b)]',
      '$..definitions..[?(@.a) || (@.b)]',
    ]) {
      assert.equal(SharedWalk.of([e]), undefined, e);
      assert.equal(SharedWalk.of(['$..description', e]), undefined, e);
    }
  });

  it('a match the callback calls dead is not replayed again under the next occurrence of its shared object', () => {
    const shared = { description: 'dead', title: 'live', nested: { description: 'dead' } };
    const doc = { a: { s: shared }, b: { s: shared }, c: [{ s: shared }, { s: shared }] }; // reached from the same key
    const calls = (prune: boolean) => {
      const seen: string[] = [];
      SharedWalk.of(['$..[description,title]'])!.query(doc, {
        '$..[description,title]': s => {
          seen.push(`${JSON.stringify(s.path)}=${String(s.value)}`);
          return prune && s.value === 'dead' ? true : undefined;
        },
      });
      return seen;
    };
    const all = calls(false);
    assert.deepEqual(
      all,
      viaNimma(['$..[description,title]'], doc).map(([, p, v]) => `${p}=${String(v)}`),
    );
    const pruned = calls(true);
    assert.equal(all.filter(c => c.endsWith('=live')).length, 4);
    assert.deepEqual(
      pruned.filter(c => c.endsWith('=live')),
      all.filter(c => c.endsWith('=live')),
      'every live match, in order',
    );
    assert.equal(all.filter(c => c.endsWith('=dead')).length, 8);
    // met at the first two occurrences (the second one is recorded), not replayed under the last two
    assert.equal(pruned.filter(c => c.endsWith('=dead')).length, 4);
  });

  it('what lies below a shared object is recorded and replayed whatever key it is reached from', () => {
    const shared = { description: 'dead', title: 'live', nested: { description: 'dead' } };
    const doc = { a: { x: shared }, b: { y: shared }, description: shared, title: [shared] }; // four keys, one of them matched itself
    const calls = (prune: boolean) => {
      const seen: string[] = [];
      SharedWalk.of(['$..[description,title]'])!.query(doc, {
        '$..[description,title]': s => {
          seen.push(`${JSON.stringify(s.path)}=${typeof s.value === 'string' ? s.value : 'object'}`);
          return prune && s.value === 'dead' ? true : undefined;
        },
      });
      return seen;
    };
    const all = calls(false);
    assert.deepEqual(
      all,
      viaNimma(['$..[description,title]'], doc).map(([, p, v]) => `${p}=${typeof v === 'string' ? v : 'object'}`),
    );
    const pruned = calls(true);
    assert.deepEqual(
      pruned.filter(c => !c.endsWith('=dead')),
      all.filter(c => !c.endsWith('=dead')),
      'every live match, in order',
    );
    assert.equal(all.filter(c => c.endsWith('=dead')).length, 8);
    assert.equal(pruned.filter(c => c.endsWith('=dead')).length, 4, 'not replayed under the third and fourth keys');
  });

  it('filters on strings, numbers, booleans and null: the same matches as nimma, whether or not they are skipped there', () => {
    const exprs = [
      '$..[?(@ && @.enum && @.type)]',
      "$..[?(@property !== 'properties' && @ && (@ && @.example !== void 0 || @.default !== void 0))]",
      '$..[?(@ && @.length > 2)]',
      '$..[?(@ && @.toFixed)]',
      "$..[?(@ && @.constructor.name === 'String')]",
      "$..[?(@ === 'x' || @ === 3 || @ === false)]",
      '$..[?(@ !== null && @.enum !== void 0)]',
    ];
    const shared = { enum: ['x', 'yy'], type: 'string', example: 3, default: false, note: null, list: [1, 'abc', true, null] };
    const doc = { a: shared, b: [shared, 'x', 3, false, null, ''], c: { d: shared, e: { f: shared, g: 'long text' } } };
    for (const e of exprs) assert.deepEqual(viaWalk([e], doc), viaNimma([e], doc), e);
    assert.deepEqual(viaWalk(exprs, doc), viaNimma(exprs, doc));
  });

  it('a filter is skipped on strings, numbers and booleans only when it is false there without throwing', () => {
    const cases: [string, boolean][] = [
      ["property !== 'properties' && value != null && value.enum && value.enum.constructor.name === 'Array'", true],
      ['value && value.enum && value.type', true],
      ["property !== 'properties' && value && (value.example !== void 0 || value['x-example'] !== void 0) && (value.enum || value.type)", true],
      ['(value && value.example !== void 0 || value.default !== void 0)', true],
      ['value.x || (value.y && value.z)', true],
      ["value['x'] != null", true],
      ['value.length > 3', false],
      ['value.a.b && value.c', false], // value.a.b throws on a string before value.c
      ['value.constructor', false],
      ['value.toString', false],
      ['value.enum !== null', false], // undefined !== null
      ['value.x || value.length', false],
      ["value.type === 'string'", false],
      ['!value.x', false],
      ['value', false],
    ];
    for (const [src, want] of cases) assert.equal(falseForScalars(src), want, src);
  });

  it('an enumerable property inherited from Object.prototype is no key of the walk (as Object.keys)', () => {
    const doc = sharedDoc();
    const want = viaWalk(SPECTRAL_LIKE, doc);
    Object.defineProperty(Object.prototype, 'description', { value: 'inherited', enumerable: true, configurable: true, writable: true });
    try {
      assert.deepEqual(viaWalk(SPECTRAL_LIKE, doc), want);
    } finally {
      delete (Object.prototype as Record<string, unknown>).description;
    }
  });

  it('a filter with brackets and quoted brackets inside it stays one test', () => {
    const exprs = [
      "$..[?(@ && (@.type === 'object' || @['x-(a)']) && (@.enum || @.a))]",
      "$..[?(@ && @.a && @.a[')'] || @.b)]",
      "$..parameters..[?(@ && (@.in === ')'))]",
    ];
    assert.ok(SharedWalk.of(exprs));
    const doc = { a: { type: 'object', 'x-(a)': 1, a: { ')': 1 } }, parameters: [{ in: ')' }, { in: 'query', enum: [1] }], b: { enum: [1] } };
    assert.deepEqual(viaWalk(exprs, doc), viaNimma(exprs, doc));
  });

  it('a filter that throws throws, as in nimma', () => {
    const doc = { a: { b: null } };
    assert.throws(() => viaNimma(['$..[?(@.x)]'], doc));
    assert.throws(() => viaWalk(['$..[?(@.x)]'], doc));
  });
});
