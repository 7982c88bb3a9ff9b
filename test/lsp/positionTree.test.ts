/**
 * updateTree (positionTree.ts): the outline's tree after an edit, patched from the last one, is the tree a fresh parse of the
 * new text gives — on random typing, pasting and deleting in YAML and JSON (comments, block scalars, sequences,
 * flow collections, quoted keys), and on corpus documents when ../shared is there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseTree, updateTree, type TNode } from '../../server/src/lsp/positionTree';
import { documentSymbols, makeParsed, SLOW_PARSE_MS, STALE_TREE_MS, STALE_TREE_PARSES, updateParsed } from '../../server/src/lsp/navigation';

const CORPUS = path.resolve(__dirname, '..', '..', '..', 'shared', 'corpus');

/** The tree without parent links, as comparable data. */
function plain(n: TNode | undefined): unknown {
  if (!n) return undefined;
  return {
    type: n.type,
    start: n.start,
    end: n.end,
    key: n.key,
    keyStart: n.keyStart,
    keyEnd: n.keyEnd,
    value: n.type === 'scalar' ? n.value : undefined,
    children: n.children?.map(plain),
  };
}

/** Parent links point at the node that holds the child. */
function checkParents(n: TNode): void {
  for (const c of n.children ?? []) {
    assert.equal(c.parent, n);
    checkParents(c);
  }
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const YAML_DOC = `openapi: 3.0.3
info:
  title: Pets # the title
  description: |
    A block scalar
      with more indentation
    # not a comment
  version: '1.0'
tags: [a, b, {name: c}]
paths:
  /pets:
    get:
      summary: List pets
      operationId: listPets
      parameters:
        - name: limit
          in: query
          schema: {type: integer, maximum: 100}
        - $ref: '#/components/parameters/Page'
      responses:
        '200':
          description: >
            folded
            text
        default:
          description: "quoted: text"
# a comment at column 0
  "/pets/{id}":
    delete:
      summary: Remove
      responses:
        '204': {description: gone}
components:
  parameters:
    Page:
      name: page
      in: query
  schemas:
    Pet:
      type: object
      properties:
        id: &id
          type: string
        other: *id
`;

const JSON_DOC = JSON.stringify(
  {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0', description: 'A "quoted" word\nand a line' },
    paths: { '/pets': { get: { summary: 'List pets', operationId: 'listPets', responses: { '200': { description: 'ok' } } } } },
    components: { schemas: { Pet: { type: 'object', properties: { id: { type: 'string', example: 'x' } } } } },
  },
  null,
  2,
);

const TYPED = [
  'a',
  'b',
  ' ',
  'x',
  'é',
  ':',
  ': ',
  '#',
  ' #',
  '-',
  '- ',
  '\n',
  '\n  ',
  '\n      ',
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  ',',
  '&',
  '*',
  '|',
  '\\',
  '\t',
];

/**
 * Random edits of `text`: mostly typing into strings (what the user does), sometimes pastes and deletions anywhere.
 * After each one, updateTree on the last tree is either undefined (the caller parses again) or the fresh tree.
 */
function randomEdits(original: string, file: string, steps: number, seed: number): { patched: number; total: number } {
  const r = rng(seed);
  let text = original;
  let tree = parseTree(text, file);
  let patched = 0;
  for (let i = 0; i < steps; i++) {
    let next: string;
    const at = Math.floor(r() * text.length);
    const kind = r();
    if (kind < 0.6) {
      // Type into a word: after a letter.
      let pos = at;
      while (pos < text.length && !/[A-Za-z]/.test(text[pos])) pos++;
      next = text.slice(0, pos) + (r() < 0.8 ? 'abcdefgh'[Math.floor(r() * 8)] : TYPED[Math.floor(r() * TYPED.length)]) + text.slice(pos);
    } else if (kind < 0.75) {
      next = text.slice(0, at) + TYPED[Math.floor(r() * TYPED.length)] + text.slice(at);
    } else if (kind < 0.9) {
      next = text.slice(0, at) + text.slice(at + 1 + Math.floor(r() * 3));
    } else {
      const from = Math.floor(r() * text.length);
      next = text.slice(0, at) + text.slice(from, from + Math.floor(r() * 40)) + text.slice(at);
    }
    const fresh = parseTree(next, file);
    const updated = tree ? updateTree(tree, text, next, file) : undefined;
    if (updated) {
      patched++;
      assert.deepEqual(plain(updated), plain(fresh), `step ${i} (seed ${seed}): ${JSON.stringify(text.slice(Math.max(0, at - 30), at + 30))}`);
      checkParents(updated);
      assert.equal(updated.parent, undefined);
      tree = updated;
    } else {
      tree = fresh;
    }
    text = next;
    // A text that no longer parses cleanly is never patched: start again from the document, some of the time.
    if (!tree?.clean && r() < 0.5) {
      text = original;
      tree = parseTree(text, file);
    }
  }
  return { patched, total: steps };
}

test('updateTree: random edits of a YAML document give the fresh parse’s tree', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const { patched } = randomEdits(YAML_DOC, '/x/pets.yaml', 300, seed);
    // Most edits are typing into a word: most of them are patched, not parsed again.
    assert.ok(patched > 100, `patched ${patched} of 300`);
  }
});

