/**
 * The reference index (engine/refs): occurrences of components, tags, operationIds and security schemes across
 * files; renames (refused on a collision or a bad name; pointers escaped); the `$ref`s rewritten when a file
 * moves; an edit inside one section giving what a scan of the whole text gives. The three files of
 * test/fixtures/refs: an OpenAPI 3.1 document, a path item and a file of schemas that `$ref` each other.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from '../../server/src/lsp/positionTree';
import { RefIndex, type RefSymbol } from '../../server/src/engine/refs/refIndex';
import { applyChanges, planMove, planRename, withSegment, type TextChange } from '../../server/src/engine/refs/rename';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'refs');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const API = read('api.yaml');
const PATH_ITEM = read('paths/pet.yaml');
const SCHEMAS = read('schemas.yaml');

const ROOT = path.resolve('/ws');
const f = (name: string) => path.join(ROOT, name);

const SWAGGER = `{
  "swagger": "2.0",
  "info": { "title": "s", "version": "1" },
  "paths": { "/a": { "get": { "responses": { "200": { "description": "ok", "schema": { "$ref": "#/definitions/a~1b" } } } } } },
  "definitions": { "a/b": { "type": "string" }, "c": { "type": "string" } }
}`;

function workspace(files: Record<string, string>): { index: RefIndex; texts: Map<string, string> } {
  const texts = new Map(Object.entries(files).map(([n, t]) => [f(n), t]));
  const index = new RefIndex(file => {
    const text = texts.get(file);
    return text === undefined ? undefined : { text, tree: parseTree(text, file) };
  });
  for (const file of texts.keys()) index.get(file);
  return { index, texts };
}

function apply(texts: Map<string, string>, changes: readonly TextChange[]): Map<string, string> {
  const out = new Map(texts);
  for (const file of new Set(changes.map(c => c.file)))
    out.set(
      file,
      applyChanges(
        out.get(file)!,
        changes.filter(c => c.file === file),
      ),
    );
  return out;
}

/** Every `$ref` of every file, with whether its target exists. */
function dangling(texts: Map<string, string>): string[] {
  const { index } = workspace(Object.fromEntries([...texts].map(([k, v]) => [path.relative(ROOT, k), v])));
  const out: string[] = [];
  for (const file of index.indexedFiles()) {
    for (const s of index.get(file)!.sections) {
      for (const ref of s.refs) {
        const t = index.target(file, ref);
        const tree = t && texts.has(t.file) ? parseTree(texts.get(t.file)!, t.file) : undefined;
        let node = tree;
        for (const seg of t?.path ?? []) node = node?.children?.find(c => String(c.key) === seg);
        if (!node) out.push(`${path.basename(file)}: ${ref.name}`);
      }
    }
  }
  return out;
}

