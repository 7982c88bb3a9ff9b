/**
 * yamlOffsets.ts, a one-shot lint's YAML parse without a syntax tree, against the way it stands in for (yamlDocument.ts
 * over @stoplight/yaml-ast-parser): for every YAML file of the tests (and of the full corpus when it is there), and
 * for texts made from them by small random edits, it either gives up or gives the same data (values, types, key
 * order) and, for every path of it, the same range; it never reads a text the parser reports a problem in.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parseYamlDocument, parseYamlOneShot, yamlParseStats } from '../../server/src/engine/parse/yamlDocument';
import { parseYamlOffsets } from '../../server/src/engine/parse/yamlOffsets';
import { pathOffsets } from '../../server/src/engine/parse/yamlOffsetsRanges';
import { yamlRangeForPath } from '../../server/src/engine/parse/yamlRanges';
import { lint } from '../../server/src/engine/lint';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { yamlTooDeep } from '../../server/src/engine/limits';
import { canon } from '../helpers/canon';
import * as Parsers from '@stoplight/spectral-parsers';
import { getOrder } from '@stoplight/ordered-object-literal';
import { FullDoc } from '../../server/src/engine/parse/parsedDocs';
import { determineScalarType } from '@stoplight/yaml-ast-parser';
import { hasNonPrintable, plainType } from '../../server/src/engine/parse/yamlOffsetsScalars';

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');

type Segment = string | number;

/** V8's collector (`--expose-gc` for the moment it is taken). */
function collector(): () => void {
  const given = (globalThis as { gc?: () => void }).gc;
  if (given) return given;
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

function yamlFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const name of fs.readdirSync(dir)) {
    if (name === 'node_modules' || name === 'out' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(name)) out.push(p);
  }
  return out;
}

interface Tally {
  lean: number;
  gaveUp: number;
  ranges: number;
}

/** Compares the two parses of `text`; `every`: check the range of every n-th path. */
function compare(text: string, label: string, tally: Tally, every = 1): void {
  const lean = parseYamlOffsets(text);
  const before = yamlParseStats.tree;
  const fast = parseYamlDocument(text) as unknown as { data: unknown; diagnostics: unknown[]; lineMap: number[] };
  // clean: no problem but the parser's warnings for keys that are not strings, which the offsets parse makes too
  const clean = yamlParseStats.tree > before && fast.diagnostics.every(d => (d as { code: string }).code === 'YAMLIncompatibleValue');
  if (lean === undefined) {
    tally.gaveUp++;
    return;
  }
  tally.lean++;
  assert.ok(clean, `${label}: read a text the parser has a problem with: ${JSON.stringify(fast.diagnostics[0])}`);
  // A one-shot lint skips the depth scan far below its limit by this bound (pipeline/input.ts).
  assert.equal(yamlTooDeep(text, lean.scanBound), undefined, `${label}: the depth scan counts more levels than scanBound (${lean.scanBound})`);
  assert.equal(canon(lean.data), canon(fast.data), `${label}: the data`);
  if (lean.keyWarnings.length > 0 || fast.diagnostics.length > 0) {
    assert.deepEqual(parseYamlOneShot(text).diagnostics, fast.diagnostics, `${label}: the warnings for keys that are not strings`);
  }
  const paths: Segment[][] = [[]];
  const walk = (v: unknown, p: Segment[]) => {
    if (v === null || typeof v !== 'object') return;
    for (const k of Object.keys(v)) {
      const q = [...p, Array.isArray(v) ? Number(k) : k];
      paths.push(q);
      walk((v as Record<string, unknown>)[k], q);
    }
  };
  walk(fast.data, []);
  for (let i = 0; i < paths.length; i += every) {
    const p = paths[i]!;
    for (const q of [p, [...p, 'no such key'], [...p, 99999]]) {
      const want = yamlRangeForPath(fast as never, q);
      const offsets = pathOffsets(lean, fast.lineMap, q);
      const result = { lineMap: fast.lineMap, ast: undefined };
      const got = offsets === undefined ? undefined : rangeAt(result.lineMap, offsets[0], offsets[1]);
      assert.deepEqual(got, want, `${label}: the range of ${JSON.stringify(q)}`);
      tally.ranges++;
    }
  }
}

