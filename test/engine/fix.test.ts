/**
 * The fix engine: FixOps → minimal text edits on YAML / JSON (golden files
 * under test/fixtures/fix/expected; regenerate with UPDATE_GOLDEN=1 and review
 * the diff), and fix-all with real rules.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import type { FixOp } from '../../rules/types';
import { applyOffsetEdits, applyOps, computeFixes, fixAllOfRule, fixFile, unifiedDiff, type TextFormat } from '../../server/src/engine/fix/index';
import { EditComposer } from '../../server/src/engine/fix/edits';
import { lint } from '../../server/src/engine/lint';

const FIX = path.join(__dirname, '..', 'fixtures', 'fix');
const read = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');
const toCrlf = (t: string) => t.replace(/\r?\n/g, '\r\n');

function parsesOk(text: string, format: TextFormat): void {
  if (format === 'json') {
    const errors: ParseError[] = [];
    parseJsonc(text, errors);
    assert.deepEqual(errors, [], 'the fixed JSON parses');
  } else {
    assert.deepEqual(
      parseDocument(text).errors.map(e => e.message),
      [],
      'the fixed YAML parses',
    );
  }
}

function comments(text: string): string[] {
  return [...text.matchAll(/#[^\r\n]*/g)].map(m => m[0].trim()).filter(c => !c.startsWith('#/'));
}

interface Case {
  name: string;
  input: string;
  ops: FixOp[];
  /** Ops by sequence index are not idempotent by nature. */
  notIdempotent?: boolean;
  /** Comments the ops remove on purpose. */
  dropsComments?: string[];
  crlf?: boolean;
}

