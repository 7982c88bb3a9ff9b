/**
 * IncrementalParser (server/src/engine/parse/parser.ts): after every
 * update the document equals a fresh Spectral `new Document(text, parser, source)`
 * (data with its key order, diagnostics, ranges of every path and of missing
 * paths), unchanged units keep their identity, and `changedUnits` names exactly
 * the units whose value is not === the previous one (in an incremental update:
 * no more than the units the edit touched).
 *
 * APICONV_PARSE_FUZZ=1 runs the random-edit check longer and on more documents.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as Parsers from '@stoplight/spectral-parsers';
import { Document } from '@stoplight/spectral-core';
import { DiagnosticSeverity } from '@stoplight/types';
import { IncrementalParser, type ParseUpdate, type ParsedDoc } from '../../server/src/engine/parse/parser';
import { CheckedYaml } from '../../server/src/engine/yamlSyntax';
import { adoptUnchanged, unitKey, unitsOf } from '../../server/src/engine/parse/units';
import { CORPUS } from '../cli/helpers';
import { needs } from '../helpers/corpus';

type Kind = 'yaml' | 'json';
type Seg = string | number;

const FUZZ = process.env.APICONV_PARSE_FUZZ === '1';

/** JSON text of a value that also tells NaN/Infinity apart from null. */
function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? `#${String(x)}` : x));
}

/** Every path of `data` (breadth first, the root first), at most `cap`. */
function allPaths(data: unknown, cap: number): Seg[][] {
  const out: Seg[][] = [[]];
  const queue: [unknown, Seg[]][] = [[data, []]];
  for (let q = 0; q < queue.length && out.length < cap; q++) {
    const [v, p] = queue[q];
    if (typeof v !== 'object' || v === null) continue;
    const keys: Seg[] = Array.isArray(v) ? v.map((_x, i) => i) : Object.keys(v);
    for (const k of keys) {
      const np = [...p, k];
      out.push(np);
      queue.push([(v as Record<string, unknown>)[k as string], np]);
      if (out.length >= cap) break;
    }
  }
  return out;
}

function unitValues(data: unknown): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const [k, , v] of unitsOf(data)) m.set(k, v);
  return m;
}

const MISSING: Seg[][] = [
  ['nope'],
  ['paths', '/nope'],
  ['paths', 0],
  ['components', 'schemas', 'Nope'],
  ['components', 'nope', 'x'],
  ['info', 'title', 'x'],
  ['info', 'nope', 'deeper'],
];

interface Checker {
  ip: IncrementalParser;
  kind: Kind;
  source: string;
  units: Map<string, unknown> | undefined;
  doc: ParsedDoc | undefined;
}

function checker(source: string, kind: Kind): Checker {
  return { ip: new IncrementalParser(source, kind), kind, source, units: undefined, doc: undefined };
}

interface Expect {
  /** unit keys the edit touches: an incremental update reports no others */
  touched?: string[];
  full?: boolean;
  /** paths checked for ranges (default: every path, capped) */
  cap?: number;
}

interface Fresh {
  data: unknown;
  diagnostics: unknown[];
  getRangeForJsonPath(path: Seg[], closest?: boolean): unknown;
}

function freshDocument(text: string, kind: Kind, source: string): Fresh {
  return kind === 'yaml' ? new Document(text, CheckedYaml, source) : new Document(text, Parsers.Json, source);
}

/** A reproducible random number generator (0 ≤ x ≤ 1) for the random-edit tests. */
function seededRandom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** A range, or the error Spectral's lookup throws (on some broken JSON texts it does). */
function rangeOf(d: Pick<Fresh, 'getRangeForJsonPath'>, p: Seg[], closest: boolean): unknown {
  try {
    return d.getRangeForJsonPath(p, closest);
  } catch (e) {
    return { throws: e instanceof Error ? e.constructor.name : String(e) };
  }
}

/** Updates with `text` and checks the result against a fresh Document. */
function step(c: Checker, text: string, label: string, expect: Expect = {}): { u: ParseUpdate; fresh: Fresh } {
  const u = c.ip.update(text);
  const fresh = freshDocument(text, c.kind, c.source);
  const doc = u.doc;
  assert.equal(doc.text, text, `${label}: text`);
  assert.equal(doc.source, c.source, `${label}: source`);
  assert.equal(canon(doc.data), canon(fresh.data), `${label}: data`);
  assert.deepEqual(doc.diagnostics, fresh.diagnostics, `${label}: diagnostics`);
  for (const p of allPaths(fresh.data, expect.cap ?? 5000)) {
    assert.deepEqual(rangeOf(doc, p, true), rangeOf(fresh, p, true), `${label}: range of ${JSON.stringify(p)}`);
  }
  for (const p of MISSING) {
    for (const closest of [true, false]) {
      assert.deepEqual(rangeOf(doc, p, closest), rangeOf(fresh, p, closest), `${label}: range of missing ${JSON.stringify(p)} (closest ${closest})`);
    }
  }
  if (expect.full !== undefined) assert.equal(u.full, expect.full, `${label}: full`);
  // identity
  const units = unitValues(doc.data);
  if (c.units === undefined) {
    assert.equal(u.changedUnits, 'all', `${label}: first update`);
  } else {
    assert.notEqual(u.changedUnits, 'all', `${label}: changedUnits`);
    const changed = u.changedUnits as Set<string>;
    for (const [k, v] of units) {
      const kept: boolean = c.units.has(k) && c.units.get(k) === v;
      assert.equal(changed.has(k), !kept, `${label}: ${k} ${kept ? 'kept its identity but is reported' : 'is not === but is not reported'}`);
    }
    for (const k of c.units.keys()) if (!units.has(k)) assert.ok(changed.has(k), `${label}: removed ${k} is not reported`);
    if (!u.full && expect.touched !== undefined) {
      const allowed = new Set(expect.touched);
      for (const k of changed) assert.ok(allowed.has(k), `${label}: ${k} reported, only ${expect.touched.join(', ')} touched`);
    }
    if (u.full) {
      // after a whole-text parse, identity is restored for every unit whose value is unchanged
      for (const k of changed) {
        if (c.units.has(k) && units.has(k)) assert.notEqual(canon(c.units.get(k)), canon(units.get(k)), `${label}: ${k} is unchanged but lost its identity`);
      }
    }
  }
  c.units = units;
  c.doc = doc;
  return { u, fresh };
}

// ---------------------------------------------------------------------------
// Edits on YAML texts, by lines

const indentOf = (l: string) => l.length - l.trimStart().length;
const isContent = (l: string) => l.trim() !== '' && !l.trimStart().startsWith('#');

