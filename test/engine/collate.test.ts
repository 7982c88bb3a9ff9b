/**
 * engine/finish/collate.ts: the order of strings without ICU's collation data is `Intl.Collator`'s (default and
 * numeric), checked exhaustively on short strings and on random ones (rule ids, paths, file names, mixed case).
 * The test runs under the environment's language: it checks the ASCII order only where collate uses it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collate, collationRanks } from '../../server/src/engine/finish/collate';
import { compareProblems, sortProblems } from '../../server/src/engine/finish/order';
import type { LintProblem } from '../../server/src/engine/problem';

const DEFAULT = new Intl.Collator();
const NUMERIC = new Intl.Collator(undefined, { numeric: true });

function check(a: string, b: string): void {
  assert.equal(collate(a, b, false), Math.sign(DEFAULT.compare(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  assert.equal(collate(a, b, true), Math.sign(NUMERIC.compare(a, b)), `numeric ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

/** A deterministic pseudo-random source (the same strings every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('collate', () => {
  it('every pair of printable ASCII characters, and of two-character strings over a mixed alphabet', () => {
    const chars: string[] = [];
    for (let c = 32; c < 127; c++) chars.push(String.fromCharCode(c));
    for (const a of chars) for (const b of chars) check(a, b);
    const alphabet = ['a', 'B', 'b', 'z', 'Z', '-', '_', '.', '/', ',', ' ', '0', '1', '9', '~', '{'];
    const words = [''];
    for (const x of alphabet) words.push(x);
    for (const x of alphabet) for (const y of alphabet) words.push(x + y);
    for (const a of words) for (const b of words) check(a, b);
  });

  it('random rule ids, paths and file names, numbers included, and strings it leaves to ICU', () => {
    const next = rng(12);
    const pieces = [
      'oas3',
      'oas2',
      'schema',
      'info',
      '-',
      '-',
      '_',
      '/',
      '.',
      ',',
      'Paths',
      'pets',
      '{id}',
      'get',
      '10',
      '9',
      '007',
      '0',
      '2',
      'A',
      'a',
      'é',
      'ß',
      '\t',
      ' ',
      'x-',
      'Ü',
      '$ref',
      '#',
      '~1',
    ];
    const word = (): string => {
      let s = '';
      const n = Math.floor(next() * 6);
      for (let i = 0; i < n; i++) s += pieces[Math.floor(next() * pieces.length)];
      return s;
    };
    for (let k = 0; k < 40_000; k++) {
      const a = word();
      const b = next() < 0.3 ? a + word() : word();
      check(a, b);
      check(b, a);
    }
    // A common prefix, then anything: it may end inside a number (`x12|3` against `x12|45`) or in a case difference.
    for (let k = 0; k < 40_000; k++) {
      const p = word();
      const a = p + word();
      const b = p + word();
      check(a, b);
      check(b, a);
    }
  });

  it('sorts as Intl.Collator does', () => {
    const ids = [
      'oas3-schema',
      'oas3-valid-media-example',
      'oas2-schema',
      'info-contact',
      'operation-tag-defined',
      'path-params',
      'a10',
      'a9',
      'A9',
      'a-9',
      'a_9',
      '/work/x/DigitalOcean.yaml',
      '/work/x/digitalocean.yaml',
      '/work/x/resources/apps/models/app_spec.yml',
    ];
    assert.deepEqual(
      [...ids].sort((a, b) => collate(a, b, true)),
      [...ids].sort(NUMERIC.compare),
    );
    assert.deepEqual(
      [...ids].sort((a, b) => collate(a, b, false)),
      [...ids].sort(DEFAULT.compare),
    );
  });

  it("collationRanks: two strings' places compare as collate compares them (equal places where it ties them)", () => {
    const next = rng(7);
    const strings = ['/a/b.yaml', '/a/B.yaml', '/a/b.yml', '/a/b-c.yaml', '/a/b_c.yaml', 'e\u0301', '\u00e9', 'x', 'X', '10', '9', '09', ''];
    for (let i = 0; i < 60; i++) strings.push(`/docs/${Math.floor(next() * 40)}/${next() < 0.5 ? 'Res' : 'res'}${Math.floor(next() * 300)}.yaml`);
    for (const numeric of [false, true]) {
      const ranks = collationRanks(strings, numeric);
      for (const a of strings)
        for (const b of strings) assert.equal(Math.sign(ranks.get(a)! - ranks.get(b)!), collate(a, b, numeric), `${a} vs ${b} numeric=${numeric}`);
    }
  });

  it('sortProblems orders findings of many files as compareProblems does', () => {
    const next = rng(3);
    const problems: LintProblem[] = [];
    for (let i = 0; i < 400; i++) {
      const line = Math.floor(next() * 5);
      problems.push({
        code: next() < 0.5 ? 'oas3-schema' : 'info-contact',
        message: `m${Math.floor(next() * 3)}`,
        path: [],
        severity: 1,
        source: `/spec/${next() < 0.3 ? 'Shared' : 'shared'}/${Math.floor(next() * 30)}.yaml`,
        range: { start: { line, character: Math.floor(next() * 3) }, end: { line, character: 9 } },
      } as LintProblem);
    }
    assert.deepEqual(sortProblems(problems.slice()), problems.slice().sort(compareProblems));
  });
});
