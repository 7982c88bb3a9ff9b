/**
 * The remembered parse of `@stoplight/path` (server/src/bundle/pathParse.ts, patched into the bundles' copy of the
 * library): the same answer as the parser, the first time and from memory, a copy of its own for every caller
 * (the library's callers change the object and its `path`), and a refused string refused again.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '@stoplight/path';
import { memoParse, type ParsedPath } from '../../server/src/bundle/pathParse';

const PATHS = ['/a/b/../c.yaml', '../models/error.yml', 'https://example.com/a/b.yaml#/x', 'C:\\\\win\\\\z.yaml', 'file:///etc/x', './x.json', '', '.', '/'];

describe('memoized @stoplight/path parse', () => {
  it('answers as the parser, twice, with a copy of its own each time', () => {
    let calls = 0;
    const memo = memoParse(p => {
      calls++;
      return parse(p) as ParsedPath;
    });
    for (let round = 0; round < 2; round++) {
      for (const p of PATHS) {
        const got = memo(p);
        assert.deepEqual(got, parse(p), JSON.stringify(p));
        // What join() and normalize do to a parsed path must not reach the next caller.
        got.path.push('changed');
        got.absolute = !got.absolute;
      }
    }
    assert.equal(calls, PATHS.length, 'each string parsed once');
  });

  it('a string the parser refuses is refused every time', () => {
    let calls = 0;
    const memo = memoParse(p => {
      calls++;
      if (p === 'bad') throw new Error('refused');
      return parse(p) as ParsedPath;
    });
    assert.throws(() => memo('bad'), /refused/);
    assert.throws(() => memo('bad'), /refused/);
    assert.equal(calls, 2);
  });
});