/** Line spans [start, end) of the entries of a block mapping whose key is on line `keyLine`. */
function entries(lines: string[], keyLine: number): [number, number][] {
  const base = indentOf(lines[keyLine]);
  let end = keyLine + 1;
  while (end < lines.length && (!isContent(lines[end]) || indentOf(lines[end]) > base)) end++;
  let first = keyLine + 1;
  while (first < end && !isContent(lines[first])) first++;
  const ind = indentOf(lines[first]);
  const starts: number[] = [];
  for (let i = first; i < end; i++) if (isContent(lines[i]) && indentOf(lines[i]) === ind) starts.push(i);
  return starts.map((s, i) => [s, i + 1 < starts.length ? starts[i + 1] : end]);
}

function topLine(lines: string[], key: string): number {
  const i = lines.findIndex(l => l.startsWith(`${key}:`));
  assert.ok(i >= 0, `no top-level ${key}`);
  return i;
}

function keysOf(v: unknown): string[] {
  return Object.keys(v as object);
}

/** A scripted series of edits of a YAML OpenAPI document, each checked. */
function yamlScenario(c: Checker, original: string, opts: { cap?: number } = {}): void {
  const cap = opts.cap;
  let { fresh } = step(c, original, 'initial', { full: true, cap });
  let lines = original.split('\n');
  const data = () => fresh.data as Record<string, Record<string, unknown>>;
  const run = (label: string, expect: Expect) => {
    ({ fresh } = step(c, lines.join('\n'), label, { cap, ...expect }));
  };

  // a scalar in info
  const infoLine = topLine(lines, 'info');
  const title = lines.findIndex((l, i) => i > infoLine && /^ {2}title: /.test(l));
  lines[title] += ' (edited)';
  run('info scalar', { touched: ['/info'], full: false });

  // a description inside one operation
  const pathsLine = topLine(lines, 'paths');
  const pathSpans = entries(lines, pathsLine);
  const pathKeys = keysOf(data().paths);
  let k = pathSpans.findIndex(([s, e]) => lines.slice(s, e).some(l => /^ {6,}(description|summary): [A-Za-z]/.test(l)));
  assert.ok(k >= 0, 'an operation with a plain description');
  const dl = lines.findIndex((l, i) => i >= pathSpans[k][0] && i < pathSpans[k][1] && /^ {6,}(description|summary): [A-Za-z]/.test(l));
  lines[dl] += ' More words.';
  run('operation description', { touched: [unitKey(['paths', pathKeys[k]])], full: false });

  // insert a path (lines below move)
  const ind = ' '.repeat(indentOf(lines[pathSpans[0][0]]));
  lines.splice(pathsLine + 1, 0, `${ind}/zz-new:`, `${ind}  get:`, `${ind}    responses:`, `${ind}      '200':`, `${ind}        description: ok`);
  run('insert a path', { touched: ['/paths/~1zz-new'], full: false });

  // delete a path
  const spans2 = entries(lines, topLine(lines, 'paths'));
  const keys2 = keysOf(data().paths);
  k = 2;
  lines.splice(spans2[k][0], spans2[k][1] - spans2[k][0]);
  run('delete a path', { touched: [unitKey(['paths', keys2[k]])], full: false });

  // add a component
  const comp = topLine(lines, 'components');
  const schemas = lines.findIndex((l, i) => i > comp && /^ +schemas:\s*$/.test(l));
  if (schemas >= 0) {
    const si = ' '.repeat(indentOf(lines[entries(lines, schemas)[0][0]]));
    lines.splice(schemas + 1, 0, `${si}ZzNew:`, `${si}  type: object`, `${si}  properties:`, `${si}    a:`, `${si}      type: string`);
    run('add a component', { touched: ['/components/schemas/ZzNew'], full: false });
  }

  // rename a key
  const renamed = lines.findIndex(l => l.trim() === '/zz-new:');
  lines[renamed] = lines[renamed].replace('/zz-new:', '/zz-renamed:');
  run('rename a path', { touched: ['/paths/~1zz-new', '/paths/~1zz-renamed'], full: false });

  // lines added at the top: everything moves, nothing but the first unit is touched
  const firstKey = keysOf(data())[0];
  lines.splice(0, 0, '# added at the top', '', '# and more');
  run('lines added at the top', { touched: [unitKey([firstKey])], full: false });

  // a new top-level key and a blank line inside info
  lines.splice(topLine(lines, 'info'), 0, 'x-zz-top: 1', '');
  lines.splice(topLine(lines, 'info') + 1, 0, '');
  run('new top-level key, blank line in info', { touched: ['/x-zz-top', '/info'], full: false });

  // two edits at once (one window from the first to the last)
  const info2 = topLine(lines, 'info');
  lines[lines.findIndex((l, i) => i > info2 && /^ {2}title: /.test(l))] += '!';
  const lastPath = entries(lines, topLine(lines, 'paths')).at(-1)!;
  lines.splice(lastPath[1], 0, `${ind}/zz-last:`, `${ind}  get:`, `${ind}    responses: {}`);
  run('two edits at once', { touched: ['/info', '/paths/~1zz-last'], full: false });

  // broken YAML mid-edit (typing a key), then fixed
  const before = lines.slice();
  const p3 = topLine(lines, 'paths') + 1;
  lines.splice(p3, 0, `${ind}/zz-typing`);
  run('typing a path key (no colon yet)', { full: true });
  lines[p3] = `${ind}/zz-typing: {`;
  run('unclosed flow mapping', { full: true });
  lines[p3] = `${ind}/zz-typing: {}`;
  // The broken texts were parsed whole: the mend starts from the pieces of the text before the break.
  run('fixed', { full: false });
  lines[p3] = `${ind}/zz-typing: {get: {}}`;
  run('incremental again after a fix', { touched: ['/paths/~1zz-typing'], full: false });
  lines = before;
  run('back', { touched: ['/paths/~1zz-typing'], full: false });

  // anchors and aliases: whole-text parses while they are there
  const infoAt = topLine(lines, 'info');
  lines.splice(infoAt, 0, 'x-zz-anchor: &zz', '  a: 1', 'x-zz-alias: *zz');
  run('anchor and alias', { full: true });
  lines[infoAt + 1] = '  a: 2';
  run('anchored value changed', { full: true });
  lines.splice(infoAt + 2, 1);
  run('alias removed', { full: true });
  lines.splice(infoAt, 2);
  // The texts with anchors were parsed whole: this one is built from the pieces of the text before them.
  run('anchor removed', { full: false });
  lines[topLine(lines, 'info') + 1] += ' ';
  run('incremental again without anchors', { touched: ['/info'], full: false });

  // the first top-level key and its value removed (the root starts elsewhere), then back
  const firstLine = lines.findIndex(l => isContent(l));
  // the units of the first two keys (the second takes the lines above it)
  const two = new Set(keysOf(data()).slice(0, 2));
  const firstTwo = [...unitValues(data()).keys()].filter(u => two.has(u.split('/')[1]));
  let firstEnd = firstLine + 1;
  while (firstEnd < lines.length && !(isContent(lines[firstEnd]) && indentOf(lines[firstEnd]) === 0)) firstEnd++;
  const removed = lines.splice(firstLine, firstEnd - firstLine);
  run('first key removed', { touched: firstTwo, full: false });
  lines.splice(firstLine, 0, ...removed);
  run('first key back', { touched: firstTwo, full: false });

  // a tab in indentation, a duplicate path, a second document: parsed whole; each removed, the text is built from the
  // pieces of the text before it
  const tabAt = topLine(lines, 'info') + 1;
  const saved = lines[tabAt];
  lines[tabAt] = '\t' + saved.trimStart();
  run('tab in indentation', { full: true });
  lines[tabAt] = saved;
  run('tab removed', { full: false });
  const dupSpan = entries(lines, topLine(lines, 'paths'))[1];
  const dup = lines.slice(dupSpan[0], dupSpan[1]);
  lines.splice(dupSpan[1], 0, ...dup);
  run('duplicate path', { full: true });
  lines.splice(dupSpan[1], dup.length);
  run('duplicate removed', { full: false });
  lines.push('---', 'second: doc');
  run('second document', { full: true });
  lines.splice(lines.length - 2, 2);
  run('second document removed', { full: false });
  lines[topLine(lines, 'info') + 1] += ' ';
  run('last edit', { touched: ['/info'], full: false });
}

