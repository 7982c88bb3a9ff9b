/**
 * The fix engine's own walks of a parsed YAML document (--fix on spotify spent some 50 ms in `yaml`'s
 * generic ones for its thousand pieces) must give what `yaml`'s give: plainToJS (fix/yamlWalk.ts) what
 * `doc.toJS()` gives, or NOT_PLAIN; styleCounts (fix/yamlStyle.ts, by a stack) what a walk by `yaml`'s `visit`
 * counts, written out here as it was. On every YAML document of the corpus, on each of its pieces (what the fixes
 * parse), and on constructs that are not plain data.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node, type Pair } from 'yaml';
import { cutYaml } from '../../server/src/engine/fix/yamlCut';
import { NOT_PLAIN, plainToJS } from '../../server/src/engine/fix/yamlWalk';
import { column, lineStart, styleCounts, type StyleCounts } from '../../server/src/engine/fix/yamlStyle';
import { CORPUS, FULL_CORPUS, yamlFiles } from '../helpers/corpus';

/** The counts by `yaml`'s visit (what styleCounts was). */
function visitCounts(text: string, doc: Document.Parsed): StyleCounts {
  const c: StyleCounts = { units: [], gaps: [], seqIndented: 0, seqFlat: 0, single: 0, double: 0, padded: 0, tight: 0, aliases: 0 };
  const { units, gaps } = c;
  const flowPad = (n: { flow?: boolean; range?: [number, number, number] | null; items: unknown[] }) => {
    if (!n.flow || !n.range || n.items.length === 0) return;
    if (/\s/.test(text[n.range[0] + 1] ?? '')) c.padded++;
    else c.tight++;
  };
  visit(doc, {
    Alias() {
      c.aliases++;
    },
    Map(_k, n) {
      flowPad(n);
    },
    Seq(_k, n) {
      flowPad(n);
    },
    Pair(_k, pair) {
      const p = pair as Pair<Node, Node>;
      const key = p.key;
      if (!isScalar(key) || !key.range) return;
      const v = p.value;
      if (isMap(v) && !v.flow && v.items.length > 0) {
        const first = v.items[0] as Pair<Node, unknown>;
        if (isScalar(first.key) && first.key.range && units.length < 50) {
          const d = column(text, first.key.range[0]) - column(text, key.range[0]);
          if (d > 0) units.push(d);
        }
      } else if (isSeq(v) && !v.flow && v.range) {
        const dash = lineStart(text, v.range[0]);
        const lead = /^[ ]*/.exec(text.slice(dash))![0].length;
        if (lead > column(text, key.range[0])) c.seqIndented++;
        else c.seqFlat++;
        const first = v.items[0] as Node | null;
        if (first?.range && lineStart(text, first.range[0]) === dash && gaps.length < 50) gaps.push(column(text, first.range[0]) - lead);
      }
    },
    Scalar(_k, s) {
      if (s.type === 'QUOTE_SINGLE') c.single++;
      else if (s.type === 'QUOTE_DOUBLE') c.double++;
    },
  });
  return c;
}

const parse = (text: string) => parseDocument(text, { uniqueKeys: false, prettyErrors: false });

function frozen(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  return Object.isFrozen(v) && Object.values(v).every(frozen);
}

/** Both walks against `yaml`'s on one text; whether plainToJS took it (not NOT_PLAIN). */
function check(text: string, label: string): boolean {
  const doc = parse(text);
  assert.deepEqual(styleCounts(text, doc), visitCounts(text, doc), `${label}: style counts`);
  let expected: unknown;
  try {
    expected = doc.toJS({ maxAliasCount: 1000 });
  } catch {
    assert.equal(plainToJS(doc), NOT_PLAIN, `${label}: toJS throws, not plain`);
    return false;
  }
  const js = plainToJS(doc);
  if (js === NOT_PLAIN) return false;
  // Strict: the same prototypes and own properties (a `__proto__` key is an own property in both).
  assert.deepStrictEqual(js, expected, `${label}: data`);
  assert.ok(frozen(js), `${label}: frozen all through`);
  assert.equal(JSON.stringify(js), JSON.stringify(expected), `${label}: data as JSON (key order)`);
  return true;
}

describe("the fix engine's walks of a YAML document are yaml's", () => {
  it('on every YAML document of the corpus and on each of its pieces', () => {
    let docs = 0;
    let pieces = 0;
    let plain = 0;
    for (const file of yamlFiles(CORPUS)) {
      const text = fs.readFileSync(file, 'utf8');
      const label = path.relative(CORPUS, file);
      if (check(text, label)) plain++;
      docs++;
      for (const p of cutYaml(text) ?? []) {
        if (check(text.slice(p.start, p.end), `${label} @${p.start}`)) plain++;
        pieces++;
      }
    }
    // The full corpus cuts into thousands of pieces; the vendored one (a clone alone, as in CI) into some 800.
    assert.ok(docs >= 10 && pieces > (FULL_CORPUS ? 1000 : 500), `documents: ${docs}, pieces: ${pieces}`);
    assert.ok(plain > pieces / 2, `plain data: ${plain} of ${docs + pieces}`);
  });

  it('on plain data of every kind: scalars of each type, flow and block collections, quotes, duplicate and odd keys', () => {
    const texts = [
      'a: 1\nb: 0x1f\nc: 0o17\nd: 1.5e3\ne: .inf\nf: -.inf\ng: .nan\nh: true\ni: ~\nj: null\nk:\nl: "x"\nm: \'y\'\nn: |\n  block\no: >-\n  folded\n',
      'list:\n  - 1\n  - [a, "b", {c: d}]\n  - { e: f, g: [h] }\n  -\n  - - nested\n    - seq\nflow: {a: 1, b: [2, 3]}\nempty: {}\nnone: []\n',
      'dup: 1\nother: 2\ndup: 3\n',
      '__proto__: {polluted: true}\nconstructor: 1\ntoString: x\n',
      '1: one\ntrue: yes\n~: nothing\n"": empty\n3.5: float\n0x10: hex\n',
      '"quoted key": 1\n\'single\': 2\n? complex\n: value\n',
      'deep:\n' + Array.from({ length: 40 }, (_v, i) => '  '.repeat(i + 1) + `k${i}:`).join('\n') + ' end\n',
      'seqflat:\n- a\n- b\nseqind:\n    -   wide\n    -   gap\n',
      'big: 123456789012345678901234567890\nstr: !!str 12\nint: !!int "7"\n',
      '',
      '# only a comment\n',
      'plain scalar at the root\n',
      '- a\n- b\n',
    ];
    for (const [i, t] of texts.entries()) assert.ok(check(t, `text ${i}`), `text ${i} is plain data`);
  });

  it('leaves to yaml what is not plain data: aliases, anchors, tags of collections, merge keys, binary, collection keys', () => {
    const texts = [
      'a: &x 1\nb: *x\n',
      'a: &x {k: 1}\n',
      'a: !!set {x, y}\n',
      'a: !!omap [x: 1, y: 2]\n',
      'a: !!binary aGVsbG8=\n',
      'base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n',
      '<<: {x: 1}\n',
      '? [a, b]\n: list key\n',
      '? {a: 1}\n: map key\n',
      'a: !!map {k: 1}\n',
      'b: !custom [1]\n',
      'c: *undefined\n',
    ];
    for (const [i, t] of texts.entries()) {
      const doc = parse(t);
      assert.equal(plainToJS(doc), NOT_PLAIN, `text ${i} is left to yaml`);
      check(t, `text ${i}`);
    }
  });
});
