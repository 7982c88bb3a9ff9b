/**
 * The incremental `$ref` resolver (server/src/engine/resolve/resolver.ts) must
 * give exactly what Spectral's DocumentInventory gets from json-ref-resolver
 * (spectralResolver.ts createResolver): the resolved document (same structure, same
 * shared objects, same cycles, frozen the same way), the errors, the parser
 * diagnostics of referenced files, the referenced documents and the ref maps;
 * after edits too, keeping the resolved values (===) of the units an edit does
 * not affect.
 *
 * APICONV_RESOLVE_CORPUS=1 also checks every corpus document (slow).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { IncrementalResolver } from '../../server/src/engine/resolve/resolver';
import type { ResolvedDoc, ResolveInput } from '../../server/src/engine/resolve/types';
import { createResolver, type FileReader } from '../../server/src/engine/spectralResolver';
import { unitsOf } from '../../server/src/engine/parse/units';
import { IncrementalParser } from '../../server/src/engine/parse/parser';
import { ResolveRunner } from '@stoplight/json-ref-resolver/runner';
import { plainLocalPointer, targetPointerOf } from '../../server/src/engine/resolve/base';
import { fileUriRef } from '../../server/src/engine/spectralResolver';

import { CORPUS, needs } from '../helpers/corpus';

// Spectral's DocumentInventory is not exported; load it from its file.
const { DocumentInventory } = require(path.join(path.dirname(require.resolve('@stoplight/spectral-core')), 'documentInventory.js')) as {
  DocumentInventory: new (
    doc: unknown,
    resolver: unknown,
  ) => {
    resolve(): Promise<void>;
    resolved: unknown;
    errors: unknown[] | null;
    diagnostics: unknown[];
    referencedDocuments: Record<string, { data: unknown }>;
    graph: { getNodeData(id: string): { refMap: Record<string, string> } } | null;
  };
};

type Data = Record<string, unknown>;

/** `text` with the first `from` replaced (which must be there). */
function edit(text: string, from: string, to: string): string {
  assert.ok(text.includes(from), `the text has ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

function at(v: unknown, ...keys: string[]): unknown {
  for (const k of keys) v = (v as Data)[k];
  return v;
}

function parse(text: string, file: string): Document {
  return new Document(text, (file.endsWith('.json') ? Parsers.Json : Parsers.Yaml) as never, file);
}

/** What Spectral gets (a fresh resolver, as lint.ts makes one per lint). */
async function spectral(text: string, file: string, readFile?: FileReader) {
  const inv = new DocumentInventory(parse(text, file), createResolver({ readFile, allowRemoteRefs: false }));
  await inv.resolve();
  return inv;
}

/** Keeps the previous objects of units whose parsed value did not change (what the incremental parser does). */
function keepUnits(prev: unknown, next: unknown): unknown {
  if (typeof next !== 'object' || next === null || typeof prev !== 'object' || prev === null) return next;
  const old = new Map<string, unknown>();
  for (const [k, , v] of unitsOf(prev)) old.set(k, v);
  const root: Data = { ...(next as Data) };
  const copied = new Set<unknown>();
  for (const [k, p, v] of unitsOf(next)) {
    const o = old.get(k);
    if (o === undefined || !isDeepStrictEqual(o, v)) continue;
    let c = root;
    for (let i = 0; i < p.length - 1; i++) {
      const seg = String(p[i]);
      if (!copied.has(c[seg])) {
        c[seg] = { ...(c[seg] as Data) };
        copied.add(c[seg]);
      }
      c = c[seg] as Data;
    }
    c[String(p[p.length - 1])] = o;
  }
  return root;
}

/** A root document for the incremental resolver; with `prev`, unchanged units keep their objects. */
function input(text: string, file: string, prev?: ResolveInput): ResolveInput {
  const d = parse(text, file);
  return { source: d.source, data: prev === undefined ? d.data : keepUnits(prev.data, d.data), getRangeForJsonPath: (p, c) => d.getRangeForJsonPath(p, c) };
}

/** Same object graph: a bijection between the objects of `a` and `b` (sharing and cycles alike), same keys, same values, frozen alike. */
function sameGraph(a: unknown, b: unknown): string | undefined {
  const map = new Map<object, object>();
  const rev = new Map<object, object>();
  const todo: [unknown, unknown, string][] = [[a, b, '#']];
  while (todo.length > 0) {
    const [x, y, p] = todo.pop()!;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) {
      if (!Object.is(x, y)) return `${p}: ${String(x)} vs ${String(y)}`;
      continue;
    }
    const m = map.get(x);
    if (m !== undefined) {
      if (m !== y) return `${p}: shared differently`;
      continue;
    }
    if (rev.has(y)) return `${p}: shared differently`;
    map.set(x, y);
    rev.set(y, x);
    if (Array.isArray(x) !== Array.isArray(y)) return `${p}: array vs object`;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.join('\u0000') !== ky.join('\u0000')) return `${p}: keys ${kx.join(',')} vs ${ky.join(',')}`;
    if (Object.isFrozen(x) !== Object.isFrozen(y)) return `${p}: frozen ${Object.isFrozen(x)} vs ${Object.isFrozen(y)}`;
    for (const k of kx) todo.push([(x as Data)[k], (y as Data)[k], `${p}/${k}`]);
  }
  return undefined;
}

/** Equal as (possibly infinite) trees: what a traversal sees, whatever is shared. */
function sameTree(a: unknown, b: unknown): boolean {
  const seen = new Map<object, Set<object>>();
  const todo: [unknown, unknown][] = [[a, b]];
  while (todo.length > 0) {
    const [x, y] = todo.pop()!;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) {
      if (!Object.is(x, y)) return false;
      continue;
    }
    let s = seen.get(x);
    if (!s) seen.set(x, (s = new Set()));
    if (s.has(y)) continue;
    s.add(y);
    const kx = Object.keys(x);
    if (Array.isArray(x) !== Array.isArray(y) || kx.join('\u0000') !== Object.keys(y).join('\u0000')) return false;
    for (const k of kx) todo.push([(x as Data)[k], (y as Data)[k]]);
  }
  return true;
}

function refMapOf(g: { getNodeData(id: string): { refMap: Record<string, string> } } | null, id: string): unknown {
  if (g === null) return null;
  try {
    // Spectral only asks `key in refMap`: compare as sets of entries.
    return Object.entries(g.getNodeData(id).refMap).sort();
  } catch (e) {
    return String(e);
  }
}

/** The incremental result equals Spectral's. */
function assertSame(real: Awaited<ReturnType<typeof spectral>>, mine: ResolvedDoc, root: string): void {
  const diff = sameGraph(real.resolved, mine.resolved);
  assert.equal(diff, undefined, `resolved: ${diff}`);
  assert.deepEqual(mine.errors, real.errors ?? []);
  assert.deepEqual(mine.diagnostics, real.diagnostics);
  assert.deepEqual(Object.keys(mine.referencedDocuments).sort(), Object.keys(real.referencedDocuments).sort());
  for (const [f, d] of Object.entries(real.referencedDocuments)) assert.ok(isDeepStrictEqual(mine.referencedDocuments[f]!.data, d.data), `data of ${f}`);
  for (const id of [root, ...Object.keys(real.referencedDocuments), `${root}#/nope`])
    assert.deepEqual(refMapOf(mine.graph, id), refMapOf(real.graph, id), `refMap of ${id}`);
}

function unitValues(resolved: unknown): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const [k, , v] of unitsOf(resolved)) m.set(k, v);
  return m;
}

