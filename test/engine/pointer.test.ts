/**
 * PointerEncoder (server/src/engine/resolve/pointer.ts), the resolver's pathToPointer with each segment encoded
 * once, gives @stoplight/json's pathToPointer for paths of every kind of segment, the second time (from its cache)
 * as the first.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pathToPointer } from '@stoplight/json';
import { PointerEncoder } from '../../server/src/engine/resolve/pointer';
import { encodeSegment } from '../../server/src/engine/parse/units';

const SEGMENTS: (string | number)[] = [
  'paths',
  '/api/v1/namespaces/{namespace}/pods',
  'a~b',
  '~0',
  '~1',
  'a/b',
  '',
  ' ',
  'x%20y',
  '%',
  'ünïcödé',
  '日本',
  '\ud83d\ude00',
  '\ud800',
  "it's",
  '(a)*!',
  'A-Z_0.9',
  'BCDXY12345678',
  '#',
  '?q=1&r',
  '"',
  '\\',
  '\n',
  0,
  7,
  200,
  '200',
];

describe('PointerEncoder = pathToPointer', () => {
  it('every segment alone, in pairs, and the empty path, twice', () => {
    const enc = new PointerEncoder();
    for (let round = 0; round < 2; round++) {
      assert.equal(enc.of([]), pathToPointer([]));
      for (const a of SEGMENTS) {
        assert.equal(enc.of([a]), pathToPointer([a]), JSON.stringify(a));
        for (const b of SEGMENTS) assert.equal(enc.of([a, b, 'x']), pathToPointer([a, b, 'x']), JSON.stringify([a, b]));
      }
    }
  });

  it("ofEscaped: the escaped pointer of a path (as the resolver writes a site's or a target's) gives pathToPointer too", () => {
    const enc = new PointerEncoder();
    const strings = SEGMENTS.filter((x): x is string => typeof x === 'string');
    const escaped = (path: string[]) => '#' + path.map(k => '/' + encodeSegment(k)).join('');
    let asIs = 0;
    assert.equal(enc.ofEscaped('#', []), pathToPointer([]));
    for (const a of strings) {
      for (const b of strings) {
        const path = [a, b, 'x'];
        const got = enc.ofEscaped(escaped(path), path);
        assert.equal(got, pathToPointer(path), JSON.stringify(path));
        if (got === escaped(path)) asIs++;
      }
    }
    assert.ok(asIs > 50, `pointers taken as they are: ${asIs}`);
  });
});