const at = (text: string, needle: string, skip = 0) => {
  let i = -1;
  for (let k = 0; k <= skip; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  return i + 1;
};

describe('reference index', () => {
  const files = { 'api.yaml': API, 'paths/pet.yaml': PATH_ITEM, 'schemas.yaml': SCHEMAS };

  it('finds a component from its key, a local $ref, a $ref in another file and a mapping value', () => {
    const { index } = workspace(files);
    const pet: RefSymbol = { kind: 'component', file: f('api.yaml'), path: ['components', 'schemas', 'Pet'] };
    assert.deepEqual(index.symbolAt(f('api.yaml'), at(API, 'Pet:'))?.symbol, pet);
    assert.deepEqual(index.symbolAt(f('api.yaml'), at(API, "'#/components/schemas/Pet'"))?.symbol, pet);
    assert.deepEqual(index.symbolAt(f('schemas.yaml'), at(SCHEMAS, 'api.yaml#'))?.symbol, pet);
    assert.deepEqual(index.symbolAt(f('paths/pet.yaml'), at(PATH_ITEM, '../api'))?.symbol, pet);
    const roles = index.occurrences(pet).map(o => `${path.basename(o.file)} ${o.role}`);
    assert.deepEqual(roles.sort(), ['api.yaml declaration', 'api.yaml mapping', 'api.yaml mapping', 'api.yaml ref', 'pet.yaml ref', 'schemas.yaml ref']);
  });

  it('counts the references of each component; a security scheme counts its requirements', () => {
    const { index } = workspace(files);
    const counts = index.referenceCounts();
    assert.equal(counts.get(`${f('api.yaml')}#components\u0000schemas\u0000Pet`), 5);
    assert.equal(counts.get(`${f('api.yaml')}#components\u0000securitySchemes\u0000ApiKey`), 2);
    assert.equal(counts.get(`${f('schemas.yaml')}#Item`), 1);
    assert.equal(counts.get(`${f('schemas.yaml')}#Unused`), undefined);
  });

  it("after edits, a file gone and a file turned into another kind, the counts are a fresh index's", () => {
    const { index, texts } = workspace(files);
    const sorted = (m: Map<string, number>) => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    index.referenceCounts();
    const steps: Record<string, string | undefined>[] = [
      { 'paths/pet.yaml': PATH_ITEM.replace('../api.yaml#/components/schemas/Pet', '../schemas.yaml#/Item') },
      { 'api.yaml': API.replace("$ref: '#/components/schemas/Pet'", "$ref: '#/components/schemas/Owner'") },
      // schemas.yaml no longer a file of schemas by name: its `$ref`'d names are no components.
      { 'schemas.yaml': 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n' },
      { 'paths/pet.yaml': undefined },
    ];
    const now: Record<string, string> = { ...files };
    for (const step of steps) {
      for (const [name, text] of Object.entries(step)) {
        if (text === undefined) {
          delete now[name];
          texts.delete(f(name));
          index.forget(f(name));
        } else {
          now[name] = text;
          texts.set(f(name), text);
          index.update(f(name), text, parseTree(text, f(name)));
        }
      }
      assert.deepEqual(sorted(index.referenceCounts()), sorted(workspace(now).index.referenceCounts()), JSON.stringify(Object.keys(step)));
    }
  });

  it('renames a schema in every file, the pointers below it kept, no $ref left dangling', () => {
    const { index, texts } = workspace(files);
    const plan = planRename(index, { kind: 'component', file: f('api.yaml'), path: ['components', 'schemas', 'Pet'] }, 'Animal');
    assert.ok('changes' in plan);
    const after = apply(texts, plan.changes);
    assert.match(after.get(f('api.yaml'))!, /\n {4}Animal:\n/);
    assert.match(after.get(f('api.yaml'))!, /\$ref: '#\/components\/schemas\/Animal'/);
    assert.match(after.get(f('api.yaml'))!, /pet: '#\/components\/schemas\/Animal'\n {10}plain: Animal\n/);
    assert.match(after.get(f('paths/pet.yaml'))!, /'\.\.\/api\.yaml#\/components\/schemas\/Animal\/properties\/owner'/);
    assert.match(after.get(f('schemas.yaml'))!, /'api\.yaml#\/components\/schemas\/Animal'/);
    assert.deepEqual(dangling(after), []);
  });

  it('refuses a name that collides or that OpenAPI 3 does not allow', () => {
    const { index } = workspace(files);
    const pet: RefSymbol = { kind: 'component', file: f('api.yaml'), path: ['components', 'schemas', 'Pet'] };
    assert.deepEqual(planRename(index, pet, 'Owner'), { refused: '"Owner" already exists in components/schemas' });
    assert.match((planRename(index, pet, 'a b') as { refused: string }).refused, /not a component name/);
    assert.deepEqual(planRename(index, { kind: 'tag', file: f('api.yaml'), name: 'pets' }, 'pets'), { changes: [] });
    assert.match((planRename(index, { kind: 'operationId', file: f('api.yaml'), name: 'listPets' }, 'getPet') as { refused: string }).refused, /already used/);
  });

  it('escapes / and ~ in a pointer (Swagger 2.0 definitions, JSON)', () => {
    const { index, texts } = workspace({ 'swagger.json': SWAGGER });
    const sym = index.symbolAt(f('swagger.json'), at(SWAGGER, '"#/definitions'))!.symbol;
    assert.deepEqual(sym, { kind: 'component', file: f('swagger.json'), path: ['definitions', 'a/b'] });
    const plan = planRename(index, sym, 'x~y/z');
    assert.ok('changes' in plan);
    const text = apply(texts, plan.changes).get(f('swagger.json'))!;
    assert.match(text, /"\$ref": "#\/definitions\/x~0y~1z"/);
    assert.match(text, /"x~y\/z": \{ "type"/);
    JSON.parse(text);
    assert.equal(withSegment('#/definitions/a', 2, 'with space'), '#/definitions/with%20space');
  });

  it('renames a security scheme with its requirements, a tag with its uses, an operationId with its links', () => {
    const { index, texts } = workspace(files);
    const scheme = index.symbolAt(f('api.yaml'), at(API, 'ApiKey: []', 1))!.symbol;
    let after = apply(texts, (planRename(index, scheme, 'Key') as { changes: TextChange[] }).changes);
    assert.equal(after.get(f('api.yaml'))!.match(/Key: \[\]/g)?.length, 2);
    assert.match(after.get(f('api.yaml'))!, /\n {4}Key: \{ type: apiKey/);
    const tag = index.symbolAt(f('paths/pet.yaml'), at(PATH_ITEM, 'pets'))!.symbol;
    after = apply(texts, (planRename(index, tag, 'animals') as { changes: TextChange[] }).changes);
    assert.match(after.get(f('api.yaml'))!, /- name: animals\n[\s\S]*tags: \[animals\]/);
    assert.match(after.get(f('paths/pet.yaml'))!, /- animals\n/);
    const op = index.symbolAt(f('api.yaml'), at(API, 'listPets'))!.symbol;
    after = apply(texts, (planRename(index, op, 'list_pets') as { changes: TextChange[] }).changes);
    assert.equal(after.get(f('api.yaml'))!.match(/operationId: list_pets/g)?.length, 2);
  });

  it('rewrites the $refs into and out of a moved file, and of the files in a moved folder', () => {
    const { index, texts } = workspace(files);
    let after = apply(texts, planMove(index, f('schemas.yaml'), f('models/schemas.yaml')));
    assert.match(after.get(f('api.yaml'))!, /\$ref: \.\/models\/schemas\.yaml#\/Item/);
    assert.match(after.get(f('schemas.yaml'))!, /'\.\.\/api\.yaml#\/components\/schemas\/Pet'/);
    const moved = new Map([...after].map(([k, v]) => [k === f('schemas.yaml') ? f('models/schemas.yaml') : k, v]));
    assert.deepEqual(dangling(moved), []);
    after = apply(texts, planMove(index, f('paths'), f('routes/v1')));
    assert.match(after.get(f('api.yaml'))!, /\$ref: routes\/v1\/pet\.yaml/);
    assert.match(after.get(f('paths/pet.yaml'))!, /'\.\.\/\.\.\/api\.yaml#/);
  });

  it('an edit inside one section gives the sections a scan of the whole text gives', () => {
    const { index } = workspace({ 'api.yaml': API });
    let text = API;
    const edits: [string, string][] = [
      ["'#/components/schemas/Pet'\n", "'#/components/schemas/Owner'\n"],
      ['operationId: listPets\n      tags', 'operationId: listAllPets\n      tags'],
      ['    Owner:\n      type: object\n', '    Owner:\n      type: object\n      description: x\n'],
      ['info: { title: Pets', 'info: { title: Pet store'],
    ];
    for (const [from, to] of edits) {
      text = text.replace(from, to);
      index.update(f('api.yaml'), text, parseTree(text, 'api.yaml'));
      const fresh = new RefIndex();
      fresh.update(f('api.yaml'), text, parseTree(text, 'api.yaml'));
      assert.deepEqual(index.get(f('api.yaml'))!.sections, fresh.get(f('api.yaml'))!.sections, to);
    }
  });
});
