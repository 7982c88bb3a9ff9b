/** onePerLocation: one finding per place a model rule's findings are written at, the least message. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonPath } from '../types';
import { onePerLocation, type Finding } from './ruleFunction';

/** An inventory that places `paths/<p>/<verb>` findings at a shared `components/responses/R` in `shared.yaml`. */
const inventory = {
  findAssociatedItemForPath(path: JsonPath) {
    if (path[0] === 'throws') throw new Error('no such place');
    if (path[0] === 'none') return null;
    if (path[0] === 'paths' && path[3] === 'responses') return { document: { source: 'shared.yaml' }, path: ['components', 'responses', 'R'] };
    return { document: { source: 'api.yaml' }, path };
  },
};

const finding = (message: string, ...path: JsonPath): Finding => ({ message, path });
const messages = (fs: Finding[]) => fs.map(f => f.message);

describe('onePerLocation', () => {
  it('keeps the least message of each place, the kept ones in their order', () => {
    const findings = [
      finding('c: via /b', 'paths', '/b', 'get', 'responses'),
      finding('x', 'info'),
      finding('a: via /a', 'paths', '/a', 'get', 'responses'),
      finding('b: via /c', 'paths', '/c', 'get', 'responses'),
      finding('y', 'servers'),
    ];
    assert.deepEqual(messages(onePerLocation(findings, inventory, true)), ['x', 'a: via /a', 'y']);
  });

  it('the first of equal messages; the same array back when no place is met twice', () => {
    const twice = [finding('m', 'paths', '/a', 'get', 'responses'), finding('m', 'paths', '/b', 'get', 'responses')];
    assert.equal(onePerLocation(twice, inventory, true)[0], twice[0]);
    const apart = [finding('m', 'a'), finding('m', 'b'), finding('m', 'a', 'b')];
    assert.equal(onePerLocation(apart, inventory, true), apart);
  });

  it('an index and the string of its digits, a place and the same path without one, are different places', () => {
    const findings = [
      finding('1', 'tags', 0),
      finding('2', 'tags', '0'),
      finding('3', 'none', 'x'),
      finding('4', 'throws', 'x'),
      finding('5', 'none', 'x'),
      finding('0', 'throws', 'x'),
    ];
    // `none` and `throws` are placed by their own paths, both in no document: equal paths are one place.
    assert.deepEqual(messages(onePerLocation(findings, inventory, true)), ['1', '2', '3', '0']);
  });

  it('places whose numbers collide stay apart: many findings, each its own place', () => {
    const findings = Array.from({ length: 5000 }, (_, i) => finding(`m${i}`, 'paths', `/p${i}`, i % 7));
    assert.equal(onePerLocation(findings, inventory, true).length, 5000);
  });
});
