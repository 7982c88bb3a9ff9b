/**
 * The exported ruleset (rules/out/apiconv.js) loaded by Spectral's own CLI gives the
 * same findings as `apiconv lint -f json`: code, path, source, message and range.
 * apiconv narrows a range that spans a whole mapping/sequence value to its key, and any
 * other multi-line range to its first line
 * (server/src/engine/ranges.ts); that documented step is applied to Spectral's
 * ranges before comparing, so everything else must match exactly.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LineIndex, narrowedRange } from '../../server/src/engine/ranges';
import type { LintProblem } from '../../server/src/engine/problem';
import { CORPUS, ROOT, ensureBuilt, runCli, type JsonFinding } from '../cli/helpers';
import { REF_CYCLE, REF_CYCLE_ACROSS, REF_CYCLE_A, REF_CYCLE_B, catastrophicPattern } from '../fuzz/hostile';
import { VERSIONS, pathItemRefsProject } from '../helpers/pathItemRefs';

const SPECTRAL = path.join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
const RULESET = path.join(ROOT, 'rules', 'out', 'apiconv.js');

function spectralLint(file: string, ruleset = RULESET): JsonFinding[] {
  const r = spawnSync(process.execPath, [SPECTRAL, 'lint', '-r', ruleset, '-f', 'json', '--quiet', file], {
    encoding: 'utf8',
    timeout: 180_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  assert.ok(r.status === 0 || r.status === 1, `spectral exit ${r.status}: ${r.stderr}`);
  const text = r.stdout.trim();
  return text === '' || text.startsWith('No results') ? [] : (JSON.parse(text) as JsonFinding[]);
}

function narrowed(findings: JsonFinding[]): JsonFinding[] {
  const indexes = new Map<string, LineIndex>();
  return findings.map(f => {
    let index = indexes.get(f.source);
    if (!index && fs.existsSync(f.source)) indexes.set(f.source, (index = new LineIndex(fs.readFileSync(f.source, 'utf8'))));
    const range = index ? narrowedRange(f as LintProblem, index) : undefined;
    return range ? { ...f, range } : f;
  });
}

function key(f: JsonFinding): string {
  return JSON.stringify([
    f.source,
    f.code,
    f.path.map(String),
    f.message,
    f.range.start.line,
    f.range.start.character,
    f.range.end.line,
    f.range.end.character,
  ]);
}

const DOCS = [
  'oai-petstore-v3/petstore.yaml',
  'oai-petstore-v2/petstore.json',
  'burgershop/burgershop.openapi.yaml',
  'oai-petstore-separate-v2/spec/swagger.yaml', // multi-file
  'redocly-openapi-starter/openapi/openapi.yaml', // multi-file, path items $ref'd from their own files
];

describe('Spectral compatibility of rules/out/apiconv.js', () => {
  before(() => ensureBuilt());

  const cases: [string, () => string][] = DOCS.map(rel => [rel, () => path.join(CORPUS, rel)]);
  cases.push(['examples/unconventional.yaml', () => path.join(ROOT, 'examples', 'unconventional.yaml')]);
  // Local development servers: the one documented severity difference.
  cases.push([
    'local servers (servers-https at info)',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-compat-'));
      const text = fs
        .readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8')
        .replace(/^servers:\n/m, 'servers:\n  - url: http://localhost:8080/api\n  - url: http://127.0.0.1:8080/api\n');
      assert.match(text, /localhost/);
      fs.writeFileSync(path.join(dir, 'local.yaml'), text);
      return path.join(dir, 'local.yaml');
    },
  ]);

  // `$ref` cycles (A -> B -> A), in one file and across two: Spectral, asked where a finding through one is written,
  // would follow the chain for ever; the rules report nothing on what the cycle leaves unresolved.
  const cycle = (files: Record<string, string>) => () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-compat-'));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, 'api.yaml');
  };
  cases.push(['a $ref cycle in one file', cycle({ 'api.yaml': REF_CYCLE })]);
  cases.push(['a $ref cycle across files', cycle({ 'api.yaml': REF_CYCLE_ACROSS, 'a.yaml': REF_CYCLE_A, 'b.yaml': REF_CYCLE_B })]);

  // Path items `$ref`'d from other files: their path-level findings at the path key of the root document, in
  // Spectral too (the rules run on the document as written: rules/_lib/ruleFunction.ts `modelRule`).
  for (const version of VERSIONS) cases.push([`OpenAPI ${version}, $ref'd path items`, () => pathItemRefsProject(version).root]);

  for (const [name, file] of cases) {
    it(`${name}: spectral lint -r rules/out/apiconv.js = apiconv lint -f json`, { timeout: 300_000 }, () => {
      const doc = file();
      assert.ok(fs.existsSync(doc), doc);
      // Spectral reads $ref'd files anywhere; apiconv only inside the project unless told (a corpus document's
      // spec/ folder $refs ../common/, and the corpus is not a git repository): compare like with like.
      const ours = JSON.parse(runCli(['lint', '-f', 'json', '--allow-refs-outside', '--ruleset', 'apiconv:recommended', doc]).stdout) as JsonFinding[];
      const theirs = narrowed(spectralLint(doc));
      assert.ok(ours.length > 0, 'the document has findings');
      if (name.startsWith('local servers'))
        assert.equal(ours.filter(f => f.code === 'servers-https' && f.severity === 2).length, 2, 'two local servers at info');
      assert.deepEqual(theirs.map(key).sort(), ours.map(key).sort());
      // Same severity per finding, but for the one documented difference: apiconv reports
      // servers-https findings on local development servers at info (rules/servers-https.md),
      // Spectral at the rule's severity.
      const local = (f: JsonFinding) => f.code === 'servers-https' && /\(local development (server|host)\)/.test(f.message);
      const expected = new Map(theirs.map(f => [key(f), local(f) ? Math.max(f.severity, 2) : f.severity]));
      assert.deepEqual(ours.map(f => [key(f), f.severity]).sort(), ours.map(f => [key(f), expected.get(key(f))]).sort());
    });
  }

  // A pattern that backtracks without end on its example: inside Spectral's run the example rule stops at its budget
  // (rules/_lib/budget.ts) and gives one finding where it stopped; the run ends, with every other finding. apiconv's
  // own thread has no budget: there the pattern test's own time limit stops it, at the same place.
  it('a pattern that backtracks without end: the example rule stopped at the schema, the other findings kept', { timeout: 300_000 }, () => {
    const doc = cycle({ 'api.yaml': catastrophicPattern() })();
    const ours = JSON.parse(runCli(['lint', '-f', 'json', '--ruleset', 'apiconv:recommended', doc]).stdout) as JsonFinding[];
    const theirs = narrowed(spectralLint(doc));
    const stop = (f: JsonFinding) => f.code === 'oas3-valid-schema-example';
    const [spectralStop, ...more] = theirs.filter(stop);
    assert.equal(more.length, 0);
    assert.match(spectralStop!.message, /^rule "oas3-valid-schema-example" ran past the time budget \(5000 ms for this document\) and was stopped here;/);
    assert.match(ours.find(stop)!.message, /^rule "oas3-valid-schema-example" ran past the time limit of a pattern test and was stopped here;/);
    const schema = ['paths', '/api/v1/items', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    assert.deepEqual(spectralStop!.path, schema);
    assert.deepEqual(spectralStop!.range.start, { line: 11, character: 14 });
    assert.ok(
      theirs.some(f => f.code === 'security-required'),
      'the other rules ran',
    );
    const placed = (f: JsonFinding) => key(stop(f) ? { ...f, message: '(stopped)' } : f);
    assert.deepEqual(theirs.map(placed).sort(), ours.map(placed).sort());
  });

  // A rule of apiconv:all only is in the export but off (`recommended: false`): a ruleset that extends the export
  // turns it on by its id, as a config turns it on over apiconv:recommended.
  it('unused-component turned on: a ruleset extending rules/out/apiconv.js = apiconv lint with .apiconv.yaml', { timeout: 300_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-compat-unused-'));
    const config = path.join(dir, '.apiconv.yaml');
    fs.writeFileSync(config, 'extends: apiconv:recommended\nrules:\n  unused-component: info\n');
    const spectralRuleset = path.join(dir, 'spectral.yaml');
    fs.writeFileSync(spectralRuleset, `extends: [${JSON.stringify(RULESET)}]\nrules:\n  unused-component: info\n`);
    const doc = path.join(dir, 'api.yaml');
    fs.writeFileSync(
      doc,
      fs
        .readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8')
        .replace(/^  schemas:\n/m, '  schemas:\n    Owned: { type: object }\n    Orphan: { type: object }\n') + "x-owner: { $ref: './owner.yaml' }\n",
    );
    fs.writeFileSync(path.join(dir, 'owner.yaml'), "type: object\nproperties:\n  pet: { $ref: './api.yaml#/components/schemas/Owned' }\n");
    const docs = [doc, path.join(CORPUS, 'oai-petstore-separate-v2/spec/swagger.yaml'), path.join(CORPUS, 'oai-petstore-v3/petstore.yaml')];
    for (const d of docs) {
      const ours = JSON.parse(runCli(['lint', '-f', 'json', '--allow-refs-outside', '--ruleset', config, d]).stdout) as JsonFinding[];
      const theirs = narrowed(spectralLint(d, spectralRuleset));
      // Owned is used from the file the document $refs.
      if (d === doc)
        assert.deepEqual(
          ours
            .filter(f => f.code === 'unused-component')
            .map(f => f.path.join('.'))
            .sort(),
          ['components.schemas.Orphan', 'components.securitySchemes.session'],
        );
      assert.deepEqual(theirs.map(key).sort(), ours.map(key).sort(), d);
    }
  });

  // Rule options: set in .apiconv.yaml for apiconv, and in a JavaScript ruleset over the export for Spectral (a
  // YAML ruleset cannot name the export's functions), as the README shows; the same options give the same findings.
  it('with rule options: a JavaScript ruleset over rules/out/apiconv.js = apiconv lint with .apiconv.yaml', { timeout: 300_000 }, () => {
    const options: Record<string, unknown> = {
      'path-api-prefix': { prefix: ['/v1', '/v2'] },
      'path-collection-plural': { form: 'singular', case: 'kebab-case' },
      'list-param-names': { names: { limit: 'per_page', sort: 'auto' } },
      'get-success-200': { statuses: ['200', '206'] },
      'delete-success-204': { statuses: [202, 204] },
      'error-schema': { shapes: ['problem'] },
      'security-scheme-conventional': { headers: ['X-Auth-Token'], query: [] },
      'version-path-format': { formats: ['date'] },
      'cache-control-get': { operations: ['item'] },
      'list-pagination': { styles: ['cursor', 'link'], names: { cursor: 'starting_after', limit: 'per_page' }, boundedBy: ['ids'] },
      'path-resource-nesting': { maxDepth: 2, idTemplate: 'camelCase', singletons: true },
      'put-request-body': { required: false, allowNone: true },
      'method-path-fit': { collectionMethods: ['post', 'delete'], itemMethods: ['put', 'patch'], singletons: true },
      'error-404-item': { methods: ['get'] },
      'error-400': { methods: ['post', 'put', 'patch'] },
      'error-422': { methods: ['post'] },
      'error-500': { methods: ['get', 'post'], acceptDefault: false },
      'etag-conditional-get': { operations: ['item'], requireEtag: true },
      'version-single-strategy': { strategies: ['header'] },
    };
    sameFindingsWithOptions(options, fs.readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8'));
  });

  // oas3-schema's refs: the operations written as a $ref are validated as their targets inside spectral lint too.
  it('with refs: anywhere on oas3-schema: a $ref stands for its target alike in spectral lint', { timeout: 300_000 }, () => {
    const found = sameFindingsWithOptions({ 'oas3-schema': { refs: 'anywhere' }, 'security-required': { allowOptOut: true } }, REF_OPERATIONS_DOC);
    assert.deepEqual(
      found.filter(f => f.code === 'oas3-schema').map(f => [f.path.join('.'), f.message]),
      [['paths./api/users/{id}.get', '"200" property must have required property "description".']],
    );
  });

  // `auto` takes the document's majority inside Spectral's run as in apiconv's (one count per document's model).
  it('with auto options: the majority is taken alike in spectral lint', { timeout: 300_000 }, () => {
    const options: Record<string, unknown> = {
      'path-api-prefix': { prefix: 'auto' },
      'list-param-names': { names: { page: 'auto', limit: 'auto', sort: 'auto', filter: 'auto' } },
      'get-success-200': { statuses: 'auto' },
      'post-create-201': { statuses: 'auto' },
      'put-success-200-204': { statuses: 'auto' },
      'delete-success-204': { statuses: 'auto' },
      'version-single-strategy': { strategies: 'auto', headers: 'auto', query: 'auto' },
    };
    const found = sameFindingsWithOptions(options, AUTO_DOC);
    const of = (rule: string) => found.filter(f => f.code === rule).map(f => f.path.join('.'));
    assert.deepEqual(of('list-param-names'), ['paths./jobs.get.parameters.0.name']);
    assert.deepEqual(of('delete-success-204'), ['paths./jobs/{id}.delete.responses']);
    assert.deepEqual(of('version-single-strategy'), ['paths./jobs.get.parameters.1.name']);
  });

  it('with auto options on paths and errors: the majority is taken alike in spectral lint', { timeout: 300_000 }, () => {
    const options: Record<string, unknown> = {
      'version-path-format': { formats: 'auto' },
      'path-collection-plural': { form: 'auto', case: 'auto' },
      'error-schema': { shapes: 'auto', mediaTypes: 'auto' },
    };
    const found = sameFindingsWithOptions(options, AUTO_PATHS_ERRORS_DOC);
    const of = (rule: string) =>
      found
        .filter(f => f.code === rule)
        .map(f => f.path.join('.'))
        .sort();
    assert.deepEqual(of('version-path-format'), ['paths./2024-01-01/user-groups/{id}']);
    assert.deepEqual(of('path-collection-plural'), ['paths./2024-01-01/user-groups/{id}', 'paths./v1/crew/{id}']);
    assert.deepEqual(of('error-schema'), [
      'paths./2024-01-01/user-groups/{id}.get.responses.404.content.application/problem+json',
      'paths./2024-01-01/user-groups/{id}.get.responses.404.content.application/problem+json.schema',
    ]);
  });
});

/** A document split on its conventions: most lists say per_page, most DELETEs answer 202, most version headers are Acme-Version. */
const AUTO_DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://example.com' }]
paths:
  /users:
    get:
      parameters:
        - { name: per_page, in: query, schema: { type: integer } }
        - { name: Acme-Version, in: header, schema: { type: string } }
      responses: { '200': { description: OK } }
  /teams:
    get:
      parameters:
        - { name: per_page, in: query, schema: { type: integer } }
        - { name: Acme-Version, in: header, schema: { type: string } }
      responses: { '200': { description: OK } }
  /jobs:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
        - { name: API-Version, in: header, schema: { type: string } }
      responses: { '200': { description: OK } }
  /users/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    delete:
      responses: { '202': { description: Accepted } }
  /teams/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    delete:
      responses: { '202': { description: Accepted } }
  /jobs/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    delete:
      responses: { '204': { description: Deleted } }
