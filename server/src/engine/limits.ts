/**
 * Limits on what a document may cost before the parsers and rules see it
 * its size, its nesting depth and the nodes its YAML aliases
 * expand to. Each is checked by a linear, non-recursive scan, so a hostile
 * document is answered at once with a `parser` finding at the place where it
 * goes past the limit, instead of a hang, a stack overflow or an exhausted heap
 * in the recursive code further on (Spectral's parsers, resolver and rules).
 */
import { isAlias, isCollection, isDocument, isPair, isScalar, Lexer, Parser, Composer, type Node } from 'yaml';
import type { LintProblem, Range } from './problem';

export interface InputLimits {
  /** The largest document linted, in bytes (UTF-8). */
  maxBytes: number;
  /** The deepest nesting of mappings and sequences. */
  maxDepth: number;
  /** The most nodes YAML aliases may add when expanded (as `yaml`'s maxAliasCount counts them). */
  maxAliasNodes: number;
  /** How the user raises the size limit, for the message (default: the CLI's option). */
  sizeHint?: string;
}

/**
 * 16 MB is four times the largest real API description in the corpus (stripe, 4.2 MB); a 50 MB
 * document costs Spectral over 1.4 GB and minutes, so past the limit it gets one message at once.
 * (64 MB would let a document through that breaks the goal of a peak of 1 GB at most.) The CLI's
 * --max-file-size and the server's apiconv.maxFileSize raise it.
 * Depth 500: the deepest real document in the corpus nests below 40; the recursive code
 * further on (JSON-schema rules in a worker thread's smaller stack) holds up to about 1,500.
 */
export const DEFAULT_LIMITS: InputLimits = { maxBytes: 16 * 1024 * 1024, maxDepth: 500, maxAliasNodes: 100_000 };

export function limitsOf(partial?: Partial<InputLimits>): InputLimits {
  return { ...DEFAULT_LIMITS, ...partial };
}

function problem(file: string, message: string, range: Range): LintProblem {
  return { code: 'parser', message, severity: 0, path: [], range, source: file };
}

function at(text: string, offset: number): Range {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const character = offset - lineStart;
  return { start: { line, character }, end: { line, character: character + 1 } };
}

