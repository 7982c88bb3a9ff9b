/**
 * The remote `$ref`s' values set in one Immer `produce` (server/src/bundle/resolvedSets.ts, used by the bundles'
 * json-ref-resolver) give the tree and the graph data that one `produce` per `$ref` gives, as the resolver did,
 * on generated documents; a `$ref` below another's value, or the root, takes the one-by-one way, and nothing
 * the resolved values share is written into.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import produce from 'immer';
import set from 'lodash/set';
import { applyResolvedSets, independent, type ResolvedSet } from '../../server/src/bundle/resolvedSets';

type Path = (string | number)[];

/** The resolver's own loop (json-ref-resolver runner.js): one produce per $ref. */
function oneByOne(source: unknown, sets: ResolvedSet[]): { source: unknown; data: [string, unknown][] } {
  const data: [string, unknown][] = [];
  let current = source;
  for (const { r, path } of sets) {
    current = produce(current, (draft: unknown) => {
      if (r.resolved) {
        if (!path.length) return r.resolved.result;
        set(draft as object, path as Path, r.resolved.result);
        data.push([String(r.uri), r.resolved.result]);
      }
      return undefined;
    });
  }
  return { source: current, data };
}

function viaHelper(source: unknown, sets: ResolvedSet[]): { source: unknown; data: [string, unknown][] } {
  const data: [string, unknown][] = [];
  const runner = { _source: source, _setGraphNodeData: (id: string, d: unknown) => void data.push([id, d]) };
  applyResolvedSets(runner, sets, produce as never, set as never);
  return { source: runner._source, data };
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return s / 2 ** 32;
  };
}

/** A document of nested objects and arrays with `$ref` objects as leaves, and the paths of those leaves. */
function generate(rand: () => number): { doc: unknown; refs: Path[] } {
  const refs: Path[] = [];
  const build = (depth: number, path: Path): unknown => {
    if (depth > 3 || rand() < 0.25) {
      refs.push(path);
      return { $ref: `./f${refs.length}.yaml` };
    }
    if (rand() < 0.3) return Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => build(depth + 1, [...path, i]));
    const o: Record<string, unknown> = {};
    const n = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) o[`k${i}`] = build(depth + 1, [...path, `k${i}`]);
    return o;
  };
  return { doc: build(0, []), refs };
}

describe('remote $ref values set in one produce (resolvedSets.ts)', () => {
  it('gives the tree and graph data of one produce per $ref, on 300 generated documents', () => {
    const rand = rng(7);
    let batched = 0;
    for (let n = 0; n < 300; n++) {
      const { doc, refs } = generate(rand);
      // A value shared by several $refs (the resolver caches a file's value), sometimes one path twice nested.
      const shared = Object.freeze({ type: 'object', properties: Object.freeze({ id: Object.freeze({ type: 'string' }) }) });
      const sets: ResolvedSet[] = refs
        .filter(() => rand() < 0.8)
        .map((path, i) => ({ r: { uri: `file:///f${i}.yaml`, resolved: { result: rand() < 0.5 ? shared : { title: `v${i}`, nested: { n: i } } } }, path }));
      if (rand() < 0.2 && sets.length > 0) {
        // A $ref inside another's value: the later set must not write into the shared value.
        const outer = sets[0]!;
        sets.push({ r: { uri: 'file:///inner.yaml', resolved: { result: { inner: true } } }, path: [...outer.path, 'properties', 'id'] });
      }
      if (sets.length > 1 && independent(sets.map(s => s.path))) batched++;
      const a = oneByOne(doc, sets);
      const b = viaHelper(doc, sets);
      assert.deepEqual(b.source, a.source, `document ${n}`);
      assert.deepEqual(b.data, a.data, `document ${n}: graph data`);
      if (sets.length > 0) assert.equal(Object.isFrozen(b.source), Object.isFrozen(a.source), 'frozen as Immer leaves it');
      assert.deepEqual(shared, { type: 'object', properties: { id: { type: 'string' } } }, 'the shared value is untouched');
    }
    assert.ok(batched > 100, `most documents take the one-produce way (${batched})`);
  });

  it('independent: no path empty, equal to or a prefix of another', () => {
    assert.equal(
      independent([
        ['paths', '/a'],
        ['paths', '/b'],
        ['components', 'x'],
      ]),
      true,
    );
    assert.equal(
      independent([
        ['paths', '/a'],
        ['paths', '/a', 'get'],
      ]),
      false,
    );
    assert.equal(
      independent([
        ['paths', '/a', 'get'],
        ['paths', '/a'],
      ]),
      false,
    );
    assert.equal(
      independent([
        ['a', 0],
        ['a', '0'],
      ]),
      false,
      'lodash set takes 0 and "0" alike',
    );
    assert.equal(independent([[]]), false);
    assert.equal(
      independent([
        ['a', 'b'],
        ['a', 'bc'],
      ]),
      true,
    );
  });

  it('a root $ref replaces the document, as the resolver does', () => {
    const sets: ResolvedSet[] = [{ r: { uri: 'file:///root.yaml', resolved: { result: { openapi: '3.0.0' } } }, path: [] }];
    assert.deepEqual(viaHelper({ $ref: './root.yaml' }, sets).source, { openapi: '3.0.0' });
  });
});
