/**
 * Every document of the corpus (MANIFEST.md, entry column) lints without an exception, through the built CLI in
 * parallel mode: the full corpus (../shared/corpus or APICONV_CORPUS) when present, else the vendored test/corpus.
 * Documents over 1 MB are linted only with APICONV_FULL_CORPUS=1 (they take minutes).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS, ROOT, runCli, type JsonFinding } from '../cli/helpers';
import { FULL_CORPUS, VENDORED_CORPUS, needsFullCorpus } from '../helpers/corpus';

export interface CorpusDoc {
  name: string;
  entry: string;
  /** Size of the document (all its files), bytes. */
  bytes: number;
}

export function readManifest(corpus = CORPUS): CorpusDoc[] {
  const manifest = path.join(corpus, 'MANIFEST.md');
  if (!fs.existsSync(manifest)) throw new Error(`the corpus is missing: ${manifest} not found`);
  const docs: CorpusDoc[] = [];
  for (const line of fs.readFileSync(manifest, 'utf8').split('\n')) {
    const cells = line.split('|').map(c => c.trim());
    if (!/^\d+$/.test(cells[1] ?? '')) continue;
    const entry = cells[3].replace(/`/g, '');
    const m = /^([\d.]+)\s*(KB|MB)/.exec(cells[8]);
    if (!m) throw new Error(`MANIFEST.md: cannot read the size of ${cells[2]}: ${cells[8]}`);
    docs.push({ name: cells[2], entry: path.join(corpus, entry), bytes: Number(m[1]) * (m[2] === 'MB' ? 1024 * 1024 : 1024) });
  }
  return docs;
}

const FULL = process.env.APICONV_FULL_CORPUS === '1';
const ONE_MB = 1024 * 1024;

describe('corpus', () => {
  it('the full corpus is present and its manifest lists 40 documents', { skip: needsFullCorpus }, () => {
    const docs = readManifest(FULL_CORPUS);
    assert.equal(docs.length, 40);
    for (const d of docs) assert.ok(fs.existsSync(d.entry), `${d.name}: ${d.entry}`);
  });

  it('the vendored corpus: every folder has its manifest row (source, license), every entry exists', () => {
    const docs = readManifest(VENDORED_CORPUS);
    const dirs = fs
      .readdirSync(VENDORED_CORPUS, { withFileTypes: true })
      .filter(e => e.isDirectory())
      .map(e => e.name);
    assert.deepEqual(docs.map(d => d.name).sort(), dirs.sort());
    assert.ok(docs.length >= 10);
    for (const d of docs) assert.ok(fs.existsSync(d.entry), `${d.name}: ${d.entry}`);
    const manifest = fs.readFileSync(path.join(VENDORED_CORPUS, 'MANIFEST.md'), 'utf8');
    for (const line of manifest.split('\n').filter(l => /^\| \d+ \|/.test(l))) assert.match(line, /\| (MIT|Apache-2\.0)[^|]* \|/, line);
  });

  it(
    `every document${FULL ? '' : ' up to 1 MB (APICONV_FULL_CORPUS=1 for all)'} lints without an exception`,
    { timeout: FULL ? 60 * 60_000 : 10 * 60_000 },
    () => {
      const docs = readManifest().filter(d => FULL || d.bytes <= ONE_MB);
      assert.ok(docs.length >= (FULL_CORPUS ? 20 : 10));
      const r = runCli(['lint', '--format', 'json', '--jobs', '2', '--verbose', '--no-progress', ...docs.map(d => d.entry)], {
        timeout: FULL ? 60 * 60_000 : 10 * 60_000,
      });
      assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.stderr.slice(-2000)}`);
      assert.doesNotMatch(r.stderr, /internal error|worker failed|cannot read|Error:/);
      for (const d of docs) {
        // Paths inside the current folder (the vendored corpus) are shown relative to it.
        const shown = path.relative(ROOT, d.entry).startsWith('..') ? d.entry : path.relative(ROOT, d.entry).split(path.sep).join('/');
        const line = r.stderr.split('\n').find(l => l.startsWith(`apiconv: ${shown}:`));
        assert.ok(line, `${d.name} was linted`);
        assert.match(line!, /: \d+ finding\(s\) in \d+ ms$/, `${d.name} is recognised as OpenAPI and linted: ${line}`);
      }
      const findings = JSON.parse(r.stdout) as JsonFinding[];
      assert.ok(findings.length > 0);
      for (const f of findings) {
        assert.equal(typeof f.code, 'string');
        assert.ok(f.range.start.line >= 0 && f.range.end.line >= f.range.start.line, `${f.code} range in ${f.source}`);
        assert.ok(path.isAbsolute(f.source));
      }
      // A finding is shown on one line (its key, or the first line of what it is about); only a parser error may span lines.
      const spanning = findings.filter(f => f.code !== 'parser' && f.range.end.line > f.range.start.line);
      assert.deepEqual(
        spanning.slice(0, 5).map(f => `${f.code} ${f.source}:${f.range.start.line + 1}-${f.range.end.line + 1}`),
        [],
        `${spanning.length} findings span more than one line`,
      );
    },
  );
});