const cases: Case[] = [
  {
    name: 'y2-set-new-quoted-key',
    input: 'two-space.yaml',
    ops: [
      {
        kind: 'set',
        path: ['paths', '/api/pets', 'get', 'responses', '404'],
        value: { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    ],
  },
  {
    name: 'y2-set-creates-parents',
    input: 'two-space.yaml',
    ops: [
      {
        kind: 'set',
        path: ['components', 'schemas', 'Error'],
        value: { type: 'object', required: ['status', 'code'], properties: { status: { type: 'string' }, code: { type: 'integer' } } },
      },
      {
        kind: 'set',
        path: ['components', 'responses', 'NotFound'],
        value: { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      { kind: 'set', path: ['paths', '/api/pets/{id}', 'get', 'responses', '404'], value: { $ref: '#/components/responses/NotFound' } },
    ],
  },
  {
    name: 'y2-set-into-flow-map',
    input: 'two-space.yaml',
    ops: [
      {
        kind: 'set',
        path: ['paths', '/api/pets', 'get', 'responses', '200', 'content', 'application/json', 'schema', 'items'],
        value: { $ref: '#/components/schemas/Pet' },
      },
    ],
  },
  { name: 'y2-set-replace-scalar', input: 'two-space.yaml', ops: [{ kind: 'set', path: ['info', 'title'], value: 'Pet store' }] },
  {
    name: 'y2-set-replace-scalar-by-map',
    input: 'two-space.yaml',
    ops: [{ kind: 'set', path: ['paths', '/api/pets', 'get', 'responses', '500', 'description'], value: { nested: true } }],
  },
  {
    name: 'y2-remove-key-and-item',
    input: 'two-space.yaml',
    ops: [
      { kind: 'remove', path: ['paths', '/api/pets', 'get', 'responses', '500'] },
      { kind: 'remove', path: ['paths', '/api/pets/{id}', 'parameters', 0] },
    ],
  },
  { name: 'y2-remove-in-flow', input: 'two-space.yaml', notIdempotent: true, ops: [{ kind: 'remove', path: ['paths', '/api/pets', 'get', 'tags', 0] }] },
  {
    name: 'y2-rename',
    input: 'two-space.yaml',
    ops: [
      { kind: 'rename', path: ['paths', '/api/pets/{id}'], to: '/api/pets/{petId}' },
      { kind: 'rename', path: ['paths', '/api/pets', 'get', 'responses', '500'], to: '503' },
    ],
  },
  {
    name: 'y2-append',
    input: 'two-space.yaml',
    ops: [
      { kind: 'append', path: ['paths', '/api/pets', 'get', 'tags'], value: 'store' },
      { kind: 'append', path: ['paths', '/api/pets/{id}', 'parameters'], value: { name: 'X-API-Version', in: 'header', schema: { type: 'string' } } },
      { kind: 'append', path: ['security'], value: { ApiKeyAuth: [] } },
    ],
  },
  {
    name: 'y2-crlf',
    input: 'two-space.yaml',
    crlf: true,
    ops: [
      { kind: 'set', path: ['paths', '/api/pets', 'get', 'responses', '404'], value: { description: 'Not found' } },
      { kind: 'set', path: ['components', 'schemas', 'Error'], value: { type: 'object' } },
      { kind: 'append', path: ['paths', '/api/pets/{id}', 'parameters'], value: { name: 'q', in: 'query' } },
    ],
  },
  {
    name: 'y4-set-plain-numeric-key',
    input: 'four-space.yaml',
    ops: [
      { kind: 'set', path: ['paths', '/pets', 'get', 'responses', '404'], value: { description: 'Not found', schema: { $ref: '#/definitions/Error' } } },
      { kind: 'set', path: ['definitions', 'Error'], value: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } },
    ],
  },
  {
    name: 'y4-append-item-gap',
    input: 'four-space.yaml',
    ops: [
      { kind: 'append', path: ['paths', '/pets', 'get', 'parameters'], value: { name: 'offset', in: 'query', type: 'integer' } },
      { kind: 'set', path: ['securityDefinitions', 'ApiKeyAuth'], value: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    ],
  },
  {
    name: 'y4-flow-and-rename',
    input: 'four-space.yaml',
    ops: [
      { kind: 'set', path: ['definitions', 'Pet', 'properties', 'id'], value: { type: 'string' } },
      { kind: 'rename', path: ['paths', '/pets'], to: '/pets/{id}' },
    ],
  },
  {
    name: 'j2-all-kinds',
    input: 'two-space.json',
    ops: [
      { kind: 'set', path: ['paths', '/api/pets', 'get', 'responses', '404'], value: { description: 'Not found' } },
      { kind: 'set', path: ['components', 'schemas', 'Error'], value: { type: 'object' } },
      { kind: 'append', path: ['paths', '/api/pets', 'get', 'tags'], value: 'store' },
      { kind: 'rename', path: ['info', 'version'], to: 'x-version' },
      { kind: 'remove', path: ['paths', '/api/pets', 'get', 'operationId'] },
    ],
  },
  {
    name: 'jt-all-kinds',
    input: 'tabs.json',
    ops: [
      { kind: 'set', path: ['paths', '/api/pets', 'get', 'responses', '404'], value: { description: 'Not found' } },
      { kind: 'append', path: ['paths', '/api/pets', 'get', 'parameters'], value: { name: 'limit', in: 'query' } },
      { kind: 'set', path: ['info', 'title'], value: 'Pet store' },
    ],
  },
  { name: 'jt-crlf', input: 'tabs.json', crlf: true, ops: [{ kind: 'set', path: ['components', 'schemas', 'Error'], value: { type: 'object' } }] },
];

describe('fix engine: ops to edits (golden files)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const format: TextFormat = c.input.endsWith('.json') ? 'json' : 'yaml';
      const input = c.crlf ? toCrlf(read(c.input)) : read(c.input);
      const edits = applyOps(input, format, c.ops);
      assert.ok(edits.length > 0, 'the ops change the text');
      const out = applyOffsetEdits(input, edits);
      const golden = path.join(FIX, 'expected', `${c.name}.${format}`);
      if (process.env.UPDATE_GOLDEN) fs.writeFileSync(golden, out);
      assert.equal(out, fs.readFileSync(golden, 'utf8'), `golden ${path.basename(golden)}`);
      parsesOk(out, format);
      // Comments kept.
      const left = comments(out);
      for (const k of comments(input)) if (!(c.dropsComments ?? []).includes(k)) assert.ok(left.includes(k), `comment kept: ${k}`);
      // Line endings and final newline kept.
      if (c.crlf) assert.ok(!/[^\r]\n/.test(out), 'CRLF everywhere');
      assert.equal(out.endsWith('\n'), input.endsWith('\n'), 'final newline kept');
      // Idempotent: applying the same ops again changes nothing.
      if (!c.notIdempotent) assert.deepEqual(applyOps(out, format, c.ops), [], 'idempotent');
      // Edits are minimal: unchanged leading text is not part of an edit.
      assert.ok(
        edits.every(e => e.length < input.length / 2),
        'no whole-document rewrite',
      );
    });
  }

  it('writes the document indentation width for new nested values', () => {
    const input = read('four-space.yaml');
    const out = applyOffsetEdits(input, applyOps(input, 'yaml', [{ kind: 'set', path: ['x-a', 'b', 'c'], value: 1 }]));
    assert.ok(out.endsWith('x-a:\n    b:\n        c: 1\n'), out);
  });

  it('inserts at the end of a text without a final newline and keeps it without one', () => {
    const input = 'openapi: 3.0.0\ninfo:\n  title: x';
    const out = applyOffsetEdits(input, applyOps(input, 'yaml', [{ kind: 'set', path: ['info', 'version'], value: '1.0' }]));
    assert.equal(out, 'openapi: 3.0.0\ninfo:\n  title: x\n  version: "1.0"');
  });

  it('fills an empty value (null) with the new mapping', () => {
    const input = 'openapi: 3.0.0\ncomponents:\npaths: {}\n';
    const out = applyOffsetEdits(input, applyOps(input, 'yaml', [{ kind: 'set', path: ['components', 'schemas', 'E'], value: { type: 'object' } }]));
    assert.equal(out, 'openapi: 3.0.0\ncomponents:\n  schemas:\n    E:\n      type: object\npaths: {}\n');
  });

  it('removing the last key of a block mapping leaves an empty flow mapping', () => {
    const input = 'a:\n  b:\n    c: 1\nd: 2\n';
    const out = applyOffsetEdits(input, applyOps(input, 'yaml', [{ kind: 'remove', path: ['a', 'b', 'c'] }]));
    assert.equal(out, 'a:\n  b: {}\nd: 2\n');
  });

  it('removing the first key of a map inside a sequence item keeps the dash', () => {
    const input = 'list:\n  - a: 1\n    b: 2\n';
    const out = applyOffsetEdits(input, applyOps(input, 'yaml', [{ kind: 'remove', path: ['list', 0, 'a'] }]));
    assert.equal(out, 'list:\n  - b: 2\n');
  });

  it('removing the only entry of a flow collection leaves {} / []', () => {
    const run = (input: string, p: (string | number)[]) => applyOffsetEdits(input, applyOps(input, 'yaml', [{ kind: 'remove', path: p }]));
    assert.equal(run('a: { b: 1 }\nc: 2\n', ['a', 'b']), 'a: {}\nc: 2\n');
    assert.equal(run('a: [ x ]\n', ['a', '0']), 'a: []\n');
    assert.equal(run('a: { b: { c: 1 } }\n', ['a', 'b', 'c']), 'a: { b: {} }\n');
    assert.equal(run('a: { b: 1, c: 2 }\n', ['a', 'b']), 'a: { c: 2 }\n');
  });

  it('JSON: list indexes may be numbers or numeric strings', () => {
    const input = '{\n  "list": [{ "a": 1 }, { "a": 2 }]\n}\n';
    for (const i of [1, '1']) {
      assert.equal(
        applyOffsetEdits(input, applyOps(input, 'json', [{ kind: 'set', path: ['list', i, 'a'], value: 3 }])),
        '{\n  "list": [{ "a": 1 }, { "a": 3 }]\n}\n',
      );
      assert.equal(applyOffsetEdits(input, applyOps(input, 'json', [{ kind: 'remove', path: ['list', i] }])), '{\n  "list": [{ "a": 1 }]\n}\n');
      assert.equal(
        applyOffsetEdits(input, applyOps(input, 'json', [{ kind: 'rename', path: ['list', i, 'a'], to: 'b' }])),
        '{\n  "list": [{ "a": 1 }, { "b": 2 }]\n}\n',
      );
    }
    assert.equal(
      applyOffsetEdits(input, applyOps(input, 'json', [{ kind: 'set', path: ['list', '2'], value: { a: 9 } }])),
      '{\n  "list": [{ "a": 1 }, { "a": 2 }, { "a": 9 }]\n}\n',
    );
    assert.deepEqual(applyOps(input, 'json', [{ kind: 'set', path: ['list', '5'], value: 1 }]), [], 'no holes');
  });

  it("JSON: one-line objects and arrays stay on one line; multi-line ones get a new line with the siblings' indentation", () => {
    const input = '{\n    "a": {"b": 1},\n    "tags": ["pets"],\n    "c": {\n        "d": 1\n    }\n}\n';
    const run = (ops: FixOp[]) => applyOffsetEdits(input, applyOps(input, 'json', ops));
    assert.equal(
      run([{ kind: 'set', path: ['a', 'e'], value: { f: [1] } }]),
      '{\n    "a": {"b": 1, "e": {"f": [1]}},\n    "tags": ["pets"],\n    "c": {\n        "d": 1\n    }\n}\n',
    );
    assert.equal(
      run([{ kind: 'append', path: ['tags'], value: 'store' }]),
      '{\n    "a": {"b": 1},\n    "tags": ["pets", "store"],\n    "c": {\n        "d": 1\n    }\n}\n',
    );
    assert.equal(
      run([{ kind: 'set', path: ['c', 'e'], value: { f: { g: 1 }, h: ['x'] } }]),
      '{\n    "a": {"b": 1},\n    "tags": ["pets"],\n    "c": {\n        "d": 1,\n        "e": {\n            "f": {\n                "g": 1\n            },\n            "h": ["x"]\n        }\n    }\n}\n',
    );
    assert.equal(run([{ kind: 'remove', path: ['c', 'd'] }]), '{\n    "a": {"b": 1},\n    "tags": ["pets"],\n    "c": {}\n}\n');
    assert.equal(run([{ kind: 'remove', path: ['tags'] }]), '{\n    "a": {"b": 1},\n    "c": {\n        "d": 1\n    }\n}\n');
    assert.equal(run([{ kind: 'remove', path: ['a'] }]), '{\n    "tags": ["pets"],\n    "c": {\n        "d": 1\n    }\n}\n');
    // Padded one-line objects and a document on one line.
    const padded = '{ "x": { "a": 1 }, "y": [] }';
    assert.equal(
      applyOffsetEdits(padded, applyOps(padded, 'json', [{ kind: 'set', path: ['x', 'b'], value: { c: 2 } }])),
      '{ "x": { "a": 1, "b": { "c": 2 } }, "y": [] }',
    );
    assert.equal(applyOffsetEdits(padded, applyOps(padded, 'json', [{ kind: 'append', path: ['y'], value: 1 }])), '{ "x": { "a": 1 }, "y": [1] }');
  });

  it('does nothing when an op cannot apply or already holds', () => {
    const input = read('two-space.yaml');
    assert.deepEqual(applyOps(input, 'yaml', [{ kind: 'set', path: ['info', 'title', 'x'], value: 1 }]), [], 'scalar in the way');
    assert.deepEqual(applyOps(input, 'yaml', [{ kind: 'remove', path: ['nope'] }]), []);
    assert.deepEqual(applyOps(input, 'yaml', [{ kind: 'rename', path: ['paths', '/api/pets'], to: '/api/pets/{id}' }]), [], 'rename onto an existing key');
    assert.deepEqual(applyOps(input, 'yaml', [{ kind: 'append', path: ['paths', '/api/pets', 'get', 'tags'], value: 'pets' }]), [], 'already in the list');
    assert.deepEqual(applyOps('a: [unclosed\n', 'yaml', [{ kind: 'set', path: ['b'], value: 1 }]), [], 'broken YAML');
    assert.deepEqual(applyOps('{"a": ', 'json', [{ kind: 'set', path: ['b'], value: 1 }]), [], 'broken JSON');
  });

  it('composes edits made one after another into edits of the original text', () => {
    const c = new EditComposer('abcdef');
    c.add({ offset: 1, length: 1, newText: 'XX' }); // aXXcdef
    c.add({ offset: 5, length: 0, newText: '!' }); // aXXcd!ef
    c.add({ offset: 2, length: 2, newText: 'Y' }); // aXYdef... merges with the first
    assert.equal(c.text, 'aXYd!ef');
    assert.equal(applyOffsetEdits('abcdef', c.result()), 'aXYd!ef');
    assert.equal(c.result().length, 2);
  });
});

