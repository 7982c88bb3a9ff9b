/**
 * The cut of a YAML text into pieces of whole lines that `yaml` can parse one by one (--fix parsed
 * the whole text again after every round of fixes, for rounds that changed one operation).
 *
 * - Top level: a piece starts at every line with content at column 0 (not a comment, not a `- ` entry of the
 *   key above it); the lines before the first key belong to the first piece.
 * - A container (`paths`, `components`, `definitions`, … below) written `paths:` alone on its line, with a block
 *   mapping below it, is cut again: a header piece (its key line and the comments up to its first entry) and one
 *   piece per entry, starting at every content line at the indentation of the first entry. The entries of
 *   `components`, `paths` and `webhooks` are cut once more the same way (the kinds into their entries, the path
 *   items into their operations), the operations into their fields, and their `responses` into its responses.
 * A text this cannot cut (a tab in an indentation, a directive or a document marker other than one `---` that
 * starts the text, content that starts indented)
 * gives undefined; a container whose body does not fit the rule stays one piece. Whether the pieces stand for the
 * whole text is decided by their parses (yamlOps.ts: each must be one clean pair, with no alias); else the
 * whole text is parsed.
 */

export interface Piece {
  start: number;
  end: number;
  /** The keys of the containers the piece is an entry of ([] at the top level). */
  container: string[];
  /** A container's own key line (its value is the entries after it). */
  header: boolean;
}

/** Containers whose entries are cut again: the kinds of components, the path items (into their operations). */
const CUT_TWICE = new Set(['components', 'paths', 'webhooks']);
/**
 * …and the operations of path items, into their fields (a fix that adds a response parses the responses again, not the
 * operation), and an operation's `responses` into its responses: a fix that adds a response parses the new one alone,
 * and the same response (`"401":` with its `$ref`) in every operation is one piece text, parsed once.
 */
const OPERATIONS = new Set(['paths', 'webhooks']);

const CONTAINERS = new Set(['paths', 'webhooks', 'components', 'definitions', 'parameters', 'responses', 'securityDefinitions']);

/**
 * The lines of a text: where each starts, and its columns of leading spaces (-1 for a blank or comment line). Two
 * arrays of numbers rather than an object per line: a view of spotify cuts some 9,000 lines, five times a --fix.
 */
interface Lines {
  start: number[];
  indent: number[];
}

function scan(text: string): Lines | undefined {
  const start: number[] = [];
  const indent: number[] = [];
  let pos = 0;
  let content = false;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    let i = pos;
    while (i < end && text.charCodeAt(i) === 32) i++;
    // The first character after the spaces; a line of spaces alone reads as '\r' (blank).
    const c = i < end ? text.charCodeAt(i) : 13;
    if (c === 9) return undefined;
    let blank = c === 13 || c === 35; // '\r', '#'
    if (!blank && i === pos && (c === 37 || text.startsWith('---', i) || text.startsWith('...', i))) {
      // One bare `---` before any content starts the document (it stays in the first piece); any other marker, or a directive, is left to the whole parse.
      if (content || !/^---[ ]*\r?$/.test(text.slice(pos, end))) return undefined;
      blank = true;
    }
    if (!blank) content = true;
    start.push(pos);
    indent.push(blank ? -1 : i - pos);
    pos = nl < 0 ? text.length : nl + 1;
  }
  return { start, indent };
}

/** A key line `key:` with nothing after the colon but a comment (the key as written; its parse says what it is). */
function headerKey(text: string, from: number, end: number): string | undefined {
  const m = /^([^\s#-][^#]*?):[ ]*(?:#[^\n]*)?\r?\n?$/.exec(text.slice(from, end));
  return m?.[1];
}

export function cutYaml(text: string): Piece[] | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const scanned = scan(text);
  if (!scanned) return undefined;
  const { start: starts, indent: indents } = scanned;
  const count = starts.length;
  const lineEnd = (i: number) => (i + 1 < count ? starts[i + 1]! : text.length);
  const lineStart = (i: number) => (i < count ? starts[i]! : text.length);
  const first = indents.findIndex(n => n >= 0);
  if (first < 0 || indents[first] !== 0) return undefined;
  const out: Piece[] = [];
  // Top-level pieces: [from line, to line).
  const tops: number[] = [];
  for (let i = first; i < count; i++) {
    if (indents[i] === 0 && text.charCodeAt(starts[i]!) !== 45) tops.push(i); // not '-'
  }
  if (tops.length === 0) return undefined;
  for (let t = 0; t < tops.length; t++) {
    const from = t === 0 ? 0 : tops[t]!;
    const to = t + 1 < tops.length ? tops[t + 1]! : count;
    cut(tops[t]!, from, to, 0, []);
  }
  return out;

  /** The piece of lines [from, to) whose key line is `keyLine`, cut again when it is a container. */
  function cut(keyLine: number, from: number, to: number, depth: number, container: string[]): void {
    const whole = (): void => void out.push({ start: starts[from]!, end: lineStart(to), container, header: false });
    const keyIndent = indents[keyLine]!;
    const key = headerKey(text, starts[keyLine]! + keyIndent, lineEnd(keyLine));
    const cuttable =
      key !== undefined &&
      (depth === 0
        ? CONTAINERS.has(key)
        : depth === 1
          ? CUT_TWICE.has(container[0]!)
          : OPERATIONS.has(container[0]!) && (depth === 2 || (depth === 3 && key === 'responses')));
    if (!cuttable) return whole();
    let body = keyLine + 1;
    while (body < to && indents[body]! < 0) body++;
    if (body >= to) return whole();
    const indent = indents[body]!;
    const ch = text.charCodeAt(starts[body]! + indent);
    if (indent <= keyIndent || ch === 45 || ch === 63) return whole(); // '-', '?'
    const entries: number[] = [];
    for (let i = body; i < to; i++) {
      const n = indents[i]!;
      if (n < 0 || n > indent) continue;
      if (n < indent) return whole();
      const at = starts[i]! + n;
      const c = text.charCodeAt(at);
      if (c === 63) return whole(); // '?'
      // A block sequence may sit at its key's indentation: its entries belong to the key above.
      if (c === 45) {
        const after = text.charCodeAt(at + 1);
        if (after === 32 || after === 10 || after === 13) continue;
      }
      entries.push(i);
    }
    out.push({ start: starts[from]!, end: starts[body]!, container, header: true });
    const inner = [...container, key!];
    for (let e = 0; e < entries.length; e++) {
      const eTo = e + 1 < entries.length ? entries[e + 1]! : to;
      cut(entries[e]!, entries[e]!, eTo, depth + 1, inner);
    }
  }
}
