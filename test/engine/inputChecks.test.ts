/**
 * The relint's input checks from the last text (pipeline/input.ts): after any edit they answer as the whole-text
 * checks do — yamlTooDeep's depth scan resumed around the edit, the strings looked for around it, the line index
 * with its line starts moved — and looksLikeOpenApi answers as the regular expression it replaces.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputChecks } from '../../server/src/engine/pipeline/input';
import { yamlTooDeep } from '../../server/src/engine/limits';
import { LineIndex } from '../../server/src/engine/lineIndex';
import { looksLikeOpenApi } from '../../server/src/engine/sniff';
import { CORPUS } from '../helpers/corpus';

let seed = 20261123;
const rnd = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** Pieces of YAML an edit inserts: ones that open and close levels, quotes, block scalars, NULs, `!!binary`. */
const INSERTS = [
  'x',
  ' ',
  '\n',
  '\n  ',
  '\n      - ',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  ': |\n',
  ' >-\n',
  '# c',
  '\u0000',
  '!!binary',
  '!!bin',
  'ary',
  '\n\n',
  '- - - ',
  '\r\n',
  'deep:\n' + '  '.repeat(8) + 'x: 1\n',
];

function randomEdit(text: string): string {
  const at = Math.floor(rnd() * (text.length + 1));
  const del = rnd() < 0.3 ? Math.floor(rnd() * 40) : 0;
  return text.slice(0, at) + (rnd() < 0.85 ? pick(INSERTS) : '') + text.slice(Math.min(text.length, at + del));
}

/** Every line start of a LineIndex (its positions of the line breaks). */
function starts(index: LineIndex, text: string): number[] {
  const out: number[] = [];
  for (let line = 0; ; line++) {
    const o = index.offsetAt(line, 0);
    if (o === undefined) break;
    out.push(o);
  }
  assert.equal(out.length, text.split('\n').length);
  return out;
}

function yamlTexts(): string[] {
  const out: string[] = [];
  for (const rel of ['asana/asana.yaml', 'oai-petstore-v3/petstore.yaml']) {
    const f = path.join(CORPUS, rel);
    if (fs.existsSync(f)) out.push(fs.readFileSync(f, 'utf8'));
  }
  out.push('openapi: 3.0.0\ninfo:\n  title: t\n  version: "1"\npaths:\n  /a:\n    get:\n      description: |\n        text [ { "\n      responses: {}\n');
  return out;
}

describe('incremental input checks (pipeline/input.ts)', () => {
  it('answer as the whole-text checks after 750 random edits', () => {
    for (const original of yamlTexts()) {
      const checks = new InputChecks();
      // A limit the edits reach now and then (found: the memo dropped), and one they do not (the scan resumed).
      const shallow = new InputChecks();
      let text = original;
      for (let i = 0; i < 250; i++) {
        // Now and then back to the original: a deep or NUL-holding text must not stay so.
        text = rnd() < 0.05 ? original : randomEdit(text);
        checks.begin(text);
        shallow.begin(text);
        assert.equal(checks.tooDeepYaml(text, 500), yamlTooDeep(text, 500), `depth after edit ${i}`);
        assert.equal(shallow.tooDeepYaml(text, 12), yamlTooDeep(text, 12), `depth 12 after edit ${i}`);
        assert.equal(checks.hasNoNul(text), !text.includes('\u0000'), `NUL after edit ${i}`);
        assert.equal(checks.lacks(text, '!!binary'), !text.includes('!!binary'), `!!binary after edit ${i}`);
        if (i % 5 === 0) assert.deepEqual(starts(checks.lineIndex(text), text), starts(new LineIndex(text), text), `lines after edit ${i}`);
        if (i % 25 === 0)
          assert.deepEqual(starts(new LineIndex(text), text), [0, ...[...text.matchAll(/\n/g)].map(m => m.index + 1)], `line starts of edit ${i}`);
      }
    }
  });

  it('one-shot (a cold lint): the depth scan of each text as the whole-text check, the alias pre-test from the tree', () => {
    const once = new InputChecks({ oneShot: true });
    for (const text of yamlTexts()) {
      const deep = text + 'x-deep:\n' + Array.from({ length: 9 }, (_, d) => `${'  '.repeat(d + 1)}k${d}:`).join('\n') + ' 1\n';
      for (const t of [text, deep]) {
        once.begin(t);
        assert.equal(once.tooDeepYaml(t, 500), yamlTooDeep(t, 500));
        assert.equal(once.tooDeepYaml(t, 6), yamlTooDeep(t, 6));
      }
    }
    assert.equal(typeof once.aliasFree, 'function');
    assert.equal(new InputChecks().aliasFree, undefined, 'a relint runs the lexer (its parse reads only the edited pieces)');
  });

  it('keeps the depth scan where an edit leaves it, and resumes it', () => {
    const text = yamlTexts()[0]!;
    const checks = new InputChecks();
    checks.begin(text);
    assert.equal(checks.tooDeepYaml(text, 500), undefined);
    const deep = text + 'x-deep:\n' + Array.from({ length: 9 }, (_, d) => `${'  '.repeat(d + 1)}k${d}:`).join('\n') + ' 1\n';
    checks.begin(deep);
    assert.equal(checks.tooDeepYaml(deep, 6), yamlTooDeep(deep, 6));
    assert.notEqual(yamlTooDeep(deep, 6), undefined);
  });
});

describe('looksLikeOpenApi (lint.ts)', () => {
  const re = /^(?:["']?)(openapi|swagger)(?:["']?)\s*:/m;
  it('answers as the regular expression it replaces, on chosen and 100,000 generated texts', () => {
    const chosen = [
      'openapi: 3',
      '"openapi": 3',
      "'swagger' : 2",
      'x: 1\nopenapi: 3',
      'x\r"openapi":',
      ' openapi: 3',
      'openapi 3',
      'openapix: 1',
      'a"openapi": 1',
      '\u2028openapi:',
      'openapi\n\n:',
      "openapi'  :",
      "''openapi:",
      'swaggerr:',
      'openapi"\t:',
    ];
    const alpha = ['openapi', 'swagger', '"', "'", ':', ' ', '\n', '\r', '\t', 'x', '\u2028', 'open', 'api'];
    const generated = Array.from({ length: 100_000 }, () => Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => pick(alpha)).join(''));
    for (const t of [...chosen, ...generated]) {
      if (/^\s*\{/.test(t)) continue;
      assert.equal(looksLikeOpenApi(t), re.test(t), JSON.stringify(t));
    }
  });
});
