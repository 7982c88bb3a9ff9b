/**
 * The diff engine's changed set (engine/diff/changed.ts): which nodes of the newer version of a file are new or differ,
 * checked case by case and against a deep-equality oracle over random edits of a real document.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import equal from 'fast-deep-equal';
import { parse as parseYaml } from 'yaml';
import { ChangedNodes } from '../../server/src/engine';

const ROOT = path.resolve(__dirname, '..', '..');
type Path = (string | number)[];

function nodeAt(data: unknown, p: Path): unknown {
  return p.reduce<unknown>((n, k) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), data);
}

/** Every path of a data tree, the root first. */
function pathsOf(data: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (data !== null && typeof data === 'object') for (const [k, v] of Object.entries(data)) pathsOf(v, [...at, Array.isArray(data) ? Number(k) : k], out);
  return out;
}

describe('ChangedNodes', () => {
  it('a property added, removed, replaced: the node and its ancestors changed, its siblings not', () => {
    const base = { info: { title: 'A', version: '1' }, paths: { '/a': { get: { summary: 's' } }, '/b': { get: {} }, '/d': { get: {} } } };
    const head = { info: { title: 'A', version: '2' }, paths: { '/a': { get: { summary: 's', deprecated: true } }, '/c': { get: {} }, '/d': { get: {} } } };
    const c = ChangedNodes.between(base, head);
    assert.equal(c.none, false);
    assert.equal(c.has([]), true);
    assert.equal(c.has(['info']), true);
    assert.equal(c.has(['info', 'version']), true);
    assert.equal(c.has(['info', 'title']), false);
    assert.equal(c.has(['paths', '/a', 'get']), true);
    assert.equal(c.has(['paths', '/a', 'get', 'deprecated']), true);
    assert.equal(c.has(['paths', '/a', 'get', 'summary']), false);
    // Added whole: everything below it is new.
    assert.equal(c.has(['paths', '/c', 'get']), true);
    // A field neither version has: asked of what lacks it.
    assert.equal(c.has(['paths', '/a', 'get', 'description']), true);
    assert.equal(c.has(['paths', '/d', 'get', 'description']), false);
    assert.equal(c.has(['info', 'contact', 'email']), true);
    assert.deepEqual(c.paths(), [
      ['info', 'version'],
      ['paths', '/a', 'get', 'deprecated'],
      ['paths', '/c'],
      ['paths', '/b'],
    ]);
  });

  it('arrays by index; a value that changes type is replaced whole; key order is no change', () => {
    const c = ChangedNodes.between({ tags: ['a', 'b'], x: { k: 1 }, o: { p: 1, q: 2 } }, { tags: ['z', 'a', 'b'], x: [1], o: { q: 2, p: 1 } });
    assert.deepEqual(c.paths(), [['tags', '0'], ['tags', '1'], ['tags', '2'], ['x']]);
    assert.equal(c.has(['tags', 2]), true);
    assert.equal(c.has(['x', 0]), true);
    assert.equal(c.has(['o']), false);
  });

  it('texts: equal, new, unparsable', () => {
    assert.equal(ChangedNodes.ofTexts('a: 1\n', 'a: 1\n', 'x.yaml').none, true);
    assert.equal(ChangedNodes.ofTexts('a: 1\n', 'a: 1 # same data\n', 'x.yaml').has(['a']), false);
    assert.equal(ChangedNodes.ofTexts(undefined, 'a: 1\n', 'x.yaml').has(['a']), true);
    assert.equal(ChangedNodes.ofTexts('a: 1\n', 'a: [\n', 'x.yaml').has(['a']), true);
    assert.equal(ChangedNodes.ofTexts('{"a": 1}', '{"a": 2}', 'x.json').has(['a']), true);
  });

  it('agrees with deep equality at every path, over random edits of a real document', () => {
    const base = parseYaml(fs.readFileSync(path.join(ROOT, 'test', 'corpus', 'oai-petstore-v3', 'petstore.yaml'), 'utf8')) as unknown;
    const all = pathsOf(base);
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 60; round++) {
      const head = structuredClone(base);
      for (let e = 0; e < 1 + rand(3); e++) {
        const p = all[1 + rand(all.length - 1)];
        const parent = nodeAt(head, p.slice(0, -1));
        if (parent === null || typeof parent !== 'object') continue;
        const key = p[p.length - 1] as string;
        const r = parent as Record<string, unknown>;
        if (rand(3) === 0) delete r[key];
        else if (rand(2) === 0) r[key] = { replaced: round };
        else r[`added${round}`] = [round];
      }
      const c = ChangedNodes.between(base, head);
      for (const p of pathsOf(head)) {
        const then = nodeAt(base, p);
        assert.equal(c.has(p), then === undefined || !equal(then, nodeAt(head, p)), `round ${round}: ${JSON.stringify(p)}`);
      }
    }
  });
});
