/**
 * The common case of the JSON document parse (jsonDocument.ts) without jsonc-parser's visitor: a strict JSON text —
 * no comment, no trailing comma, whitespace only of the four kinds JSON allows, no duplicate or `__proto__` key, no
 * error of any kind — read in one pass over its character codes, building the same data and the same syntax tree
 * (nodes, offsets, lengths, colon offsets) that jsonDocument.ts builds from the visitor's callbacks. jsonc-parser's
 * scanner makes a token object, a substring and a callback for every token (kubernetes: 4 MB, about a million
 * tokens); here a string without escapes is one slice, and a number or a string with escapes is JSON.parse of its
 * text (what the scanner's value of a valid token is).
 *
 * Whatever is not such a text (anything jsonc-parser would read differently, report, or tolerate) makes this parse
 * give up (`undefined`) and jsonDocument.ts parse it the way it did before.
 */
import type { JsonTreeNode } from './jsonTree';
import { isArrayIndex, writtenOrderObject } from './units';

export class GiveUp extends Error {}

/** `number` grammar of JSON (RFC 8259), anchored at the sticky position. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The number at `start` (a `-` or a digit) and where it ends; GiveUp when it is not one JSON reads. */
export function scanNumber(t: string, start: number): { value: number; end: number } {
  NUMBER.lastIndex = start;
  const m = NUMBER.exec(t);
  if (m === null) throw new GiveUp();
  const end = start + m[0].length;
  // A number runs into a letter or digit the grammar did not take (`01`, `1.`, `2x`): the scanner reads that otherwise.
  if (isWordChar(t.charCodeAt(end))) throw new GiveUp();
  return { value: JSON.parse(m[0]) as number, end };
}

/** The data and the syntax tree of a strict JSON text, or undefined for any other text. */
export function parseStrictJson(text: string): { data: unknown; ast: JsonTreeNode } | undefined {
  try {
    return new Reader(text).document();
  } catch (e) {
    // RangeError: nested too deep for this recursion (jsonc-parser's is as deep; the visitor path decides).
    if (e instanceof GiveUp || e instanceof RangeError) return undefined;
    throw e;
  }
}

class Reader {
  private pos = 0;
  constructor(private readonly text: string) {}

  document(): { data: unknown; ast: JsonTreeNode } {
    this.skip();
    const holder: { v: unknown } = { v: undefined };
    const ast = this.value(undefined, holder);
    this.skip();
    if (this.pos !== this.text.length) throw new GiveUp();
    return { data: holder.v, ast };
  }

  private skip(): void {
    this.pos = skipSpace(this.text, this.pos);
  }

  /** One value at `pos` (whitespace skipped): its node (parent `parent`), its data in `out.v`. */
  private value(parent: JsonTreeNode | undefined, out: { v: unknown }): JsonTreeNode {
    const t = this.text;
    const start = this.pos;
    const c = t.charCodeAt(start);
    if (c === 123) return this.object(parent, out);
    if (c === 91) return this.array(parent, out);
    if (c === 34) {
      const v = this.string();
      out.v = v;
      return leaf('string', v, start, this.pos - start, parent);
    }
    if (c === 116 && t.startsWith('true', start)) return this.word(true, 4, parent, out);
    if (c === 102 && t.startsWith('false', start)) return this.word(false, 5, parent, out);
    if (c === 110 && t.startsWith('null', start)) return this.word(null, 4, parent, out);
    if (c === 45 || (c >= 48 && c <= 57)) {
      const n = scanNumber(t, start);
      this.pos = n.end;
      out.v = n.value;
      return leaf('number', n.value, start, n.end - start, parent);
    }
    throw new GiveUp();
  }

  private word(v: boolean | null, length: number, parent: JsonTreeNode | undefined, out: { v: unknown }): JsonTreeNode {
    const start = this.pos;
    if (isWordChar(this.text.charCodeAt(start + length))) throw new GiveUp();
    this.pos = start + length;
    out.v = v;
    return leaf(v === null ? 'null' : 'boolean', v, start, length, parent);
  }

  /** The string at `pos` (its opening quote); `pos` ends past its closing quote. */
  private string(): string {
    const s = scanString(this.text, this.pos);
    this.pos = s.end;
    return s.value;
  }

