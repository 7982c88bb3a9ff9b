/**
 * Meta test: the layers of server/src import downwards only. The engine (engine/) is used by
 * the language server (lsp/) and the CLI (cli/), through its entry (engine/index.ts) and nothing
 * else of it; neither the language server nor the engine imports from cli/, and the engine does
 * not import from lsp/. No import circle crosses a folder, and no source file is over about 500
 * lines.
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

/** What a relative specifier of `file` names, relative to server/src, without its extension. */
function targetOf(file: string, spec: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.[cm]?[jt]s$/, '');
}

/**
 * `file imports spec` for every import of a layer the file may not import from, and for every import of the
 * CLI or the language server that reaches into the engine past its entry.
 */
export function violations(files: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    const forbidden = forbiddenFor(file);
    const outside = file.startsWith('cli/') || file.startsWith('lsp/');
    for (const spec of specifiersOf(text)) {
      if (!spec.startsWith('.')) continue;
      const target = targetOf(file, spec);
      const layer = target.split('/')[0]!;
      if (forbidden.includes(layer)) out.push(`${file} imports ${spec}`);
      else if (outside && layer === 'engine' && target !== 'engine' && target !== 'engine/index') out.push(`${file} imports ${spec}: not the engine's entry`);
    }
  }
  return out;
}

/** The value imports of a file (`import type` is erased from the JavaScript: it makes no circle at run time). */
function valueSpecifiersOf(text: string): string[] {
  return specifiersOf(text.replace(/^\s*(import|export)\s+type\b[^;]*;/gm, ''));
}

/** The import circles (of value imports, between files of `files`) whose files are in more than one folder. */
export function crossFolderCircles(files: Map<string, string>): string[][] {
  const key = (t: string) => (files.has(`${t}.ts`) ? `${t}.ts` : files.has(`${t}/index.ts`) ? `${t}/index.ts` : undefined);
  const edges = new Map<string, string[]>();
  for (const [file, text] of files) {
    const to = valueSpecifiersOf(text)
      .filter(s => s.startsWith('.'))
      .map(s => key(targetOf(file, s)));
    edges.set(
      file,
      to.filter((t): t is string => t !== undefined),
    );
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (new Set(component.map(f => path.posix.dirname(f))).size > 1) circles.push(component.sort());
  };
  for (const f of files.keys()) if (!index.has(f)) visit(f);
  return circles;
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
      ['lsp/a.ts', "import { ruleInfo } from '../cli/ruleInfo';\nimport { x } from '../engine';"],
      ['engine/diff/b.ts', "export * from '../../lsp/session';\nconst g = require('../../cli/git');"],
      ['engine/c.ts', "const m = await import('../cli/main');\nimport { y } from './y';\nimport * as p from 'node:path';"],
      ['cli/d.ts', "import { s } from '../lsp/session';\nimport { e } from '../engine/index';\nimport type { T } from '../engine/lint';"],
      ['cli/formatters/e.ts', "import { e } from '../../engine';\nimport { f } from '../../engine/fix/index';"],
    ]);
    assert.deepEqual(violations(files), [
      'lsp/a.ts imports ../cli/ruleInfo',
      'engine/diff/b.ts imports ../../lsp/session',
      'engine/diff/b.ts imports ../../cli/git',
      'engine/c.ts imports ../cli/main',
      "cli/d.ts imports ../engine/lint: not the engine's entry",
      "cli/formatters/e.ts imports ../../engine/fix/index: not the engine's entry",
    ]);
  });

  it('finds the import circles that cross a folder (the check itself)', () => {
    const files = new Map([
      ['engine/lint.ts', "import { cold } from './pipeline/cold';"],
      ['engine/pipeline/cold.ts', "import { finish } from '../lint';"],
      ['engine/parse/a.ts', "import { b } from './b';"],
      ['engine/parse/b.ts', "import { a } from './a';"],
      ['engine/run/c.ts', "import type { D } from '../d';"],
      ['engine/d.ts', "import { c } from './run/c';"],
    ]);
    assert.deepEqual(crossFolderCircles(files), [['engine/lint.ts', 'engine/pipeline/cold.ts']]);
  });

  it('no import circle crosses a folder', () => {
    assert.deepEqual(crossFolderCircles(sourceFiles(srcDir)), []);
  });

  it('the language server and the engine do not import from cli/, the engine not from lsp/', () => {
    const files = sourceFiles(srcDir);
    assert.ok(files.size > 50, `server/src read (${files.size} files)`);
    assert.deepEqual(violations(files), []);
  });

  it('no source file is over about 500 lines', () => {
    const over: string[] = [];
    for (const [file, text] of sourceFiles(srcDir)) {
      const n = text.split('\n').length;
      if (n > 520) over.push(`${file}: ${n} lines`);
    }
    assert.deepEqual(over, []);
  });
});
