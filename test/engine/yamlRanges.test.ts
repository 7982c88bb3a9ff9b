/**
 * The range of a JSON path in a YAML parse (server/src/engine/parse/yamlRanges.ts) is what Spectral's YAML parser's
 * getLocationForJsonPath gives: for every path of the data, for paths that go on past a leaf or to a key that is not
 * there, on Spectral's own parse and on the tree parse, on small documents with duplicate keys, merge
 * keys, null values and items, and on the YAML documents of the corpus.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as Parsers from '@stoplight/spectral-parsers';
import { parseYamlDocument } from '../../server/src/engine/parse/yamlDocument';
import { yamlRangeForPath } from '../../server/src/engine/parse/yamlRanges';

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');

type Seg = string | number;

/** Every path of the data (up to `max`), each also with a segment that is not there and one past its end. */
function pathsOf(data: unknown, max: number): Seg[][] {
  const out: Seg[][] = [];
  const walk = (v: unknown, p: Seg[]) => {
    if (out.length >= max) return;
    out.push(p, [...p, 'no such key'], [...p, 0], [...p, '0']);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...p, k]);
  };
  walk(data, []);
  return out;
}

function same(result: ReturnType<typeof Parsers.parseYaml>, paths: Seg[][], what: string): void {
  for (const p of paths) {
    assert.deepEqual(yamlRangeForPath(result, p), Parsers.Yaml.getLocationForJsonPath(result, p)?.range, `${what}: range of ${JSON.stringify(p)}`);
  }
}

/** A mapping of `n` keys (more than the few that are scanned rather than indexed) with `extra` lines after them. */
function big(n: number, extra = ''): string {
  let s = 'm:\n';
  for (let i = 0; i < n; i++) s += `  k${i}: ${i}\n`;
  return s + extra;
}

describe('YAML ranges = @stoplight/yaml getLocationForJsonPath', () => {
  it('small documents: duplicate keys (the last wins), merge keys, null values and items, sequence indexes as strings', () => {
    const docs: [string, Seg[][]][] = [
      [
        'a: 1\nb:\n  c: [x, y, ~]\n  d:\n  e: {f: g}\n',
        [
          ['b', 'c', ''],
          ['b', 'c', ' 1 '],
          ['b', 'c', '-0'],
          ['b', 'c', '1.0'],
          ['b', 'c', 2],
          ['b', 'c', 3],
          ['b', 'c', -1],
          ['b', 'd', 'x'],
          ['b', 'e', 'f', 'g'],
        ],
      ],
      ['a: 1\nb: 2\na: 3\n', [['a'], ['b']]],
      [
        big(20, '  k3: dup\n  k19: last\n'),
        [
          ['m', 'k3'],
          ['m', 'k19'],
          ['m', 'k0'],
          ['m', 'k20'],
        ],
      ],
      [
        'base: &b {x: 1, y: 2}\nderived:\n  <<: *b\n  y: 3\n',
        [
          ['derived', 'x'],
          ['derived', 'y'],
          ['derived', '<<'],
        ],
      ],
      [
        big(12, '  <<: {z: 1}\n'),
        [
          ['m', 'z'],
          ['m', 'k1'],
          ['m', '<<'],
        ],
      ],
      ['- a\n-\n- - b\n  - c\n', [[1], [1, 0], [2, 1], [3]]],
      ['', [[], ['a']]],
      ['# just a comment\n', [[], ['a']]],
      ['scalar\n', [[], ['a'], [0]]],
      [
        'a:\n  200: x\n  "201": y\n',
        [
          ['a', '200'],
          ['a', 200],
          ['a', '201'],
        ],
      ],
    ];
    for (const [text, extra] of docs) {
      const spectral = Parsers.Yaml.parse(text);
      const paths = [...pathsOf(spectral.data, 500), ...extra];
      same(spectral, paths, `Spectral's parse of ${JSON.stringify(text.slice(0, 40))}`);
      same(parseYamlDocument(text), paths, `the tree parse of ${JSON.stringify(text.slice(0, 40))}`);
    }
  });

  it('the YAML documents of the corpus', { skip: !fs.existsSync(CORPUS) && 'the corpus (../shared/corpus) is absent' }, () => {
    const files: string[] = [];
    for (const line of fs.readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8').split('\n')) {
      const c = line.split('|').map(s => s.trim());
      if (/^\d+$/.test(c[1] ?? '') && /\.ya?ml`?$/.test(c[3] ?? '')) files.push(path.join(CORPUS, c[3]!.replace(/`/g, '')));
    }
    assert.ok(files.length > 20);
    for (const f of files) {
      const result = parseYamlDocument(fs.readFileSync(f, 'utf8'));
      same(result, pathsOf(result.data, 4000), path.relative(ROOT, f));
    }
  });
});
