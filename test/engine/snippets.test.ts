/** Pure tests: completion context detection and the conventional snippets (rendering, snippet syntax, lint-clean documents). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { detectContext } from '../../server/src/engine/context';
import { documentEntries, pathPairEntries, renderJson, renderYaml, toPlainText, toSnippetSyntax, ph, choice } from '../../server/src/engine/snippets';
import { lint } from '../../server/src/engine/lint';
import { expandSnippet } from '../helpers/expandSnippet';

/** `|` marks the cursor. */
function at(s: string, format: 'yaml' | 'json' = 'yaml') {
  const offset = s.indexOf('|');
  return detectContext(s.replace('|', ''), offset, format);
}

test('YAML context: empty document, with or without a typed word and comments', () => {
  assert.equal(at('|').kind, 'empty');
  assert.equal(at('op|').kind, 'empty');
  assert.equal(at('# a comment\n\nsw|\n').kind, 'empty');
  assert.equal(at('openapi: 3.0.0\n|').kind, 'key');
});

test('YAML context: key paths by indentation, siblings above and below', () => {
  const c = at('openapi: 3.0.0\npaths:\n  /x:\n    get:\n      summary: s\n      |\n      responses:\n        "200": {}\n');
  assert.equal(c.kind, 'key');
  assert.deepEqual(c.path, ['paths', '/x', 'get']);
  assert.equal(c.indent, 6);
  assert.deepEqual(c.siblings.sort(), ['responses', 'summary']);
  assert.deepEqual(at('openapi: 3.0.0\npaths:\n  /a|\n').path, ['paths']);
  const p = at('openapi: 3.0.0\npaths:\n  /a|\n');
  assert.equal(p.prefix, '/a');
  assert.equal(p.replaceEnd - p.replaceStart, 2);
  assert.deepEqual(at("openapi: 3.0.0\ncomponents:\n  'schemas':\n    |\n").path, ['components', 'schemas']);
  assert.deepEqual(at('openapi: 3.0.0\nservers:\n  - url: x\n    |\n').path, ['servers', '#']);
  assert.deepEqual(at('openapi: 3.0.0\nparams:\n- name: x\n  |\n').path, ['params', '#']);
  // A value position is not a key position.
  assert.equal(at('openapi: 3.0.0\ninfo:\n  title: x|\n').kind, 'none');
});

test('YAML context: rule ids after apiconv-ignore, with ids already written', () => {
  const c = at('openapi: 3.0.0\npaths:\n  # apiconv-ignore error-500,path-|\n  /x: {}\n');
  assert.equal(c.kind, 'ignore-rule');
  assert.equal(c.prefix, 'path-');
  assert.deepEqual(c.written, ['error-500']);
  assert.equal(at('openapi: 3.0.0\n# apiconv-ignore-file |\n').kind, 'ignore-rule');
  assert.equal(at('openapi: 3.0.0\n# just a comment |\n').kind, 'none');
});

test('JSON context: key positions, commas, ignore arrays', () => {
  const a = at('{\n  "openapi": "3.0.0",\n  "paths": {\n    "/x": {},\n    "|"\n  }\n}', 'json');
  assert.equal(a.kind, 'key');
  assert.deepEqual(a.path, ['paths']);
  assert.equal(a.indent, 4);
  assert.deepEqual(a.siblings, ['/x']);
  assert.equal(a.leadingComma, false);
  assert.equal(a.trailingComma, false);
  const b = at('{\n  "openapi": "3.0.0",\n  "paths": {\n    "/x": {}\n    |\n  }\n}', 'json');
  assert.equal(b.leadingComma, true);
  const c = at('{\n  "openapi": "3.0.0",\n  "paths": {\n    |\n    "/x": {}\n  }\n}', 'json');
  assert.equal(c.trailingComma, true);
  assert.equal(at('|', 'json').kind, 'empty');
  const ig = at('{\n  "openapi": "3.0.0",\n  "x-apiconv-ignore": ["a", "|"]\n}', 'json');
  assert.equal(ig.kind, 'ignore-rule');
  assert.deepEqual(ig.written, ['a']);
  assert.equal(at('{"info": {"title": "|"}}', 'json').kind, 'none');
});

