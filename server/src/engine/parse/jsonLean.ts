/**
 * The JSON parse of a one-shot lint (the CLI, a workspace lint: one text, linted once): the data jsonPlain.ts gives
 * and, instead of its syntax tree, the offset and length of every value, kept in one array of numbers — what the
 * ranges of the findings are computed from. The tree (a node for every value, property and key: kubernetes, 4 MB,
 * 40 MB of heap against 5 MB for its data) is only needed to update the parse after an edit (parseJson.ts), which a
 * one-shot lint never does; the tree is still built when something asks for `ast` (lazily, by jsonPlain.ts).
 *
 * Like jsonFast.ts (whose scanning it shares), it reads a strict JSON text only: any other text gives undefined,
 * and jsonPlain.ts parses it with its tree.
 */
import type { IRange } from '@stoplight/types';
import { LineIndex } from '../lines';
import { LEAN_MAX_NESTING } from '../limits';
import { GiveUp, isWordChar, nextMember, scanNumber, scanString, skipSpace } from './jsonFast';
import { isArrayIndex, orderedObjectOf } from './units';
import { ReadAhead } from './readAhead';

type Segment = string | number;

/** Where the values of a JSON text are: each container's children's [offset, length] pairs, one after another. */
export class JsonPositions {
  /** The pairs of all containers' children: a container's at `start.get(container)`, in the order of its children. */
  private readonly pairs: number[] = [];
  private readonly start = new Map<object, number>();
  private rootOffset = 0;
  private rootLength = 0;
  private data: unknown;
  private readonly keyIndex = new Map<object, Map<string, number>>();
  private readonly lines: LineIndex;

  constructor(text: string) {
    this.lines = new LineIndex(text, 'jsonc');
  }

  /**
   * The range of the value at `path` (with `closest`: of the deepest value on the way when it does not exist): the
   * node @stoplight/json's getLocationForJsonPath finds in the syntax tree, as docs.ts jsonNodeAt walks it.
   */
  rangeAt(path: Segment[], closest: boolean): IRange | undefined {
    let value = this.data;
    let offset = this.rootOffset;
    let length = this.rootLength;
    for (const segment of path) {
      const n = Number(segment);
      const seg = Number.isInteger(n) ? n : segment;
      const container = value;
      let i: number | undefined;
      if (typeof seg === 'string' || !Array.isArray(value)) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return closest ? this.lines.range(offset, offset + length) : undefined;
        const key = String(seg);
        i = this.indexOf(value, key);
        if (i === undefined) return closest ? this.lines.range(offset, offset + length) : undefined;
        value = (value as Record<string, unknown>)[key];
      } else {
        if (seg < 0 || seg >= value.length) return closest ? this.lines.range(offset, offset + length) : undefined;
        i = seg;
        value = value[seg];
      }
      const at = this.start.get(container as object)! + 2 * i;
      offset = this.pairs[at]!;
      length = this.pairs[at + 1]!;
    }
    return this.lines.range(offset, offset + length);
  }

  /** The place of `key` among an object's keys (its written order: see jsonFast.ts). */
  private indexOf(o: object, key: string): number | undefined {
    let m = this.keyIndex.get(o);
    if (m === undefined) {
      m = new Map();
      let i = 0;
      for (const k of Object.keys(o)) m.set(k, i++);
      this.keyIndex.set(o, m);
    }
    return m.get(key);
  }

  /** The reader's: a container's children's pairs, `children[from..]`. */
  add(container: object, children: number[], from: number): void {
    this.start.set(container, this.pairs.length);
    for (let i = from; i < children.length; i++) this.pairs.push(children[i]!);
  }

  setRoot(data: unknown, offset: number, length: number): void {
    this.data = data;
    this.rootOffset = offset;
    this.rootLength = length;
  }
}

export interface LeanJson {
  data: unknown;
  positions: JsonPositions;
  /** how deep its arrays and objects nest (what limits.ts jsonTooDeep counts in it) */
  depth: number;
}

/** The data and the positions of a strict JSON text, or undefined for any other text. */
export function parseJsonLean(text: string): LeanJson | undefined {
  try {
    const positions = new JsonPositions(text);
    const reader = new LeanReader(text, positions);
    const data = reader.document();
    return { data, positions, depth: reader.deepest };
  } catch (e) {
    if (e instanceof GiveUp || e instanceof RangeError) return undefined;
    throw e;
  }
}

// The parse of a text read ahead by a one-shot lint's input checks (the depth check: pipeline/input.ts), taken by
// its parse (jsonPlain.ts).
const ahead = new ReadAhead<LeanJson | undefined>(parseJsonLean);