/** Units whose resolved value differs (as a tree) from before. */
function contentChanged(before: unknown, after: unknown): Set<string> {
  const a = unitValues(before);
  const out = new Set<string>();
  for (const [k, v] of unitValues(after)) if (!a.has(k) || !sameTree(a.get(k), v)) out.add(k);
  return out;
}

/** Resolve `text` incrementally after `prev` and check it against Spectral, and the identity of units. */
async function step(
  r: IncrementalResolver,
  text: string,
  file: string,
  prev?: { doc: ResolveInput; res: ResolvedDoc; text: string },
  readFile?: FileReader,
  minimal = true,
) {
  // The same text: the parser gives the same document.
  const doc = prev !== undefined && prev.text === text ? prev.doc : input(text, file, prev?.doc);
  const res = await r.resolve(doc, 'all');
  assertSame(await spectral(text, file, readFile), res, file);
  if (prev !== undefined && res.changedUnits !== 'all') {
    const before = unitValues(prev.res.resolved);
    const after = unitValues(res.resolved);
    for (const [k, v] of after) assert.equal(res.changedUnits.has(k), before.get(k) !== v, `changedUnits is right about ${k}`);
    if (minimal && r.stats.mode === 'local' && prev.res.changedUnits !== 'all' && !r.stats.remoteResolved) {
      // Minimal too: a unit whose resolved value is the same keeps it. (Not always: a site that held
      // another site's $ref object and now stays a $ref object, the same, is rebuilt; after remote
      // refs are resolved again, their results are new objects.)
      const changed = contentChanged(prev.res.resolved, res.resolved);
      for (const k of res.changedUnits) assert.ok(changed.has(k), `${k} was rebuilt but did not change`);
    }
  }
  return { doc, res, text };
}

// ---------------------------------------------------------------------------

const HEAD = `openapi: 3.0.0
info: {title: t, version: '1'}
`;