test('context detection never throws on odd input', () => {
  for (const s of ['\u0000|', '{{{|', ':\n  - - |', '|'.repeat(1), '"\n|\n"', '- |\n-']) {
    for (const f of ['yaml', 'json'] as const) assert.doesNotThrow(() => at(s, f));
  }
});

test('placeholders: snippet syntax escapes $ } \\ and expands back to the plain text', () => {
  const text = `$ref: '#/x/${ph(1, 'users')}' } \\ ${choice(2, ['warn', 'error'])}`;
  const snippet = toSnippetSyntax(text);
  assert.equal(snippet, "\\$ref: '#/x/${1:users}' \\} \\\\ ${2|warn,error|}");
  assert.equal(toPlainText(text), "$ref: '#/x/users' } \\ warn");
  assert.equal(expandSnippet(snippet), toPlainText(text));
});

test('YAML rendering quotes what needs quotes and keeps placeholders', () => {
  const y = renderYaml({ '200': { description: 'a: b' }, [`/api/${ph(1, 'things')}/{id}`]: { x: ['#y', true, 3] } }, 2);
  const parsed = parseYaml('  ' + toPlainText(y).replace(/\n/g, '\n')) as Record<string, unknown>;
  assert.deepEqual(parsed, { '200': { description: 'a: b' }, '/api/things/{id}': { x: ['#y', true, 3] } });
  assert.match(y, /^'200':/);
  assert.match(y, /\n {2}\/api\/⟦1:things⟧\/\{id\}:/);
});

for (const spec of ['oas3', 'oas2'] as const) {
  for (const format of ['yaml', 'json'] as const) {
    test(`the ${spec} document skeleton (${format}) lints clean under recommended`, async () => {
      const entries = documentEntries(spec);
      const snippet = format === 'json' ? `{\n  ${renderJson(entries, 2)}\n}\n` : renderYaml(entries, 0) + '\n';
      const text = expandSnippet(toSnippetSyntax(snippet));
      assert.equal(text, toPlainText(snippet));
      const r = await lint(text, `/virtual/skeleton.${format}`);
      assert.equal(r.skipped, undefined);
      assert.deepEqual(
        r.problems.map(p => `${p.code} ${p.path.join('.')}: ${p.message}`),
        [],
      );
    });
  }
}

test('the collection + item pair: conventional operations and status codes', () => {
  const { entries, needs } = pathPairEntries({ spec: 'oas3', prefix: '/api/v1' });
  const doc = JSON.parse(toPlainText(JSON.stringify(entries))) as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  assert.deepEqual(Object.keys(doc), ['/api/v1/things', '/api/v1/things/{id}']);
  const codes = (p: string, m: string) => Object.keys(doc[p][m].responses);
  assert.deepEqual(codes('/api/v1/things', 'get'), ['200', '400', '401', '403', '500']);
  assert.deepEqual(codes('/api/v1/things', 'post'), ['201', '400', '401', '403', '422', '500']);
  assert.deepEqual(codes('/api/v1/things/{id}', 'get'), ['200', '400', '401', '403', '404', '500']);
  assert.deepEqual(codes('/api/v1/things/{id}', 'put'), ['200', '400', '401', '403', '404', '422', '500']);
  assert.deepEqual(codes('/api/v1/things/{id}', 'patch'), ['200', '400', '401', '403', '404', '422', '500']);
  assert.deepEqual(codes('/api/v1/things/{id}', 'delete'), ['204', '400', '401', '403', '404', '500']);
  // The shared components it references are listed once each.
  const paths = needs.map(n => n.path.join('/'));
  assert.equal(new Set(paths).size, paths.length);
  assert.ok(paths.includes('components/schemas/Error'));
  assert.ok(paths.includes('components/parameters/Limit'));
  assert.ok(paths.includes('components/responses/NotFound'));
});
