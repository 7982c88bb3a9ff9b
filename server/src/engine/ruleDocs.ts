/**
 * The markdown pages of the rules (rules/<id>.md) and of the diff checks (rules/diff/<id>.md): embedded in the
 * bundles at build time (esbuild.mjs), read from the source tree when the sources run (tsx).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const RULES_DIR = path.join(__dirname, '..', '..', '..', 'rules');

/**
 * `{ id: markdown }` of the pages: the bundle's embedded module (`embedded`, which throws outside a bundle), else the
 * files of `dir` whose names `isPage` accepts. Read once.
 */
function pages(embedded: () => { default: Record<string, string> }, dir: string, isPage: (file: string) => boolean): () => Record<string, string> {
  let docs: Record<string, string> | undefined;
  return () => {
    if (docs) return docs;
    try {
      docs = embedded().default;
    } catch {
      docs = {};
      for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) if (isPage(f)) docs[f.slice(0, -3)] = fs.readFileSync(path.join(dir, f), 'utf8');
    }
    return docs;
  };
}

/** `{ id: markdown }` of every rules/<id>.md. */
export const ruleDocs = pages(
  () => require('apiconv:rule-docs'),
  RULES_DIR,
  f => f.endsWith('.md'),
);

/** `{ id: markdown }` of every rules/diff/<id>.md (README.md is the catalog, not a check's page). */
export const diffDocs = pages(
  () => require('apiconv:diff-docs'),
  path.join(RULES_DIR, 'diff'),
  f => /^[a-z0-9-]+\.md$/.test(f),
);
