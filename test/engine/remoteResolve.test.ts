/**
 * The remote `$ref`s (other files) resolved by our replay of json-ref-resolver (server/src/engine/resolve/
 * remoteResolve.ts, remoteRunner.ts, remoteDraft.ts) must give exactly what json-ref-resolver gives: the same
 * values at the sites (same objects shared, same cycles, frozen alike), the same errors in the same order, the
 * same graph (nodes in order, each node's refMap), the same referenced documents and parser diagnostics, the
 * same files read in the same order. Compared on crafted multi-file fixtures and on the multi-file corpus
 * documents (through the whole incremental resolver, against Spectral's DocumentInventory).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Document } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { createResolver, type FileReader } from '../../server/src/engine/spectralResolver';
import { readText, ReferencedFiles } from '../../server/src/engine/resolve/documentInventory';
import { resolveRemoteRefs, type RemoteOutcome } from '../../server/src/engine/resolve/remoteResolve';
import { Fallback } from '../../server/src/engine/resolve/crawl';
import { IncrementalResolver } from '../../server/src/engine/resolve/resolver';
import { OPEN_REF_POLICY, refPolicyOf, type RefPolicy } from '../../server/src/engine/refFiles';
import { CORPUS, needs } from '../helpers/corpus';
import { yamlParseStats } from '../../server/src/engine/parse/yamlDocument';

const { DocumentInventory } = require(path.join(path.dirname(require.resolve('@stoplight/spectral-core')), 'documentInventory.js')) as {
  DocumentInventory: new (
    doc: unknown,
    resolver: unknown,
  ) => {
    resolve(): Promise<void>;
    resolved: unknown;
    errors: unknown[] | null;
    diagnostics: unknown[];
    referencedDocuments: Record<string, { data: unknown }>;
    graph: { getNodeData(id: string): { refMap: Record<string, string> }; overallOrder(): string[] } | null;
  };
};

type Data = Record<string, unknown>;
interface Graph {
  overallOrder(): string[];
  getNodeData(id: string): { refMap: Record<string, string> };
}

/** Same object graph: a bijection between the objects of `a` and `b` (sharing and cycles alike), same keys and values, frozen alike. */
function sameGraph(a: unknown, b: unknown): string | undefined {
  const map = new Map<object, object>();
  const rev = new Map<object, object>();
  const todo: [unknown, unknown, string][] = [[a, b, '#']];
  while (todo.length > 0) {
    const [x, y, p] = todo.pop()!;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) {
      if (!Object.is(x, y)) return `${p}: ${String(x)} vs ${String(y)}`;
      continue;
    }
    const m = map.get(x);
    if (m !== undefined) {
      if (m !== y) return `${p}: shared differently`;
      continue;
    }
    if (rev.has(y)) return `${p}: shared differently`;
    map.set(x, y);
    rev.set(y, x);
    if (Array.isArray(x) !== Array.isArray(y)) return `${p}: array vs object`;
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    if (kx.join('\u0000') !== ky.join('\u0000')) return `${p}: keys ${kx.join(',')} vs ${ky.join(',')}`;
    if (Object.isFrozen(x) !== Object.isFrozen(y)) return `${p}: frozen ${Object.isFrozen(x)} vs ${Object.isFrozen(y)}`;
    for (const k of kx) todo.push([(x as Data)[k], (y as Data)[k], `${p}/${k}`]);
  }
  return undefined;
}

/** json-ref-resolver on a skeleton, read and parsed as resolver.ts runRealRemote does. */
async function realRemote(skeleton: object, source: string, userReader?: FileReader, refPolicy: RefPolicy = OPEN_REF_POLICY): Promise<RemoteOutcome> {
  const reads = new Map<string, string | undefined>();
  const files = [source];
  const seen = new Set(files);
  const resolver = createResolver({
    allowRemoteRefs: false,
    refPolicy,
    readFile: async f => {
      const text = await readText(f, userReader, refPolicy);
      reads.set(f, text);
      return text;
    },
    onRead: f => {
      if (!seen.has(f)) {
        seen.add(f);
        files.push(f);
      }
    },
  });
  const inventory = new ReferencedFiles();
  const result = await resolver.resolve(skeleton, { baseUri: source, parseResolveResult: inventory.parseResolveResult as never });
  return { result: result.result, errors: result.errors as never, graph: result.graph as never, inventory, files, reads };
}