test('updateTree: random edits of a JSON document give the fresh parse’s tree', () => {
  for (const seed of [5, 6, 7]) {
    const { patched } = randomEdits(JSON_DOC, '/x/pets.json', 300, seed);
    // Only edits inside a string value are patched (typing into a key or between tokens is parsed again).
    assert.ok(patched > 15, `patched ${patched} of 300`);
  }
});

test('updateTree: typing into a summary patches one entry; a broken or restructured text is parsed again', () => {
  const file = '/x/pets.yaml';
  const tree = parseTree(YAML_DOC, file)!;
  const at = YAML_DOC.indexOf('List pets') + 4;
  const typed = YAML_DOC.slice(0, at) + ' all' + YAML_DOC.slice(at);
  const updated = updateTree(tree, YAML_DOC, typed, file);
  assert.ok(updated, 'patched');
  assert.deepEqual(plain(updated), plain(parseTree(typed, file)));
  // A key moved out to the left: not one entry any more.
  const dedent = typed.replace('      operationId: listPets', 'operationId: listPets');
  assert.equal(updateTree(updated, typed, dedent, file), undefined);
  // A broken document is never patched (its tree came from a parse with errors).
  const broken = YAML_DOC.replace('info:', 'info: [');
  const brokenTree = parseTree(broken, file)!;
  assert.equal(brokenTree.clean, false);
  assert.equal(updateTree(brokenTree, broken, broken.replace('List pets', 'List all pets'), file), undefined);
});

test('updateTree: the outline after typing equals the outline of a fresh parse', () => {
  const file = '/x/pets.yaml';
  let text = YAML_DOC;
  let parsed = makeParsed(file, text);
  for (const ch of 'Remove all') {
    const at = text.indexOf('summary: Remove') + 'summary: Remove'.length;
    const next = text.slice(0, at) + ch + text.slice(at);
    const tree = updateTree(parsed.tree!, text, next, file);
    assert.ok(tree);
    const fresh = makeParsed(file, next);
    parsed = { ...fresh, tree };
    assert.deepEqual(documentSymbols(parsed), documentSymbols(fresh));
    text = next;
  }
});

test('updateTree: random edits of corpus documents (skipped without ../shared)', { skip: !fs.existsSync(CORPUS) && 'no ../shared/corpus' }, () => {
  for (const [name, seed] of [
    ['oai-petstore-expanded-v3/petstore-expanded.json', 11],
    ['oai-uspto-v3', 12],
    ['redocly-museum', 13],
  ] as const) {
    let file = path.join(CORPUS, name);
    if (fs.statSync(file).isDirectory())
      file = fs
        .readdirSync(file, { recursive: true, encoding: 'utf8' })
        .map(f => path.join(CORPUS, name, f))
        .find(f => /\.(ya?ml|json)$/.test(f))!;
    const { patched } = randomEdits(fs.readFileSync(file, 'utf8'), file, 150, seed);
    assert.ok(patched > 30, `${name}: patched ${patched} of 150`);
  }
});

test('a document that does not parse cleanly: between whole parses (STALE_TREE_MS) its tree is moved past each edit, then parsed again', () => {
  const text = [
    'openapi: 3.0.3',
    'info: {title: T, version: "1"',
    'paths:',
    '  /a:',
    '    get:',
    '      summary: A',
    '  /b:',
    '    get:',
    '      summary: B',
    '',
  ].join('\n'); // the flow mapping of info is not closed
  const first = makeParsed('/w/api.yaml', text, 'yaml', undefined, 1000);
  assert.equal(first.tree?.clean, false, 'the text does not parse cleanly');
  const edited = text.replace('summary: A', 'summary: Abc');
  const soon = updateParsed(first, edited, undefined, 1000 + STALE_TREE_MS - 1);
  assert.equal(soon.stale, true, 'not parsed again yet');
  assert.equal(soon.parsedAt, 1000);
  // what comes after the edit is where a whole parse puts it
  const whole = parseTree(edited, '/w/api.yaml');
  const after = (t: TNode | undefined) => findKey(t, '/b');
  assert.deepEqual([after(soon.tree)?.keyStart, after(soon.tree)?.start], [after(whole)?.keyStart, after(whole)?.start]);
  const later = updateParsed(soon, edited.replace('summary: B', 'summary: Bc'), undefined, 1000 + STALE_TREE_MS);
  assert.equal(later.stale, undefined, 'parsed whole once the last whole parse is STALE_TREE_MS old');
  assert.deepEqual(plain(later.tree), plain(parseTree(later.text, '/w/api.yaml')));
  // a whole parse that takes long (a loaded machine) serves for STALE_TREE_PARSES of its time: parses take a fifth of
  // the thread at most, rather than every request parsing again
  const json = '{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"summary": "A"}}, "/b": {}}';
  const slow = { ...makeParsed('/w/api.json', json, 'json', undefined, 1000), parseMs: 400 };
  assert.equal(slow.tree?.clean, false, 'the JSON text does not parse cleanly');
  const jsonEdited = json.replace('"A"', '"Ab"');
  assert.equal(updateParsed(slow, jsonEdited, undefined, 1000 + STALE_TREE_PARSES * 400 - 1).stale, true, 'not parsed again within five parse times');
  assert.equal(updateParsed(slow, jsonEdited, undefined, 1000 + STALE_TREE_PARSES * 400).stale, undefined, 'parsed again after');
  // (a slow YAML text broken in one of its pieces is not parsed whole at all while it stays broken: the next test)
  assert.equal(updateParsed({ ...first, parseMs: 400 }, edited, undefined, 1000 + STALE_TREE_PARSES * 400).stale, true);
  // a clean document is patched as before, never stale
  const clean = makeParsed('/w/ok.yaml', 'openapi: 3.0.3\npaths:\n  /a:\n    get:\n      summary: A\n', 'yaml', undefined, 0);
  const next = updateParsed(clean, clean.text.replace('A', 'AB'), undefined, 1);
  assert.equal(next.stale, undefined);
  assert.deepEqual(plain(next.tree), plain(parseTree(next.text, '/w/ok.yaml')));
});

