/**
 * The incremental engine (server/src/engine/: pipeline/, parse/, resolve/, run/) must give exactly what
 * Spectral's own runner (`lintWithSpectral()`, the reference) gives for the same text,
 * after any sequence of edits, and so must a cold `lint()` (the engine from nothing):
 * seeded random edits (typing into values, deleting, duplicating and moving lines,
 * breaking and mending the YAML, retargeting `$ref`s, reverting) over real documents,
 * each compared with the reference on the same text. And it must actually be incremental:
 * an edit in one operation re-runs the rules of that unit only.
 *
 * APICONV_INCREMENTAL_DOCS=all runs every corpus document (slow: minutes); a comma-separated list of
 * corpus entries (e.g. digitalocean/specification/DigitalOcean-public.v2.yaml) runs those.
 */
import { describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { coldStats } from '../../server/src/engine/pipeline/cold';
import { getBuiltinRuleset, loadRulesetFile } from '../../server/src/engine/ruleset';
import type { LintOptions } from '../../server/src/engine/lintOptions';
import type { LintResult } from '../../server/src/engine/problem';
import { CORPUS, needs } from '../helpers/corpus';

const ROOT = path.resolve(__dirname, '..', '..');

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Edit = (text: string, r: () => number, original: string) => string;

const pick = <T>(xs: T[], r: () => number): T => xs[Math.floor(r() * xs.length)]!;

function lines(text: string): string[] {
  return text.split('\n');
}

/** Edits a designer makes, and some a keyboard makes by accident. */
const EDITS: Record<string, Edit> = {
  // type a character at the end of a `key: value` line
  type(text, r) {
    const ls = lines(text);
    const cands = ls.map((l, i) => [l, i] as const).filter(([l]) => /:\s*[A-Za-z0-9'"]/.test(l) && !/\$ref/.test(l));
    if (cands.length === 0) return text;
    const [, i] = pick(cands, r);
    const l = ls[i]!;
    const q = /(['"]),?\s*$/.exec(l);
    ls[i] = q ? l.slice(0, q.index) + 'x' + l.slice(q.index) : l + 'x';
    return ls.join('\n');
  },
  // delete a line (often breaks the document for a moment)
  deleteLine(text, r) {
    const ls = lines(text);
    ls.splice(Math.floor(r() * ls.length), 1);
    return ls.join('\n');
  },
  // duplicate a line (duplicate keys, shifted positions)
  duplicateLine(text, r) {
    const ls = lines(text);
    const i = Math.floor(r() * ls.length);
    ls.splice(i, 0, ls[i]!);
    return ls.join('\n');
  },
  // insert blank lines and a comment: every position after it moves
  shift(text, r) {
    const ls = lines(text);
    const i = Math.floor(r() * ls.length);
    const indent = /^\s*/.exec(ls[i] ?? '')![0];
    ls.splice(i, 0, '', text.trimStart().startsWith('{') ? '' : `${indent}# note`);
    return ls.join('\n');
  },
  // point a $ref somewhere that does not exist
  breakRef(text, r) {
    const ls = lines(text);
    const cands = ls.map((l, i) => [l, i] as const).filter(([l]) => /\$ref/.test(l) && /#\//.test(l));
    if (cands.length === 0) return text;
    const [, i] = pick(cands, r);
    ls[i] = ls[i]!.replace(/#\/([^'"\s}]*)/, '#/$1Missing');
    return ls.join('\n');
  },
  // change the component a $ref points to (keeps it valid when there are several)
  retargetRef(text, r) {
    const refs = [...text.matchAll(/#\/(?:components\/schemas|definitions)\/[A-Za-z0-9_.-]+/g)].map(m => m[0]);
    if (refs.length < 2) return text;
    const from = pick(refs, r);
    const to = pick(refs, r);
    const at = text.indexOf(from, Math.floor(r() * text.length));
    const i = at >= 0 ? at : text.indexOf(from);
    return text.slice(0, i) + to + text.slice(i + from.length);
  },
  // a new path at the top of `paths`
  addPath(text, r) {
    if (text.trimStart().startsWith('{'))
      return text.replace(
        /"paths"\s*:\s*\{/,
        m => `${m}\n    "/added${Math.floor(r() * 100)}": { "get": { "responses": { "200": { "description": "ok" } } } },`,
      );
    return text.replace(
      /^paths:[ \t]*\n/m,
      m => `${m}  /added${Math.floor(r() * 100)}:\n    get:\n      responses:\n        '200':\n          description: ok\n`,
    );
  },
  revert(_text, _r, original) {
    return original;
  },
};

async function check(file: string, text: string, seed: number, steps: number, options: LintOptions = {}): Promise<void> {
  const r = rng(seed);
  const linter = new IncrementalLinter(file);
  const names = Object.keys(EDITS);
  let current = text;
  const trail: string[] = ['open'];
  for (let step = 0; step <= steps; step++) {
    if (step > 0) {
      const name = pick(names, r);
      trail.push(name);
      current = EDITS[name]!(current, r, text);
    }
    const expected = await lintWithSpectral(current, file, options);
    const got = await linter.lint(current, options);
    if (!isDeepStrictEqual(got, expected)) {
      assert.fail(`${path.basename(file)} seed ${seed}: differs after ${trail.join(' → ')}\n${describeDiff(got, expected)}`);
    }
    const fallbacks = coldStats.fallbacks;
    const cold = await lint(current, file, options);
    assert.equal(coldStats.fallbacks, fallbacks, 'the cold lint did not fall back to Spectral’s runner');
    if (!isDeepStrictEqual(cold, expected)) {
      assert.fail(`${path.basename(file)} seed ${seed}: a cold lint() differs after ${trail.join(' → ')}\n${describeDiff(cold, expected)}`);
    }
    assert.equal(linter.failures, 0, 'no fallback to the full engine after an error');
  }
}

const QUICK = [
  'oai-petstore-expanded-v3/petstore-expanded.json',
  'oai-petstore-v2/petstore.json',
  'redocly-museum/openapi.yaml',
  'redocly-cafe-v32/cafe.yaml',
  'oai-petstore-separate-v2/spec/swagger.yaml',
  'libopenapi-nested-files/openapi.yaml',
  'redocly-openapi-starter/openapi/openapi.yaml',
  'asana/asana.yaml',
];

describe('incremental engine and cold lint() = Spectral’s runner (lintWithSpectral)', () => {
  it('the bundled examples (OAS 3, Swagger 2 JSON), many random edits each', async () => {
    for (const name of fs.readdirSync(path.join(ROOT, 'examples'))) {
      const file = path.join(ROOT, 'examples', name);
      const text = fs.readFileSync(file, 'utf8');
      for (const seed of [1, 2, 3]) await check(file, text, seed, 12);
    }
  });

  it('the example-validation fixtures (OAS 2, 3.0, 3.1)', async () => {
    const dir = path.join(ROOT, 'test', 'fixtures', 'examples');
    for (const name of fs.readdirSync(dir)) await check(path.join(dir, name), fs.readFileSync(path.join(dir, name), 'utf8'), 7, 8);
  });

  it('under apiconv:all as well', async () => {
    const file = path.join(ROOT, 'examples', 'unconventional.yaml');
    await check(file, fs.readFileSync(file, 'utf8'), 11, 10, { ruleset: getBuiltinRuleset('apiconv:all') });
  });

  it('under a user ruleset: extends, severities, a rule off, overrides by file and by path, custom JavaScript functions', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-incr-rs-'));
    fs.mkdirSync(path.join(dir, 'functions'));
    // One function judges each operation (matched inside units), one every description (a deep match):
    // custom functions are not known to be local, so they run over the whole document every time.
    fs.writeFileSync(
      path.join(dir, 'functions', 'needsSummary.js'),
      "module.exports = (op, _opts, ctx) => (op && typeof op === 'object' && !op.summary ? [{ message: `${ctx.path.join('.')} has no summary` }] : []);\n",
    );
    fs.writeFileSync(
      path.join(dir, 'functions', 'shortDescription.js'),
      "module.exports = (d, opts) => (typeof d === 'string' && d.length > opts.max ? [{ message: `longer than ${opts.max} characters` }] : []);\n",
    );
    fs.writeFileSync(
      path.join(dir, '.apiconv.yaml'),
      [
        'extends: apiconv:recommended',
        'functions: [needsSummary, shortDescription]',
        'rules:',
        '  servers-https: error',
        '  path-no-verbs: off',
        '  needs-summary:',
        '    description: Operations have a summary.',
        '    severity: warn',
        '    given: $.paths[*][get,put,post,delete,patch]',
        '    then: { function: needsSummary }',
        '  short-description:',
        "    message: '{{property}}: {{error}}'",
        '    severity: info',
        '    given: $..description',
        '    then: { function: shortDescription, functionOptions: { max: 6 } }',
        'overrides:',
        '  - files: ["api.yaml#/paths/~1users"]',
        '    rules: { needs-summary: off }',
        '  - files: ["*.yaml"]',
        '    rules: { error-500: hint }',
        '',
      ].join('\n'),
    );
    const file = path.join(dir, 'api.yaml');
    const text = fs.readFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), 'utf8');
    fs.writeFileSync(file, text);
    const ruleset = await loadRulesetFile(path.join(dir, '.apiconv.yaml'));
    const first = await lintWithSpectral(text, file, { ruleset });
    assert.ok(
      first.problems.some(p => p.code === 'needs-summary' && p.path[1] === '/getUsers'),
      'the custom rule runs',
    );
    assert.ok(!first.problems.some(p => p.code === 'needs-summary' && p.path[1] === '/users'), 'the path override turns it off below /users');
    assert.ok(!first.problems.some(p => p.code === 'path-no-verbs'), 'a rule turned off');
    assert.ok(
      first.problems.some(p => p.code === 'short-description'),
      'the second custom rule runs',
    );
    for (const seed of [21, 22]) await check(file, text, seed, 12, { ruleset });
  });

  for (const rel of process.env.APICONV_INCREMENTAL_DOCS === 'all'
    ? corpusDocs()
    : process.env.APICONV_INCREMENTAL_DOCS
      ? process.env.APICONV_INCREMENTAL_DOCS.split(',')
      : QUICK) {
    it(`corpus: ${rel}`, { timeout: 600_000, skip: needs(rel) }, async () => {
      const file = path.join(CORPUS, rel);
      await check(file, fs.readFileSync(file, 'utf8'), 5, process.env.APICONV_INCREMENTAL_DOCS ? 6 : 5);
    });
  }

  it('multi-file: edits in the root and in a $ref’d file (open buffer), a missing file, a circular file ref', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-incr-'));
    const root = path.join(dir, 'api.yaml');
    const shared = path.join(dir, 'shared.yaml');
    const rootText = `openapi: 3.0.3
info:
  title: Multi
  version: '1'
servers:
  - url: https://api.example.com/v1
paths:
  /users:
    get:
      operationId: listUsers
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: './shared.yaml#/User'
        '400':
          $ref: './shared.yaml#/BadRequest'
  /orders:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: './shared.yaml#/Order'
`;
    const sharedText = `User:
  type: object
  properties:
    id: { type: string, enum: [a, a] }
    self: { $ref: '#/User' }
Order:
  type: object
  properties:
    user: { $ref: '#/User' }
    loop: { $ref: './shared.yaml#/Order' }
BadRequest:
  description: bad
`;
    fs.writeFileSync(root, rootText);
    fs.writeFileSync(shared, sharedText);
    const linter = new IncrementalLinter(root);
    let overlay: string | undefined;
    const options: LintOptions = { readFile: f => (f === shared ? overlay : undefined) };
    const same = async (text: string, why: string) =>
      assert.deepStrictEqual(await linter.lint(text, options), await lintWithSpectral(text, root, options), why);
    await same(rootText, 'open');
    await same(rootText.replace('title: Multi', 'title: Multi2'), 'root edit');
    overlay = sharedText.replace('enum: [a, a]', 'enum: [a, b]');
    await same(rootText, 'the referenced file changed in an editor buffer');
    overlay = undefined;
    fs.writeFileSync(shared, sharedText.replace('BadRequest:', 'Gone:'));
    await same(rootText, 'the referenced file changed on disk: a pointer is missing');
    fs.rmSync(shared);
    await same(rootText, 'the referenced file is gone');
    fs.writeFileSync(shared, sharedText);
    await same(rootText, 'it is back');
  });

  it('is incremental: an edit re-runs the rules of the edited unit only', { skip: needs('asana/asana.yaml') }, async () => {
    const file = path.join(CORPUS, 'asana', 'asana.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const linter = new IncrementalLinter(file);
    await linter.lint(text);
    const titled = text.replace(/^(\s+title:\s*)/m, '$1x');
    await linter.lint(titled);
    assert.ok(linter.stats, 'stats');
    assert.equal(linter.stats.parseFull, false, 'the title edit re-parses one unit');
    assert.equal(linter.stats.unitsRun, 2, `title edit: units re-run ${linter.stats.unitsRun} (info, resolved and unresolved)`);
    assert.equal(linter.stats.conventionsReused, true, 'no convention reads info: their results are reused');
    const at = titled.indexOf('description: Successfully deleted the specified attachment');
    assert.ok(at > 0);
    const described = titled.slice(0, at) + 'description: x' + titled.slice(at + 'description: '.length);
    await linter.lint(described);
    assert.equal(linter.stats.unitsRun, 2, `operation edit: units re-run ${linter.stats.unitsRun} (the path item, resolved and unresolved)`);
    assert.equal(linter.stats.conventionsReused, true, 'no convention reads a description: their results are reused');
    const code = described.lastIndexOf('"200":', at);
    assert.ok(code > at - 400, 'the response code of that description');
    await linter.lint(described.slice(0, code) + '"201":' + described.slice(code + '"200":'.length));
    assert.equal(linter.stats.conventionsReused, false, 'a status code changed in paths: the conventions run again');
  });

  it('typing into a JSON string runs again only the matches on the way down to it, unless a filter reads it', async () => {
    const file = path.join(CORPUS, 'oai-petstore-expanded-v3', 'petstore-expanded.json');
    let text = fs.readFileSync(file, 'utf8');
    const linter = new IncrementalLinter(file);
    const step = async (from: string, to: string, label: string, replayed: number): Promise<void> => {
      assert.ok(text.includes(from), `${label}: ${from}`);
      text = text.replace(from, to);
      const got = await linter.lint(text);
      const expected = await lintWithSpectral(text, file);
      assert.deepStrictEqual(got, expected, `${label}\n${describeDiff(got, expected)}`);
      assert.equal(linter.stats?.unitsReplayed, replayed, `${label}: units replayed`);
    };
    await linter.lint(text);
    // An operation's description (resolved and unresolved rules): the first edit of a unit after the open runs
    // it whole and keeps its matches (none are kept at the open), the next ones replay them.
    await step('"description": "Returns all pets', '"description": "Returns every pet', 'a description', 0);
    await step('"description": "Returns every pet', '"description": "Returns every single pet', 'a description again', 2);
    // The title (its first edit, then the next), a parameter's description (same unit as the first).
    await step('"title": "Swagger Petstore"', '"title": "Swagger Petstore x"', 'the title', 0);
    await step('"title": "Swagger Petstore x"', '"title": "Swagger Petstore xy"', 'the title again', 2);
    await step('"description": "maximum number of results to return"', '"description": "maximum number of results to returnx"', 'a parameter description', 2);
    // Emptied (a filter can tell an empty string from another), then typed into again.
    await step('"description": "maximum number of results to returnx"', '"description": ""', 'emptied', 0);
    await step('"description": ""', '"description": "m"', 'typed into an empty string', 0);
    await step('"description": "m"', '"description": "mx"', 'typed into again', 2);
    // `type` is read by a filter of the resolved rules (typed-enum: `?(@ && @.enum && @.type)`): the unit is
    // queried again for them; the unresolved rules' filters read no `type`.
    await step('"type": "integer"', '"type": "integex"', 'a schema type', 1);
    await step('"type": "integex"', '"type": "integer"', 'mended', 1);
    // A $ref typed into: the unresolved value differs in that string only (replayed), the resolved one holds
    // another target (queried again).
    await step('"$ref": "#/components/schemas/Pet"', '"$ref": "#/components/schemas/Pe"', 'a $ref', 1);
  });

  it('typing into a YAML string: the unit parsed again keeps its other objects, so the rules replay as in JSON', async () => {
    const file = path.join(CORPUS, 'oai-petstore-v3', 'petstore.yaml');
    let text = fs.readFileSync(file, 'utf8');
    const linter = new IncrementalLinter(file);
    await linter.lint(text);
    for (const [i, [from, to]] of [
      ['summary: List all pets', 'summary: List all petsx'],
      ['summary: List all petsx', 'summary: List all petsxy'],
      ['summary: List all petsxy', 'summary: List all petsxyz'],
    ].entries()) {
      text = text.replace(from!, to!);
      const got = await linter.lint(text);
      const expected = await lintWithSpectral(text, file);
      assert.deepStrictEqual(got, expected, `edit ${i}\n${describeDiff(got, expected)}`);
      assert.equal(linter.stats?.unitsReplayed, i === 0 ? 0 : 2, `edit ${i}: units replayed`);
    }
  });

  it('typing into a shared schema: the units holding it (several times) replay their matches on the way down to each copy', async () => {
    const file = path.join(os.tmpdir(), 'apiconv-shared-schema.yaml');
    const pet = (indent: string) => `${indent}content:\n${indent}  application/json:\n${indent}    schema:\n${indent}      $ref: '#/components/schemas/Pet'`;
    let text = [
      'openapi: 3.0.3',
      'info:',
      '  title: Pets',
      '  version: 1.0.0',
      'paths:',
      '  /pets:',
      '    get:',
      '      operationId: listPets',
      '      responses:',
      "        '200':",
      '          description: the pets',
      pet('          '),
      '    post:',
      '      operationId: addPet',
      '      requestBody:',
      pet('        '),
      '      responses:',
      "        '201':",
      '          description: the pet',
      pet('          '),
      '  /pets/{id}:',
      '    get:',
      '      operationId: getPet',
      '      parameters:',
      '        - name: id',
      '          in: path',
      '          required: true',
      '          schema:',
      '            type: string',
      '      responses:',
      "        '200':",
      '          description: the pet',
      pet('          '),
      'components:',
      '  schemas:',
      '    Pet:',
      '      type: object',
      '      properties:',
      '        name:',
      '          type: string',
      '          description: The name',
      '',
    ].join('\n');
    const linter = new IncrementalLinter(file);
    await linter.lint(text);
    for (let i = 0; i < 4; i++) {
      text = text.replace(`The name${'x'.repeat(i)}\n`, `The name${'x'.repeat(i + 1)}\n`);
      const got = await linter.lint(text);
      const expected = await lintWithSpectral(text, file);
      assert.deepStrictEqual(got, expected, `edit ${i}\n${describeDiff(got, expected)}`);
      // The first edit runs the three units whole (resolved: both paths and Pet; unresolved: Pet) and keeps their
      // matches; then all four replay: /pets holds Pet three times, a changed leaf at each.
      assert.equal(linter.stats?.unitsRun, 4, `edit ${i}: units run`);
      assert.equal(linter.stats?.unitsReplayed, i === 0 ? 0 : 4, `edit ${i}: units replayed`);
    }
  });

  it('the conventions run again when what they read changes, and only then', async () => {
    // A document whose security scheme (components) and servers decide findings in paths: edits of those
    // places change the conventions' findings; an edit of info does not re-run them.
    const file = path.join(os.tmpdir(), 'apiconv-model-memo.yaml');
    const base = [
      'openapi: 3.0.3',
      'info:',
      '  title: t',
      '  version: 1.0.0',
      'servers:',
      '  - url: https://example.com/api/v1',
      'security:',
      '  - key: []',
      'paths:',
      '  /users:',
      '    get:',
      '      operationId: listUsers',
      '      responses:',
      "        '200':",
      '          description: ok',
      'components:',
      '  securitySchemes:',
      '    key:',
      '      type: apiKey',
      '      in: header',
      '      name: X-API-Key',
      '',
    ].join('\n');
    const check = conventionsCheck(file);
    const first = await check(base, 'first lint', false);
    await check(base.replace('title: t', 'title: u'), 'info edited', true);
    const query = await check(base.replace('title: t', 'title: u').replace('in: header', 'in: query'), 'the scheme moved to the query', false);
    assert.notDeepEqual(
      query.problems.map(p => p.code),
      first.problems.map(p => p.code),
      'the scheme edit changes the findings',
    );
    await check(base.replace('in: header', 'in: query').replace('https://example.com/api/v1', 'http://example.com/api/v1'), 'servers edited', false);
    const edited = base.replace('in: header', 'in: query').replace('https://example.com/api/v1', 'http://example.com/api/v1');
    await check(edited.replace('version: 1.0.0', 'version: 1.0.1'), 'info edited again', true);
    // Inside paths: what no convention reads (a description, an operationId) leaves their results as they were;
    // what they read (a status code, a key's presence, a $ref) does not.
    await check(edited.replace('description: ok', 'description: fine'), 'a response description edited', true);
    await check(edited.replace('description: ok', 'description: fine').replace('listUsers', 'listAllUsers'), 'an operationId edited', true);
    const created = await check(edited.replace("'200':", "'201':"), 'a status code edited', false);
    assert.notDeepEqual(
      created.problems.map(p => p.code),
      first.problems.map(p => p.code),
      'the status code edit changes the findings',
    );
    await check(edited.replace('      operationId: listUsers\n', '      operationId: listUsers\n      deprecated: true\n'), 'a key added', false);
    await check(edited.replace('deprecated: true', 'deprecated: false'), 'back without it', false);
    const withRef = edited
      .replace("        '200':\n          description: ok", "        '200':\n          $ref: '#/components/responses/Ok'")
      .replace('components:\n', 'components:\n  responses:\n    Ok:\n      description: ok\n');
    await check(withRef, 'the response moved to components', false);
    await check(
      withRef.replace('      description: ok\n  securitySchemes', '      description: fine\n  securitySchemes'),
      'the shared response described anew',
      true,
    );
  });

  it('a property read as an object does not make its name read: a schema property named description', async () => {
    // list-pagination reads a list schema's `properties` (Object.assign): one of them is named `description`. Only
    // values that are not objects count as read, so typing in the operation's description still reuses the
    // conventions' results, while an edit of what they read (the array's type) does not.
    const file = path.join(os.tmpdir(), 'apiconv-model-memo-names.yaml');
    const base = [
      'openapi: 3.0.3',
      'info:',
      '  title: t',
      '  version: 1.0.0',
      'paths:',
      '  /users:',
      '    get:',
      '      description: Lists the users.',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: object',
      '                properties:',
      '                  data:',
      '                    type: array',
      '                    items:',
      '                      type: object',
      '                  description:',
      '                    type: string',
      '',
    ].join('\n');
    const check = conventionsCheck(file);
    const first = await check(base, 'first lint', false);
    assert.ok(
      first.problems.some(p => p.code === 'list-pagination'),
      'the GET is a list: list-pagination reports it',
    );
    await check(base.replace('Lists the users.', 'Lists all the users.'), 'the operation description edited', true);
    const notList = await check(
      base.replace('Lists the users.', 'Lists all the users.').replace('type: array', 'type: string'),
      'the list property is no array',
      false,
    );
    assert.ok(!notList.problems.some(p => p.code === 'list-pagination'), 'no list: no list-pagination finding');
  });
});

/**
 * Successive lints of one incremental linter: each must equal `lint()` from scratch, and reuse the conventions'
 * results (or not) as said.
 */
function conventionsCheck(file: string): (text: string, label: string, reused: boolean) => Promise<LintResult> {
  const linter = new IncrementalLinter(file);
  return async (text, label, reused) => {
    const got = await linter.lint(text);
    const expected = await lintWithSpectral(text, file);
    assert.deepStrictEqual(got, expected, `${label}\n${describeDiff(got, expected)}`);
    assert.equal(linter.stats?.conventionsReused, reused, `${label}: conventions reused`);
    return got;
  };
}

/** The problems only one side has (or, when the sets agree, what else differs). */
function describeDiff(got: LintResult, expected: LintResult): string {
  const key = (p: unknown) => JSON.stringify(p);
  const out: string[] = [];
  for (const field of ['problems', 'suppressed'] as const) {
    const a = (got[field] ?? []).map(key);
    const b = (expected[field] ?? []).map(key);
    const sa = new Set(a);
    const sb = new Set(b);
    for (const x of b.filter(x => !sa.has(x)).slice(0, 4)) out.push(`  missing ${field}: ${x.slice(0, 400)}`);
    for (const x of a.filter(x => !sb.has(x)).slice(0, 4)) out.push(`  extra ${field}: ${x.slice(0, 400)}`);
    if (out.length === 0 && a.join() !== b.join()) out.push(`  ${field}: same set, different order`);
  }
  if (out.length === 0)
    out.push(
      `  got ${JSON.stringify({ ...got, problems: got.problems.length, suppressed: got.suppressed?.length })}\n  expected ${JSON.stringify({ ...expected, problems: expected.problems.length, suppressed: expected.suppressed?.length })}`,
    );
  return out.join('\n');
}

function corpusDocs(): string[] {
  const out: string[] = [];
  const manifest = fs.readFileSync(path.join(CORPUS, 'MANIFEST.md'), 'utf8');
  for (const m of manifest.matchAll(/`([^`]+\.(?:ya?ml|json))`/g)) if (fs.existsSync(path.join(CORPUS, m[1]!))) out.push(m[1]!);
  return [...new Set(out)];
}