function errorsOf(errors: readonly unknown[]): unknown[] {
  return errors.map(e => {
    const { code, message, path: p, uriStack } = e as Data;
    return { code, message, path: p, uriStack };
  });
}

function graphOf(g: Graph): [string, [string, string][]][] {
  return g.overallOrder().map(id => [id, Object.entries(g.getNodeData(id).refMap)]);
}

/** Ours and json-ref-resolver's on copies of the same skeleton: everything equal. */
async function compare(makeSkeleton: () => object, source: string, userReader?: FileReader, refPolicy: RefPolicy = OPEN_REF_POLICY): Promise<RemoteOutcome> {
  const mine = await resolveRemoteRefs(makeSkeleton(), source, userReader, refPolicy);
  const real = await realRemote(makeSkeleton(), source, userReader, refPolicy);
  const diff = sameGraph(real.result, mine.result);
  assert.equal(diff, undefined, `result: ${diff}`);
  assert.deepEqual(errorsOf(mine.errors), errorsOf(real.errors));
  assert.deepEqual(graphOf(mine.graph as unknown as Graph), graphOf(real.graph as unknown as Graph));
  assert.deepEqual(Object.keys(mine.inventory.referencedDocuments), Object.keys(real.inventory.referencedDocuments));
  for (const [f, d] of Object.entries(real.inventory.referencedDocuments)) {
    const m = mine.inventory.referencedDocuments[f]!;
    assert.ok(isDeepStrictEqual(m.data, d.data), `data of ${f}`);
    assert.deepEqual(m.getRangeForJsonPath([], true), d.getRangeForJsonPath([], true), `range in ${f}`);
    // The ranges (whose syntax tree is parsed again when first asked for) are those of Spectral's own parse of the file.
    const text = mine.reads.get(f);
    if (text === undefined) continue;
    const spectralDoc = new Document(text, (f.endsWith('.json') ? Parsers.Json : Parsers.Yaml) as never, f);
    for (const p of pathsIn(spectralDoc.data, [], 40)) {
      assert.deepEqual(m.getRangeForJsonPath(p, true), spectralDoc.getRangeForJsonPath(p, true), `range of ${p.join('/')} in ${f}`);
      assert.deepEqual(
        m.getRangeForJsonPath([...p, 'nope'], true),
        spectralDoc.getRangeForJsonPath([...p, 'nope'], true),
        `closest range of ${p.join('/')}/nope in ${f}`,
      );
    }
  }
  assert.deepEqual(mine.inventory.diagnostics, real.inventory.diagnostics);
  assert.deepEqual(mine.files, real.files);
  assert.deepEqual([...mine.reads], [...real.reads]);
  return mine;
}

/** Up to `max` paths of `data`, depth first. */
function pathsIn(data: unknown, at: string[], max: number, out: string[][] = []): string[][] {
  if (out.length >= max || typeof data !== 'object' || data === null) return out;
  for (const k of Object.keys(data)) {
    if (out.length >= max) break;
    out.push([...at, k]);
    pathsIn((data as Data)[k], [...at, k], max, out);
  }
  return out;
}

function at(v: unknown, ...keys: string[]): unknown {
  for (const k of keys) v = (v as Data)[k];
  return v;
}

