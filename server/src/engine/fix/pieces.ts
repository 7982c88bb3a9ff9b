/**
 * The cut of a YAML text into pieces of whole lines that `yaml` can parse one by one (issue 16: --fix parsed
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
 * and the same response (`"401":` with its `$ref`) in every operation is one piece text, parsed once (issue 16).
 */
const OPERATIONS = new Set(['paths', 'webhooks']);

const CONTAINERS = new Set(['paths', 'webhooks', 'components', 'definitions', 'parameters', 'responses', 'securityDefinitions']);

interface Line {
  start: number;
  /** Columns of leading spaces; -1 for a blank or comment line. */
  indent: number;
}

function scan(text: string): Line[] | undefined {
  const lines: Line[] = [];
  let pos = 0;
  let content = false;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl;
    let i = pos;
    while (i < end && text.charCodeAt(i) === 32) i++;
    const c = i < end ? text[i] : '\r';
    if (c === '\t') return undefined;
    let blank = c === '\r' || c === '#';
    if (!blank && i === pos && (c === '%' || text.startsWith('---', i) || text.startsWith('...', i))) {
      // One bare `---` before any content starts the document (it stays in the first piece); any other marker, or a directive, is left to the whole parse.
      if (content || !/^---[ ]*\r?$/.test(text.slice(pos, end))) return undefined;
      blank = true;
    }
    if (!blank) content = true;
    lines.push({ start: pos, indent: blank ? -1 : i - pos });
    pos = nl < 0 ? text.length : nl + 1;
  }
  return lines;
}

/** A key line `key:` with nothing after the colon but a comment (the key as written; its parse says what it is). */
function headerKey(text: string, line: Line, end: number): string | undefined {
  const m = /^([^\s#-][^#]*?):[ ]*(?:#[^\n]*)?\r?\n?$/.exec(text.slice(line.start + line.indent, end));
  return m?.[1];
}

export function cutYaml(text: string): Piece[] | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  const scanned = scan(text);
  if (!scanned) return undefined;
  const lines: Line[] = scanned;
  const lineEnd = (i: number) => (i + 1 < lines.length ? lines[i + 1]!.start : text.length);
  const first = lines.findIndex(l => l.indent >= 0);
  if (first < 0 || lines[first]!.indent !== 0) return undefined;
  const out: Piece[] = [];
  // Top-level pieces: [from line, to line).
  const tops: number[] = [];
  for (let i = first; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.indent === 0 && text[l.start] !== '-') tops.push(i);
  }
  if (tops.length === 0) return undefined;
  for (let t = 0; t < tops.length; t++) {
    const from = t === 0 ? 0 : tops[t]!;
    const to = t + 1 < tops.length ? tops[t + 1]! : lines.length;
    cut(tops[t]!, from, to, 0, []);
  }
  return out;

  /** The piece of lines [from, to) whose key line is `keyLine`, cut again when it is a container. */
  function cut(keyLine: number, from: number, to: number, depth: number, container: string[]): void {
    const whole = (): void => void out.push({ start: lines[from]!.start, end: to < lines.length ? lines[to]!.start : text.length, container, header: false });
    const key = headerKey(text, lines[keyLine]!, lineEnd(keyLine));
    const cuttable =
      key !== undefined &&
      (depth === 0 ? CONTAINERS.has(key) : depth === 1 ? CUT_TWICE.has(container[0]!) : OPERATIONS.has(container[0]!) && (depth === 2 || (depth === 3 && key === 'responses')));
    if (!cuttable) return whole();
    let body = keyLine + 1;
    while (body < to && lines[body]!.indent < 0) body++;
    if (body >= to) return whole();
    const indent = lines[body]!.indent;
    const ch = text[lines[body]!.start + indent];
    if (indent <= lines[keyLine]!.indent || ch === '-' || ch === '?') return whole();
    const entries: number[] = [];
    for (let i = body; i < to; i++) {
      const l = lines[i]!;
      if (l.indent < 0 || l.indent > indent) continue;
      if (l.indent < indent) return whole();
      const c = text[l.start + l.indent];
      if (c === '?') return whole();
      // A block sequence may sit at its key's indentation: its entries belong to the key above.
      if (c === '-' && (text[l.start + l.indent + 1] === ' ' || text[l.start + l.indent + 1] === '\n' || text[l.start + l.indent + 1] === '\r')) continue;
      entries.push(i);
    }
    out.push({ start: lines[from]!.start, end: lines[body]!.start, container, header: true });
    const inner = [...container, key!];
    for (let e = 0; e < entries.length; e++) {
      const eTo = e + 1 < entries.length ? entries[e + 1]! : to;
      cut(entries[e]!, entries[e]!, eTo, depth + 1, inner);
    }
  }
}
