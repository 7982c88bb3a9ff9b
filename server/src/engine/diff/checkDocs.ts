/** The docs of the diff checks: rules/diff/<id>.md (README.md is the catalog), embedded at build time (esbuild.mjs), read from the source tree under tsx. */
import * as fs from 'node:fs';
import * as path from 'node:path';

let docs: Record<string, string> | undefined;

export function diffDocs(): Record<string, string> {
  if (docs) return docs;
  try {
    docs = (require('apiconv:diff-docs') as { default: Record<string, string> }).default;
  } catch {
    const dir = path.join(__dirname, '..', '..', '..', '..', 'rules', 'diff');
    docs = {};
    // <id>.md pages only: README.md is the catalog.
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) if (/^[a-z0-9-]+\.md$/.test(f)) docs[f.slice(0, -3)] = fs.readFileSync(path.join(dir, f), 'utf8');
  }
  return docs;
}