function rangeAt(lineMap: number[], start: number, end: number) {
  const line = (pos: number) => {
    let lo = 0;
    let hi = lineMap.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lineMap[mid]! <= pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const sl = line(start);
  const el = line(end);
  return { start: { line: sl, character: start - (sl === 0 ? 0 : lineMap[sl - 1]!) }, end: { line: el, character: end - (el === 0 ? 0 : lineMap[el - 1]!) } };
}

/** Small random edits with the characters YAML's structure is made of. */
function mutants(text: string, n: number, seed: number): string[] {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const CH = [
    '"',
    "'",
    '#',
    '[',
    ']',
    '{',
    '}',
    '|',
    '>',
    '-',
    ' ',
    '\n',
    ':',
    '\t',
    'a',
    '  ',
    '- ',
    '|-',
    '>+',
    ' #',
    ',',
    '*',
    '&',
    '\\',
    '  x: 1\n',
    '\n\n',
    '|2',
    '---\n',
    '0',
    '1.',
    'true',
  ];
  const out: string[] = [];
  for (let r = 0; r < n; r++) {
    let t = text;
    const edits = 1 + Math.floor(rnd() * 3);
    for (let e = 0; e < edits; e++) {
      const p = Math.floor(rnd() * t.length);
      t = t.slice(0, p) + CH[Math.floor(rnd() * CH.length)]! + t.slice(p);
    }
    out.push(t);
  }
  return out;
}

describe('yamlOffsets: the YAML offsets parse', () => {
  it('gives the data and ranges yamlDocument gives on every YAML file of the tests, and on edited copies of them', () => {
    const tally: Tally = { lean: 0, gaveUp: 0, ranges: 0 };
    const files = [...yamlFiles(path.join(ROOT, 'test')), ...yamlFiles(path.join(ROOT, 'examples'))];
    assert.ok(files.length > 50, 'the test YAML files');
    files.forEach((f, i) => {
      const text = fs.readFileSync(f, 'utf8');
      compare(text, path.relative(ROOT, f), tally);
      if (text.length < 50_000) mutants(text, 12, i + 1).forEach((t, j) => compare(t, `${path.relative(ROOT, f)} edit ${j}`, tally));
    });
    assert.ok(tally.lean > files.length, `most texts read (${tally.lean} read, ${tally.gaveUp} given up)`);
    assert.ok(tally.ranges > 20_000);
  });

  it('the cases it reads: block scalars, quoted scalars over lines, flow collections, null items, a document start', () => {
    const tally: Tally = { lean: 0, gaveUp: 0, ranges: 0 };
    const cases = [
      'a: |\n  l1\n  l2\n\nb: 1\n',
      'a: |-\n  l1\n\n  l2\n',
      'a: |+\n  keep\n\n\nb: 1\n',
      // keep chomping at the end of a text that ends in a line of spaces without a break: one more empty line
      'x: 1\na: |+\n  keep\n  ',
      'x: 1\na: >+\n  keep\n\n ',
      'x: 1\na: |+\n  ',
      'x: 1\na: |+\n  keep\n   ',
      'a: >\n  f1\n  f2\n\n  f3\n    more\n  f4\nb: x',
      'a: >-\n\n  leading\n  blank\n',
      'a: |\n\n  leading blank dropped\n',
      'a:\n  b: |2-\n\n      indented by the indicator\n  c: 1\n',
      'a: |\n  x\n    \n  y\n',
      'a: |\n  last line without a break',
      'a: |\nb: empty\n',
      'a: "esc \\" \\n \\t \\u00e9 \\x41 \\U0001F600 \\/ \\\\"\n',
      'a: "folded\n  over   \n\n  lines"\nb: "escaped \\\n    break"\n',
      "a: 'it''s\n  folded\n\n  here'\n",
      'a: [1, "two", {b: 3, c: [4, 5]}, []]\nd: {}\ne: {f: g,\n  h: [i,\n    j]}\n',
      'a:\n  - \n  - x\n  -\n  - y: 1\n    z: 2\n  - - nested\n    - seq\n',
      'l:\n- x\n- y\nm: 1\n',
      '---\nopenapi: 3.0.0\ninfo: {title: t, version: "1"}\n',
      '# comment\n\nkey: value # trailing\nplain: multi\n  line\n\n  scalar\n',
      "responses:\n  '200': {description: ok}\n  '404':\n    description: nf\n  default: {}\n",
      'n: null\nt: true\nf: 1.5e3\ni: -12\nh: 0x1F\no: 0o17\ninf: .inf\nnan: .NaN\ns: 12a\ntil: ~\n',
      'url: http://example.com:8080/a#b\nk: a:b\nkey with spaces: v\n"quoted key": 1\n\'single\': 2\n',
      '- root\n- sequence\n',
      // keys that are not strings: the parser's warning, the value's text as the data's key, the key's text in ranges
      '200: ok\ntrue: yes\n',
      'a:\n  - b:\n      08: x\n      09: y\n  - 1.5: z\nFalse: 1\n',
      '200:\n  content: {a: 1}\n  0x1F: [x]\n"201": q\n',
      '123456789012345678901234567890: big\n.inf: f\n-0: z\n',
      'plain root scalar\n',
    ];
    for (const c of cases) compare(c, JSON.stringify(c), tally);
    assert.ok(tally.lean >= cases.length - 1, `read ${tally.lean} of ${cases.length}`);
  });

  it('makes an ordered object only of a mapping whose array-index keys a plain object would list in another order', () => {
    const cases: [string, string[], boolean][] = [
      ["r:\n  '200': {description: ok}\n  '404': {description: nf}\n  default: {}\n", ['200', '404', 'default'], false],
      ["r: {'200': {}, '201': {}}\n", ['200', '201'], false],
      ["r:\n  '404': {}\n  '200': {}\n", ['404', '200'], true],
      ["r:\n  default: {}\n  '200': {}\n", ['default', '200'], true],
      ["r: {default: {}, '200': {}}\n", ['default', '200'], true],
      ["r:\n  '200': {}\n  x: 1\n  '100': {}\n  y: 2\n", ['200', 'x', '100', 'y'], true],
    ];
    for (const [text, keys, ordered] of cases) {
      compare(text, JSON.stringify(text), { lean: 0, gaveUp: 0, ranges: 0 });
      const r = (parseYamlOffsets(text)!.data as { r: Record<string, unknown> }).r;
      assert.deepEqual(Object.keys(r), keys, text);
      assert.equal(Array.isArray(getOrder(r)), ordered, `${text}: ${ordered ? 'an ordered object' : 'a plain object'}`);
    }
  });

  it("types a plain scalar as the parser's determineScalarType does", () => {
    const words = [
      '',
      '~',
      '~x',
      'x~',
      'n',
      'N',
      'nul',
      'null',
      'Null',
      'NULL',
      'nULL',
      'nulls',
      'null ',
      'name',
      'Name',
      't',
      'true',
      'True',
      'TRUE',
      'tRUE',
      'trues',
      'type',
      'T',
      'f',
      'false',
      'False',
      'FALSE',
      'fALSE',
      'falsey',
      'format',
      'F',
      'yes',
      'no',
      'on',
      'off',
      'y',
      'Y',
      '0',
      '-1',
      '+2',
      '0o17',
      '0x1F',
      '1.5',
      '.5',
      '1e3',
      '-.inf',
      '.Inf',
      '.nan',
      '.NaN',
      '1.2.3',
      '-',
      '+',
      '.',
      'abc',
      '12abc',
      ' x',
    ];
    for (const w of words)
      assert.equal(plainType(w), determineScalarType({ value: w, plainScalar: true, doubleQuoted: false, singleQuoted: false } as never), JSON.stringify(w));
  });

  it("refuses the characters the parser's pattern refuses, and halves of surrogate pairs", () => {
    const parsers = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    const pieces = [
      'a',
      '\n',
      '\t',
      '\x00',
      '\x08',
      '\x0b',
      '\x1f',
      '\x7f',
      '\x85',
      '\x86',
      '\xa0',
      '\ufffe',
      '\uffff',
      '\ud83d',
      '\ude00',
      '\ud83d\ude00',
      'é',
    ];
    const texts: string[] = [''];
    for (const x of pieces) for (const y of pieces) for (const z of ['', ...pieces]) texts.push(x + y + z);
    for (const t of texts) assert.equal(hasNonPrintable(t), parsers.test(t), JSON.stringify(t));
  });

  it("a document it read is known to have no YAML alias (the rules' walk relies on it); one with an alias is not", () => {
    const docOf = (t: string) => {
      const r = parseYamlOneShot(t);
      return new FullDoc('/x.yaml', t, r.data, [], Parsers.Yaml, r as never);
    };
    assert.equal(docOf('openapi: 3.0.0\npaths: {}\n').noAliases, true);
    assert.equal(docOf('openapi: 3.0.0\nx: &a {b: 1}\ny: *a\n').noAliases, false);
    assert.equal(new FullDoc('/x.json', '{}', {}, [], Parsers.Json, { data: {} } as never).noAliases, true);
  });

  it('gives up on what it does not read (the other way takes them, with the parser diagnostics)', () => {
    const cases = [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      '? complex\n: key\n',
      '%YAML 1.2\n---\na: 1\n',
      'a: 1\n---\nb: 2\n',
      'a: 1\n...\n',
      'a:\r\n  b: 1\r\n',
      'a:\n\tb: 1\n',
      'a: 1\na: 2\n',
      '<<: {a: 1}\nb: 2\n',
      '~: null key\n',
      'null: 1\n',
      '1: a\n0x1: b\n',
      'a: b: c\n',
      'a: [1, 2,]\n',
      'a: [1, # c\n  2]\n',
      'a: "unterminated\n',
      'a: 1\n b: 2\n',
      '__proto__: 1\n',
      'a: x\t\n',
      '',
    ];
    for (const c of cases) assert.equal(parseYamlOffsets(c), undefined, JSON.stringify(c));
  });

  it("keeps nothing of a parse once its result is dropped (its nodes are the ranges' for as long as the result lives)", async () => {
    const gc = collector();
    const text = fs.readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8');
    let parsed = parseYamlOffsets(text);
    assert.ok(parsed, 'the example is read by yamlOffsets');
    const nodes = new WeakRef(parsed.tree);
    const data = new WeakRef(parsed.data as object);
    // eslint-disable-next-line no-useless-assignment -- dropping the reference lets the collector take it
    parsed = undefined;
    await new Promise(resolve => setImmediate(resolve)); // a WeakRef's target is kept until the job that made it ends
    gc();
    gc();
    assert.equal(nodes.deref(), undefined, 'the nodes are still held');
    assert.equal(data.deref(), undefined, 'the data is still held');
  });

  it('a one-shot lint reads with it, and its findings and ranges are those Spectral gives', async () => {
    const text = fs.readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8');
    const before = yamlParseStats.offsets;
    parseYamlOneShot(text);
    assert.equal(yamlParseStats.offsets, before + 1, 'the example is read by yamlOffsets');
    const key = (p: { code: string; message: string; path: unknown; range: unknown }) => JSON.stringify([p.code, p.path, p.range, p.message]);
    const ours = (await lint(text, '/virtual/example.yaml')).problems.map(key);
    assert.ok(yamlParseStats.offsets >= before + 2, 'the lint took it');
    assert.deepEqual(ours, (await lintWithSpectral(text, '/virtual/example.yaml')).problems.map(key));
    assert.ok(ours.length > 5, `findings (${ours.length})`);
  });

  it(
    'the full corpus (../shared/corpus): every YAML file read gives the same data and ranges',
    { skip: fs.existsSync(CORPUS) ? false : 'no ../shared/corpus (the full corpus) here' },
    () => {
      const tally: Tally = { lean: 0, gaveUp: 0, ranges: 0 };
      const files = yamlFiles(CORPUS);
      for (const f of files) {
        const text = fs.readFileSync(f, 'utf8');
        compare(text, path.relative(CORPUS, f), tally, text.length > 500_000 ? 13 : 1);
      }
      assert.ok(tally.lean >= files.length - 2, `read ${tally.lean} of ${files.length}`);
    },
  );
});