function corpus(rel: string): { file: string; text: string } {
  const file = path.join(CORPUS, rel);
  return { file, text: fs.readFileSync(file, 'utf8') };
}

describe('IncrementalParser: YAML edits give what a fresh Document gives', () => {
  for (const rel of ['oai-petstore-v3/petstore.yaml', 'redocly-museum/openapi.yaml', 'twilio-accounts-v1/twilio_accounts_v1.yaml', 'asana/asana.yaml']) {
    it(rel, { skip: needs(rel) }, () => {
      const { file, text } = corpus(rel);
      yamlScenario(checker(file, 'yaml'), text, { cap: rel.startsWith('asana') ? 3000 : 5000 });
    });
  }

  it('stripe: one-line edits in paths, components and info', { skip: needs('stripe/spec3.yaml') }, () => {
    const { file, text } = corpus('stripe/spec3.yaml');
    const c = checker(file, 'yaml');
    step(c, text, 'initial', { full: true, cap: 1500 });
    const lines = text.split('\n');
    const d1 = lines.findIndex((l, i) => i > 60000 && /^ {6}description: [A-Za-z]/.test(l));
    lines[d1] += ' More.';
    const owner = lines
      .slice(0, d1)
      .reverse()
      .find(l => /^ {2}\S/.test(l))!
      .trim()
      .replace(/:$/, '');
    step(c, lines.join('\n'), 'description in a path', { full: false, touched: [unitKey(['paths', owner])], cap: 1500 });
    const s1 = lines.findIndex((l, i) => i > 5000 && /^ {4}\S/.test(l));
    lines.splice(s1, 0, '    zz_new:', '      type: object');
    step(c, lines.join('\n'), 'new schema', { full: false, touched: ['/components/schemas/zz_new'], cap: 1500 });
  });

  it('stripe: a keystroke that breaks the YAML, and the one that mends it, parse the piece they are in', { skip: needs('stripe/spec3.yaml') }, () => {
    const { file, text } = corpus('stripe/spec3.yaml');
    const c = checker(file, 'yaml');
    step(c, text, 'initial', { full: true, cap: 1500 });
    const lines = text.split('\n');
    // `: ` typed after the first operation's description (a second mapping on one line), as test/bench/serverKeystrokes.mjs types it
    const s = lines.findIndex((l, i) => i > lines.indexOf('paths:') && /^ {6}description: [^\s'"|>]/.test(l));
    const owner = unitKey([
      'paths',
      lines
        .slice(0, s)
        .reverse()
        .find(l => /^ {2}\S/.test(l))!
        .trim()
        .replace(/:$/, ''),
    ]);
    const description = lines[s];
    lines[s] = `${description}: `;
    const broken = step(c, lines.join('\n'), 'description broken', { full: false, touched: [owner], cap: 1500 });
    assert.ok(
      broken.u.doc.diagnostics.some(d => d.severity === DiagnosticSeverity.Error),
      'a syntax error',
    );
    lines[s] = description;
    step(c, lines.join('\n'), 'description mended', { full: false, touched: [owner], cap: 1500 });
    // `:` typed after the first server's URL (the last top-level key), as the code-server latency test types it
    const u = lines.findIndex((l, i) => i > lines.indexOf('servers:') && /^ +- url: /.test(l));
    const url = lines[u];
    lines[u] = `${url}:`;
    const servers = step(c, lines.join('\n'), 'server URL broken', { full: false, touched: ['/servers'], cap: 1500 });
    assert.ok(
      servers.u.doc.diagnostics.some(d => d.severity === DiagnosticSeverity.Error),
      'a syntax error',
    );
    lines[u] = url;
    step(c, lines.join('\n'), 'server URL mended', { full: false, touched: ['/servers'], cap: 1500 });
  });

  it('a broken piece stands only where its neighbours show it: a quote left open, an error at the root, a container next to it', () => {
    const base = [
      'openapi: 3.0.0',
      'info:',
      '  title: T',
      '  version: "1"',
      'paths:',
      '  /a:',
      '    get:',
      '      summary: A',
      '      responses: {}',
      '  /b:',
      '    get:',
      '      summary: B',
      'x-first: 0',
      'x-last: 1',
      '',
    ];
    const c = checker('/tmp/broken.yaml', 'yaml');
    step(c, base.join('\n'), 'initial', { full: true });
    // A break parsed whole keeps its pieces (or the last ones): the mend parses the piece it touches.
    const variant = (at: number, line: string, label: string, full: boolean) => {
      const lines = base.slice();
      lines[at] = line;
      step(c, lines.join('\n'), label, { full });
      step(c, base.join('\n'), `${label}, mended`, { full: false });
    };
    variant(7, '      summary: A: ', 'a second mapping on the line of /a', false);
    variant(7, '      summary: A: b', 'a second mapping with a value', false);
    variant(7, '      summary: "A', 'a quote left open in /a: it runs on into /b', true);
    variant(11, '      summary: B: ', 'the last path broken: no piece after it in paths', true);
    variant(13, 'x-last: 1: ', 'the last top-level key broken', false);
    variant(12, 'x-first: 0: ', 'a top-level key broken after a container', true);
    variant(2, '  title: T: ', 'info broken, paths after it is a container', true);
    // A same-line entry error comes after the parser's errors in the whole text: it stands where no piece after it has one.
    variant(7, '      summary: {a: 1} x: 1', 'a same-line entry after a flow value', false);
    variant(7, "      summary: 'A' x: 1", 'a same-line entry after a quoted value', false);
    variant(7, '    summary: A', 'a line dedented into the operation', true);
    variant(8, 'r     responses: {}', 'a character typed at column 0 of a nested line: no piece there', true);
  });

  it('two broken pieces of one mapping stand as one span where its neighbours show it; in two mappings they do not', () => {
    const base = [
      'openapi: 3.0.0',
      'info:',
      '  title: T',
      '  version: "1"',
      'paths:',
      '  /a:',
      '    get:',
      '      summary: A',
      '  /b:',
      '    get:',
      '      summary: B',
      '  /c:',
      '    get:',
      '      summary: C',
      '  /d:',
      '    get: {}',
      'x-first: 0',
      'x-second: 1',
      'x-third: 2',
      'x-last: 3',
      '',
    ];
    const c = checker('/tmp/broken-two.yaml', 'yaml');
    step(c, base.join('\n'), 'initial', { full: true });
    const variant = (breaks: [number, string][], label: string, full: boolean) => {
      const lines = base.slice();
      // The first break, then the second: the text with both is the one that stands or not.
      breaks.forEach(([at, line], i) => {
        lines[at] = line;
        step(c, lines.join('\n'), `${label}: ${line.trim()}`, i === breaks.length - 1 ? { full } : {});
      });
      step(c, base.join('\n'), `${label}, mended`, { full: false });
    };
    variant(
      [
        [7, '      summary: A: '],
        [10, '      summary: B: '],
      ],
      'two neighbouring paths',
      false,
    );
    variant(
      [
        [7, '      summary: A: '],
        [13, '      summary: C: '],
      ],
      'two paths with one between',
      false,
    );
    variant(
      [
        [17, 'x-second: 1: '],
        [19, 'x-last: 3: '],
      ],
      'two top-level keys, the last one among them',
      false,
    );
    variant(
      [
        [7, '      summary: A: '],
        [10, '      summary: "B'],
      ],
      'the second a quote left open: it runs on',
      true,
    );
    variant(
      [
        [7, '      summary: A: '],
        [17, 'x-second: 1: '],
      ],
      'in two mappings',
      true,
    );
    variant(
      [
        [2, '  title: T: '],
        [17, 'x-second: 1: '],
      ],
      'a container between them',
      true,
    );
  });

  it('a break parsed whole, typed on and mended: the pieces of the text before it are moved past each edit', () => {
    const base = [
      'openapi: 3.0.0',
      'info:',
      '  title: T',
      'paths:',
      '  /a:',
      '    get:',
      '      description: >-',
      '        A long',
      '        text',
      '  /b:',
      '    get: {}',
      'x-last: 1',
      '',
    ];
    const c = checker('/tmp/broken-on.yaml', 'yaml');
    step(c, base.join('\n'), 'initial', { full: true });
    const lines = base.slice();
    // What the soak's user does: a character at column 0 of a block scalar's line (no piece can be cut there), more
    // characters typed on, a clean edit elsewhere, then the break mended.
    lines[8] = 'r       text';
    step(c, lines.join('\n'), 'a character at column 0 in a block scalar', { full: true });
    lines[8] = 're      text';
    step(c, lines.join('\n'), 'typed on', { full: true });
    lines[2] = '  title: T2';
    step(c, lines.join('\n'), 'an edit elsewhere in the broken text', { full: true });
    lines[8] = '        text';
    step(c, lines.join('\n'), 'mended (two edits from the pieces kept)', { full: false });
    lines[10] = '    get: {summary: "B}';
    step(c, lines.join('\n'), 'a quote left open in the last path', { full: true });
    lines[10] = '    get: {summary: "B"}';
    step(c, lines.join('\n'), 'closed', { full: false });
  });

  it('special layouts: leading ---, CRLF, numeric keys, flow containers, non-mapping containers', () => {
    const { file, text } = corpus('oai-petstore-v3/petstore.yaml');
    const variants: [string, string][] = [
      ['leading ---', `# c\n---\n${text}`],
      ['CRLF', text.replace(/\n/g, '\r\n')],
      ['numeric response keys', text.replace(/'(\d{3})':/g, '$1:')],
      ['no final line break', text.trimEnd()],
    ];
    for (const [name, t] of variants) {
      const c = checker(file, 'yaml');
      step(c, t, `${name}: initial`, { full: true });
      const nl = t.includes('\r\n') ? '\r\n' : '\n';
      const lines = t.split(nl);
      const at = lines.findIndex(l => l.startsWith('paths:'));
      lines.splice(at + 1, 0, '  /zz:', '    get:', '      responses:', '        200:', '          description: ok');
      step(c, lines.join(nl), `${name}: insert a path`, { full: false, touched: ['/paths/~1zz'] });
      lines.splice(1, 0, '# moved');
      step(c, lines.join(nl), `${name}: lines moved`, { full: false, touched: [unitKey([lines[0].split(':')[0]])] });
      lines.splice(at + 2, 5);
      step(c, lines.join(nl), `${name}: delete a path`, { full: false });
    }

    // the root starts at the first key: a reused piece that becomes the first one
    const r = checker('/tmp/root.yaml', 'yaml');
    step(r, '# c\n\nx-a: 1\ninfo:\n  title: t\npaths:\n  /a: {}\n', 'root: initial', { full: true });
    step(r, 'info:\n  title: t\npaths:\n  /a: {}\n', 'root: first key and the lines above it removed', { full: false, touched: ['/x-a'] });
    step(r, 'paths:\n  /a: {}\n', 'root: again', { full: false, touched: ['/info'] });

    const c = checker('/tmp/x.yaml', 'yaml');
    let t = 'openapi: 3.1.0\ninfo:\n  title: x\npaths: []\ncomponents:\n  schemas: {A: {type: string}}\n  responses:\n    R:\n      description: r\n';
    step(c, t, 'non-mapping containers');
    t = t.replace('paths: []', 'paths: [1]');
    assert.deepEqual([...(step(c, t, 'sequence paths').u.changedUnits as Set<string>)], ['/paths']);
    t = t.replace('{A: {type: string}}', '{A: {type: number}}');
    const u = step(c, t, 'flow kind', { full: false }).u;
    assert.deepEqual([...(u.changedUnits as Set<string>)], ['/components/schemas/A']);
    t = t.replace('paths: [1]', 'paths:\n  /a: {}');
    assert.deepEqual([...(step(c, t, 'paths a mapping again').u.changedUnits as Set<string>)].sort(), ['/paths', '/paths/~1a']);
    t = t.replace('  /a: {}', '  /a: {}\n  /b: {}');
    step(c, t, 'paths cut into pieces', { full: false, touched: ['/paths/~1b'] });
    t = t.replace('description: r', 'description: s');
    step(c, t, 'kind entry', { full: false, touched: ['/components/responses/R'] });
  });

  it('keeps a returned document valid after later updates; an unchanged text changes nothing', () => {
    const { file, text } = corpus('oai-petstore-v3/petstore.yaml');
    const ip = new IncrementalParser(file, 'yaml');
    ip.update(text);
    const t2 = text.replace('paths:', 'x-a: 1\npaths:');
    const u2 = ip.update(t2);
    assert.equal(u2.full, false);
    const paths = allPaths(u2.doc.data, 5000);
    const before = paths.map(p => JSON.stringify(u2.doc.getRangeForJsonPath(p)));
    const json = canon(u2.doc.data);
    const u3 = ip.update(t2.replace('x-a: 1\n', '# one\n# two\nx-a: 1\n'));
    assert.equal(u3.full, false);
    assert.deepEqual(
      paths.map(p => JSON.stringify(u2.doc.getRangeForJsonPath(p))),
      before,
    );
    assert.equal(canon(u2.doc.data), json);
    const same = ip.update(u3.doc.text);
    assert.equal(same.doc, u3.doc);
    assert.deepEqual([...(same.changedUnits as Set<string>)], []);
  });
});

/** Layouts at the edges of cutting YAML into pieces (each is tried after a plain document, so incrementally first). */
const TRICKY_BASE =
  'openapi: 3.0.0\ninfo:\n  title: t\npaths:\n  /a:\n    get: {}\n  /b:\n    get: {}\ncomponents:\n  schemas:\n    A:\n      type: string\n    B:\n      type: string\n';
const TRICKY: string[] = [
  'x: |\na: b\n',
  'openapi: 3.0.0\nx: |\na: b\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\nx: >\na: b\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  /a:\n    description: |\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a:\n    description: |\n  b: c\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: |\n  b: c\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: |-\n  b: c\n',
  'openapi: 3.0.0\npaths:\n  /a: "x\n  b: c"\n',
  "openapi: 3.0.0\npaths:\n  /a: 'x\n  b: c'\n",
  'openapi: 3.0.0\npaths:\n  /a: x\n  y\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: x\n   y: z\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a:\n  - 1\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a:\n  - 1\n  - 2\n',
  'openapi: 3.0.0\nservers:\n- url: x\n- url: y\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\ninfo: "a\nb: c"\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\ninfo: a\nb\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\ninfo:\n  a: 1\n b: 2\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: {}\n /b: {}\n',
  'openapi: 3.0.0\npaths:\n   /a: {}\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: {}\n   /b: {}\n',
  'openapi: 3.0.0\npaths:\n  ? /a\n  : {}\n',
  'openapi: 3.0.0\npaths: !!map\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  !!str /a: {}\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: !!str 1\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: &x {}\n  /b: *x\n',
  'openapi: 3.0.0\npaths:\n  /a: {}\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  1.0: {}\n  1: {}\n',
  "openapi: 3.0.0\npaths:\n  '0x10': {}\n  0x10: {}\n",
  'openapi: 3.0.0\npaths:\n  __proto__: {}\n',
  'openapi: 3.0.0\npaths:\n  constructor: {}\n  200: {}\n  /b: {}\n',
  'openapi: 3.0.0\n<<: {a: 1}\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  <<: {a: 1}\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: {<<: {a: 1}, b: 2}\n',
  'openapi: 3.0.0\ninfo: x\ninfo: y\n',
  'openapi: 3.0.0\npaths:\n  "/a": {}\n  /b: {} # c\n#x\n  /c: {}\n',
  'openapi: 3.0.0\npaths: # comment\n  /a: {}\n  /b: {}\n',
  'openapi: 3.0.0\npaths:\n\n  # c\n\n  /a: {}\n\n\n',
  'openapi: 3.0.0\ncomponents:\n  schemas:\n    A: {}\n  responses:\n  - x\n',
  'openapi: 3.0.0\ncomponents:\n  schemas:\n  - x\n  responses: {}\n',
  'openapi: 3.0.0\ncomponents:\n  schemas:\n    A: {}\n   B: {}\n',
  'openapi: 3.0.0\ncomponents:\n  schemas:\n    A:\n      type: string\n  x: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: {}\n...\n',
  'openapi: 3.0.0\npaths:\n  /a: {}\n---\nb: 1\n',
  '%YAML 1.2\n---\nopenapi: 3.0.0\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: {}\n\t\n',
  'openapi: 3.0.0\npaths:\n  /a: {x: "\ty"}\n',
  ' openapi: 3.0.0\npaths:\n  /a: {}\n',
  '\uFEFFopenapi: 3.0.0\npaths:\n  /a: {}\n',
  'openapi: 3.0.0\npaths:\n  /a: {}\r\n  /b: {}\r\n',
  'openapi: 3.0.0\rpaths:\r  /a: {}\r',
  'openapi: 3.0.0\npaths:\n  /a: {}\n  /b:\n',
  'openapi: 3.0.0\npaths:\n  /a:\n',
  'openapi: 3.0.0\npaths:\n  /a: [\n  1]\n',
  'openapi: 3.0.0\npaths:\n  /a: {\n  }\n',
  'openapi: 3.0.0\npaths:\n  /a: x\n#c\n  /b: y\n',
  'openapi: 3.0.0\npaths:\n  /a: x\n  #c\n  /b: y\n',
  'openapi: 3.0.0\npaths:\n  /a: |\n    x\n\n\n  /b: |+\n    y\n\n\n',
  'openapi: 3.0.0\npaths:\n  /a: |\n    x\n  # not comment\n    y\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: >\n    x\n#c\n    y\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: x\n    # c\n    y\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: |2\n     x\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: |1\n  x\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a:   \n  /b: 1   \n',
  'openapi: 3.0.0\npaths:\n  /a: - x\n',
  'openapi: 3.0.0\npaths:\n  /a:\n    - x\n    -\n  - y\n',
  'openapi: 3.0.0\npaths:\n  -x: 1\n  -y: 2\n',
  'openapi: 3.0.0\npaths:\n  /a: 1\n  -\n',
  'openapi: 3.0.0\npaths:\n  /a: 1\n-\n',
  'openapi: 3.0.0\npaths:\n  /a: 1\n- b\n',
  'openapi: 3.0.0\ntags:\n- a\n-b\n',
  'openapi: 3.0.0\ntags:\n- a\n- b: |\n   x\n',
  'openapi: 3.0.0\n"paths":\n  /a: 1\n',
  'openapi: 3.0.0\npaths :\n  /a: 1\n  /b: 2\n',
  'openapi: 3.0.0\npaths:\n  /a: 1\n  /b: 2\npaths2:\n  /c: 1\n',
  'openapi: 3.0.0\nx: "a\n\n  b"\npaths:\n  /a: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: "a\n\n  b"\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: "a\n\n b"\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: "a\n\nb"\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: a\n\n b\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: a\n\n   b\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: a\n\nb\n',
  'openapi: 3.0.0\npaths:\n  /a: a #x\n   b\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: ? x\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: !x\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: !<tag:x> 1\n  /b: 1\n',
  'openapi: 3.0.0\npaths:\n  /a: !!str aGVsbG8=\n  /b: 2001-01-01\n  /c: .inf\n  /d: .nan\n  /e: -0\n  /f: 0o17\n',
  'openapi: 3.0.0\npaths:\n  /a: !include x.yaml\n  /b: 1\n',
];

describe('IncrementalParser: layouts at the edges', () => {
  it('each gives what a fresh Document gives', () => {
    for (const t of TRICKY) {
      const c = checker('/tmp/tricky.yaml', 'yaml');
      step(c, TRICKY_BASE, 'base');
      step(c, t, JSON.stringify(t));
      step(c, `${t}# more\n`, `${JSON.stringify(t)} + comment`);
      step(c, t.replace('openapi: 3.0.0', 'openapi: 3.1.0'), `${JSON.stringify(t)} + openapi edit`);
    }
  });

  it('a text the parser throws on throws as Document does, and the next update works', () => {
    const c = checker('/tmp/binary.yaml', 'yaml');
    step(c, TRICKY_BASE, 'base');
    const bad = TRICKY_BASE.replace('type: string\n    B', 'type: !!binary aGVsbG8=\n    B');
    assert.throws(() => new Document(bad, Parsers.Yaml, c.source));
    assert.throws(() => c.ip.update(bad));
    step(c, TRICKY_BASE.replace('title: t', 'title: u'), 'after the throw', { full: false, touched: ['/info'] });
  });
});

describe('IncrementalParser: random edits', () => {
  const docs = FUZZ
    ? [
        'oai-petstore-v3/petstore.yaml',
        'oai-callback-example-v3/callback-example.yaml',
        'oai-webhook-example-v31/webhook-example.yaml',
        'redocly-museum/openapi.yaml',
        'redocly-cafe-v32/cafe.yaml',
        'oai-petstore-expanded-v2/petstore-expanded.yaml',
      ]
    : ['oai-petstore-v3/petstore.yaml', 'oai-webhook-example-v31/webhook-example.yaml', 'oai-callback-example-v3/callback-example.yaml'];
  const seeds = FUZZ ? 60 : 10;
  const steps = FUZZ ? 40 : 30;
  const snippets = [
    ':',
    ' ',
    '-',
    '#',
    '&a ',
    '*a',
    '{',
    '}',
    '[',
    '"',
    "'",
    '|',
    '\n',
    '  ',
    'x',
    '\t',
    '? ',
    '<<: ',
    '---\n',
    'a: b\n',
    '  c: d\n',
    '    e: 1\n',
    '\r\n',
    '200',
    '~',
    '!!str ',
  ];
  for (const rel of docs) {
    it(rel, () => {
      const { file, text: base } = corpus(rel);
      let incremental = 0;
      let broken = 0;
      for (let seed = 1; seed <= seeds; seed++) {
        const rnd = seededRandom(seed * 7919);
        const c = checker(file, 'yaml');
        let text = base;
        const history = [text];
        for (let i = 0; i < steps; i++) {
          if (i > 0) {
            const lines = text.split('\n');
            const li = Math.floor(rnd() * lines.length);
            const l = lines[li];
            const col = Math.floor(rnd() * (l.length + 1));
            const end = (at: number) => {
              let e = at + 1;
              while (e < lines.length && (lines[e].trim() === '' || indentOf(lines[e]) > indentOf(lines[at]))) e++;
              return e;
            };
            const op = Math.floor(rnd() * 12);
            if (op === 0) lines.splice(li, 1);
            else if (op === 1) lines.splice(li, 0, lines[Math.floor(rnd() * lines.length)]);
            else if (op === 2) lines[li] = ' '.repeat(Math.floor(rnd() * 3)) + l.replace(/^ {0,2}/, '');
            else if (op === 3) lines[li] = l.slice(0, col) + snippets[Math.floor(rnd() * snippets.length)] + l.slice(col);
            else if (op === 4) lines[li] = l.slice(0, col) + l.slice(col + 1 + Math.floor(rnd() * 5));
            else if (op === 5 || op === 6) {
              const cand = lines.flatMap((x, j) => (/: [A-Za-z0-9]/.test(x) ? [j] : []));
              if (cand.length > 0) lines[cand[Math.floor(rnd() * cand.length)]] += ` z${i}`;
            } else if (op === 7) lines.splice(li, 0, rnd() < 0.5 ? '' : `${' '.repeat(Math.floor(rnd() * 6))}# note ${i}`);
            else if (op === 8) {
              const e = end(li);
              const block = lines.slice(li, e);
              block[0] = block[0].replace(/^( *)([^:#\s]+)/, `$1$2_c${i}`);
              lines.splice(e, 0, ...block);
            } else if (op === 9) lines.splice(li, end(li) - li);
            else if (op === 10) {
              const moved = lines.splice(li, 1 + Math.floor(rnd() * 4));
              lines.splice(Math.floor(rnd() * lines.length), 0, ...moved);
            }
            text = op === 11 ? (rnd() < 0.5 ? base : history[Math.floor(rnd() * history.length)]) : lines.join('\n');
            history.push(text);
          }
          const { u } = step(c, text, `seed ${seed} step ${i}`, { cap: 2000 });
          if (!u.full) incremental++;
          if (!u.full && u.doc.diagnostics.some(d => d.severity === DiagnosticSeverity.Error)) broken++;
        }
      }
      assert.ok(incremental > seeds * steps * 0.15, `enough incremental updates (${incremental})`);
      // Texts with a syntax error in one piece take the incremental way too (brokenPiece.ts), and are checked above.
      assert.ok(broken > 0, `incremental updates of broken texts (${broken})`);
    });
  }
});

describe('IncrementalParser: JSON', () => {
  it('petstore-expanded.json: edits, broken JSON, identity by value', () => {
    const { file, text } = corpus('oai-petstore-expanded-v3/petstore-expanded.json');
    const c = checker(file, 'json');
    step(c, text, 'initial', { full: true });
    const data = JSON.parse(text) as { paths: Record<string, unknown> };
    const firstPath = Object.keys(data.paths)[0];
    // an edit inside one unit's value parses that value alone
    let t = text.replace('"description": "Returns all pets', '"description": "Returns every pet');
    step(c, t, 'description', { full: false, touched: [unitKey(['paths', firstPath])] });
    t = t.replace('"title": "Swagger Petstore"', '"title": "Swagger Petstore (edited)"');
    step(c, t, 'title', { full: false, touched: ['/info'] });
    t = t.replace('"title": "Swagger Petstore (edited)"', '"title":   "Swagger Petstore (edited)"');
    const { u: ws } = step(c, t, 'whitespace inside a unit', { full: false });
    assert.equal((ws.changedUnits as Set<string>).size, 0, 'a value that did not change keeps its identity');
    t = t.replace('"description": "Returns every pet', '"description": "Returns\nevery pet');
    step(c, t, 'a line break typed into a string: broken', { full: true });
    t = t.replace('"description": "Returns\nevery pet', '"description": "Returns every pet');
    step(c, t, 'repaired', { full: true });
    // an edit between the entries of a container, or across units, parses the whole text
    t = t.replace('"paths": {', '"paths": {\n    "/zz": {},');
    step(c, t, 'insert a path', { full: true, touched: ['/paths/~1zz'] });
    const broken = t.replace('"/zz": {},', '"/zz": {,');
    step(c, broken, 'broken JSON', { full: true });
    step(c, t, 'fixed JSON', { full: true });
    const u = c.ip.update(t.replace('"/zz": {},', '"/zz": {"x-a": 1},'));
    assert.deepEqual([...(u.changedUnits as Set<string>)], ['/paths/~1zz']);
    assert.equal(u.full, false);
  });

  it('shapes at the edges: one line, CR line ends, comments, a container that is no object, numeric keys', () => {
    const base = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { '404': { description: 'x' }, '200': { description: 'ok' } } } }, '/b': {} },
      components: { schemas: { A: { type: 'string' }, B: { type: 'array', items: { $ref: '#/components/schemas/A' } } }, responses: [] },
      'x-end': [1, 2, { a: null }],
    };
    const texts = [
      JSON.stringify(base),
      JSON.stringify(base, null, 2),
      JSON.stringify(base, null, '\t').replace(/\n/g, '\r\n'),
      JSON.stringify(base, null, 1).replace(/\n/g, '\r'),
    ];
    for (const [n, original] of texts.entries()) {
      const c = checker(`/tmp/edge${n}.json`, 'json');
      step(c, original, `${n} initial`, { full: true });
      // [where (tokens, any layout), what there, into what, the units touched (undefined: a whole-text parse)]
      const edits: [string, string, string, string[] | undefined][] = [
        ['"description":"x"', '"x"', '"xy"', ['/paths/~1a']],
        ['"type":"string"', '"string"', '"integer"', ['/components/schemas/A']],
        ['"responses":[]', '[]', '[1]', ['/components/responses']],
        ['"responses":[1]', '[1]', '{}', undefined], // a container becomes an object: the whole text
        ['"title":"t"', '"t"', '"t" /* c */', []], // a comment after a value: allowed, as in Spectral; the value is unchanged
        ['"version":"1"', '"1"', '1', ['/info']],
        ['{"a":null}', 'null', 'null,"b":true', ['/x-end']],
        ['"openapi":"3.0.0"', '3.0.0', '3.1.0', ['/openapi']],
        ['"404":{', '"404"', '"405"', ['/paths/~1a']], // a key inside a unit's value
        ['"/b":{}', '"/b"', '"/c"', undefined], // a unit's own key: the whole text
      ];
      let t = original;
      for (const [where, a, b, touched] of edits) {
        const re = new RegExp(
          where
            .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
            .replace(/(\\[{[]|[:,])/g, '$1\\s*')
            .replace(/(\\[}\]])/g, '\\s*$1'),
        );
        const m = re.exec(t);
        assert.ok(m, `${n}: ${where} in the text`);
        const at = m.index + m[0].indexOf(a);
        t = t.slice(0, at) + b + t.slice(at + a.length);
        step(c, t, `${n}: ${where}: ${a} → ${b}`, touched ? { touched, full: false } : { full: true });
      }
    }
  });
});

describe('IncrementalParser: JSON, typing inside a string', () => {
  it('parses only that string: a copy down to it, every other object kept (===); anything else takes another way', () => {
    const { file, text } = corpus('oai-petstore-expanded-v3/petstore-expanded.json');
    const c = checker(file, 'json');
    step(c, text, 'initial', { full: true });
    const pets = unitKey(['paths', '/pets']);
    type Obj = Record<string, Record<string, unknown>>;
    const pathItem = (): Obj => (c.doc!.data as { paths: Record<string, Obj> }).paths['/pets'];
    let t = text;
    const typed = (label: string, from: string, to: string, expect: { stringEdit: boolean; full?: boolean }): ParseUpdate => {
      assert.ok(t.includes(from), `${label}: ${from} in the text`);
      t = t.replace(from, to);
      const { u } = step(c, t, label, expect.full === undefined ? {} : { full: expect.full });
      assert.equal(u.stringEdit === true, expect.stringEdit, `${label}: stringEdit`);
      return u;
    };
    // Typing into the first operation's description (what designers do most), in the middle, at each end.
    const before = pathItem();
    let u = typed('a word typed', '"description": "Returns all pets', '"description": "Returns every pet', { stringEdit: true, full: false });
    assert.deepEqual([...(u.changedUnits as Set<string>)], [pets]);
    const after = pathItem();
    assert.notEqual(after, before);
    assert.notEqual(after.get, before.get, 'the objects down to the string are new');
    assert.equal(after.post, before.post, 'the other operation is the same object');
    assert.equal(after.get.responses, before.get.responses, 'the objects beside the way down are the same');
    assert.equal(after.get.parameters, before.get.parameters);
    typed('at the start', '"description": "Returns every pet', '"description": "xReturns every pet', { stringEdit: true });
    typed('the whole string emptied', '"description": "tags to filter by"', '"description": ""', { stringEdit: true });
    typed('typed into an empty string', '"description": ""', '"description": "t"', { stringEdit: true });
    // Escapes: valid ones stay on this way; a lone backslash or a quote breaks the string (then the document).
    typed('an escape', '"description": "xReturns', '"description": "x\\n\\u00e9\\"Returns', { stringEdit: true });
    typed('a lone backslash', '"description": "x\\n', '"description": "x\\q\\n', { stringEdit: false, full: true });
    typed('mended', '"description": "x\\q\\n', '"description": "x\\n', { stringEdit: false });
    typed('a quote', '"description": "x\\n', '"description": "x"\\n', { stringEdit: false, full: true });
    typed('mended again', '"description": "x"\\n', '"description": "x\\n', { stringEdit: false });
    // A line break typed into a string breaks it.
    typed('a line break', '"description": "x\\n', '"description": "x\n\\n', { stringEdit: false, full: true });
    typed('no line break', '"description": "x\n\\n', '"description": "x\\n', { stringEdit: false });
    // Keys are the structure: another way.
    typed('a key inside a unit', '"operationId": "findPets"', '"operationIdx": "findPets"', { stringEdit: false, full: false });
    typed('the key back', '"operationIdx": "findPets"', '"operationId": "findPets"', { stringEdit: false, full: false });
    // A string in an array, a string that is a whole unit, a $ref (the same way: the resolver sees the new one).
    const required = /"required": \[\s*"name"/.exec(t)![0];
    typed('an array element', required, required.replace('"name"', '"namex"'), { stringEdit: true });
    typed('a unit that is a string', '"openapi": "3.0.0"', '"openapi": "3.0.1"', { stringEdit: true });
    u = typed('a $ref', '"$ref": "#/components/schemas/Pet"', '"$ref": "#/components/schemas/Pets"', { stringEdit: true });
    assert.equal((u.changedUnits as Set<string>).size, 1);
    // The same characters typed and removed: the value is the one before, the unit keeps its identity.
    const v0 = pathItem();
    typed('an escape that spells the same string', '"description": "x\\n', '"description": "\\u0078\\n', { stringEdit: true });
    assert.equal(pathItem(), v0, 'the same value: the same object');
  });
});

describe('IncrementalParser: JSON random edits', () => {
  const docs = FUZZ
    ? [
        'oai-petstore-expanded-v3/petstore-expanded.json',
        'oai-link-example-v3/link-example.json',
        'oai-uber-v2/uber.json',
        'swagger-petstore-v3/petstorev3.json',
      ]
    : ['oai-petstore-expanded-v3/petstore-expanded.json', 'oai-link-example-v3/link-example.json'];
  const seeds = FUZZ ? 60 : 8;
  const steps = FUZZ ? 40 : 30;
  const snippets = ['a', ' ', '\n', '"', ',', ':', '{', '}', '[', ']', '1', '-', 'true', 'null', '\\', '\\n', '/* c */', '\r\n', '"k": 1, ', '{"a": [1, 2]}'];
  for (const rel of docs) {
    it(rel, () => {
      const { file, text: base } = corpus(rel);
      let incremental = 0;
      let strings = 0;
      for (let seed = 1; seed <= seeds; seed++) {
        const rnd = seededRandom(seed * 104729);
        const c = checker(file, 'json');
        let text = base;
        const history = [text];
        for (let i = 0; i < steps; i++) {
          if (i > 0) {
            const op = Math.floor(rnd() * 8);
            const at = Math.floor(rnd() * (text.length + 1));
            if (op <= 2) {
              // type into a string value (what designers do most)
              const strings = [...text.matchAll(/: "([^"\\]*)"/g)];
              const m = strings[Math.floor(rnd() * strings.length)];
              if (m) {
                const col = m.index! + 3 + Math.floor(rnd() * (m[1].length + 1));
                text = text.slice(0, col) + (rnd() < 0.8 ? `z${i}` : '') + text.slice(col + (rnd() < 0.3 ? 1 : 0));
              }
            } else if (op === 3) text = text.slice(0, at) + snippets[Math.floor(rnd() * snippets.length)] + text.slice(at);
            else if (op === 4) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 8));
            else if (op === 5) {
              const nums = [...text.matchAll(/: (-?\d+)/g)];
              const m = nums[Math.floor(rnd() * nums.length)];
              if (m) text = text.slice(0, m.index! + 2) + String(Math.floor(rnd() * 1000)) + text.slice(m.index! + m[0].length);
            } else if (op === 6) {
              const lines = text.split('\n');
              const li = Math.floor(rnd() * lines.length);
              lines.splice(li, 0, lines[Math.floor(rnd() * lines.length)]);
              text = lines.join('\n');
            } else text = rnd() < 0.5 ? base : history[Math.floor(rnd() * history.length)];
            history.push(text);
          }
          const { u } = step(c, text, `seed ${seed} step ${i}`, { cap: 2000 });
          if (!u.full) incremental++;
          if (u.stringEdit) strings++;
        }
      }
      assert.ok(incremental > seeds * steps * 0.2, `enough incremental updates (${incremental})`);
      assert.ok(strings > seeds * steps * 0.05, `enough edits inside strings (${strings})`);
    });
  }
});

