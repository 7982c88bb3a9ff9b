/**
 * A document behind a UTF-8 BOM. A client of the language server may send the BOM as the text's
 * first character (U+FEFF); the engine lints the text after it, as the CLI does (it drops the BOM when it reads
 * the file). The lint sequence (lintDocument.ts) and the code-action worker lint the texts without their BOM and move
 * what comes back into the editor's text: a position on line 0 is one character further, an offset one further, and a
 * fix's text keeps its BOM. Every other line is the same in both texts.
 */
import type { LintProblem, LintResult } from './problem';

const BOM = 0xfeff;

export function hasBom(text: string): boolean {
  return text.charCodeAt(0) === BOM;
}

/** The texts without their BOM, and the files that had one. */
export function withoutBom(
  file: string,
  text: string,
  overlays: Readonly<Record<string, string>>,
): { text: string; overlays: Readonly<Record<string, string>>; bomFiles: Set<string> } {
  const bomFiles = new Set<string>();
  if (hasBom(text)) {
    bomFiles.add(file);
    text = text.slice(1);
  }
  let out: Record<string, string> | undefined;
  for (const [f, t] of Object.entries(overlays)) {
    if (!hasBom(t)) continue;
    out ??= { ...overlays };
    out[f] = t.slice(1);
    bomFiles.add(f);
  }
  return { text, overlays: out ?? overlays, bomFiles };
}

const shift = (p: { line: number; character: number }) => (p.line === 0 ? { line: 0, character: p.character + 1 } : p);

/** The findings in the editor's texts: line 0 of a file with a BOM one character further (new objects: results may be kept and reused). */
export function problemsWithBom(result: LintResult, bomFiles: ReadonlySet<string>): LintResult {
  if (bomFiles.size === 0) return result;
  const move = (p: LintProblem): LintProblem =>
    bomFiles.has(p.source) && (p.range.start.line === 0 || p.range.end.line === 0)
      ? { ...p, range: { start: shift(p.range.start), end: shift(p.range.end) } }
      : p;
  return { ...result, problems: result.problems.map(move) };
}