const FIXTURES: Record<string, string> = {
  'A→B→A cycle': `${HEAD}paths:
  /a:
    get:
      responses:
        '200': {description: ok, content: {a: {schema: {$ref: '#/components/schemas/A'}}}}
components:
  schemas:
    A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}, n: {type: string}}}
    B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}, list: {type: array, items: {$ref: '#/components/schemas/B'}}}}
    C: {allOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}]}
`,
  'self and ancestor refs': `${HEAD}paths: {}
components:
  schemas:
    Node: {type: object, properties: {children: {type: array, items: {$ref: '#/components/schemas/Node'}}, me: {$ref: '#/components/schemas/Node/properties'}}}
    Self: {$ref: '#/components/schemas/Self'}
`,
  'refs to refs, siblings, missing, arrays, root': `${HEAD}paths:
  /a:
    get:
      parameters: [{$ref: '#/components/parameters/P'}, {$ref: '#/components/parameters/Alias'}, {$ref: '#/components/parameters/Missing'}]
      responses:
        '200': {$ref: '#/components/responses/AliasOfAlias', description: sibling is dropped}
        '404': {$ref: '#/components/responses/Missing'}
        '500': {$ref: '#/components/responses/Missing'}
        default: {$ref: '#/paths/~1a/get/parameters/0'}
components:
  parameters:
    P: {name: p, in: query, schema: {$ref: '#/components/schemas/List/items/1'}}
    Alias: {$ref: '#/components/parameters/P'}
  responses:
    R: {description: ok}
    Alias: {$ref: '#/components/responses/R'}
    AliasOfAlias: {$ref: '#/components/responses/Alias'}
  schemas:
    List: {items: [{type: string}, {type: integer}]}
    Title: {$ref: '#/info/title'}
    Whole: {$ref: '#'}
    Comps: {$ref: '#/components/responses'}
    Bad: {$ref: '#nope'}
`,
  'odd keys': `${HEAD}paths:
  /a~b/{id}:
    get:
      responses:
        '200': {$ref: '#/components/responses/a~1b'}
        2XX: {$ref: '#/components/responses/2'}
components:
  responses:
    a/b: {description: slash}
    '2': {description: two, x: {$ref: '#/components/responses/2XX'}}
    2XX: {description: twoxx, y: {$ref: '#/components/responses/2'}}
`,
};

/** `n` schemas, each a $ref to the next, the last `last`; the operation's schema refers to the first. */
function refChain(n: number, last: string): string {
  const schemas = Array.from({ length: n - 1 }, (_, i) => `    S${i}: {$ref: '#/components/schemas/S${i + 1}'}\n`);
  return `${HEAD}paths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok, content: {a: {schema: {$ref: '#/components/schemas/S0'}}}}\ncomponents:\n  schemas:\n${schemas.join('')}    S${n - 1}: ${last}\n`;
}

// Chains, trees and cycles of refs to refs: the processing loop writes the direct dependants of most pointers only.
const REF_GRAPHS: Record<string, string> = {
  'a chain of 40 refs to an object': refChain(40, '{type: object}'),
  'a chain of 40 refs to a missing pointer': refChain(40, "{$ref: '#/components/schemas/Missing'}"),
  'a chain of 40 refs into a cycle': refChain(40, "{$ref: '#/components/schemas/S30'}"),
  'trees entering a cycle at each of its refs, and the cycle first reached by the last': `${HEAD}paths:
  /a:
    get:
      parameters: [{$ref: '#/components/parameters/T3'}, {$ref: '#/components/parameters/T1'}, {$ref: '#/components/parameters/C2'}]
      responses:
        '200': {description: ok, content: {a: {schema: {$ref: '#/components/schemas/Tail'}}}}
components:
  parameters:
    C0: {$ref: '#/components/parameters/C1'}
    C1: {$ref: '#/components/parameters/C2'}
    C2: {$ref: '#/components/parameters/C3'}
    C3: {$ref: '#/components/parameters/C0'}
    T1: {$ref: '#/components/parameters/C1'}
    T3: {$ref: '#/components/parameters/T3b'}
    T3b: {$ref: '#/components/parameters/C3'}
  schemas:
    Tail: {$ref: '#/components/schemas/Mid'}
    Mid: {$ref: '#/components/schemas/End'}
    Also: {$ref: '#/components/schemas/Mid'}
    End: {type: object, properties: {next: {$ref: '#/components/schemas/Tail'}, other: {$ref: '#/components/schemas/Also'}}}
`,
};