test('a document whose whole parse is slow (SLOW_PARSE_MS): while it is open, its tree is moved past an edit it cannot be patched for; parsed whole once it rests', () => {
  const text = 'openapi: 3.0.3\npaths:\n  /a:\n    get:\n      summary: A\n  /b:\n    get:\n      summary: B\n';
  const slow = { ...makeParsed('/w/api.yaml', text, 'yaml', undefined, 1000), parseMs: SLOW_PARSE_MS };
  // A path pasted before /b is not an edit inside one entry: the tree cannot be patched.
  const pasted = text.replace('  /b:', '  /c:\n    get:\n      summary: C\n  /b:');
  const typing = updateParsed(slow, pasted, undefined, 2000, false);
  assert.equal(typing.stale, true, 'not parsed whole while the document is open');
  assert.equal(typing.tree?.clean, false, "not patched later as if it were this text's tree");
  const whole = parseTree(pasted, '/w/api.yaml');
  const b = (t: TNode | undefined) => findKey(findKey(t, '/b'), 'summary');
  assert.deepEqual([b(typing.tree)?.keyStart, b(typing.tree)?.start], [b(whole)?.keyStart, b(whole)?.start], 'what follows the edit is where it is');
  const typed = pasted.replace('summary: B', 'summary: Bc');
  const next = updateParsed(typing, typed, undefined, 60_000, false);
  assert.equal(next.stale, true, 'a request never parses it whole, however long ago the last edit was');
  const rested = updateParsed(next, typed, undefined, 60_000, true);
  assert.equal(rested.stale, undefined, 'parsed whole once the document rests');
  assert.deepEqual(plain(rested.tree), plain(parseTree(typed, '/w/api.yaml')));
  // a document parsed quickly is parsed whole at once
  const quick = { ...makeParsed('/w/api.yaml', text, 'yaml', undefined, 1000), parseMs: SLOW_PARSE_MS - 1 };
  assert.equal(updateParsed(quick, pasted, undefined, 2000, false).stale, undefined);
});

test('a slow document broken by an edit: its last exact tree is kept, the edit that mends the text is patched into it, and a broken text is not parsed whole at rest', () => {
  const text = 'openapi: 3.0.3\npaths:\n  /a:\n    get:\n      summary: A\n  /b:\n    get:\n      summary: B\n';
  const slow = { ...makeParsed('/w/api.yaml', text, 'yaml', undefined, 1000), parseMs: SLOW_PARSE_MS };
  const exactBefore = plain(slow.tree);
  // An unclosed flow mapping typed into /a's summary, then a word typed in /b's.
  const broken = text.replace('summary: A', 'summary: { A');
  const typing = updateParsed(slow, broken, undefined, 2000, false);
  assert.equal(typing.stale, true);
  const typed = broken.replace('summary: B', 'summary: Bc');
  const next = updateParsed(typing, typed, undefined, 3000, false);
  assert.deepEqual(plain(next.exact?.tree), exactBefore, 'the exact tree is kept as it was (a copy was moved)');
  // At rest, the text still broken: not parsed whole (the moved tree serves).
  const rested = updateParsed(next, typed, undefined, 60_000, true);
  assert.equal(rested.stale, true, 'a broken text is not parsed whole');
  assert.equal(rested.parsedAt, 1000);
  // The brace taken away again: the exact tree is patched for the edits since it, not parsed whole.
  const mended = typed.replace('summary: { A', 'summary: A');
  const after = updateParsed(rested, mended, undefined, 61_000, false);
  assert.equal(after.stale, undefined, 'exact again');
  assert.equal(after.parsedAt, 1000, 'not parsed whole');
  assert.deepEqual(plain(after.tree), plain(parseTree(mended, '/w/api.yaml')));
});

function findKey(t: TNode | undefined, key: string): TNode | undefined {
  if (!t) return undefined;
  if (t.key === key) return t;
  for (const c of t.children ?? []) {
    const f = findKey(c, key);
    if (f) return f;
  }
  return undefined;
}
