import assert from 'node:assert/strict';

/** A minimal LSP snippet expander: placeholders take their defaults, escapes are undone. */
export function expandSnippet(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      out += s[++i];
    } else if (c === '$' && s[i + 1] === '{') {
      const m = /^\$\{(\d+)(?::((?:\\.|[^\\}])*)|\|((?:\\.|[^\\|])*)\|)\}/.exec(s.slice(i));
      assert.ok(m, `bad placeholder at ${s.slice(i, i + 20)}`);
      out += m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3].split(',')[0].replace(/\\(.)/g, '$1');
      i += m[0].length - 1;
    } else {
      assert.notEqual(c, '$', `unescaped $ in snippet near ${s.slice(i, i + 20)}`);
      out += c;
    }
  }
  return out;
}