describe('incremental $ref resolution: fixtures', () => {
  for (const [name, text] of Object.entries({ ...FIXTURES, ...REF_GRAPHS })) {
    it(`${name}: what Spectral gets`, async () => {
      const file = path.join(os.tmpdir(), 'apiconv-resolve', 'doc.yaml');
      const r = new IncrementalResolver({ allowRemoteRefs: false });
      const { res } = await step(r, text, file);
      assert.equal(r.stats.mode, 'local', r.stats.fallbackReason);
      assert.notEqual(res.changedUnits, 'all');
    });
  }

  it("refs to refs: the root's refMap lists its pointers in runner.js's order", async () => {
    const file = path.join(os.tmpdir(), 'apiconv-resolve', 'doc.yaml');
    for (const [name, text] of Object.entries(REF_GRAPHS)) {
      const mine = await new IncrementalResolver({ allowRemoteRefs: false }).resolve(input(text, file), 'all');
      const real = await spectral(text, file);
      assert.deepEqual(Object.keys(mine.graph!.getNodeData(file).refMap), Object.keys(real.graph!.getNodeData(file).refMap), name);
    }
  });

  it('a cycle keeps inner refs as $ref objects, and resolved objects are shared', async () => {
    const file = path.join(os.tmpdir(), 'apiconv-resolve', 'doc.yaml');
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const res = await r.resolve(input(FIXTURES['A→B→A cycle']!, file), 'all');
    const s = ((res.resolved as Data).components as Data).schemas as Record<string, Data>;
    assert.deepEqual((s.A!.properties as Data).b, { $ref: '#/components/schemas/B' });
    const schema = at(res.resolved, 'paths', '/a', 'get', 'responses', '200', 'content', 'a', 'schema');
    assert.equal(schema, s.A, 'the ref site holds the shared target');
    assert.ok(Object.isFrozen(schema));
  });

  it('a one-shot resolve tells which objects it put at $ref sites (the walk records them at once); a relint keeps none', async () => {
    const file = path.join(os.tmpdir(), 'apiconv-resolve', 'doc.yaml');
    const one = await new IncrementalResolver({ allowRemoteRefs: false, oneShot: true }).resolve(input(FIXTURES['A→B→A cycle']!, file), 'all');
    const s = ((one.resolved as Data).components as Data).schemas as Record<string, Data>;
    const schema = at(one.resolved, 'paths', '/a', 'get', 'responses', '200', 'content', 'a', 'schema');
    assert.ok(one.shared?.objects.has(schema as object), 'the site holds a shared object');
    assert.ok(one.shared?.objects.has(s.B!), 'B, at the site in A, too');
    assert.ok(!one.shared?.objects.has(one.resolved as object), 'not the root');
    assert.equal(one.shared?.all, true, 'local refs only: every object met twice is named');
    const again = await new IncrementalResolver({ allowRemoteRefs: false }).resolve(input(FIXTURES['A→B→A cycle']!, file), 'all');
    assert.equal(again.shared, undefined);
  });

  it('a pointer missing: POINTER_MISSING with the $ref path, reported once per message', async () => {
    const file = path.join(os.tmpdir(), 'apiconv-resolve', 'doc.yaml');
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const res = await r.resolve(input(FIXTURES['refs to refs, siblings, missing, arrays, root']!, file), 'all');
    const missing = res.errors.filter(e => (e as { message: string }).message === "'#/components/responses/Missing' does not exist");
    assert.equal(missing.length, 1);
    assert.deepEqual((missing[0] as { path: unknown }).path, ['paths', '/a', 'get', 'responses', '404', '$ref']);
    assert.equal((missing[0] as { code: string }).code, 'invalid-ref');
  });

  it('what the model does not cover is resolved by the real resolver (changedUnits all), then the model again', async () => {
    const file = path.join(os.tmpdir(), 'apiconv-resolve', 'doc.yaml');
    const through = `${HEAD}paths: {}
components:
  schemas:
    A: {$ref: '#/components/schemas/B'}
    B: {properties: {x: {type: string}}}
    C: {$ref: '#/components/schemas/A/properties/x'}
`;
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const first = await step(r, through, file);
    assert.equal(r.stats.mode, 'fallback');
    assert.equal(first.res.changedUnits, 'all');
    const fixed = edit(through, '#/components/schemas/A/properties/x', '#/components/schemas/B/properties/x');
    const second = await step(r, fixed, file, first);
    assert.equal(r.stats.mode, 'local');
    const third = await step(r, edit(fixed, 'version: ', 'version: 2'), file, second);
    assert.deepEqual([...(third.res.changedUnits as Set<string>)], ['/info']);
  });

  it('not an object: nothing to resolve', async () => {
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const res = await r.resolve(input('just a string', '/tmp/x.yaml'), 'all');
    assert.equal(res.resolved, 'just a string');
    assert.deepEqual(res.errors, []);
  });

  it('seeded random documents and edits: what Spectral gets, every time', async () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)]!;
    const names = ['A', 'B', 'C', '1', '01', '2x', 'a~b', 'a/b'];
    const enc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    const gen = (): Data => {
      const keys = names.slice(0, 2 + Math.floor(rnd() * 6));
      const ptrs = ['#', '#/info', '#/info/title', '#/paths/~1p', '#/components/schemas/Missing', '#/tags/0', '#/paths/~1p/get/responses/200'];
      for (const k of keys) ptrs.push(`#/components/schemas/${enc(k)}`, `#/components/schemas/${enc(k)}`);
      const ref = () => ({ $ref: pick(ptrs), ...(rnd() < 0.2 ? { description: 'sibling' } : {}) });
      const val = (depth: number): unknown => {
        const x = rnd();
        if (x < 0.3) return ref();
        if (depth > 2 || x < 0.45) return pick(['s', 1, true, null]);
        if (x < 0.6) return [val(depth + 1), val(depth + 1)];
        return { p0: val(depth + 1), p1: val(depth + 1) };
      };
      const schemas: Data = {};
      for (const k of keys) schemas[k] = rnd() < 0.25 ? ref() : { type: 'object', properties: { p0: val(1), p1: val(1) } };
      return {
        openapi: '3.0.0',
        info: { title: 't', version: '1' },
        tags: [{ name: 'x', d: val(1) }],
        paths: {
          '/p': { get: { responses: { '200': rnd() < 0.5 ? ref() : { description: 'ok', content: { a: { schema: val(1) } } } } } },
          '/q': { post: { requestBody: val(0) } },
        },
        components: { schemas },
      };
    };
    const file = path.join(os.tmpdir(), 'apiconv-resolve', 'random.json');
    let local = 0;
    for (let n = 0; n < 40; n++) {
      const r = new IncrementalResolver({ allowRemoteRefs: false });
      let doc = gen();
      let prev: Awaited<ReturnType<typeof step>> | undefined;
      for (let s = 0; s < 4; s++) {
        prev = await step(r, JSON.stringify(doc, null, 1), file, prev, undefined, false);
        if (r.stats.mode === 'local') local++;
        doc = JSON.parse(JSON.stringify(doc)) as Data;
        const x = rnd();
        const schemas = (doc.components as Data).schemas as Data;
        if (x < 0.3) (doc.info as Data).title = `t${s}`;
        else if (x < 0.55) schemas[pick(Object.keys(schemas))] = (gen().components as { schemas: Data }).schemas.A;
        else if (x < 0.7) delete schemas[pick(Object.keys(schemas))];
        else ((doc.paths as Data)['/q'] as { post: Data }).post.requestBody = ((gen().paths as Data)['/q'] as { post: Data }).post.requestBody;
      }
    }
    assert.ok(local > 100, `most resolves use the model (${local} of 160)`);
  });
});

