/**
 * The nodes that changed between two versions of one file, by their JSON path in the newer one: what
 * `apiconv lint --since` keeps findings on, and what the editor shows at full weight (`apiconv.since`).
 *
 * A node changed when it is new (nothing at its path before) or differs from what was there, itself or
 * anywhere below it. The two data trees are walked once; what is recorded is where they part (a key added,
 * removed, or a value replaced), in a trie by path, so that asking about one path costs its depth. Array
 * items are compared by index: an item inserted at the front changes every item after it. A path that leads
 * to nothing in the newer version (a finding on a field an operation lacks) is asked of the nearest node it
 * does reach: what lacks the field is what changed or did not.
 *
 * This works on one file's data as written (the `$ref`s not followed), as a lint finding is placed: the
 * breaking-change checks (engine.ts) compare resolved documents instead.
 */
import type { JsonPath } from '../problem';
import { formatOf, parseData } from '../fix/index';

/** Where the two trees part below a node: a leaf (`true`) is a node added, removed or replaced whole. */
interface Trie {
  [key: string]: Trie | true;
}

export class ChangedNodes {
  private constructor(
    /** `true`: every node changed (a new file, or a version that does not parse); an empty trie: none did. */
    private readonly parts: Trie | true,
    /** The newer version's data. */
    private readonly head?: unknown,
  ) {}

  /** Nothing changed. */
  static readonly NONE = new ChangedNodes({});
  /** Everything changed: a file that is new, or that cannot be compared. */
  static readonly ALL = new ChangedNodes(true);

  /** The changes between two data trees (parsed documents). */
  static between(base: unknown, head: unknown): ChangedNodes {
    const parts = partsOf(base, head);
    return parts === undefined ? ChangedNodes.NONE : new ChangedNodes(parts, head);
  }

  /**
   * The changes between two versions of a file's text. `base` undefined: the file is new. A version that
   * does not parse makes every node changed: what it holds cannot be told. A `BaseVersion` is parsed once
   * however many head texts it is compared with (the editor compares one revision with every keystroke's text).
   */
  static ofTexts(base: string | BaseVersion | undefined, head: string | undefined, file: string): ChangedNodes {
    if (base === undefined || head === undefined) return ChangedNodes.ALL;
    const older = typeof base === 'string' ? new BaseVersion(base, file) : base;
    if (older.text === head) return ChangedNodes.NONE;
    const baseData = older.data;
    const headData = parseData(head, formatOf(head, file));
    if (baseData === undefined || headData === undefined) return ChangedNodes.ALL;
    return ChangedNodes.between(baseData, headData);
  }

  /** Whether nothing changed. */
  get none(): boolean {
    return this.parts !== true && isEmpty(this.parts);
  }

  /** Whether the node at `path` (of the newer version) is new or differs from the one at that path before. */
  has(path: JsonPath): boolean {
    let at: Trie | true = this.parts;
    let node = this.head;
    for (const seg of path) {
      if (at === true) return true;
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) break;
      node = (node as Record<string, unknown>)[seg];
      const next: Trie | true | undefined = Object.hasOwn(at, seg) ? at[seg] : undefined;
      if (next === undefined) return false;
      at = next;
    }
    return at === true || !isEmpty(at);
  }

  /** The paths where the versions part, in document order of the walk: each is added, removed or replaced whole. */
  paths(): JsonPath[] {
    const out: JsonPath[] = [];
    const walk = (t: Trie | true, at: string[]): void => {
      if (t === true) out.push(at);
      else for (const k of Object.keys(t)) walk(t[k], [...at, k]);
    };
    walk(this.parts, []);
    return out;
  }
}

function isEmpty(t: Trie): boolean {
  return Object.keys(t).length === 0;
}

/** Where `base` and `head` part; undefined when they are equal. */
function partsOf(base: unknown, head: unknown): Trie | true | undefined {
  if (base === head) return undefined;
  if (typeof base !== 'object' || typeof head !== 'object' || base === null || head === null || Array.isArray(base) !== Array.isArray(head)) {
    return Number.isNaN(base) && Number.isNaN(head) ? undefined : true;
  }
  let parts: Trie | undefined;
  const note = (key: string, part: Trie | true | undefined): void => {
    if (part !== undefined) (parts ??= Object.create(null) as Trie)[key] = part;
  };
  if (Array.isArray(base)) {
    const h = head as unknown[];
    for (let i = 0; i < Math.max(base.length, h.length); i++) note(String(i), i < base.length && i < h.length ? partsOf(base[i], h[i]) : true);
  } else {
    const b = base as Record<string, unknown>;
    const h = head as Record<string, unknown>;
    for (const k of Object.keys(h)) note(k, Object.hasOwn(b, k) ? partsOf(b[k], h[k]) : true);
    for (const k of Object.keys(b)) if (!Object.hasOwn(h, k)) note(k, true);
  }
  return parts;
}

/** A file's text at the older version, parsed when first compared and then kept. */
export class BaseVersion {
  private parsed: { data: unknown } | undefined;

  constructor(
    readonly text: string,
    private readonly file: string,
  ) {}

  /** The text's data; undefined when it does not parse. */
  get data(): unknown {
    this.parsed ??= { data: parseData(this.text, formatOf(this.text, this.file)) };
    return this.parsed.data;
  }
}
