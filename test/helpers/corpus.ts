/**
 * Where the tests find real documents. The full corpus (40 documents, some of several MB) is `../shared/corpus`
 * next to the project, or the folder named by APICONV_CORPUS (`APICONV_CORPUS=none`: as if it were absent). A clone
 * of the repository alone has the small vendored corpus, test/corpus (same layout, MANIFEST.md with sources and
 * licenses). A test that needs a document only the full corpus has is skipped, and says so (`needs`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.join(__dirname, '..', '..');
export const VENDORED_CORPUS = path.join(ROOT, 'test', 'corpus');

function fullCorpus(): string | undefined {
  const env = process.env.APICONV_CORPUS;
  if (env !== undefined && env !== '') {
    const abs = path.resolve(env);
    return fs.existsSync(path.join(abs, 'MANIFEST.md')) ? abs : undefined;
  }
  const shared = path.join(ROOT, '..', 'shared', 'corpus');
  return fs.existsSync(path.join(shared, 'MANIFEST.md')) ? shared : undefined;
}

/** The full corpus, when present. */
export const FULL_CORPUS = fullCorpus();
/** The corpus the tests read: the full one when present, else the vendored one. */
export const CORPUS = FULL_CORPUS ?? VENDORED_CORPUS;

/** The reason to skip a test that needs these corpus documents (relative paths), or false when they are all here. */
export function needs(...rels: string[]): false | string {
  const missing = rels.filter(r => !fs.existsSync(path.join(CORPUS, r)));
  return missing.length === 0 ? false : `skipped: needs ${missing.join(', ')} of the full corpus (../shared/corpus or APICONV_CORPUS)`;
}

/** The reason to skip a test that runs over the whole full corpus, or false when it is present. */
export const needsFullCorpus: false | string = FULL_CORPUS
  ? false
  : 'skipped: needs the full corpus (../shared/corpus or APICONV_CORPUS); the vendored test/corpus is linted instead';

/** Every YAML file under `dir` (sorted), those over `maxBytes` left out: the corpus's YAML texts for the fix engine's tests. */
export function yamlFiles(dir: string, maxBytes = 600_000): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...yamlFiles(p, maxBytes));
    else if (/\.ya?ml$/i.test(e.name) && fs.statSync(p).size <= maxBytes) out.push(p);
  }
  return out.sort();
}