// ---------------------------------------------------------------------------

describe('incremental $ref resolution: the target pointers of local refs', () => {
  const runnerAt = (base: string) => {
    const r = createResolver({ allowRemoteRefs: false }) as unknown as { resolvers: Record<string, unknown> };
    return new ResolveRunner({}, undefined, { ...(base !== '' ? { baseUri: base } : {}), resolvers: r.resolvers as never, transformRef: fileUriRef });
  };
  const crafted = [
    '#',
    '#/',
    '#/a',
    '#/a/',
    '#//',
    '#/a~0b/c~1d',
    '#/a.b-c_d/0',
    '#/paths/~1users~1{id}',
    '#/a%20b',
    '#/a b',
    '#/é',
    '#a',
    '#/a#b',
    '#/a?b',
    '#/A/~2',
    '#/~',
    'a.yaml#/x',
    './a.yaml',
    'file:///x/doc.yaml#/a',
    '/x/doc.yaml#/a',
    'doc.yaml#/a',
    'http://h/x#/a',
  ];
  const corpusRefs = (): string[] => {
    const refs = new Set<string>();
    if (!fs.existsSync(CORPUS)) return [];
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const f = path.join(dir, e.name);
        if (e.isDirectory()) walk(f);
        else if (/\.(ya?ml|json)$/.test(e.name)) for (const m of fs.readFileSync(f, 'utf8').matchAll(/\$ref["']?\s*:\s*["']?([^"'\s},]+)/g)) refs.add(m[1]!);
      }
    };
    walk(CORPUS);
    return [...refs];
  };

  it('a plain fragment is its own pointer, as computeRef makes it; anything else is left to computeRef', () => {
    const refs = [...crafted, ...corpusRefs()];
    let plain = 0;
    for (const base of ['/x/doc.yaml', 'file:///x/doc.yaml', 'C:/x/doc.json', '']) {
      const runner = runnerAt(base);
      for (const ref of refs) {
        const fast = plainLocalPointer(ref, runner);
        if (fast === undefined) continue;
        plain++;
        assert.equal(fast, targetPointerOf(ref, runner), `${ref} under ${JSON.stringify(base)}`);
      }
    }
    assert.equal(plainLocalPointer('#/a', runnerAt('')), undefined, 'no fast path without a base path');
    assert.equal(plainLocalPointer('#', runnerAt('/x/doc.yaml')), undefined);
    assert.ok(plain >= 5, `refs taken by the fast path: ${plain}`);
  });
});

