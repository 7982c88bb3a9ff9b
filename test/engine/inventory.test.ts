/**
 * Inventory.findAssociatedItemForPath (server/src/engine/resolve/inventory.ts): its one-walk shortcut for paths
 * that meet no `$ref` (localItemPath) gives exactly what the step-by-step algorithm (Spectral's) gives, for every
 * path of resolved documents with local refs — into shared schemas, through arrays, with `$ref` siblings, to
 * missing properties and past scalars — and leaves every other path to that algorithm.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createResolver } from '../../server/src/engine/spectralResolver';
import { Inventory, localItemPath } from '../../server/src/engine/resolve/inventory';
import type { DocLike } from '../../server/src/engine/run/types';
import { CORPUS } from '../helpers/corpus';

type Segment = string | number;

function* paths(v: unknown, at: Segment[] = [], seen = new Set<unknown>()): Generator<Segment[]> {
  yield at;
  if (typeof v !== 'object' || v === null || seen.has(v)) return;
  seen.add(v);
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* paths(v[i], [...at, i], seen);
  else for (const k of Object.keys(v)) yield* paths((v as Record<string, unknown>)[k], [...at, k], seen);
  seen.delete(v);
}

async function inventoryOf(data: unknown, source: string): Promise<Inventory> {
  const result = await createResolver({ allowRemoteRefs: false }).resolve(data, { baseUri: source });
  const doc = { source, data, getRangeForJsonPath: () => undefined, trapAccess: <T>(o: T) => o } as DocLike;
  return new Inventory(doc, result.result, result.graph as never, {});
}

/** Every path of the resolved document (and some that go on past its end) agrees with the step-by-step answer. */
function check(inv: Inventory, limit = Infinity): { fast: number; all: number } {
  let fast = 0;
  let all = 0;
  for (const p of paths(inv.resolved)) {
    for (const q of [p, [...p, 'missing'], [...p, 'missing', 'deeper'], [...p, 0]]) {
      const want = inv.associatedItem(q, true);
      const got = inv.findAssociatedItemForPath(q, true);
      assert.deepEqual(
        got && { source: got.document.source, path: got.path, missing: got.missingPropertyPath },
        want && { source: want.document.source, path: want.path, missing: want.missingPropertyPath },
        JSON.stringify(q),
      );
      if (localItemPath(inv.resolved, inv.unresolved, q) !== undefined) fast++;
      all++;
    }
    if (all > limit) break;
  }
  return { fast, all };
}

describe('findAssociatedItemForPath: the shortcut for paths without a $ref = the full algorithm', () => {
  it('a document with local refs, $ref siblings, arrays, a missing target and a cycle', async () => {
    const data = {
      openapi: '3.0.0',
      paths: {
        '/a': {
          get: {
            parameters: [{ $ref: '#/components/parameters/P' }, { name: 'q', in: 'query' }],
            responses: {
              '200': { $ref: '#/components/responses/R' },
              '404': { description: 'no', content: { 'x/y': { schema: { $ref: '#/components/schemas/Missing' } } } },
            },
          },
        },
      },
      components: {
        parameters: { P: { name: 'p', in: 'path', schema: { $ref: '#/components/schemas/S' } } },
        responses: { R: { description: 'ok', content: { 'a/b': { schema: { $ref: '#/components/schemas/S', description: 'sibling' } } } } },
        schemas: { S: { type: 'object', properties: { self: { $ref: '#/components/schemas/S' }, n: { type: 'number' } } } },
      },
    };
    const { fast, all } = check(await inventoryOf(data, '/tmp/inventory-test.json'));
    assert.ok(fast > 0 && fast < all, `both ways taken: ${fast} of ${all}`);
  });

  it('a corpus document (petstore-expanded v3)', async () => {
    const file = path.join(CORPUS, 'oai-petstore-expanded-v3', 'petstore-expanded.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    const { fast, all } = check(await inventoryOf(data, file), 20000);
    assert.ok(fast > 0 && fast < all, `both ways taken: ${fast} of ${all}`);
  });

  it('scalars, a non-object root and the root path', async () => {
    for (const data of [
      { a: 'text', b: [1, 2] },
      { a: { $ref: '#/b' }, b: { c: 1 } },
    ])
      check(await inventoryOf(data, '/tmp/x.json'));
    const inv = new Inventory({ source: '/tmp/s.json', data: 'str' } as DocLike, 'str', null, {});
    assert.deepEqual(inv.findAssociatedItemForPath(['a'], true), inv.associatedItem(['a'], true));
  });

  it('a path through a $ref cycle (A -> B -> A) ends where the cycle is met', async () => {
    const data = {
      paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/A' } } } } },
      components: { responses: { A: { $ref: '#/components/responses/B' }, B: { $ref: '#/components/responses/A' } } },
    };
    const inv = await inventoryOf(data, '/tmp/inventory-cycle.json');
    const item = inv.findAssociatedItemForPath(['paths', '/a', 'get', 'responses', '200', 'headers'], true);
    assert.ok(item, 'an item');
    assert.match(JSON.stringify(item.path), /"components","responses","[AB]"/);
  });

  it('a path through a $ref asked for again: the same item for the same array, a new one once the array changed', async () => {
    const data = {
      paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/R' } } } } },
      components: { responses: { R: { description: 'ok', headers: { X: { description: 'x' } } } } },
    };
    const inv = await inventoryOf(data, '/tmp/inventory-again.json');
    const p: Segment[] = ['paths', '/a', 'get', 'responses', '200', 'description'];
    const first = inv.findAssociatedItemForPath(p, true);
    assert.deepEqual(first?.path, ['components', 'responses', 'R', 'description']);
    assert.equal(inv.findAssociatedItemForPath(p, true), first, 'the same array, unchanged: the item found before');
    // The same array, changed in place (as a function that reuses its path array might): looked up again.
    p[5] = 'headers';
    p.push('X');
    const second = inv.findAssociatedItemForPath(p, true);
    assert.deepEqual(second?.path, ['components', 'responses', 'R', 'headers', 'X']);
    assert.deepEqual(
      second && { path: second.path, missing: second.missingPropertyPath },
      (({ path: q, missingPropertyPath: m }) => ({ path: q, missing: m }))(inv.associatedItem([...p], true)!),
    );
  });
});