describe('IncrementalParser: timing', () => {
  for (const rel of ['asana/asana.yaml', 'stripe/spec3.yaml']) {
    it(`${rel}: a one-line edit is much cheaper than a whole parse`, { skip: needs(rel) }, t => {
      const { file, text } = corpus(rel);
      const ip = new IncrementalParser(file, 'yaml');
      ip.update(text);
      const lines = text.split('\n');
      const at = lines.findIndex((l, i) => i > lines.indexOf('paths:') && /^ {6,}description: [A-Za-z]/.test(l));
      const inc: number[] = [];
      const texts = Array.from({ length: 12 }, (_x, i) => {
        const l = lines.slice();
        l[at] += ` edit ${i}`;
        return l.join('\n');
      });
      for (const tx of texts) {
        const t0 = performance.now();
        const u = ip.update(tx);
        inc.push(performance.now() - t0);
        assert.equal(u.full, false);
        assert.equal((u.changedUnits as Set<string>).size, 1);
      }
      const full: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        Parsers.Yaml.parse(texts[i]);
        full.push(performance.now() - t0);
      }
      const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      t.diagnostic(`${rel}: update ${median(inc).toFixed(1)} ms (median of ${inc.length}), whole parse ${median(full).toFixed(1)} ms`);
      assert.ok(median(inc) * 3 < median(full), `update ${median(inc)} ms vs whole parse ${median(full)} ms`);
    });
  }
});