describe('incremental $ref resolution: edits', () => {
  const PETS = `openapi: 3.0.0
info:
  title: Pets
  version: '1.0'
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
        default: {$ref: '#/components/responses/Error'}
  /pets/{id}:
    get:
      summary: One pet
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
        default: {$ref: '#/components/responses/Error'}
  /owners:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Owner'}}}}
components:
  schemas:
    Pet: {type: object, properties: {name: {type: string}, tag: {$ref: '#/components/schemas/Tag'}}}
    Tag: {type: string}
    Owner: {type: object, properties: {pets: {type: array, items: {$ref: '#/components/schemas/Pet'}}}}
    Unused: {type: object}
  responses:
    Error: {description: error, content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}}
`;
  const PETS_FULL = edit(PETS, '    Unused: {type: object}\n', '    Unused: {type: object}\n    Error: {type: object, properties: {code: {type: integer}}}\n');
  const file = path.join(os.tmpdir(), 'apiconv-resolve', 'pets.yaml');

  it('scalar in info, inside an operation, a shared component, add/remove/break a $ref', async () => {
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    let s = await step(r, PETS_FULL, file);
    assert.equal(r.stats.mode, 'local');

    // A scalar in info: only /info.
    let text = edit(PETS_FULL, 'title: Pets', 'title: Pet store');
    s = await step(r, text, file, s);
    assert.deepEqual([...(s.res.changedUnits as Set<string>)], ['/info']);
    assert.equal(r.stats.decided, false, 'the decisions are reused');

    // Inside one operation: only that path.
    text = edit(text, 'summary: One pet', 'summary: A pet');
    s = await step(r, text, file, s);
    assert.deepEqual([...(s.res.changedUnits as Set<string>)], ['/paths/~1pets~1{id}']);

    // A component many units reach: it and those units, nothing else.
    text = edit(text, 'name: {type: string}', 'name: {type: string, minLength: 1}');
    s = await step(r, text, file, s);
    assert.deepEqual([...(s.res.changedUnits as Set<string>)].sort(), [
      '/components/schemas/Owner',
      '/components/schemas/Pet',
      '/paths/~1owners',
      '/paths/~1pets',
      '/paths/~1pets~1{id}',
    ]);
    assert.equal(r.stats.rebuiltUnits, 5);

    // A component reached through another one.
    text = edit(text, 'Tag: {type: string}', 'Tag: {type: string, enum: [a]}');
    s = await step(r, text, file, s);
    assert.ok((s.res.changedUnits as Set<string>).has('/components/schemas/Tag'));
    assert.ok((s.res.changedUnits as Set<string>).has('/paths/~1owners'));
    assert.ok(!(s.res.changedUnits as Set<string>).has('/components/responses/Error'));

    // Add a $ref, remove one.
    text = edit(
      edit(text, 'summary: List pets', 'summary: List pets\n      parameters: [{$ref: "#/components/parameters/Limit"}]'),
      '  responses:\n    Error',
      '  parameters:\n    Limit: {name: limit, in: query}\n  responses:\n    Error',
    );
    s = await step(r, text, file, s);
    assert.equal(r.stats.decided, true);
    text = edit(text, "tag: {$ref: '#/components/schemas/Tag'}", 'tag: {type: string}');
    s = await step(r, text, file, s);

    // Break a ref, mend it.
    text = edit(text, '    Error: {type: object', '    Failure: {type: object');
    s = await step(r, text, file, s);
    assert.ok(s.res.errors.some(e => (e as { message: string }).message === "'#/components/schemas/Error' does not exist"));
    text = edit(text, '    Failure: {type: object', '    Error: {type: object');
    s = await step(r, text, file, s);
    assert.deepEqual(s.res.errors, []);

    // Nothing changed: nothing rebuilt.
    s = await step(r, text, file, s);
    assert.equal((s.res.changedUnits as Set<string>).size, 0);
    assert.equal(r.stats.rebuiltUnits, 0);
  });

  it('typing into a string of a JSON path item: the resolved copies beside the string keep their identity', async () => {
    const jsonFile = path.join(os.tmpdir(), 'apiconv-resolve', 'pets.json');
    const json = JSON.stringify(parse(PETS_FULL, file).data, null, 2);
    const parser = new IncrementalParser(jsonFile, 'json');
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const resolveText = async (text: string) => {
      const u = parser.update(text);
      const res = await r.resolve(u.doc, u.changedUnits);
      assertSame(await spectral(text, jsonFile), res, jsonFile);
      return { u, res };
    };
    const first = await resolveText(json);
    const edited = edit(json, '"summary": "List pets"', '"summary": "List all pets"');
    const second = await resolveText(edited);
    assert.equal(second.u.stringEdit, true);
    assert.equal(r.stats.crawlsKept, 1, 'the path item was not crawled again');
    assert.ok(r.stats.copiesKept > 0, 'copies beside the string were kept without a look below them');
    const pets = (res: ResolvedDoc) => at(res.resolved, 'paths', '/pets', 'get', 'responses') as Data;
    // `responses` holds the replaced $refs (a copy in the resolved document); the edit is beside it, in `summary`.
    assert.notEqual(at(second.res.resolved, 'paths', '/pets', 'get'), at(first.res.resolved, 'paths', '/pets', 'get'));
    assert.equal(pets(second.res), pets(first.res), 'the copy of responses is the last one');
    assert.equal(pets(second.res)['200'], pets(first.res)['200']);
    // A change below a copy makes it new again.
    const third = await resolveText(edit(edited, '"description": "ok"', '"description": "okay"'));
    assert.equal(third.u.stringEdit, true);
    assert.notEqual(pets(third.res), pets(second.res));
    assert.equal(pets(third.res).default, pets(second.res).default, 'the shared Error response is the same');
    assert.equal(r.stats.crawlsKept, 1);

    // A `$ref` typed into: crawled again (its site's target changes), and what Spectral gets.
    let text = edit(edited, '"$ref": "#/components/schemas/Owner"', '"$ref": "#/components/schemas/Owne"');
    await resolveText(text);
    assert.equal(r.stats.crawlsKept, 0);
    assert.equal(r.stats.copiesKept, 0);
    text = edit(text, '"$ref": "#/components/schemas/Owne"', '"$ref": "#/components/schemas/Owner"');
    await resolveText(text);
    // A string in a schema other units hold (Pet): they are rebuilt, no copy is kept without a look.
    text = edit(text, '"Pet": {\n        "type": "object"', '"Pet": {\n        "type": "objec"');
    const held = await resolveText(text);
    assert.equal(held.u.stringEdit, true);
    assert.equal(r.stats.crawlsKept, 1);
    assert.equal(r.stats.copiesKept, 0);
    assert.ok(r.stats.rebuiltUnits > 1);
    // Then typing into the first operation again: kept, and what Spectral gets.
    await resolveText(edit(text, '"summary": "List all pets"', '"summary": "List all the pets"'));
    assert.ok(r.stats.copiesKept > 0);
  });

  it('calls overlapping in time run one after the other', async () => {
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const texts = [PETS_FULL, edit(PETS_FULL, 'title: Pets', 'title: A'), edit(PETS_FULL, "tag: {$ref: '#/components/schemas/Tag'}", 'tag: {}')];
    const results = await Promise.all(texts.map(t => r.resolve(input(t, file), 'all')));
    for (let i = 0; i < texts.length; i++) assertSame(await spectral(texts[i]!, file), results[i]!, file);
  });

  it("'#' refs: the units holding the whole document follow every edit", async () => {
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const text = edit(PETS_FULL, '    Unused: {type: object}', "    Unused: {x: {$ref: '#'}}");
    let s = await step(r, text, file);
    s = await step(r, edit(text, 'title: Pets', 'title: P'), file, s);
    assert.deepEqual([...(s.res.changedUnits as Set<string>)].sort(), ['/components/schemas/Unused', '/info']);
  });
});

