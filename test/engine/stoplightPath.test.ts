/**
 * The memoized `@stoplight/path` of the bundles (server/src/bundle/stoplightPath.ts) answers as the library does,
 * the first time and from its memory, throws as it does, and passes calls with other than strings through.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as real from '@stoplight/path';
import * as memo from '../../server/src/bundle/stoplightPath';

const PATHS = [
  '/a/b/c.yaml',
  'a/b/../c.yaml',
  './x.json',
  '../../up/y.yml',
  'C:\\\\win\\\\z.yaml',
  'https://example.com/a/b.yaml',
  'file:///etc/x',
  '',
  '.',
  '/',
];

describe('memoized @stoplight/path', () => {
  it('every string function answers as the library, twice', () => {
    const unary = ['basename', 'dirname', 'extname', 'isAbsolute', 'isURL', 'normalize', 'startsWithWindowsDrive', 'stripRoot', 'toFSPath'] as const;
    for (let round = 0; round < 2; round++) {
      for (const p of PATHS) {
        for (const fn of unary) assert.deepEqual(memo[fn](p), real[fn](p), `${fn}(${JSON.stringify(p)})`);
        for (const q of PATHS.slice(0, 5)) {
          for (const fn of ['join', 'resolve', 'relative'] as const) {
            let expected: unknown;
            let thrown: unknown;
            try {
              expected = real[fn](p, q);
            } catch (e) {
              thrown = e;
            }
            if (thrown) assert.throws(() => memo[fn](p, q), { message: (thrown as Error).message });
            else assert.deepEqual(memo[fn](p, q), expected, `${fn}(${JSON.stringify(p)}, ${JSON.stringify(q)})`);
          }
        }
      }
    }
  });

  it('a call with other arguments than strings goes to the library as it is', () => {
    assert.equal(memo.basename('/a/b.yaml', true), real.basename('/a/b.yaml', true));
    assert.equal(memo.basename('/a/b.yaml', '.yaml'), real.basename('/a/b.yaml', '.yaml'));
    assert.equal(memo.join(), real.join());
  });
});
