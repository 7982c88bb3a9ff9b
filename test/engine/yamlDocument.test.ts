/**
 * The YAML document parse (server/src/engine/parse/yamlDocument.ts) gives what Spectral's YAML parser gives:
 * the same data (values, types and key order), diagnostics, line map, and ranges for paths — on documents
 * it builds itself and on those it hands to Spectral's parser.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as Parsers from '@stoplight/spectral-parsers';
import { treeSameLineEntries, parseYamlDocument, yamlParseStats } from '../../server/src/engine/parse/yamlDocument';
import { sameLineEntries } from '../../server/src/engine/yamlSyntax';
import { canon } from '../helpers/canon';

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');

/** Some paths of the data: every node down to `max` of them. */
function pathsOf(data: unknown, max = 400): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (v: unknown, p: (string | number)[]) => {
    if (out.length >= max) return;
    out.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...p, k]);
  };
  walk(data, []);
  return out;
}

function same(text: string, what: string, way?: 'tree' | 'spectral'): void {
  const before = { ...yamlParseStats };
  const want = Parsers.Yaml.parse(text);
  const got = parseYamlDocument(text);
  assert.equal(canon(got.data), canon(want.data), `${what}: data`);
  assert.deepEqual(got.diagnostics, want.diagnostics, `${what}: diagnostics`);
  assert.deepEqual(got.lineMap, want.lineMap, `${what}: line map`);
  if (way) assert.equal(yamlParseStats[way], before[way] + 1, `${what}: parsed by ${way === 'tree' ? 'the syntax tree' : 'Spectral’s parser'}`);
  // the same-line entries the tree parse finds on its way are those yamlSyntax.ts finds in the tree
  const found = treeSameLineEntries(got);
  if (yamlParseStats.tree > before.tree) assert.deepEqual(found, sameLineEntries(text, got.ast), `${what}: same-line entries`);
  else assert.equal(found, undefined, `${what}: no same-line entries of a parse it did not make`);
  for (const p of pathsOf(want.data)) {
    assert.deepEqual(Parsers.Yaml.getLocationForJsonPath(got, p), Parsers.Yaml.getLocationForJsonPath(want, p), `${what}: range of ${p.join('/')}`);
  }
}

describe('YAML document parse = Spectral’s YAML parser', () => {
  it('small documents: key order with array-index keys, keys that are not strings, scalars of every type', () => {
    same(
      'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        default: {description: d}\n        "404": {description: n}\n        200: {description: ok}\n',
      'status keys',
      'tree',
    );
    same(
      'a:\n  200: x\n  true: y\n  1.5: w\n  "01": v\n  4294967295: big\n  4294967294: idx\n  0o17: o\n  1e3: e\n  .inf: i\n  2001-12-14: date\nb: [1, 1.0, -0, .inf, -.inf, .nan, 0x1F, 0o17, 1e3, true, false, null, ~, "s", \'q\', 12345678901234567890, 2001-12-14t21:59:43.10-05:00, 0b101, 1_000, yes, Null]\n',
      'keys and scalars',
      'tree',
    );
    same('- a\n- b:\n    c: |\n      block\n      text\n- >\n  folded\n-\n', 'sequence root, block scalars, an empty item', 'tree');
    same('just a string\n', 'a scalar document', 'tree');
    same('', 'an empty document');
    same('# only a comment\n', 'a comment');
    same('a: 1\r\nb:\r\n  c: 2\r\n', 'CRLF', 'tree');
    // plain scalars told apart at their first character, and those that are not
    const plain = [
      'nope',
      'Nan',
      'nan',
      '.nan',
      '.NaN',
      '.5',
      '5.',
      '+1',
      '-1',
      '-',
      '+',
      '~x',
      'true1',
      'truex',
      'F',
      'False',
      'f',
      'x',
      'Z',
      'o',
      '0',
      '00',
      '0x',
      '0xG',
      '0o8',
      '0o7',
      '1e5',
      '1E+5',
      '-.inf',
      '+.Inf',
      'N',
      'NULL',
      'Nul',
      'TRUE',
      'T',
      'tRUE',
      '_1',
      '$a',
      'é',
      '1_0',
      '1:2',
      '2020-01-01',
    ];
    same(
      `a:\n${plain.map((v, i) => `  k${i}: ${v}\n`).join('')}b: [${plain.join(', ')}]\n${plain
        .filter(v => !/^[~nN]/.test(v) || v.length > 4)
        .map(v => `${v}: key\n`)
        .join('')}`,
      'plain scalars of every first character',
    );
    same('a: {x: 1} b: 2\nc:\n  d: [1] e: 3\n  f: {g: 1, h: 2}\n', 'entries on the line of the previous value', 'tree');
  });

  it('documents it hands to Spectral’s parser: duplicate keys, merge keys, aliases, complex keys, errors, __proto__', () => {
    same('a: 1\nb: 2\na: 3\n', 'duplicate key', 'spectral');
    same('base: &b {x: 1, y: 2}\nderived:\n  <<: *b\n  y: 3\n', 'merge key', 'spectral');
    same('a: &x [1, 2]\nb: *x\n', 'alias', 'spectral');
    same('? [a, b]\n: c\nd: e\n', 'complex key', 'spectral');
    same('a: [1, 2\nb: 3\n', 'syntax error', 'spectral');
    same('a:\n\tb: 1\n', 'tab', 'spectral');
    same('__proto__: {polluted: true}\nx: 1\n', '__proto__', 'spectral');
    same('a: &anchor 1\nb: 2\n', 'an anchor without an alias', 'tree');
    // the parser's warning for a null key tells `~` ('null') from `! ~` ('object') by what the implicit types set
    same('a:\n  ~: z\n  200: x\n', 'a null key', 'spectral');
    same('a:\n  null: z\n', 'a null key', 'spectral');
    same('a:\n  ! ~: z\n', 'a null key with the non-specific tag', 'spectral');
    same('a: !!str 200\nd: ! 12\n', 'values with explicit tags', 'tree');
  });

  it('the bundled examples and the YAML documents of the corpus', { skip: !fs.existsSync(CORPUS) && 'the corpus (../shared/corpus) is absent' }, () => {
    const files = fs
      .readdirSync(path.join(ROOT, 'examples'))
      .filter(f => f.endsWith('.yaml'))
      .map(f => path.join(ROOT, 'examples', f));
    for (const line of fs.readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8').split('\n')) {
      const c = line.split('|').map(s => s.trim());
      if (/^\d+$/.test(c[1] ?? '') && /\.ya?ml`?$/.test(c[3] ?? '')) files.push(path.join(CORPUS, c[3]!.replace(/`/g, '')));
    }
    assert.ok(files.length > 20);
    const fast = yamlParseStats.tree;
    for (const f of files) same(fs.readFileSync(f, 'utf8'), path.relative(ROOT, f));
    assert.ok(yamlParseStats.tree - fast >= files.length - 3, `most documents take the fast way (${yamlParseStats.tree - fast} of ${files.length})`);
  });
});