// ---------------------------------------------------------------------------

describe('incremental $ref resolution: other files', () => {
  const ROOT = `openapi: 3.0.0
info: {title: t, version: '1'}
paths:
  /pets:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: 'schemas/pet.yaml'}}}}
        '400': {$ref: 'common.yaml#/responses/Bad'}
        '404': {$ref: 'common.yaml#/responses/Missing'}
        '500': {$ref: 'nowhere.yaml'}
  /loop:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: 'schemas/a.yaml'}}}}
  /broken:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: 'schemas/broken.yaml'}}}}
components:
  schemas:
    Pet: {$ref: 'schemas/pet.yaml'}
    Local: {properties: {pet: {$ref: '#/components/schemas/Pet'}}}
    Json: {$ref: 'schemas/thing.json#/definitions/Thing'}
`;
  const FILES: Record<string, string> = {
    'schemas/pet.yaml':
      "type: object\nproperties:\n  name: {type: string}\n  owner: {$ref: '#/definitions/Owner'}\n  tag: {$ref: '../common.yaml#/schemas/Tag'}\ndefinitions:\n  Owner: {type: object, properties: {pet: {$ref: '#'}}}\n",
    'common.yaml': "responses:\n  Bad: {description: bad, content: {application/json: {schema: {$ref: '#/schemas/Tag'}}}}\nschemas:\n  Tag: {type: string}\n",
    'schemas/a.yaml': "type: object\nproperties:\n  b: {$ref: 'b.yaml'}\n",
    'schemas/b.yaml': "type: object\nproperties:\n  a: {$ref: 'a.yaml'}\n",
    'schemas/broken.yaml': 'type: object\nproperties: {a: [1, 2\n',
    'schemas/thing.json': '{"definitions": {"Thing": {"type": "string"}}}',
  };

  function makeDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-resolve-'));
    for (const [f, t] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), t);
    }
    return dir;
  }

  it('a one-shot resolve with refs to other files does not say it named every shared object', async () => {
    const dir = makeDir();
    const res = await new IncrementalResolver({ allowRemoteRefs: false, oneShot: true }).resolve(input(ROOT, path.join(dir, 'root.yaml')), 'all');
    assert.ok(res.shared !== undefined && res.shared.objects.size > 0);
    assert.equal(res.shared.all, false);
  });

  it('file refs, refs inside them, a missing file, a circular file ref, a broken file; edits', async () => {
    const dir = makeDir();
    try {
      const file = path.join(dir, 'openapi.yaml');
      const r = new IncrementalResolver({ allowRemoteRefs: false });
      let s = await step(r, ROOT, file);
      assert.equal(r.stats.mode, 'local', r.stats.fallbackReason);
      assert.equal(r.stats.remoteResolved, true);
      assert.ok(s.res.errors.some(e => /file not found: .*nowhere\.yaml/.test((e as { message: string }).message)));
      assert.ok(s.res.diagnostics.length > 0, 'the parser diagnostics of broken.yaml');
      assert.equal(s.res.files[0], file);
      assert.deepEqual(
        [...s.res.files].sort(),
        [
          file,
          ...['common.yaml', 'nowhere.yaml', 'schemas/a.yaml', 'schemas/b.yaml', 'schemas/broken.yaml', 'schemas/pet.yaml', 'schemas/thing.json'].map(f =>
            path.join(dir, f),
          ),
        ].sort(),
      );

      // An edit of the root that leaves the remote refs alone: they are not resolved again.
      let text = edit(ROOT, 'title: t', 'title: t2');
      s = await step(r, text, file, s);
      assert.equal(r.stats.remoteResolved, false);
      assert.deepEqual([...(s.res.changedUnits as Set<string>)], ['/info']);

      // A local ref added next to them.
      text = edit(text, '    Json:', "    Local2: {$ref: '#/components/schemas/Local'}\n    Json:");
      s = await step(r, text, file, s);
      assert.equal(r.stats.remoteResolved, false);

      // A remote ref added: resolved again.
      text = edit(text, '    Json:', "    Tag: {$ref: 'common.yaml#/schemas/Tag'}\n    Json:");
      s = await step(r, text, file, s);
      assert.equal(r.stats.remoteResolved, true);

      // A referenced file changed on disk.
      fs.writeFileSync(path.join(dir, 'common.yaml'), edit(FILES['common.yaml']!, '{type: string}', '{type: integer}'));
      s = await step(r, text, file, s);
      assert.equal(r.stats.remoteResolved, true);
      assert.ok((s.res.changedUnits as Set<string>).has('/components/schemas/Tag'));
      assert.ok(!(s.res.changedUnits as Set<string>).has('/info'));

      // A referenced file changed in an editor buffer (the injected reader).
      const petFile = path.join(dir, 'schemas/pet.yaml');
      const buffers: FileReader = f =>
        f === petFile ? edit(FILES['schemas/pet.yaml']!, 'name: {type: string}', 'name: {type: string, minLength: 2}') : undefined;
      const withBuffers = new IncrementalResolver({ allowRemoteRefs: false, readFile: buffers });
      const b = await step(withBuffers, text, file, undefined, buffers);
      await step(withBuffers, text, file, b, buffers);
      assert.equal(withBuffers.stats.remoteResolved, false);

      // The missing file appears.
      fs.writeFileSync(path.join(dir, 'nowhere.yaml'), 'description: here now\n');
      s = await step(r, text, file, s);
      assert.equal(r.stats.remoteResolved, true);
      assert.ok(!s.res.errors.some(e => /nowhere/.test((e as { message: string }).message)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('http refs are refused (no request), like lint does by default', async () => {
    const file = path.join(os.tmpdir(), 'apiconv-resolve', 'http.yaml');
    const text = `${HEAD}paths: {}\ncomponents:\n  schemas:\n    Remote: {$ref: 'https://example.invalid/schemas.yaml#/Pet'}\n    Local: {$ref: '#/components/schemas/Remote'}\n`;
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    const s = await step(r, text, file);
    assert.equal(r.stats.mode, 'local');
    assert.ok(s.res.errors.some(e => /remote \$ref not fetched/.test((e as { message: string }).message)));
    await step(r, edit(text, 'version: ', 'version: 3'), file, s);
    assert.equal(r.stats.remoteResolved, false);
  });

  it('a file that refers back into the root document: the real resolver', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-resolve-'));
    try {
      fs.writeFileSync(path.join(dir, 'back.yaml'), "type: object\nproperties:\n  x: {$ref: 'openapi.yaml#/components/schemas/Plain'}\n");
      const text = `${HEAD}paths: {}\ncomponents:\n  schemas:\n    Plain: {type: string}\n    Back: {$ref: 'back.yaml'}\n`;
      const file = path.join(dir, 'openapi.yaml');
      const r = new IncrementalResolver({ allowRemoteRefs: false });
      const s = await step(r, text, file);
      assert.equal(r.stats.mode, 'fallback');
      assert.equal(s.res.changedUnits, 'all');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------

describe('incremental $ref resolution: corpus', () => {
  const QUICK = [
    'asana/asana.yaml',
    'oai-petstore-expanded-v3/petstore-expanded.json',
    'azure-storage/specification/storage/resource-manager/Microsoft.Storage/stable/2021-08-01/storage.json',
    'oai-petstore-separate-v2/spec/swagger.yaml',
    'redocly-openapi-starter/openapi/openapi.yaml',
  ];
  const ALL = process.env.APICONV_RESOLVE_CORPUS
    ? fs
        .readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8')
        .split('\n')
        .map(l => /^\| \d+ \| [^|]+ \| `([^`]+)`/.exec(l)?.[1])
        .filter((f): f is string => f !== undefined && !f.startsWith('digitalocean/')) // digitalocean: json-ref-resolver's own result varies from run to run
    : QUICK;
  for (const rel of ALL) {
    it(`${rel}: what Spectral gets`, { skip: needs(rel) }, async () => {
      const file = path.join(CORPUS, rel);
      const r = new IncrementalResolver({ allowRemoteRefs: false });
      await step(r, fs.readFileSync(file, 'utf8'), file);
      assert.equal(r.stats.mode, 'local', r.stats.fallbackReason);
    });
  }

  it('asana: edits (info, an operation, a shared schema, a new $ref)', { skip: needs('asana/asana.yaml') }, async () => {
    const file = path.join(CORPUS, 'asana/asana.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const r = new IncrementalResolver({ allowRemoteRefs: false });
    let s = await step(r, text, file);
    let t = edit(text, 'name: Asana Support', 'name: Asana Support Team');
    s = await step(r, t, file, s);
    assert.deepEqual([...(s.res.changedUnits as Set<string>)], ['/info']);
    t = edit(t, 'Successfully deleted the specified attachment.', 'Deleted.');
    s = await step(r, t, file, s);
    assert.deepEqual([...(s.res.changedUnits as Set<string>)], ['/paths/~1attachments~1{attachment_gid}']);
    const shared = t.indexOf('    AsanaResource:');
    assert.ok(shared > 0);
    t = t.slice(0, shared) + edit(t.slice(shared), 'type: object', 'type: object\n      x-edited: true');
    s = await step(r, t, file, s);
    assert.ok((s.res.changedUnits as Set<string>).size > 20, 'AsanaResource is reached from many units');
    t = edit(t, '        - $ref: "#/components/schemas/AsanaResource"', '        - $ref: "#/components/schemas/AsanaNamedResource"');
    await step(r, t, file, s);
    assert.equal(r.stats.decided, true);
  });
});
