/**
 * The fix engine's piece view of a YAML text (fix/yamlCut.ts, fix/yamlOps.ts pieceView: the text cut into pieces
 * parsed one by one and remembered, so that a round of fixes parses again only what it changed) must be the whole
 * parse: the same data (key order included), the same style, the same edit for every op, and "parses" exactly when
 * the whole text parses. Checked on every YAML document of the corpus (ops at their paths), on texts made
 * from them line by line (broken ones included), and on the constructs that the view leaves to the whole parse.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import type { FixOp } from '../../rules/types';
import { cutYaml } from '../../server/src/engine/fix/yamlCut';
import { yamlData, yamlOpEdit, yamlOpEditWhole, yamlParses, yamlStyle, yamlStyleWhole } from '../../server/src/engine/fix/yamlOps';
import { CORPUS, VENDORED_CORPUS, yamlFiles } from '../helpers/corpus';

/** The whole text's parse: whether it has no errors, and its data as JSON (key order kept; undefined when toJS throws, as on an alias to no anchor). */
function whole(text: string): { clean: boolean; data?: string } {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) return { clean: false };
  try {
    return { clean: true, data: JSON.stringify(doc.toJS({ maxAliasCount: 1000 })) };
  } catch {
    return { clean: true };
  }
}

/** A deterministic pseudo-random sequence. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Seg = string | number;
/** Paths of the data 2 to 6 levels deep, in document order. */
function pathsOf(data: unknown, max = 400): Seg[][] {
  const out: Seg[][] = [];
  const walk = (v: unknown, p: Seg[]) => {
    if (out.length >= max * 20) return;
    if (p.length >= 2) out.push(p);
    if (p.length >= 6 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else for (const [k, x] of Object.entries(v)) walk(x, [...p, k]);
  };
  walk(data, []);
  // Spread over the document.
  const step = Math.max(1, Math.floor(out.length / max));
  return out.filter((_p, i) => i % step === 0);
}

function opsAt(p: Seg[]): FixOp[] {
  return [
    { kind: 'set', path: p, value: 'apiconv' },
    { kind: 'set', path: p, value: { description: 'Not Found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
    { kind: 'set', path: [...p, 'x-apiconv', 'deep'], value: ['a', 'b'] },
    { kind: 'remove', path: p },
    { kind: 'rename', path: p, to: 'x-renamed' },
    { kind: 'append', path: p, value: 'item' },
  ];
}

function sameAsWhole(text: string, label: string): { pieces: boolean; clean: boolean } {
  const w = whole(text);
  assert.equal(yamlParses(text), w.clean, `${label}: parses as the whole text does`);
  if (!w.clean) return { pieces: false, clean: false };
  assert.equal(JSON.stringify(yamlData(text)), w.data, `${label}: the same data`);
  const style = yamlStyle(text)!;
  assert.deepEqual(style.style, yamlStyleWhole(text), `${label}: the same style`);
  return { pieces: style.pieces, clean: true };
}

describe('the piece view of a YAML text is its whole parse', () => {
  it('on every YAML document of the corpus: data, style, and the edit of every op at its paths', () => {
    let viewed = 0;
    let ops = 0;
    let responsesCut = 0;
    for (const file of yamlFiles(CORPUS)) {
      const text = fs.readFileSync(file, 'utf8');
      const label = path.relative(CORPUS, file);
      const { pieces } = sameAsWhole(text, label);
      if (!pieces) continue;
      viewed++;
      const data = yamlData(text) as Record<string, unknown>;
      // Ops at paths of the document, and keys new to the mappings that are cut into pieces (a shared component added).
      const fresh: FixOp[] = [{ kind: 'set', path: ['x-apiconv'], value: { a: 1 } }];
      for (const [k, v] of Object.entries(data)) {
        fresh.push(
          { kind: 'set', path: [k, 'x-apiconv'], value: 'new' },
          { kind: 'append', path: [k, 'x-apiconv', 'list'], value: 'item' },
          { kind: 'set', path: [k], value: { replaced: true } },
        );
        if (k === 'components' && typeof v === 'object' && v !== null) {
          fresh.push({ kind: 'set', path: [k, 'responses', 'ApiconvError'], value: { description: 'Error' } });
          for (const kind of Object.keys(v))
            fresh.push({ kind: 'set', path: [k, kind, 'Error'], value: { type: 'object' } }, { kind: 'set', path: [k, kind], value: {} });
        }
        // The responses of operations (cut into their responses): a response added (what the error-response fixes
        // do), one changed, removed, renamed, and the responses replaced; on every tenth operation.
        if ((k === 'paths' || k === 'webhooks') && typeof v === 'object' && v !== null) {
          if (cutYaml(text)!.some(piece => piece.container.length === 4 && piece.container[3] === 'responses')) responsesCut++;
          let n = 0;
          for (const [p, item] of Object.entries(v)) {
            if (typeof item !== 'object' || item === null) continue;
            for (const [m, op] of Object.entries(item)) {
              const responses = (op as { responses?: unknown } | null)?.responses;
              if (typeof responses !== 'object' || responses === null || n++ % 10 !== 0) continue;
              const at = [k, p, m, 'responses'];
              const first = Object.keys(responses)[0];
              fresh.push(
                { kind: 'set', path: [...at, '418'], value: { $ref: '#/components/responses/Teapot' } },
                { kind: 'set', path: [...at, 'default'], value: { description: 'Error' } },
                { kind: 'set', path: at, value: { '200': { description: 'OK' } } },
              );
              if (first !== undefined)
                fresh.push(
                  { kind: 'set', path: [...at, first, 'description'], value: 'Changed' },
                  { kind: 'remove', path: [...at, first] },
                  { kind: 'rename', path: [...at, first], to: '299' },
                );
            }
          }
        }
      }
      for (const op of [...fresh, ...pathsOf(data, 40).flatMap(opsAt)]) {
        assert.deepEqual(yamlOpEdit(text, op), yamlOpEditWhole(text, op), `${label}: ${op.kind} ${JSON.stringify(op.path)}`);
        ops++;
      }
    }
    assert.ok(viewed >= 10, `documents seen through pieces: ${viewed}`);
    assert.ok(ops > 1000, `ops compared: ${ops}`);
    assert.ok(responsesCut >= 5, `documents whose operations' responses are cut into pieces: ${responsesCut}`);
  });

  it('on a document with CRLF line endings', () => {
    const text = fs.readFileSync(path.join(VENDORED_CORPUS, 'burgershop', 'burgershop.openapi.yaml'), 'utf8').replace(/\r?\n/g, '\r\n');
    assert.ok(sameAsWhole(text, 'burgershop (CRLF)').pieces, 'seen through pieces');
    const data = yamlData(text);
    for (const op of pathsOf(data, 80).flatMap(opsAt))
      assert.deepEqual(yamlOpEdit(text, op), yamlOpEditWhole(text, op), `CRLF: ${op.kind} ${JSON.stringify(op.path)}`);
  });

  it('on texts made from a document line by line (deleted, doubled, moved in or out, broken)', () => {
    const base = fs.readFileSync(path.join(VENDORED_CORPUS, 'redocly-museum', 'openapi.yaml'), 'utf8');
    const lines = base.split('\n');
    const next = rng(16);
    let viewed = 0;
    let broken = 0;
    for (let n = 0; n < 250; n++) {
      const ls = [...lines];
      const edits = 1 + Math.floor(next() * 3);
      for (let e = 0; e < edits; e++) {
        const i = Math.floor(next() * ls.length);
        const r = next();
        if (r < 0.2) ls.splice(i, 1);
        else if (r < 0.35) ls.splice(i, 0, ls[i] ?? '');
        else if (r < 0.5) ls[i] = ' ' + ls[i];
        else if (r < 0.65) ls[i] = (ls[i] ?? '').replace(/^ /, '');
        else if (r < 0.75) ls[i] = (ls[i] ?? '') + ' "';
        else if (r < 0.85) ls.splice(i, 0, (ls[i] ?? '').replace(/\S.*$/, '') + 'x-added: &a [1]');
        else if (r < 0.92) ls.splice(i, 0, (ls[i] ?? '').replace(/\S.*$/, '') + 'x-alias: *a');
        else ls[i] = (ls[i] ?? '').replace(/:( |$)/, '$1');
      }
      const text = ls.join('\n');
      const { pieces, clean } = sameAsWhole(text, `mutation ${n}`);
      if (pieces) viewed++;
      if (!clean) broken++;
    }
    assert.ok(viewed > 40 && broken > 80, `seen through pieces: ${viewed}, broken: ${broken}`);
  });

  it('leaves to the whole parse what pieces cannot stand for', () => {
    const cases: [string, string][] = [
      ['an alias across pieces', 'a: &x 1\npaths:\n  /p:\n    get: *x\n'],
      ['a key twice at the top', 'paths:\n  /p: {}\npaths:\n  /q: {}\n'],
      ['a kind of components twice', 'components:\n  schemas:\n    A: {}\n  schemas:\n    B: {}\n'],
      ['a directive', '%YAML 1.2\n---\nopenapi: 3.0.0\n'],
      ['a second document', 'openapi: 3.0.0\n---\npaths: {}\n'],
      ['a marker with content on its line', '--- openapi: 3.0.0\npaths: {}\n'],
      ['a tab in an indentation', 'paths:\n\t/p: {}\n'],
      ['a flow mapping over lines at column 0', 'info: {title: a,\nversion: b}\npaths: {}\n'],
      ['a byte order mark', '\ufeffopenapi: 3.0.0\npaths: {}\n'],
      ['content starting indented', '  openapi: 3.0.0\n  paths: {}\n'],
    ];
    for (const [label, text] of cases) sameAsWhole(text, label);
    assert.equal(cutYaml('%YAML 1.2\n---\na: 1\n'), undefined);
    assert.equal(cutYaml('a: 1\n---\nb: 2\n'), undefined);
    // One `---` that starts the document stays in the first piece.
    const marked = '# api\n---\nopenapi: 3.0.0\npaths:\n  /p:\n    get:\n      responses: {}\n';
    assert.ok(sameAsWhole(marked, 'a document marker at the start').pieces);
    assert.equal(cutYaml(marked)![0]!.start, 0);
    assert.equal(cutYaml('paths:\n\t/p: {}\n'), undefined);
    // A container is cut into its entries, components and path items again, operations once more.
    const cut = cutYaml(
      'openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses: {}\n    put: {}\n  # c\n  /b: {}\ncomponents:\n  schemas:\n    A: {}\n    B: {}\n  responses: {}\n',
    )!;
    assert.deepEqual(
      cut.map(p => [p.container.join('.'), p.header]),
      [
        ['', false],
        ['', true],
        ['paths', true],
        ['paths./a', true],
        ['paths./a.get', false],
        ['paths./a', false],
        ['paths', false],
        ['', true],
        ['components', true],
        ['components.schemas', false],
        ['components.schemas', false],
        ['components', false],
      ],
    );
  });
});