`;

/**
 * A document split on its paths and errors: most collections are plural and in snake_case, most version segments
 * v<n>, most error bodies shape B in application/json.
 */
const AUTO_PATHS_ERRORS_DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://example.com' }]
paths:
  /v1/crew/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: OK }
        '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /v1/team_members/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: OK }
        '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /v1/job_runs/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: OK }
        '404': { description: Missing, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /2024-01-01/user-groups/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: OK }
        '404': { description: Missing, content: { application/problem+json: { schema: { type: object, properties: { status: { type: string }, code: { type: integer }, message: { type: string } }, required: [status, code, message] } } } }
components:
  schemas:
    Error: { type: object, properties: { error: { type: string } }, required: [error] }
`;

/** Operations written as a $ref to where they are kept, as a document bundled before use has them: one whose target lacks a response's description. */
const REF_OPERATIONS_DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
servers: [{ url: 'https://example.com' }]
paths:
  /api/users:
    get:
      $ref: '#/x-operations/listUsers'
  /api/users/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      $ref: '#/x-operations/getUser'
  /api/health:
    get:
      security: []
      responses:
        '200': { description: OK }
x-operations:
  listUsers:
    responses:
      '200': { description: OK }
  getUser:
    responses:
      '200': { content: {} }
`;

/** apiconv lint with `options` in .apiconv.yaml, and spectral lint with them over the export: the same findings, and not the defaults'. */
function sameFindingsWithOptions(options: Record<string, unknown>, text: string): JsonFinding[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-compat-options-'));
  const doc = path.join(dir, 'api.yaml');
  fs.writeFileSync(doc, text);
  const yaml = [
    'extends: apiconv:recommended',
    'rules:',
    ...Object.entries(options).map(([id, o]) => `  ${id}:\n    then:\n      functionOptions: ${JSON.stringify(o)}`),
  ];
  fs.writeFileSync(path.join(dir, '.apiconv.yaml'), yaml.join('\n') + '\n');
  fs.writeFileSync(
    path.join(dir, 'ruleset.mjs'),
    [
      `import apiconv from ${JSON.stringify(RULESET)};`,
      'const withOptions = (id, functionOptions) => ({ ...apiconv.rules[id], then: { ...apiconv.rules[id].then, functionOptions } });',
      `const options = ${JSON.stringify(options)};`,
      'export default { ...apiconv, rules: { ...apiconv.rules, ...Object.fromEntries(Object.entries(options).map(([id, o]) => [id, withOptions(id, o)])) } };',
    ].join('\n'),
  );
  const ours = JSON.parse(runCli(['lint', '-f', 'json', doc], { cwd: dir }).stdout) as JsonFinding[];
  const defaults = JSON.parse(runCli(['lint', '-f', 'json', '--ruleset', 'apiconv:recommended', doc]).stdout) as JsonFinding[];
  const theirs = narrowed(spectralLint(doc, path.join(dir, 'ruleset.mjs')));
  assert.notDeepEqual(ours.map(key).sort(), defaults.map(key).sort(), 'the options change the findings');
  assert.deepEqual(theirs.map(key).sort(), ours.map(key).sort());
  return ours;
}
