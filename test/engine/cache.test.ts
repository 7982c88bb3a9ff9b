/**
 * Cross-lint caches (server/src/engine/cache.ts): parsed `$ref`'d files and the
 * memoized @stoplight/path functions. A cached relint reports exactly what an
 * uncached lint reports, and a changed referenced file (on disk or as an editor
 * buffer) is parsed again.
 */
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { ParsedFileCache, parsedFiles, setLintCachesEnabled } from '../../server/src/engine/cache';
import '../../server/src/engine/spectralResolver';
import { CORPUS } from '../cli/helpers';

const MULTI_FILE = ['redocly-openapi-starter/openapi/openapi.yaml', 'oai-petstore-separate-v2/spec/swagger.yaml'];

afterEach(() => setLintCachesEnabled(true));

describe('parsed-file cache', () => {
  for (const rel of MULTI_FILE) {
    it(`${rel}: cached relints give the uncached findings`, async () => {
      const file = path.join(CORPUS, rel);
      const text = fs.readFileSync(file, 'utf8');
      setLintCachesEnabled(false);
      const plain = await lint(text, file);
      setLintCachesEnabled(true);
      const first = await lint(text, file);
      const hits = parsedFiles.stats().hits;
      const second = await lint(text, file);
      assert.ok(plain.files.length > 1, 'a multi-file document');
      assert.ok(parsedFiles.stats().hits >= hits + plain.files.length - 1, 'every referenced file comes from the cache the second time');
      assert.deepEqual(first.problems, plain.problems);
      assert.deepEqual(second.problems, plain.problems);
      assert.deepEqual(second.suppressed, plain.suppressed);
      assert.deepEqual([...second.files].sort(), [...plain.files].sort());
    });
  }

  const ROOT = [
    'openapi: 3.0.3',
    'info:',
    '  title: t',
    '  version: 1.0.0',
    'paths:',
    '  /api/pets:',
    '    get:',
    '      operationId: listPets',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    '                $ref: schemas/pet.yaml',
    '',
  ].join('\n');
  const GOOD = 'type: string\nenum: [cat, dog]\n';
  const BAD = 'type: string\nenum: [cat, dog, cat]\n';
  const dupes = (r: Awaited<ReturnType<typeof lint>>, pet: string) => r.problems.filter(p => p.code === 'duplicated-entry-in-enum' && p.source === pet);

  it('a referenced file changed on disk is parsed again (and back)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-cache-'));
    try {
      const root = path.join(dir, 'openapi.yaml');
      const pet = path.join(dir, 'schemas', 'pet.yaml');
      fs.mkdirSync(path.dirname(pet));
      fs.writeFileSync(pet, GOOD);
      assert.equal(dupes(await lint(ROOT, root), pet).length, 0);
      assert.equal(dupes(await lint(ROOT, root), pet).length, 0);
      fs.writeFileSync(pet, BAD);
      const bad = dupes(await lint(ROOT, root), pet);
      assert.equal(bad.length, 1, 'the new text of pet.yaml is linted');
      assert.equal(bad[0].range.start.line, 1);
      fs.writeFileSync(pet, GOOD);
      assert.equal(dupes(await lint(ROOT, root), pet).length, 0, 'and the old text again');
      fs.writeFileSync(pet, 'type: [\n');
      const broken = await lint(ROOT, root);
      assert.ok(
        broken.problems.some(p => p.code === 'parser' && p.source === pet),
        'a syntax error in the referenced file is reported',
      );
      assert.deepEqual((await lint(ROOT, root)).problems, broken.problems, 'also from the cache');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an open editor buffer (readFile) wins over the cached disk text', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-cache-'));
    try {
      const root = path.join(dir, 'openapi.yaml');
      const pet = path.join(dir, 'schemas', 'pet.yaml');
      fs.mkdirSync(path.dirname(pet));
      fs.writeFileSync(pet, GOOD);
      assert.equal(dupes(await lint(ROOT, root), pet).length, 0);
      const overlay = (f: string) => (f === pet ? BAD : undefined);
      assert.equal(dupes(await lint(ROOT, root, { readFile: overlay }), pet).length, 1);
      assert.equal(dupes(await lint(ROOT, root), pet).length, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is keyed by exact text and bounded by size (least recently used out)', () => {
    const cache = new ParsedFileCache(10);
    let parses = 0;
    const parse = (t: string) => ({ parsed: t, n: ++parses });
    const a1 = cache.parse('yaml', '/a', 'aaaa', parse);
    assert.equal(cache.parse('yaml', '/a', 'aaaa', parse), a1);
    assert.notEqual(cache.parse('json', '/a', 'aaaa', parse), a1, 'the parser is part of the key');
    const a2 = cache.parse('yaml', '/a', 'aaab', parse) as { parsed: string };
    assert.equal(a2.parsed, 'aaab');
    cache.parse('yaml', '/b', 'bbbb', parse);
    cache.parse('yaml', '/c', 'cccc', parse); // 12 bytes > 10: the oldest goes
    assert.ok(cache.stats().bytes <= 10);
    const before = parses;
    cache.parse('yaml', '/c', 'cccc', parse);
    assert.equal(parses, before, '/c is still cached');
    cache.parse('yaml', '/a', 'aaab', parse);
    assert.equal(parses, before + 1, '/a was evicted');
    cache.parse('yaml', '/big', 'x'.repeat(11), parse);
    assert.ok(cache.stats().bytes <= 10, 'a text over the bound is not kept');
  });

  it('@stoplight/path functions give the same answers memoized, and still throw on bad input', () => {
    const p = require('@stoplight/path') as Record<string, (...a: unknown[]) => unknown>;
    for (let i = 0; i < 2; i++) {
      assert.equal(p.join('/a/b', '../c/d.yaml'), '/a/c/d.yaml');
      assert.equal(p.dirname('/a/b/c.yaml'), '/a/b');
      assert.equal(p.stripRoot('/a/b'), 'a/b');
      assert.equal(p.toFSPath('/a/./b/../c'), '/a/c');
      assert.equal(p.extname('/a/b.json'), '.json');
      assert.throws(() => p.join('/a', '/b'), /Cannot join an absolute path/);
      assert.throws(() => p.dirname(42), /not a string/);
    }
  });
});
