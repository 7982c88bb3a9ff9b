/**
 * Meta test: the layers of server/src import downwards only. The engine (engine/) is used by
 * the language server (lsp/) and the CLI (cli/); neither the language server nor the engine
 * imports from cli/, and the engine does not import from lsp/. And the engine's stage folders
 * (parse → resolve → run → finish, and pipeline/; see server/src/engine/README.md) keep their
 * files at about 500 lines at most.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const srcDir = path.join(__dirname, '..', '..', 'server', 'src');

/** The module specifiers of a TypeScript file: static imports and re-exports, `import()` and `require()`. */
export function specifiersOf(text: string): string[] {
  const out: string[] = [];
  const re = /\b(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]!);
  return out;
}

/** Which layers a file (relative to server/src, '/'-separated) may not import from. */
function forbiddenFor(file: string): string[] {
  if (file.startsWith('engine/')) return ['cli', 'lsp'];
  if (file.startsWith('lsp/')) return ['cli'];
  return [];
}

/** `file imports spec` for every import of a layer the file may not import from. */
export function violations(files: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    const forbidden = forbiddenFor(file);
    if (forbidden.length === 0) continue;
    for (const spec of specifiersOf(text)) {
      if (!spec.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const layer = target.split('/')[0]!;
      if (forbidden.includes(layer)) out.push(`${file} imports ${spec}`);
    }
  }
  return out;
}

function sourceFiles(dir: string, rel = '', out = new Map<string, string>()): Map<string, string> {
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    const r = rel ? `${rel}/${name}` : name;
    if (fs.statSync(p).isDirectory()) sourceFiles(p, r, out);
    else if (/\.tsx?$/.test(name)) out.set(r, fs.readFileSync(p, 'utf8'));
  }
  return out;
}

describe('layers of server/src', () => {
  it('finds the imports it forbids (the check itself)', () => {
    const files = new Map([
      ['lsp/a.ts', "import { ruleInfo } from '../cli/ruleInfo';\nimport { x } from '../engine/x';"],
      ['engine/diff/b.ts', "export * from '../../lsp/session';\nconst g = require('../../cli/git');"],
      ['engine/c.ts', "const m = await import('../cli/main');\nimport { y } from './y';\nimport * as p from 'node:path';"],
      ['cli/d.ts', "import { s } from '../lsp/session';\nimport { e } from '../engine/e';"],
    ]);
    assert.deepEqual(violations(files), [
      'lsp/a.ts imports ../cli/ruleInfo',
      'engine/diff/b.ts imports ../../lsp/session',
      'engine/diff/b.ts imports ../../cli/git',
      'engine/c.ts imports ../cli/main',
    ]);
  });

  it('the language server and the engine do not import from cli/, the engine not from lsp/', () => {
    const files = sourceFiles(srcDir);
    assert.ok(files.size > 50, `server/src read (${files.size} files)`);
    assert.deepEqual(violations(files), []);
  });

  it("the engine's stage folders hold no file over about 500 lines", () => {
    const over: string[] = [];
    for (const [file, text] of sourceFiles(path.join(srcDir, 'engine'))) {
      if (!/^(parse|resolve|run|finish|pipeline)\//.test(file)) continue;
      const n = text.split('\n').length;
      if (n > 520) over.push(`engine/${file}: ${n} lines`);
    }
    assert.deepEqual(over, []);
  });
});
