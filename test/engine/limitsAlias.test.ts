/**
 * The alias-bomb check's cheap pre-tests (limits.ts, mayHaveAlias): they skip the full parse for texts whose
 * `&` and `*` are prose (Markdown's `&quot;`, `**Note**`, block scalars), and must still let every real bomb
 * through to the scan, however its anchors and aliases are written.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkLimits, hasAliasCandidate, hasAnchorCandidate } from '../../server/src/engine/limits';

const HEAD = `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths: {}\n`;
const LEVELS = 12;
const FAN = 9;
const lol = Array.from({ length: FAN }, () => 'lol');
const refs = (i: number, sep = ', ') => Array.from({ length: FAN }, () => `*a${i - 1}`).join(sep);

/** The same bomb (9^12 nodes) in several spellings. */
const bombs: Record<string, string> = {
  'block mapping, anchors after the key, block sequences': [
    `x-a0: &a0\n${lol.map(l => `  - ${l}`).join('\n')}`,
    ...Array.from(
      { length: LEVELS },
      (_, k) =>
        `x-a${k + 1}: &a${k + 1}\n${refs(k + 1, '\n')
          .split('\n')
          .map(r => `  - ${r}`)
          .join('\n')}`,
    ),
  ].join('\n'),
  'tags before the anchors': [
    `x-a0: !!seq &a0 [${lol.join(', ')}]`,
    ...Array.from({ length: LEVELS }, (_, k) => `x-a${k + 1}: !!seq &a${k + 1} [${refs(k + 1)}]`),
  ].join('\n'),
  'a block sequence of anchored flow sequences': `x-list:\n${[`  - &a0 [${lol.join(', ')}]`, ...Array.from({ length: LEVELS }, (_, k) => `  - &a${k + 1} [${refs(k + 1)}]`)].join('\n')}`,
  'one flow sequence without spaces': `x-flow: [&a0 [${lol.join(',')}],${Array.from({ length: LEVELS }, (_, k) => `&a${k + 1} [${refs(k + 1, ',')}]`).join(',')}]`,
  'a flow mapping, keys glued to the anchors': `x-map: {"a0":&a0 [${lol.join(',')}],${Array.from({ length: LEVELS }, (_, k) => `"a${k + 1}":&a${k + 1} [${refs(k + 1, ',')}]`).join(',')}}`,
  'the anchor on a line of its own, after a tag': [
    `x-a0:\n  !!seq &a0\n  [${lol.join(', ')}]`,
    ...Array.from({ length: LEVELS }, (_, k) => `x-a${k + 1}:\n  &a${k + 1}\n  [${refs(k + 1)}]`),
  ].join('\n'),
};

describe('alias bomb pre-tests (limits.ts)', () => {
  for (const [name, body] of Object.entries(bombs)) {
    it(`finds the bomb: ${name}`, () => {
      const text = `${HEAD}${body}\n`;
      const found = checkLimits(text, '/v/bomb.yaml', false);
      assert.ok(found, 'the bomb is reported');
      assert.equal(found.length, 1);
      assert.match(found[0]!.message, /aliases expand past/);
      const line = text.split('\n')[found[0]!.range.start.line]!;
      assert.equal(line[found[0]!.range.start.character], '*', `at an alias: ${line}`);
    });
  }

  it('prose `&` and `*` (Markdown, block scalars, quoted strings) is no bomb, and neither is a bomb written in a block scalar', () => {
    const bombText = Object.values(bombs)[1]!;
    const text =
      `${HEAD}x-doc:\n  description: For example, meaning &quot;Spanish&quot; and **Note**: *a0 &amp; *a1\n` +
      `  text: |\n${bombText.replace(/^/gm, '    ')}\n  quoted: "${bombText.replace(/\n/g, ' ').replace(/"/g, "'")}"\n`;
    assert.equal(checkLimits(text, '/v/prose.yaml', false), undefined);
  });
});

describe('alias pre-tests stepping from & and * (hasAnchorCandidate, hasAliasCandidate)', () => {
  const aliasRe = /(^|[\s,[{:])\*[^\s,[\]{}]/;
  const anchorRe = /(^|[[{,:]|[?-][ \t]|!\S*[ \t])[ \t]*&[^\s,[\]{}]/m;
  it('answer as the regular expressions they replace, on chosen texts and 200,000 generated ones (fixed seed)', () => {
    const chosen = [
      '&a',
      ' *a',
      '*a',
      'x*a',
      'k: &a v',
      'k:&a',
      '- &a x',
      '-&a',
      '? &a',
      '!t &a',
      '!!str  &a x',
      'a!b &c',
      'x &a',
      '&',
      '*',
      '& a',
      '* a',
      '[&a]',
      '{*a}',
      '\u2028&a',
      'x\r&a',
      'x\u00a0*a',
    ];
    let seed = 20261123;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alpha = ['&', '*', ' ', '\t', '\n', '\r', '-', '?', '!', 'a', ':', ',', '[', ']', '{', '}', '\u00a0', '\u2028', 'x'];
    const generated = Array.from({ length: 200_000 }, () =>
      Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => alpha[Math.floor(rnd() * alpha.length)]).join(''),
    );
    for (const t of [...chosen, ...generated]) {
      assert.equal(hasAliasCandidate(t), aliasRe.test(t), `alias in ${JSON.stringify(t)}`);
      assert.equal(hasAnchorCandidate(t), anchorRe.test(t), `anchor in ${JSON.stringify(t)}`);
    }
  });
});
