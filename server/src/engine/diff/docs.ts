/** The docs of the diff checks: rules/diff/<id>.md, embedded at build time (esbuild.mjs), read from the source tree under tsx. */
import * as fs from 'node:fs';
import * as path from 'node:path';

let docs: Record<string, string> | undefined;

export function diffDocs(): Record<string, string> {
  if (docs) return docs;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    docs = (require('apiconv:diff-docs') as { default: Record<string, string> }).default;
  } catch {
    const dir = path.join(__dirname, '..', '..', '..', '..', 'rules', 'diff');
    docs = {};
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) if (f.endsWith('.md')) docs[f.slice(0, -3)] = fs.readFileSync(path.join(dir, f), 'utf8');
  }
  return docs;
}