/** parseJsonLean of the text, kept for the parse of the same text that follows. */
export const jsonLeanFor = (text: string): LeanJson | undefined => ahead.of(text);

/** The lean parse of `text` read ahead, or read now; forgotten then. */
export const takeJsonLean = (text: string): LeanJson | undefined => ahead.take(text);

class LeanReader {
  private pos = 0;
  /** The children's pairs of the containers being read, the innermost last (each from its `from`). */
  private readonly scratch: number[] = [];
  /** The keys of the objects being read, in the order written (for an object with an array-index key). */
  private readonly keys: string[] = [];
  /** How many arrays and objects are open, and the most that were. */
  private depth = 0;
  deepest = 0;
  constructor(
    private readonly text: string,
    private readonly positions: JsonPositions,
  ) {}

  document(): unknown {
    this.pos = skipSpace(this.text, 0);
    const start = this.pos;
    const v = this.value();
    this.positions.setRoot(v, start, this.pos - start);
    this.pos = skipSpace(this.text, this.pos);
    if (this.pos !== this.text.length) throw new GiveUp();
    return v;
  }

  /** One value at `pos` (whitespace skipped); `pos` ends past it. */
  private value(): unknown {
    const t = this.text;
    const start = this.pos;
    const c = t.charCodeAt(start);
    if (c === 123) return this.object();
    if (c === 91) return this.array();
    if (c === 34) {
      const s = scanString(t, start);
      this.pos = s.end;
      return s.value;
    }
    if (c === 116 && t.startsWith('true', start)) return this.word(true, 4);
    if (c === 102 && t.startsWith('false', start)) return this.word(false, 5);
    if (c === 110 && t.startsWith('null', start)) return this.word(null, 4);
    if (c === 45 || (c >= 48 && c <= 57)) {
      const n = scanNumber(t, start);
      this.pos = n.end;
      return n.value;
    }
    throw new GiveUp();
  }

  private word(v: boolean | null, length: number): boolean | null {
    if (isWordChar(this.text.charCodeAt(this.pos + length))) throw new GiveUp();
    this.pos += length;
    return v;
  }

  private object(): unknown {
    this.enter();
    const t = this.text;
    const scratch = this.scratch;
    const from = scratch.length;
    const keys = this.keys;
    const fromKey = keys.length;
    const o: Record<string, unknown> = {};
    let index = false;
    this.pos = skipSpace(t, this.pos + 1);
    if (t.charCodeAt(this.pos) !== 125) {
      for (;;) {
        if (t.charCodeAt(this.pos) !== 34) throw new GiveUp();
        const k = scanString(t, this.pos);
        const key = k.value;
        // A duplicate key or `__proto__`: jsonPlain.ts hands those to Spectral's parser.
        if (key === '__proto__' || Object.prototype.hasOwnProperty.call(o, key)) throw new GiveUp();
        this.pos = skipSpace(t, k.end);
        if (t.charCodeAt(this.pos) !== 58) throw new GiveUp();
        this.pos = skipSpace(t, this.pos + 1);
        const start = this.pos;
        o[key] = this.value();
        scratch.push(start, this.pos - start);
        keys.push(key);
        if (!index && isArrayIndex(key)) index = true;
        const next = nextMember(t, this.pos, 125);
        if (next < 0) {
          this.pos = ~next;
          break;
        }
        this.pos = next;
      }
    }
    this.pos++;
    // An object with an array-index key: an ordered object, its keys as written (as jsonPlain.ts makes it).
    const v = index ? orderedObjectOf(keys.slice(fromKey), k => o[k]) : o;
    keys.length = fromKey;
    this.close(v, from);
    this.depth--;
    return v;
  }

  private array(): unknown[] {
    this.enter();
    const t = this.text;
    const scratch = this.scratch;
    const from = scratch.length;
    const a: unknown[] = [];
    this.pos = skipSpace(t, this.pos + 1);
    if (t.charCodeAt(this.pos) !== 93) {
      for (;;) {
        const start = this.pos;
        a.push(this.value());
        scratch.push(start, this.pos - start);
        const next = nextMember(t, this.pos, 93);
        if (next < 0) {
          this.pos = ~next;
          break;
        }
        this.pos = next;
      }
    }
    this.pos++;
    this.close(a, from);
    this.depth--;
    return a;
  }

  private enter(): void {
    if (++this.depth > LEAN_MAX_NESTING) throw new GiveUp();
    if (this.depth > this.deepest) this.deepest = this.depth;
  }

  /** Move a container's pairs off the scratch stack. */
  private close(container: object, from: number): void {
    this.positions.add(container, this.scratch, from);
    this.scratch.length = from;
  }
}
