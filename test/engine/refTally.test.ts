/**
 * The reference index's tally (engine/refs/tally.ts): counts, declarations and APIs kept up to date a section at a
 * time. After any sequence of edits, files gone, come back or turned into another kind, they are what a fresh index
 * of the same texts gives; and a keystroke counts again the `$ref`s of the section it is in, not the file's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree } from '../../server/src/lsp/positionTree';
import { RefIndex } from '../../server/src/engine/refs/refIndex';
import type { RefSite } from '../../server/src/engine/refs/scan';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'refs');
const ROOT = path.resolve('/ws');
const f = (name: string) => path.join(ROOT, name);
const FILES: Record<string, string> = Object.fromEntries(
  ['api.yaml', 'paths/pet.yaml', 'schemas.yaml'].map(n => [n, fs.readFileSync(path.join(FIXTURES, n), 'utf8')]),
);

/** Edits a user could make, each a function of the workspace's texts (undefined: the file is gone). */
type Texts = Record<string, string | undefined>;
const EDITS: { name: string; file: string; apply: (t: string | undefined) => string | undefined }[] = [
  { name: 'type in a description', file: 'api.yaml', apply: t => t?.replace('description: ok', 'description: okx') },
  { name: 'point a $ref elsewhere', file: 'api.yaml', apply: t => t?.replace("$ref: '#/components/schemas/Pet'", "$ref: '#/components/schemas/Owner'") },
  { name: 'point it back', file: 'api.yaml', apply: t => t?.replace("$ref: '#/components/schemas/Owner'", "$ref: '#/components/schemas/Pet'") },
  { name: 'one more requirement', file: 'api.yaml', apply: t => t?.replace('        - ApiKey: []\n', '        - ApiKey: []\n        - ApiKey: []\n') },
  { name: 'rename the scheme', file: 'api.yaml', apply: t => t?.replace('    ApiKey: {', '    Key: {') },
  { name: 'name the scheme back', file: 'api.yaml', apply: t => t?.replace('    Key: {', '    ApiKey: {') },
  // The scheme's section alone scanned again: the requirements naming it are not.
  { name: 'misspell the scheme', file: 'api.yaml', apply: t => t?.replace('    ApiKey: {', '    ApiKez: {') },
  { name: 'spell it right', file: 'api.yaml', apply: t => t?.replace('    ApiKez: {', '    ApiKey: {') },
  {
    name: 'a schema added',
    file: 'api.yaml',
    apply: t => t?.replace('  securitySchemes:\n', '    Extra:\n      $ref: ./schemas.yaml#/Unused\n  securitySchemes:\n'),
  },
  { name: 'the path item gone', file: 'paths/pet.yaml', apply: () => undefined },
  { name: 'the path item back', file: 'paths/pet.yaml', apply: () => FILES['paths/pet.yaml'] },
  { name: 'the path item with a requirement', file: 'paths/pet.yaml', apply: t => t?.replace('  tags:\n', '  security:\n    - ApiKey: []\n  tags:\n') },
  { name: 'schemas an OpenAPI document', file: 'schemas.yaml', apply: () => 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n' },
  { name: 'schemas parts again', file: 'schemas.yaml', apply: () => FILES['schemas.yaml'] },
  { name: 'a new file of refs', file: 'more.yaml', apply: () => "A:\n  $ref: 'api.yaml#/components/schemas/Owner'\nB:\n  $ref: 'schemas.yaml#/Unused'\n" },
  { name: 'the new file gone', file: 'more.yaml', apply: () => undefined },
];

/** A seeded generator (mulberry32): the same sequence of edits on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the tally gives: every count, every declaration's place, each file's API and the scheme requirements name. */
function derived(index: RefIndex, texts: Texts) {
  const names = Object.keys(texts).filter(n => texts[n] !== undefined);
  const counts = [...index.referenceCounts()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const decls = names.flatMap(n =>
    index.get(f(n))!.sections.flatMap(s => s.decls.map(d => `${n} ${d.path.join('/')} ${index.declaration(f(n), d.path)?.keyStart}`)),
  );
  const apis = names.map(n => `${n}: ${[...index.apiFiles(f(n))].map(x => path.relative(ROOT, x)).sort()}`);
  const schemes = names.map(n => `${n}: ${JSON.stringify(index.securityScheme(f(n), 'ApiKey'))}`);
  return { counts, decls, apis, schemes };
}

function fresh(texts: Texts): RefIndex {
  const index = new RefIndex(file => {
    const text = texts[path.relative(ROOT, file)];
    return text === undefined ? undefined : { text, tree: parseTree(text, file) };
  });
  for (const [n, t] of Object.entries(texts)) if (t !== undefined) index.get(f(n));
  return index;
}

describe('reference tally', () => {
  for (const source of [true, false]) {
    it(`after 300 random edits ${source ? 'read through a source' : 'given file by file'}, gives what a fresh index gives`, () => {
      const texts: Texts = { ...FILES };
      const next = random(source ? 7 : 11);
      let index: RefIndex;
      if (source) index = fresh(texts);
      else {
        // No source: a `$ref`'s target file is known only once given; the counts must follow when it comes.
        index = new RefIndex();
        for (const n of ['schemas.yaml', 'api.yaml', 'paths/pet.yaml']) index.update(f(n), texts[n]!, parseTree(texts[n]!, f(n)));
      }
      for (let i = 0; i < 300; i++) {
        const edit = EDITS[Math.floor(next() * EDITS.length)]!;
        const text = edit.apply(texts[edit.file]);
        if (text === texts[edit.file]) continue;
        texts[edit.file] = text;
        if (text === undefined) index.forget(f(edit.file));
        else index.update(f(edit.file), text, parseTree(text, f(edit.file)));
        // Asked after some edits only: changes pile up between two questions as they do between two lens requests.
        if (next() < 0.5) continue;
        const expected = source ? fresh(texts) : givenIndex(texts);
        assert.deepEqual(derived(index, texts), derived(expected, texts), `after edit ${i}: ${edit.name}`);
      }
    });
  }

  it("counts again the $refs of the section a keystroke is in, not the whole file's", () => {
    const schemas = Array.from(
      { length: 200 },
      (_, i) => `    S${i}:\n      description: s\n      items:\n        $ref: '#/components/schemas/S${(i + 1) % 200}'\n`,
    );
    let text = `openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n${schemas.join('')}`;
    const asked: RefSite[] = [];
    class Spied extends RefIndex {
      override target(from: string, site: RefSite) {
        asked.push(site);
        return super.target(from, site);
      }
    }
    const index = new Spied();
    index.update(f('big.yaml'), text, parseTree(text, f('big.yaml')));
    assert.equal(index.referenceCount(f('big.yaml'), ['components', 'schemas', 'S7']), 1);
    asked.length = 0;
    text = text.replace('    S100:\n      description: s\n', '    S100:\n      description: sx\n');
    index.update(f('big.yaml'), text, parseTree(text, f('big.yaml')));
    assert.equal(index.referenceCount(f('big.yaml'), ['components', 'schemas', 'S101']), 1);
    assert.deepEqual(
      asked.map(s => s.name),
      ['#/components/schemas/S101'],
    );
  });
});

/** An index without a source, given every file. */
function givenIndex(texts: Texts): RefIndex {
  const index = new RefIndex();
  for (const [n, t] of Object.entries(texts)) if (t !== undefined) index.update(f(n), t, parseTree(t, f(n)));
  return index;
}