const FILES: Record<string, string | Buffer> = {
  'paths/pets.yaml':
    "get:\n  parameters:\n    - $ref: '../common.yaml#/parameters/Limit'\n  responses:\n    '200': {$ref: '../common.yaml#/responses/Ok'}\n    '404': {$ref: '#/x-local/NotFound'}\nx-local:\n  NotFound: {description: nf, headers: {$ref: '../common.yaml#/headers'}}\n",
  'common.yaml':
    "parameters:\n  Limit: {name: limit, in: query, schema: {$ref: 'schemas/int.yaml'}}\nresponses:\n  Ok: {description: ok, content: {application/json: {schema: {$ref: 'schemas/pet.json#/definitions/Pet'}}}}\nheaders:\n  X-Rate: {schema: {type: integer}}\n",
  'schemas/int.yaml': 'type: integer\nformat: int32\n',
  'schemas/pet.json':
    '{"definitions": {"Pet": {"type": "object", "properties": {"tag": {"$ref": "#/definitions/Tag"}, "owner": {"$ref": "../owner.yaml"}}}, "Tag": {"type": "string"}}}',
  'owner.yaml': "type: object\nproperties:\n  pets: {type: array, items: {$ref: 'schemas/pet.json#/definitions/Pet'}}\n",
  'cycle/a.yaml': "A: {type: object, properties: {b: {$ref: 'b.yaml#/B'}}}\n",
  'cycle/b.yaml': "B: {type: object, properties: {a: {$ref: 'a.yaml#/A'}}}\n",
  'escapes.yaml': "a/b: {description: slash}\n'c~d': {description: tilde}\n'e f': {description: space}\n",
  'broken.yaml': 'type: object\nproperties: {a: [1, 2\n',
  'binary.yaml': Buffer.from([0x74, 0x79, 0x70, 0x65, 0x00, 0x01, 0x02, 0xff, 0x00, 0x0a]),
  'big.yaml': `description: ${'x'.repeat(4000)}\n`,
  'scalar.yaml': 'just a string\n',
  'empty.yaml': '',
  'null.yaml': 'null\n',
  'list.json': '[{"$ref": "#/1"}, {"a": {"$ref": "schemas/int.yaml"}}]',
  'local.yaml': "X: {$ref: '#/nope'}\nY: {type: string, also: {$ref: '#/Y/alias'}, alias: {$ref: '#/Z'}}\nZ: {$ref: '#/Y'}\n",
};

function makeDir(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-remote-'));
  for (const [f, t] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), t);
  }
  return dir;
}

const SKELETON = (): object => ({
  paths: { '/pets': { $ref: 'paths/pets.yaml' }, '/again': { $ref: 'paths/pets.yaml#/get' }, '/missing': { $ref: 'nowhere.yaml' } },
  components: {
    schemas: {
      Pet: { $ref: 'schemas/pet.json#/definitions/Pet' },
      Owner: { $ref: './owner.yaml' },
      A: { $ref: 'cycle/a.yaml#/A' },
      B: { $ref: 'cycle/b.yaml#/B' },
      Slash: { $ref: 'escapes.yaml#/a~1b' },
      Tilde: { $ref: 'escapes.yaml#/c~0d' },
      Space: { $ref: 'escapes.yaml#/e%20f' },
      NoPointer: { $ref: 'common.yaml#/nope/deeper' },
      Broken: { $ref: 'broken.yaml' },
      Bin: { $ref: 'binary.yaml' },
      Big: { $ref: 'big.yaml' },
      LocalX: { $ref: 'local.yaml#/X' },
      LocalY: { $ref: 'local.yaml#/Y' },
      LocalAll: { $ref: 'local.yaml' },
      Rate: { $ref: 'common.yaml#/headers/X-Rate' },
      Scalar: { $ref: 'scalar.yaml' },
      ScalarIn: { $ref: 'scalar.yaml#/x' },
      Empty: { $ref: 'empty.yaml' },
      Null: { $ref: 'null.yaml' },
      NullIn: { $ref: 'null.yaml#/x' },
      List: { $ref: 'list.json' },
      ListItem: { $ref: 'list.json#/0' },
    },
  },
  'x-list': [{ $ref: 'schemas/int.yaml' }, { $ref: 'common.yaml#/parameters/Limit' }, { $ref: 'schemas/int.yaml' }],
});