describe('IncrementalParser: YAML, a unit parsed again keeps the objects that did not change', () => {
  it('typing into a summary: new objects only down to it, and what a fresh Document gives', () => {
    const { file, text } = corpus('oai-petstore-v3/petstore.yaml');
    const c = checker(file, 'yaml');
    step(c, text, 'initial', { full: true });
    type Obj = Record<string, Record<string, unknown>>;
    const pathItem = (): Obj => (c.doc!.data as { paths: Record<string, Obj> }).paths['/pets'];
    const before = pathItem();
    const edited = text.replace('summary: List all pets', 'summary: List every pet');
    assert.notEqual(edited, text);
    const { u } = step(c, edited, 'summary typed into', { full: false, touched: [unitKey(['paths', '/pets'])] });
    assert.deepEqual([...(u.changedUnits as Set<string>)], [unitKey(['paths', '/pets'])]);
    const after = pathItem();
    assert.notEqual(after, before, 'the path item is new');
    assert.notEqual(after.get, before.get, 'so is the operation typed into');
    assert.equal(after.post, before.post, 'the other operation is the old object');
    assert.equal(after.get.responses, before.get.responses, 'the objects beside the summary are the old ones');
    assert.equal(after.get.parameters, before.get.parameters);
  });

  it('adoptUnchanged: equal members become the old objects; order, arrays, frozen values and the old value respected', () => {
    const prev = { a: { x: 1 }, b: [{ y: 2 }, { z: 3 }], c: 'old', d: { k: 1, l: 2 } };
    Object.freeze(prev.a);
    const next = { a: { x: 1 }, b: [{ y: 2 }, { z: 4 }], c: 'new', d: { l: 2, k: 1 } };
    assert.equal(adoptUnchanged(prev, next), false);
    assert.equal(next.a, prev.a, 'an equal member is the old object');
    assert.equal(next.b[0], prev.b[0], 'an equal array element too');
    assert.notEqual(next.b[1], prev.b[1]);
    assert.notEqual(next.d, prev.d, 'keys in another order: not equal');
    assert.deepEqual(prev, { a: { x: 1 }, b: [{ y: 2 }, { z: 3 }], c: 'old', d: { k: 1, l: 2 } }, 'the old value is not written to');
    const frozen = Object.freeze({ a: { x: 1 } });
    assert.equal(adoptUnchanged({ a: { x: 1 } }, frozen), true, 'equal');
    assert.equal(Object.isFrozen(frozen) && frozen.a.x, 1);
    assert.equal(adoptUnchanged([1, 2], [1, 2, 3]), false);
  });
});