describe('unifiedDiff', () => {
  it('prints hunks with context', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nl\n';
    const after = 'a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nl\nk\n';
    assert.equal(
      unifiedDiff('doc.yaml', before, after),
      '--- a/doc.yaml\n+++ b/doc.yaml\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n@@ -9,3 +9,4 @@\n i\n j\n l\n+k\n',
    );
    assert.equal(unifiedDiff('x', 'same\n', 'same\n'), '');
  });
});

function tmpCopy(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-fix-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('fixFile with real rules', () => {
  const doc = `# versioned by header
openapi: 3.0.3
info:
  title: Pets
  version: '1.0'
paths:
  /api/pets:
    get:
      parameters:
        - name: api-version
          in: header
          schema: { type: string }
      responses:
        '200':
          description: ok
  /api/pets/{id}:
    get:
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
        - name: api-version
          in: header
          schema: { type: string }
      responses:
        '200':
          description: ok
`;

  it('fixes all safe findings, shares the added component once, keeps comments, and is idempotent', async () => {
    const dir = tmpCopy({ 'doc.yaml': doc });
    const file = path.join(dir, 'doc.yaml');
    const before = await lint(doc, file);
    const target = before.problems.filter(p => p.code === 'version-param-400');
    assert.equal(target.length, 2, 'two operations lack a 400 response');
    assert.ok(target.every(p => p.fixable === 'safe'));
    const { files, applied } = await fixFile(doc, file);
    assert.ok(applied >= 2);
    const out = files.get(file)!;
    parsesOk(out, 'yaml');
    assert.ok(out.startsWith('# versioned by header\n'));
    assert.equal(out.match(/^ {4}BadRequest:/gm)?.length, 1, 'one shared BadRequest response');
    assert.equal(out.match(/\$ref: '#\/components\/responses\/BadRequest'/g)?.length, 2, 'both operations reference it');
    const after = await lint(out, file);
    assert.deepEqual(
      after.problems.filter(p => p.code === 'version-param-400' || p.code === 'parser'),
      [],
    );
    assert.ok(after.problems.length < before.problems.length, 'fewer findings');
    const again = await fixFile(out, file);
    assert.equal(again.applied, 0);
    assert.equal(again.files.size, 0);
  });

  it("fixes a finding in a $ref'd file in that file", async () => {
    const root = `openapi: 3.0.3
info:
  title: Pets
  version: '1.0'
paths:
  /api/pets:
    $ref: './pets.yaml'
`;
    const pets = `# the pets path item
get:
  parameters:
    - name: api-version
      in: header
      schema:
        type: string
  responses:
    '200':
      description: ok
`;
    const dir = tmpCopy({ 'root.yaml': root, 'pets.yaml': pets });
    const file = path.join(dir, 'root.yaml');
    const before = await lint(root, file);
    const finding = before.problems.find(p => p.code === 'version-param-400');
    assert.ok(finding, 'finding in the referenced file');
    assert.equal(finding.source, path.join(dir, 'pets.yaml'));
    const { files } = await fixFile(root, file);
    assert.deepEqual([...files.keys()], [path.join(dir, 'pets.yaml')], 'only pets.yaml changes');
    const out = files.get(path.join(dir, 'pets.yaml'))!;
    parsesOk(out, 'yaml');
    assert.ok(out.startsWith('# the pets path item\n'));
    assert.match(out, /'400':\n {6}description: /, 'the response inline (no #/components in a referenced file)');
    const after = await lint(root, file, { readFile: f => files.get(f) });
    assert.deepEqual(
      after.problems.filter(p => p.code === 'version-param-400'),
      [],
    );
  });

  it('fixes JSON with its indentation and offers per-problem fixes and fix-all of one rule', async () => {
    const json =
      JSON.stringify(
        {
          openapi: '3.0.3',
          info: { title: 'Pets', version: '1.0' },
          paths: {
            '/api/pets': {
              get: { parameters: [{ name: 'api-version', in: 'header', schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } },
            },
          },
        },
        null,
        '\t',
      ) + '\n';
    const dir = tmpCopy({ 'doc.json': json });
    const file = path.join(dir, 'doc.json');
    const before = await lint(json, file);
    const fixes = computeFixes(before.problems, file, f => (f === file ? json : undefined));
    const fix = fixes.find(f => f.problem.code === 'version-param-400');
    assert.ok(fix, 'a per-problem fix');
    assert.equal(fix.fix.safe, true);
    assert.ok(fix.fix.title.length > 0);
    const { files } = await fixAllOfRule(json, file, 'version-param-400');
    const out = files.get(file)!;
    parsesOk(out, 'json');
    assert.match(out, /\n\t\t\t\t\t"400": \{/, 'tab indentation');
    assert.ok(!/\n {2}"/.test(out), 'no space indentation');
  });
});
