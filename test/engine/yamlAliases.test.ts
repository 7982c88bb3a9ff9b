/**
 * The alias check's pre-test from the syntax tree (server/src/engine/parse/yamlAliases.ts): when it says a text
 * holds no alias, the `yaml` lexer's pre-test (limits.ts mayHaveAlias) finds none either; it says so for the corpus
 * documents whose Markdown made the lexer run; a cold lint still refuses every bomb, and the tree it loaded is the
 * one the parse takes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkLimits, hasAliasCandidate, hasAnchorCandidate, mayHaveAlias } from '../../server/src/engine/limits';
import { aliasCandidatesInScalars } from '../../server/src/engine/parse/yamlAliases';
import { parseYamlDocument } from '../../server/src/engine/parse/yamlDocument';
import { lint } from '../../server/src/engine/lint';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';

const ROOT = path.join(__dirname, '..', '..');
const CORPUS = path.join(ROOT, '..', 'shared', 'corpus');
const HEAD = `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths: {}\n`;

/** A bomb (9^8 nodes) with its anchors and aliases written `how`. */
function bomb(how: 'block' | 'flow' | 'own line'): string {
  const lol = Array.from({ length: 9 }, () => 'lol').join(', ');
  const refs = (i: number) => Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ');
  const lines = [how === 'own line' ? `x-a0:\n  &a0\n  [${lol}]` : `x-a0: &a0 [${lol}]`];
  for (let k = 1; k <= 8; k++) {
    if (how === 'block')
      lines.push(
        `x-a${k}: &a${k}\n${refs(k)
          .split(', ')
          .map(r => `  - ${r}`)
          .join('\n')}`,
      );
    else if (how === 'flow') lines.push(`x-a${k}: &a${k} [${refs(k)}]`);
    else lines.push(`x-a${k}:\n  &a${k}\n  [${refs(k)}]`);
  }
  return `${HEAD}${lines.join('\n')}\n`;
}

/** Texts whose `&` and `*` are prose, real, or both, in the places YAML puts scalars. */
function texts(): string[] {
  const prose = 'See **Note** and &mdash; or *a0 &amp; *a1';
  const out = [
    `${HEAD}x-d:\n  description: ${prose}\n`,
    `${HEAD}x-d:\n  text: |\n    &mdash;\n    *a0 **Note**\n  more: >-\n    &a *b\n`,
    `${HEAD}x-d:\n  q: "&a *b"\n  s: '*c &d'\n  p: plain *e\n    continued &f\n`,
    `${HEAD}x-d:\n  - &a x\n  - *a\n`,
    `${HEAD}x-d: {k: &a v, l: *a}\n`,
    `${HEAD}x-d:\n  k: &a\n    v: 1\n  l: *a\n  text: |\n    **Note**\n`,
    `${HEAD}x-d:\n  text: |\n    &x\n  l: *x\n`,
    `${HEAD}x-d: [a, b\n  *c: &d\n`, // broken: the lexer decides
    `${HEAD}x-d:\n  ? *a\n  : &b c\n`,
    `${HEAD}x-d: &a\n  - 1\nx-e: [*a, "*a"]\n`,
    bomb('block'),
    bomb('flow'),
    bomb('own line'),
  ];
  // the same snippets inside each other's block scalars and quotes, and side by side
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const body = out[i]!.slice(HEAD.length);
    out.push(`${HEAD}x-doc: |\n${body.replace(/^/gm, '  ')}\n`);
    out.push(`${HEAD}x-doc: "${body.replace(/\n/g, ' ').replace(/"/g, "'")}"\n`);
    out.push(`${out[i]!}x-more: ${prose}\n`);
  }
  return out;
}

describe('alias pre-test from the syntax tree (yamlAliases.ts)', () => {
  it('says "no alias" only where the lexer finds none; finds the bombs with it', () => {
    let free = 0;
    for (const t of texts()) {
      const fromTree = aliasCandidatesInScalars(t);
      if (fromTree) {
        free++;
        assert.equal(mayHaveAlias(t), false, `the lexer finds an alias and an anchor in ${JSON.stringify(t.slice(HEAD.length, HEAD.length + 80))}`);
      }
      assert.deepEqual(
        checkLimits(t, '/v/a.yaml', false, undefined, { aliasFree: aliasCandidatesInScalars }),
        checkLimits(t, '/v/a.yaml', false),
        `the limits of ${JSON.stringify(t.slice(HEAD.length, HEAD.length + 80))}`,
      );
    }
    assert.ok(free >= 6, `prose texts are told apart without the lexer (${free})`);
    for (const how of ['block', 'flow', 'own line'] as const) {
      assert.equal(aliasCandidatesInScalars(bomb(how)), false, `a ${how} bomb is not alias-free`);
      assert.match(checkLimits(bomb(how), '/v/b.yaml', false, undefined, { aliasFree: aliasCandidatesInScalars })?.[0]?.message ?? '', /aliases expand past/);
    }
  });

  it('a cold lint refuses a bomb and lints prose as Spectral’s runner does', async () => {
    const refused = await lint(bomb('flow'), '/v/bomb.yaml');
    assert.equal(refused.problems.length, 1);
    assert.match(refused.problems[0]!.message, /aliases expand past/);
    const prose = `${HEAD}x-d:\n  description: See **Note** and &mdash;\n  text: |\n    &mdash; *a0\n`;
    assert.deepEqual(await lint(prose, '/v/prose.yaml'), await lintWithSpectral(prose, '/v/prose.yaml'));
  });

  it('the parse takes the tree the check loaded, and parses anew for another text', () => {
    const a = `${HEAD}x-d: one\n`;
    const b = `${HEAD}x-d: two\n`;
    aliasCandidatesInScalars(a);
    const first = parseYamlDocument(a);
    aliasCandidatesInScalars(a);
    const again = parseYamlDocument(a);
    assert.notEqual(first.ast, again.ast, 'each load is a tree of its own');
    aliasCandidatesInScalars(a);
    assert.equal((parseYamlDocument(b).data as { 'x-d': string })['x-d'], 'two', 'another text is not given the loaded tree');
    assert.equal((parseYamlDocument(a).data as { 'x-d': string })['x-d'], 'one');
  });

  it(
    'the corpus documents whose Markdown made the lexer run are alias-free by their tree',
    { skip: !fs.existsSync(CORPUS) && 'the corpus (../shared/corpus) is absent' },
    () => {
      let lexed = 0;
      for (const line of fs.readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8').split('\n')) {
        const c = line.split('|').map(s => s.trim());
        if (!/^\d+$/.test(c[1] ?? '') || !/\.ya?ml`?$/.test(c[3] ?? '')) continue;
        const t = fs.readFileSync(path.join(CORPUS, c[3]!.replace(/`/g, '')), 'utf8');
        if (!hasAliasCandidate(t) || !hasAnchorCandidate(t)) continue;
        lexed++;
        assert.equal(aliasCandidatesInScalars(t), true, c[3]);
        assert.equal(mayHaveAlias(t), false, c[3]);
      }
      assert.ok(lexed >= 2, `rebilly and github-api ran the lexer (${lexed})`);
    },
  );
});
