/**
 * A keystroke that breaks the YAML (a `:` typed into a summary, a quote opened) breaks one piece (parser.ts): the
 * others parse as before. Does the broken piece, parsed on its own, give what the whole text gives? Its syntax
 * errors could make the parser read what follows it differently (an unclosed quote or bracket runs on; an error can
 * end the mapping it is in), or be reported elsewhere (at the start of the mapping it is in).
 *
 * Two broken pieces of one mapping (a second break typed before the first is mended) are proven as one span, from
 * the first to the last, with the pieces between them: the parser's recovery from the first error can move where it
 * reports the second (a line up), which the two pieces' own parses, or a proof of each on its own, cannot show. The
 * span is parsed as one piece would be. Broken pieces in two mappings, or with a container between them, are not
 * proven.
 *
 * The proof: the piece is parsed again between its neighbours in the same mapping, below the header lines of the
 * containers they are in (so that the parser is as deep as in the whole text). When the pieces before and after it
 * read as they do on their own (the same keys, the same values), and the diagnostics are each piece's own in its
 * place, the parser is back where it is in a clean text once the next piece is read, and everything after reads the
 * same; what came before was read before the error was met. The last top-level piece has nothing after it to be
 * read differently. A broken piece next to a container (`paths:` with its entries), or last in a container, is not
 * proven: the whole text is parsed. A same-line entry error (yamlSyntax.ts) is proven the same way, and stands where
 * it comes last among the tree's diagnostics, as it does in the whole text's (syntaxChecksLast).
 */
import type { IDiagnostic } from '@stoplight/types';
import { SAME_LINE_ENTRY_MESSAGE, withSyntaxChecks } from '../yamlSyntax';
import { parseYamlDocument } from './yamlDocument';
import type { Piece, TreeNode } from './pieces';
import { deepEqualOrdered, isRecord } from './units';

/** The header lines of the containers a level of pieces is in (`paths:`, `components:` + `  schemas:`), and their data keys. */
export interface Outer {
  headers: string;
  keys: string[];
}

export interface BrokenSpan {
  /** The broken pieces, from the first to the last, with the pieces between them: pieces of one mapping. */
  nodes: (TreeNode & { t: 0 })[];
  /** their span in the text */
  start: number;
  end: number;
  outer: Outer;
  /** the pieces before and after it in the same mapping, and where they start and end */
  prev?: { node: TreeNode; start: number };
  next?: { node: TreeNode; end: number };
}

/**
 * Why the broken piece's own parse is not shown to be the whole text's (see above); undefined when it is. `atEnd`:
 * nothing follows it in the text.
 */
export function brokenPieceUnproven(text: string, broken: BrokenSpan, atEnd: boolean): string | undefined {
  const { nodes, prev, next, outer } = broken;
  if (next === undefined && !(atEnd && outer.keys.length === 0)) return 'a broken piece last in its container';
  const before = prev?.node;
  const after = next?.node;
  if (before?.t === 1 || after?.t === 1) return 'a broken piece next to a container';
  const from = prev?.start ?? broken.start;
  const around = outer.headers + text.slice(from, next?.end ?? broken.end);
  const parse = withSyntaxChecks(around, parseYamlDocument(around));
  let data: unknown = parse.data;
  for (const k of outer.keys) data = isRecord(data) ? data[k] : undefined;
  if (!isRecord(data)) return 'a broken piece whose neighbours read differently';
  const expected = [before, ...nodes, after].filter((n): n is TreeNode & { t: 0 } => n !== undefined);
  const keys = Object.keys(data);
  if (keys.length !== expected.length || expected.some((n, i) => keys[i] !== n.key || !deepEqualOrdered(data[n.key], n.value)))
    return 'a broken piece whose neighbours read differently';
  // Each piece's own diagnostics, at its lines in this parse.
  const own: string[] = [];
  let line = lineCount(outer.headers);
  for (const n of expected) {
    for (const d of n.piece.diags) own.push(shape(d, line - n.piece.parseLine));
    line += n.nLines;
  }
  const found = parse.diagnostics.map(d => shape(d, 0));
  return own.length === found.length && own.every((d, i) => d === found[i]) ? undefined : 'a broken piece whose errors are reported elsewhere';
}

function lineCount(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** A diagnostic as text, its lines moved down by `by`; its path left out (a piece's is given its prefix when parsed). */
function shape(d: Piece['diags'][number] | IDiagnostic, by: number): string {
  const { start, end } = d.range;
  return JSON.stringify([d.code, d.message, d.severity, start.line + by, start.character, end.line + by, end.character]);
}

/**
 * Whether the same-line entry errors among a tree's diagnostics (in the pieces' order) come after all the others, as
 * in the whole text's: yamlSyntax.ts adds them after the parser's own, sorted, diagnostics, in a piece as in the whole
 * text. A broken piece with one stands only when no piece after it has a diagnostic.
 */
export function syntaxChecksLast(diagnostics: IDiagnostic[]): boolean {
  let checks = false;
  for (const d of diagnostics) {
    if (d.message === SAME_LINE_ENTRY_MESSAGE) checks = true;
    else if (checks) return false;
  }
  return true;
}