  private object(parent: JsonTreeNode | undefined, out: { v: unknown }): JsonTreeNode {
    const t = this.text;
    const start = this.pos;
    const node = this.open('object', parent);
    const children = node.children!;
    const o: Record<string, unknown> = {};
    let index = false;
    const slot: { v: unknown } = { v: undefined };
    if (t.charCodeAt(this.pos) !== 125) {
      do {
        if (t.charCodeAt(this.pos) !== 34) throw new GiveUp();
        const keyStart = this.pos;
        const key = this.string();
        // A duplicate key or `__proto__`: jsonDocument.ts hands those to Spectral's parser.
        if (key === '__proto__' || Object.prototype.hasOwnProperty.call(o, key)) throw new GiveUp();
        const prop: JsonTreeNode = { type: 'property', offset: keyStart, length: -1, parent: node, children: [] };
        prop.children!.push(leaf('string', key, keyStart, this.pos - keyStart, prop));
        children.push(prop);
        this.skip();
        if (t.charCodeAt(this.pos) !== 58) throw new GiveUp();
        prop.colonOffset = this.pos;
        this.pos++;
        this.skip();
        const v = this.value(prop, slot);
        prop.children!.push(v);
        prop.length = v.offset + v.length - keyStart;
        o[key] = slot.v;
        if (!index && isArrayIndex(key)) index = true;
      } while (this.toNextMember(125));
    }
    this.pos++;
    node.length = this.pos - start;
    // An object with an array-index key: its keys as written (as jsonDocument.ts makes it).
    out.v = index
      ? writtenOrderObject(
          children.map(p => p.children![0]!.value as string),
          k => o[k],
        )
      : o;
    return node;
  }

  private array(parent: JsonTreeNode | undefined, out: { v: unknown }): JsonTreeNode {
    const start = this.pos;
    const node = this.open('array', parent);
    const children = node.children!;
    const a: unknown[] = [];
    const slot: { v: unknown } = { v: undefined };
    if (this.text.charCodeAt(this.pos) !== 93) {
      do {
        children.push(this.value(node, slot));
        a.push(slot.v);
      } while (this.toNextMember(93));
    }
    this.pos++;
    node.length = this.pos - start;
    out.v = a;
    return node;
  }

  /** The node of the object or array whose bracket is at `pos`; `pos` ends at its first member or closing bracket. */
  private open(type: 'object' | 'array', parent: JsonTreeNode | undefined): JsonTreeNode {
    const node: JsonTreeNode = { type, offset: this.pos, length: -1, parent, children: [] };
    if (parent === undefined) delete node.parent;
    this.pos++;
    this.skip();
    return node;
  }

  /** Past the member just read: true with `pos` at the next member, false with `pos` on the closing `close`. */
  private toNextMember(close: number): boolean {
    const next = nextMember(this.text, this.pos, close);
    this.pos = next < 0 ? ~next : next;
    return next >= 0;
  }
}

function leaf(type: JsonTreeNode['type'], value: unknown, offset: number, length: number, parent: JsonTreeNode | undefined): JsonTreeNode {
  const node: JsonTreeNode = { type, offset, length, parent, value };
  if (parent === undefined) delete node.parent;
  return node;
}

/** A character that would continue a number or a keyword token in jsonc-parser's scanner. */
export function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 95 || c === 36 || c === 43 || c === 45 || c > 127;
}

/** Past JSON whitespace (space, tab, line feed, carriage return) from `p`. */
export function skipSpace(t: string, p: number): number {
  for (;;) {
    const c = t.charCodeAt(p);
    if (c === 32 || c === 10 || c === 13 || c === 9) p++;
    else return p;
  }
}

/**
 * After a member of an object or array, at `p` (space may come first): the offset of the next member, past the `,`
 * and the space after it, or, at the container's closing `close` (`}` or `]`), `~` its offset (negative); anything
 * else gives up.
 */
export function nextMember(t: string, p: number, close: number): number {
  p = skipSpace(t, p);
  const c = t.charCodeAt(p);
  if (c === 44) return skipSpace(t, p + 1);
  if (c === close) return ~p;
  throw new GiveUp();
}

/** The string whose opening quote is at `start`: its value, and the offset past its closing quote. */
export function scanString(t: string, start: number): { value: string; end: number } {
  let p = start + 1;
  let escaped = false;
  for (;;) {
    const c = t.charCodeAt(p);
    if (c === 34) break;
    if (c === 92) {
      escaped = true;
      p += 2;
      continue;
    }
    // A control character (the scanner reports it), or the end of the text.
    if (c < 32 || Number.isNaN(c)) throw new GiveUp();
    p++;
  }
  if (p >= t.length) throw new GiveUp();
  if (!escaped) return { value: t.slice(start + 1, p), end: p + 1 };
  let v: unknown;
  try {
    v = JSON.parse(t.slice(start, p + 1));
  } catch {
    throw new GiveUp();
  }
  return { value: v as string, end: p + 1 };
}