describe('remote $refs resolved without json-ref-resolver (remoteResolve.ts)', () => {
  it('nested files, JSON and YAML, missing files and pointers, cycles across files, escapes, bad files: as json-ref-resolver', async () => {
    const dir = makeDir(FILES);
    try {
      const source = path.join(dir, 'openapi.yaml');
      const mine = await compare(SKELETON, source, undefined, refPolicyOf({ maxBytes: 2000 }));
      // What the fixtures are there for (so that the comparison covers them).
      const messages = mine.errors.map(e => e.message).join('\n');
      assert.match(messages, /file not found: .*nowhere\.yaml/);
      assert.match(messages, /'#\/nope\/deeper' does not exist @ '.*common\.yaml'/);
      assert.match(messages, /'#\/nope' does not exist/);
      assert.match(messages, /binary\.yaml is a binary file/);
      assert.match(messages, /big\.yaml is over the size limit|big\.yaml is .* over the size limit/);
      assert.ok(mine.inventory.diagnostics.length > 0, 'broken.yaml has parser diagnostics');
      const schemas = at(mine.result, 'components', 'schemas') as Data;
      assert.equal(at(schemas, 'Slash', 'description'), 'slash');
      assert.equal(at(schemas, 'Tilde', 'description'), 'tilde');
      assert.equal(at(schemas, 'Space', 'description'), 'space');
      assert.deepEqual(at(schemas, 'Pet', 'properties', 'owner', 'properties', 'pets', 'items'), { $ref: 'schemas/pet.json#/definitions/Pet' });
      assert.ok(Object.isFrozen(schemas.Pet));
      // A cycle across two files: the ref that closes it stays a $ref object.
      assert.deepEqual(at(schemas, 'A', 'properties', 'b', 'properties', 'a'), { $ref: 'a.yaml#/A' });
      assert.equal(mine.files[0], source);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('local refs inside referenced files: cycles, refs to refs, ancestors, the whole file, arrays, odd keys', async () => {
    const files: Record<string, string> = {
      'cyc.yaml':
        "components:\n  schemas:\n    A: {type: object, properties: {b: {$ref: '#/components/schemas/B'}, n: {type: string}}}\n    B: {type: object, properties: {a: {$ref: '#/components/schemas/A'}, list: {type: array, items: {$ref: '#/components/schemas/B'}}}}\n    C: {allOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}]}\n    Node: {type: object, properties: {children: {type: array, items: {$ref: '#/components/schemas/Node'}}, me: {$ref: '#/components/schemas/Node/properties'}}}\n    Self: {$ref: '#/components/schemas/Self'}\n    Whole: {$ref: '#'}\n    Title: {$ref: '#/info/title'}\n    Bad: {$ref: '#nope'}\ninfo: {title: t}\n",
      'alias.yaml':
        "parameters: [{$ref: '#/defs/P'}, {$ref: '#/defs/Alias'}, {$ref: '#/defs/Missing'}]\nresponses:\n  '200': {$ref: '#/defs/AliasOfAlias', description: sibling}\n  default: {$ref: '#/parameters/0'}\ndefs:\n  P: {name: p, schema: {$ref: '#/defs/List/items/1'}}\n  Alias: {$ref: '#/defs/P'}\n  R: {description: ok, more: {$ref: 'cyc.yaml#/components/schemas/C'}}\n  AliasOfAlias: {$ref: '#/defs/R'}\n  List: {items: [{type: string}, {type: integer}]}\n  a/b: {description: slash}\n  '2': {description: two, x: {$ref: '#/defs/2XX'}}\n  2XX: {description: twoxx, y: {$ref: '#/defs/2'}}\n  s: {$ref: '#/defs/a~1b'}\n",
    };
    const dir = makeDir(files);
    try {
      const skeleton = (): object => ({
        whole: { $ref: 'cyc.yaml' },
        a: { $ref: 'cyc.yaml#/components/schemas/A' },
        c: { $ref: 'cyc.yaml#/components/schemas/C' },
        node: { $ref: 'cyc.yaml#/components/schemas/Node' },
        self: { $ref: 'cyc.yaml#/components/schemas/Self' },
        w: { $ref: 'cyc.yaml#/components/schemas/Whole' },
        list: [
          { $ref: 'alias.yaml#/parameters' },
          { $ref: 'alias.yaml#/responses' },
          { $ref: 'alias.yaml' },
          { $ref: 'alias.yaml#/defs/2' },
          { $ref: 'alias.yaml#/defs/s' },
        ],
      });
      const mine = await compare(skeleton, path.join(dir, 'openapi.yaml'));
      assert.ok(
        mine.errors.some(e => e.code === 'POINTER_MISSING'),
        'a missing local target',
      );
      assert.equal(at(mine.result, 'list', '4', 'description'), 'slash');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a referenced file of many keys (copied in dictionary mode), read by the YAML offsets parse: as json-ref-resolver', async () => {
    // More keys than units.ts MANY_KEYS at the top of the file and in one mapping, with local refs among them (each
    // replaced site copies the mappings above it), array-index keys among them, and keys that are not strings.
    const lines = ['schemas:'];
    for (let i = 0; i < 150; i++) lines.push(`  S${i}: {type: object, properties: {next: {$ref: '#/schemas/S${(i + 1) % 150}'}, n${i}: {type: string}}}`);
    lines.push("  '404': {$ref: '#/schemas/S3'}", '  200: {description: unquoted index key}');
    for (let i = 0; i < 140; i++) lines.push(`top${i}: {$ref: '#/schemas/S${i}'}`);
    const dir = makeDir({ 'many.yaml': lines.join('\n') + '\n' });
    try {
      const before = yamlParseStats.offsets;
      const skeleton = (): object => ({
        a: { $ref: 'many.yaml#/schemas/S0' },
        b: { $ref: 'many.yaml#/top7' },
        c: { $ref: 'many.yaml' },
        d: { $ref: 'many.yaml#/schemas/404' },
      });
      const mine = await compare(skeleton, path.join(dir, 'openapi.yaml'));
      assert.ok(yamlParseStats.offsets > before, 'the referenced file is read by yamlOffsets.ts');
      assert.equal(at(mine.result, 'b', 'properties', 'n7', 'type'), 'string');
      assert.equal(Object.keys(at(mine.result, 'c', 'schemas') as object).length, 152);
      assert.ok(mine.inventory.diagnostics.length === 1, 'the parser warning for the unquoted key');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('editor buffers: a referenced file read through the injected reader', async () => {
    const dir = makeDir(FILES);
    try {
      const common = path.join(dir, 'common.yaml');
      const reader: FileReader = async f => (f === common ? String(FILES['common.yaml']).replace('type: integer', 'type: number') : undefined);
      const mine = await compare(SKELETON, path.join(dir, 'openapi.yaml'), reader);
      assert.equal(at(mine.result, 'components', 'schemas', 'Rate', 'schema', 'type'), 'number');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('one file reached from 120 files: its uri stack grows with each, past the resolver’s depth limit', async () => {
    const files: Record<string, string> = {
      'shared.yaml': "h:\n  schema: {$ref: 'leaf.yaml#/L'}\n  limit: {$ref: '#/limit'}\nlimit: {type: integer}\n",
      'leaf.yaml': 'L: {type: string}\n',
    };
    for (let i = 0; i < 120; i++) files[`f${i}.yaml`] = `description: f${i}\nheaders:\n  a: {$ref: 'shared.yaml#/h'}\n  b: {$ref: 'shared.yaml#/limit'}\n`;
    const dir = makeDir(files);
    try {
      const skeleton = (): object => ({ paths: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`/p${i}`, { $ref: `f${i}.yaml` }])) });
      const mine = await compare(skeleton, path.join(dir, 'openapi.yaml'));
      assert.equal(mine.files.length, 123);
      assert.equal(at(mine.result, 'paths', '/p0', 'headers', 'a', 'schema', 'type'), 'string');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('files outside the project through a linked folder or a linked file are refused alike (the folders’ real paths remembered)', async () => {
    const top = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-remote-'));
    try {
      const project = path.join(top, 'project');
      fs.mkdirSync(path.join(top, 'outside'), { recursive: true });
      fs.mkdirSync(path.join(project, 'sub'), { recursive: true });
      fs.writeFileSync(path.join(top, 'outside', 'secret.yaml'), 'secret: 1\n');
      fs.writeFileSync(path.join(project, 'sub', 'inside.yaml'), "x: {$ref: '../linked/secret.yaml'}\ny: {$ref: 'inside2.yaml'}\n");
      fs.writeFileSync(path.join(project, 'sub', 'inside2.yaml'), 'fine: true\n');
      fs.symlinkSync(path.join(top, 'outside'), path.join(project, 'linked'));
      fs.symlinkSync(path.join(top, 'outside', 'secret.yaml'), path.join(project, 'link.yaml'));
      fs.symlinkSync(path.join(project, 'sub'), path.join(project, 'sublink'));
      const policy = refPolicyOf({ roots: [project] });
      const skeleton = (): object => ({
        a: { $ref: 'linked/secret.yaml' },
        b: { $ref: 'link.yaml' },
        c: { $ref: 'sub/inside.yaml' },
        d: { $ref: 'sublink/inside2.yaml' },
      });
      const mine = await compare(skeleton, path.join(project, 'openapi.yaml'), undefined, policy);
      const messages = mine.errors.map(e => e.message);
      assert.equal(messages.filter(m => /secret\.yaml \(a link to .*outside.*secret\.yaml\) is outside the project/.test(m)).length, 2, messages.join('\n'));
      assert.equal(at(mine.result, 'd', 'fine'), true);
    } finally {
      fs.rmSync(top, { recursive: true, force: true });
    }
  });

  it('what it does not replay throws Fallback: a ref back into the root, an http ref', async () => {
    const dir = makeDir({ 'back.yaml': "x: {$ref: 'openapi.yaml#/components'}\n" });
    try {
      const source = path.join(dir, 'openapi.yaml');
      await assert.rejects(resolveRemoteRefs({ a: { $ref: 'back.yaml' } }, source, undefined), Fallback);
      await assert.rejects(resolveRemoteRefs({ a: { $ref: 'https://example.invalid/x.yaml' } }, source, undefined), Fallback);
      // The incremental resolver then uses json-ref-resolver for them, with the same findings as before.
      const r = new IncrementalResolver({ allowRemoteRefs: false });
      const text = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    H: {$ref: 'https://example.invalid/x.yaml'}\n";
      const doc = new Document(text, Parsers.Yaml as never, source);
      const res = await r.resolve({ source, data: doc.data, getRangeForJsonPath: (p, c) => doc.getRangeForJsonPath(p, c) }, 'all');
      assert.match(r.stats.remoteFallbackReason ?? '', /http/);
      assert.ok(res.errors.some(e => /remote \$ref not fetched/.test((e as { message: string }).message)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------
// The multi-file corpus documents, through the whole incremental resolver, against Spectral's DocumentInventory.

const MULTI = [
  'libopenapi-nested-files/openapi.yaml',
  'oai-petstore-separate-v2/spec/swagger.yaml',
  'redocly-openapi-starter/openapi/openapi.yaml',
  'azure-storage/specification/storage/resource-manager/Microsoft.Storage/stable/2021-08-01/storage.json',
  'digitalocean/specification/DigitalOcean-public.v2.yaml',
];

describe('remote $refs of the multi-file corpus documents: as json-ref-resolver resolves them', () => {
  for (const rel of MULTI) {
    it(rel, { skip: needs(rel) }, async () => {
      const file = path.join(CORPUS, rel);
      const text = fs.readFileSync(file, 'utf8');
      const parser = file.endsWith('.json') ? Parsers.Json : Parsers.Yaml;
      const run = async (remoteRefs: 'own' | 'json-ref-resolver') => {
        const doc = new Document(text, parser as never, file);
        const r = new IncrementalResolver({ allowRemoteRefs: false, remoteRefs });
        const res = await r.resolve({ source: file, data: doc.data, getRangeForJsonPath: (p, c) => doc.getRangeForJsonPath(p, c) }, 'all');
        assert.equal(r.stats.mode, 'local', r.stats.fallbackReason);
        assert.equal(r.stats.remoteResolved, true);
        assert.equal(r.stats.remoteFallbackReason, undefined);
        return res;
      };
      const mine = await run('own');
      const real = await run('json-ref-resolver');
      const diff = sameGraph(real.resolved, mine.resolved);
      assert.equal(diff, undefined, `resolved: ${diff}`);
      assert.deepEqual(mine.errors, real.errors);
      assert.deepEqual(mine.diagnostics, real.diagnostics);
      assert.deepEqual(mine.files, real.files);
      assert.deepEqual(Object.keys(mine.referencedDocuments), Object.keys(real.referencedDocuments));
      assert.deepEqual(mine.graph!.overallOrder(), real.graph!.overallOrder());
      for (const id of real.graph!.overallOrder())
        assert.deepEqual(Object.entries(mine.graph!.getNodeData(id).refMap), Object.entries(real.graph!.getNodeData(id).refMap), `refMap of ${id}`);
      // And what Spectral's DocumentInventory gets, as a tree. (Not on digitalocean: which objects it shares, and where a
      // file's uri stack cuts a chain of refs, depend on how fast its reads complete, and Spectral reads with fewer awaits.)
      if (rel.startsWith('digitalocean/')) return;
      const spectral = new DocumentInventory(new Document(text, parser as never, file), createResolver({ allowRemoteRefs: false }));
      await spectral.resolve();
      assert.ok(isDeepStrictEqual(mine.resolved, spectral.resolved), 'resolved as Spectral resolves it');
      assert.deepEqual(mine.errors, spectral.errors ?? []);
    });
  }
});