const mb = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`);

/**
 * How deep the offsets parses (parse/yamlOffsets.ts, parse/jsonOffsets.ts) read mappings and sequences: deeper, they give up,
 * and the text goes to the parse the depth scan guards. Below the depth limit, so that a one-shot lint can take the
 * offsets parse's count for the scan's (pipeline/input.ts).
 */
export const OFFSETS_MAX_NESTING = 200;

/** What gives the same answers as the checks below, sooner (pipeline/input.ts); each absent one is the check itself. */
export interface LimitChecks {
  /** yamlTooDeep's answer (the scan resumed where an edit changed the text; a one-shot lint's offsets parse) */
  tooDeepYaml?(text: string, max: number): number | undefined;
  /** jsonTooDeep's answer (a one-shot lint's offsets parse) */
  tooDeepJson?(text: string, max: number): number | undefined;
  /** a last pre-test of the alias check before the lexer: true when the text surely holds no alias (parse/yamlAliases.ts) */
  aliasFree?(text: string): boolean;
}

/**
 * The findings of a document that goes past a limit (undefined: within them).
 * `json` selects the scanner; a `.json` file written in YAML flow style is scanned as JSON, which is the same for depth.
 */
export function checkLimits(
  text: string,
  file: string,
  json: boolean,
  limits: InputLimits = DEFAULT_LIMITS,
  checks: LimitChecks = {},
): LintProblem[] | undefined {
  const { tooDeepYaml = yamlTooDeep, tooDeepJson = jsonTooDeep, aliasFree } = checks;
  // text.length (UTF-16 units) ≤ bytes ≤ 3 × text.length: count the bytes only near the limit.
  if (text.length * 3 > limits.maxBytes) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > limits.maxBytes) {
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      return [
        problem(
          file,
          `The document is ${mb(bytes)}, over the size limit of ${mb(limits.maxBytes)}: not linted (${limits.sizeHint ?? 'raise the limit with --max-file-size'}).`,
          range,
        ),
      ];
    }
  }
  const deep = json ? tooDeepJson(text, limits.maxDepth) : tooDeepYaml(text, limits.maxDepth);
  if (deep !== undefined) {
    return [
      problem(
        file,
        `Nesting deeper than ${limits.maxDepth} levels: not linted (the limit keeps a hostile document from exhausting the stack).`,
        at(text, deep),
      ),
    ];
  }
  if (!json && mayHaveAlias(text, aliasFree)) {
    const bomb = aliasBomb(text, limits.maxAliasNodes);
    if (bomb !== undefined) {
      return [
        problem(
          file,
          `YAML aliases expand past ${limits.maxAliasNodes.toLocaleString('en-US')} nodes here: not linted (an alias bomb, or anchors reused too often).`,
          at(text, bomb),
        ),
      ];
    }
  }
  return undefined;
}

/**
 * Whether the line's last character outside a comment (at `at`, the line starting at `from`) ends a block scalar
 * indicator: `|` or `>`, then chomping and indentation indicators (`|-`, `>+2`). A test per line without a copy
 * of it: the scan meets every line of the document, on every lint.
 */
function endsWithBlockIndicator(text: string, from: number, at: number): boolean {
  let k = at;
  for (; k >= from; k--) {
    const c = text.charCodeAt(k);
    if (!(c === 0x2d || c === 0x2b || (c >= 0x30 && c <= 0x39))) break;
  }
  if (k < from) return false;
  const c = text.charCodeAt(k);
  return c === 0x7c || c === 0x3e;
}

/** The offset where a JSON text first nests deeper than `max`, else undefined. */
export function jsonTooDeep(text: string, max: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, the one after an even run of backslashes. indexOf skips the text of the
      // strings, most of a document's characters, much faster than a test per character.
      let end = text.indexOf('"', i + 1);
      while (end >= 0) {
        let k = end - 1;
        while (text.charCodeAt(k) === 0x5c) k--;
        if ((end - 1 - k) % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end < 0) return undefined;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return i;
    } else if (c === 0x7d || c === 0x5d) depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/**
 * The offset of the line where a YAML text first nests deeper than `max`, else undefined.
 * An estimate that never undercounts by much: block levels from the indentation (plus
 * `- ` entries opening on a line), flow levels from brackets outside quotes and comments;
 * block scalars (`|`, `>`) are skipped.
 */
export function yamlTooDeep(text: string, max: number): number | undefined {
  return scanYamlDepth(text, max, newDepthState(), 0);
}

/** yamlTooDeep's state before a line: the scan from there depends on nothing else (pipeline/input.ts resumes it). */
export interface DepthState {
  indents: number[];
  flow: number;
  quote: 0 | 0x22 | 0x27;
  blockScalarIndent: number;
}

export function newDepthState(): DepthState {
  return { indents: [], flow: 0, quote: 0, blockScalarIndent: -1 };
}

/**
 * yamlTooDeep's scan from the line starting at `from`, in state `st`. `visit` is called before each line with the
 * line's start and the state there (a live object: copy what is kept); when it returns true the scan stops there
 * (undefined).
 */
/** What scanYamlDepth's line loop acts on in block context. */
const SPECIAL = /["'#[{]/g;

/**
 * Whether the depth scan takes a quote after `last` (the line's last character but blanks, 0: none) for the start
 * of a quoted scalar: in a flow collection after `[ { , : - ?`; outside, first on the line or after `:`, `-` or `?`
 * and a blank (parse/yamlOffsetsTree.ts PlainLine reads plain text the same way).
 */
export function takesQuote(last: number, blankAfterLast: boolean, inFlow: boolean): boolean {
  if (last === 0) return true;
  if (inFlow) return last === 0x3a || last === 0x2c || last === 0x5b || last === 0x7b || last === 0x2d || last === 0x3f;
  return blankAfterLast && (last === 0x3a || last === 0x2d || last === 0x3f);
}

export function scanYamlDepth(text: string, max: number, st: DepthState, from: number, visit?: (pos: number, st: DepthState) => boolean): number | undefined {
  const indents = st.indents;
  let flow = st.flow;
  let quote = st.quote;
  let blockScalarIndent = st.blockScalarIndent;
  let pos = from;
  // The next character at or after `special` that the line loop below must see in block context (a quote, a
  // comment, a flow bracket), found by a regular expression (native code) and kept across the lines it skips:
  // most lines of a document hold none, and for them the loop is skipped.
  SPECIAL.lastIndex = 0;
  let special = -1;
  while (pos <= text.length) {
    if (visit !== undefined) {
      st.flow = flow;
      st.quote = quote;
      st.blockScalarIndent = blockScalarIndent;
      if (visit(pos, st)) return undefined;
    }
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    let i = pos;
    while (i < end && text.charCodeAt(i) === 0x20) i++;
    const indent = i - pos;
    const blank = i >= end || text.charCodeAt(i) === 0x23 || (text.charCodeAt(i) === 0x0d && i + 1 >= end);
    if (blockScalarIndent >= 0) {
      if (blank || indent > blockScalarIndent) {
        pos = end + 1;
        continue;
      }
      blockScalarIndent = -1;
    }
    if (!blank || quote || flow) {
      if (flow === 0 && quote === 0) {
        while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
        indents.push(indent);
        // `- - - x`: each dash opens a level on this line.
        let j = i;
        let dashes = 0;
        while (j + 1 < end && text.charCodeAt(j) === 0x2d && (text.charCodeAt(j + 1) === 0x20 || text.charCodeAt(j + 1) === 0x09)) {
          dashes++;
          j += 2;
          while (j < end && text.charCodeAt(j) === 0x20) j++;
        }
        if (indents.length + dashes > max) return pos;
      }
      let last = 0;
      // A blank since `last`: outside flow collections a quote starts a quoted scalar only first on the line or after
      // an indicator and a blank (`key: "x"`, `- "x"`, `? "x"`); `a-"b"` or `a:"b"` is plain text.
      let blankAfterLast = false;
      let lastAt = -1;
      let commentAt = -1;
      let from = i;
      if (flow === 0 && quote === 0) {
        if (special < i) {
          SPECIAL.lastIndex = i;
          special = SPECIAL.test(text) ? SPECIAL.lastIndex - 1 : text.length;
        }
        if (special >= end) {
          // Nothing the loop would act on: only the line's last character outside blanks matters (a block scalar).
          lastAt = end - 1;
          while (lastAt >= i && (text.charCodeAt(lastAt) === 0x20 || text.charCodeAt(lastAt) === 0x09 || text.charCodeAt(lastAt) === 0x0d)) lastAt--;
          from = end;
        }
      }
      for (let k = from; k < end; k++) {
        const c = text.charCodeAt(k);
        if (quote) {
          if (quote === 0x22 && c === 0x5c) k++;
          else if (c === quote) {
            if (quote === 0x27 && text.charCodeAt(k + 1) === 0x27) k++;
            else quote = 0;
          }
          continue;
        }
        if (c === 0x20 || c === 0x09 || c === 0x0d) {
          blankAfterLast = true;
          continue;
        }
        if (c === 0x23 && (k === i || text.charCodeAt(k - 1) === 0x20 || text.charCodeAt(k - 1) === 0x09)) {
          commentAt = k;
          break;
        }
        if ((c === 0x22 || c === 0x27) && takesQuote(last, blankAfterLast, flow > 0)) quote = c;
        else if (c === 0x5b || c === 0x7b) {
          if (indents.length + ++flow > max) return k;
        } else if ((c === 0x5d || c === 0x7d) && flow > 0) flow--;
        last = c;
        blankAfterLast = false;
        lastAt = k;
      }
      if (
        flow === 0 &&
        quote === 0 &&
        (endsWithBlockIndicator(text, i, lastAt) || (commentAt >= 0 && /[|>][-+0-9]*\s*(#.*)?\r?$/.test(text.slice(Math.max(i, end - 12), end))))
      ) {
        if (/(^|[\s:-])[|>][-+0-9]*\s*(#.*)?\r?$/.test(text.slice(i, end))) blockScalarIndent = indent;
      }
    }
    pos = end + 1;
  }
  return undefined;
}

const isSpace = (c: number) =>
  c === 0x20 ||
  c === 0x09 ||
  c === 0x0a ||
  c === 0x0d ||
  c === 0x0c ||
  c === 0x0b ||
  c === 0xa0 ||
  c === 0xfeff ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000;
/** A character after `&` or `*` that names an anchor or alias: not white space (JavaScript's \s) or a flow indicator. */
const namesNode = (c: number) => !Number.isNaN(c) && !isSpace(c) && c !== 0x2c && c !== 0x5b && c !== 0x5d && c !== 0x7b && c !== 0x7d;

/**
 * Whether a `*name` follows the start, white space or one of `,[{:`: what /(^|[\s,[{:])\*[^\s,[\]{}]/ matches,
 * found by stepping from `*` to `*` (the expression tried every position of a 4 MB document on every relint).
 */
export function hasAliasCandidate(text: string): boolean {
  for (let i = text.indexOf('*'); i >= 0; i = text.indexOf('*', i + 1)) if (isAliasCandidateAt(text, i)) return true;
  return false;
}

/** Whether the `*` at `i` is where hasAliasCandidate's expression matches. */
export function isAliasCandidateAt(text: string, i: number): boolean {
  if (!namesNode(text.charCodeAt(i + 1))) return false;
  if (i === 0) return true;
  const b = text.charCodeAt(i - 1);
  return isSpace(b) || b === 0x2c || b === 0x5b || b === 0x7b || b === 0x3a;
}

/**
 * Whether an `&name` stands where a node's properties may start: after the start of a line, `[`, `{`, `,` or
 * `:`, after `? ` or `- `, or after a tag and a blank, with blanks between — what
 * /(^|[[{,:]|[?-][ \t]|!\S*[ \t])[ \t]*&[^\s,[\]{}]/m matches, stepping from `&` to `&`.
 */
export function hasAnchorCandidate(text: string): boolean {
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    if (!namesNode(text.charCodeAt(i + 1))) continue;
    let j = i;
    while (j > 0 && (text.charCodeAt(j - 1) === 0x20 || text.charCodeAt(j - 1) === 0x09)) j--;
    if (j === 0) return true;
    const b = text.charCodeAt(j - 1);
    if (b === 0x0a || b === 0x0d || b === 0x2028 || b === 0x2029) return true; // ^ with the m flag
    if (b === 0x5b || b === 0x7b || b === 0x2c || b === 0x3a) return true;
    if (j < i) {
      // blanks between: `? &a`, `- &a`, or a tag (`!` somewhere in the word before them) `!t &a`
      if (b === 0x3f || b === 0x2d) return true;
      for (let k = j - 1; k >= 0 && !isSpace(text.charCodeAt(k)); k--) if (text.charCodeAt(k) === 0x21) return true;
    }
  }
  return false;
}

/**
 * Cheap tests before the alias scan (a parse of the whole text, the cost of a lint's parse again:
 * --fix paid it on every pass of spotify, whose Markdown holds `&quot;` and `**Note**`): an `&anchor` where
 * a node's properties may start and an `*alias` somewhere, then the lexer's tokens (a scalar's text, quoted,
 * plain or block, is one token: never an anchor or an alias).
 */
export function mayHaveAlias(text: string, aliasFree?: (text: string) => boolean): boolean {
  if (!hasAliasCandidate(text) || !hasAnchorCandidate(text)) return false;
  if (aliasFree?.(text)) return false;
  let anchor = false;
  let alias = false;
  let prev = '';
  for (const token of new Lexer().lex(text)) {
    // The lexer marks each scalar's text with a SCALAR token (\x1f) just before it.
    if (prev !== '\x1f') {
      if (token.charCodeAt(0) === 0x26) anchor = true;
      else if (token.charCodeAt(0) === 0x2a) alias = true;
      if (anchor && alias) return true;
    }
    prev = token;
  }
  return false;
}

/**
 * The offset of the alias where the nodes that aliases add, expanded, pass `max`; undefined when
 * they do not. The text is parsed with `yaml` (nesting already bounded by the depth check), then
 * walked without recursion; each anchored node's expanded size is counted once.
 */
export function aliasBomb(text: string, max: number): number | undefined {
  let docs: unknown[];
  try {
    const composer = new Composer({ uniqueKeys: false });
    docs = [...composer.compose(new Parser().parse(text), true)];
  } catch {
    return undefined;
  }
  const size = new Map<Node, number>();
  let added = 0;
  // In document order, an alias names the last node anchored so far with its name.
  const anchors = new Map<string, Node>();
  for (const doc of docs) {
    if (!isDocument(doc)) continue;
    // Post-order walk: a node's size is known once its children's are.
    const stack: { node: unknown; done: boolean }[] = [{ node: doc.contents, done: false }];
    while (stack.length) {
      const top = stack.pop()!;
      const node = top.node;
      if (!top.done && node && typeof node === 'object' && typeof (node as Node).anchor === 'string') anchors.set((node as Node).anchor!, node as Node);
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        const n = target ? (size.get(target) ?? 1) : 1;
        added += n;
        if (added > max) return node.range?.[0] ?? 0;
        continue;
      }
      if (!isCollection(node)) {
        if (isScalar(node)) size.set(node, 1);
        continue;
      }
      const children: unknown[] = [];
      for (const item of node.items) {
        if (isPair(item)) children.push(item.key, item.value);
        else children.push(item);
      }
      if (!top.done) {
        stack.push({ node, done: true });
        for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], done: false });
        continue;
      }
      let n = 1;
      for (const c of children) {
        if (isAlias(c)) {
          const t = anchors.get(c.source);
          n += t ? (size.get(t) ?? 1) : 1;
        } else n += c && typeof c === 'object' ? (size.get(c as Node) ?? 1) : 1;
      }
      size.set(node, n);
    }
  }
  return undefined;
}
