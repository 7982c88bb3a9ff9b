/**
 * FixOps on YAML text: each op becomes one edit computed on the `yaml` package's syntax tree (yamlEdit.ts), so
 * comments, key order, indentation, quote style, flow vs block style and line endings outside the edit are kept. A
 * text that cuts into pieces (yamlCut.ts) is read and edited through them: after a round of fixes only the pieces it
 * changed are parsed again.
 */
import { Document, isMap, isScalar, parseDocument, Schema, type Node, type YAMLMap } from 'yaml';
import type { FixOp } from '../../../../rules/types';
import type { OffsetEdit } from './edits';
import { nest } from './util';
import { deepFreeze, memoByText } from './memo';
import { ownCopy } from '../ownCopy';
import { cutYaml } from './yamlCut';
import { type Style, column, contentEnd, detectStyle, type StyleCounts, styleOf, styleCounts } from './yamlStyle';
import { renderKey } from './yamlRender';
import { keyOf, blockPairAfter, blockPairBefore, opEdit } from './yamlEdit';
import { NOT_PLAIN, plainToJS } from './yamlWalk';

/** The parse of a text (memoized: every fix of a pass parses the same text; the result is only read). */
export const parseYaml = memoByText(parseYamlOnce);

/** The data of a YAML text (as `toJS` gives it, frozen), from its pieces when it has a piece view; undefined when it does not parse. */
export function yamlData(text: string): unknown {
  const view = pieceView(text);
  if (view) return view.data;
  const doc = parseYaml(text);
  if (!doc) return undefined;
  try {
    return deepFreeze(doc.toJS({ maxAliasCount: 1000 }));
  } catch {
    return undefined;
  }
}

/** The style of a YAML text as its edits read it (from its pieces when it has a piece view), and from its whole parse (the tests compare them). */
export function yamlStyle(text: string): { pieces: boolean; style: Style } | undefined {
  const view = pieceView(text);
  if (view) return { pieces: true, style: view.style };
  const doc = parseYaml(text);
  return doc && { pieces: false, style: detectStyle(text, doc) };
}

export function yamlStyleWhole(text: string): Style | undefined {
  const doc = parseYaml(text);
  return doc && detectStyle(text, doc);
}

/** Whether a YAML text parses without errors: its pieces each do (pieceView), else its whole parse. */
export function yamlParses(text: string): boolean {
  return pieceView(text) !== undefined || parseYaml(text) !== undefined;
}

/**
 * The data of a YAML text read from its pieces alone, never from a parse of the whole text: 'broken' when one of its
 * pieces has a syntax error (so has the text: a whole parse would only find it), undefined when the pieces do not
 * stand for the text for another reason (a whole parse decides then).
 */
export function yamlPieceData(text: string): { data: unknown } | 'broken' | undefined {
  const view = readPieces(text);
  return typeof view === 'object' ? { data: view.data } : view;
}

/** A piece (yamlCut.ts) parsed on its own: one pair, clean. */
interface Leaf {
  doc: Document.Parsed;
  /** Its pair's key as findPair reads it. */
  key: string;
  /** Its pair as toJS writes it: the key and the (frozen) value. */
  jsKey: string;
  jsValue: unknown;
  counts: StyleCounts;
  /** The column of its key. */
  keyCol: number;
}

/**
 * A text seen through its pieces (yamlCut.ts), each parsed on its own and remembered by its text: after a round of
 * fixes, only the pieces the fixes changed are parsed again. The pieces stand for the whole text only
 * when each is one clean pair (no error, no alias) and no top-level key or kind of `components` comes twice;
 * else (undefined) the whole text is parsed. Its data, style and edits are the whole parse's (pieces.test.ts).
 */
interface PieceView {
  data: unknown;
  style: Style;
  /**
   * The edit of `op` (as yamlOpEditWhole gives it) computed on the piece that holds its path below the piece's own
   * pair, or, for a key new to a cut container (`components/schemas/Error`), from the container's pieces; undefined
   * when neither is the case (the whole text is parsed).
   */
  edit(op: FixOp): { edit: OffsetEdit | undefined } | undefined;
}

/** A text's piece view; 'broken' when a piece has a syntax error, undefined when the pieces do not stand for the text otherwise. */
const readPieces = memoByText(pieceViewOnce);

function pieceView(text: string): PieceView | undefined {
  const view = readPieces(text);
  return typeof view === 'object' ? view : undefined;
}

/**
 * Leaves by piece text, the headers' apart from the entries'; null: the piece is not one clean pair ('broken': it
 * has a syntax error). Keyed by the
 * piece's text itself (a piece met for the first time is copied once; a key made by prefixing it copied every piece of
 * every view).
 * Each entry remembers the last view that used it: a full memo drops the entries the current view has not used, rather
 * than each hit moving its entry to the end of the map (two map operations per piece per view: 1,479 pieces, five views).
 */
const leafMemo = { entries: new Map<string, LeafEntry>(), headers: new Map<string, LeafEntry>() };

interface LeafEntry {
  leaf: Leaf | null | 'broken';
  /** The view (viewCount) that last used it. */
  used: number;
}

/** Views made so far (pieceViewOnce). */
let viewCount = 0;

/** At least twice the pieces of the last text cut (github-api: some 9,600), so that a round finds every piece it did not change. */
let leafLimit = 5000;

function leafOf(text: string, header: boolean): Leaf | null | 'broken' {
  const memo = header ? leafMemo.headers : leafMemo.entries;
  const hit = memo.get(text);
  if (hit !== undefined) {
    hit.used = viewCount;
    return hit.leaf;
  }
  // Kept across views: a copy of its own, not a slice that would hold this whole text as long as the entry lives.
  const own = ownCopy(text);
  const leaf = leafOnce(own, header);
  if (memo.size >= leafLimit) {
    // Full: every entry the current view has not used goes (at least half of them: a view has at most half the limit's pieces).
    for (const [k, e] of memo) if (e.used !== viewCount) memo.delete(k);
    if (memo.size >= leafLimit) memo.delete(memo.keys().next().value!);
  }
  memo.set(own, { leaf, used: viewCount });
  return leaf;
}

/**
 * The schema of every piece's parse: the one `yaml` makes for a document of YAML 1.2 (the core schema, known tags
 * resolved), made once instead of once per piece (a piece has no directive: yamlCut.ts). The parses only read it.
 */
const PIECE_SCHEMA = new Schema({ resolveKnownTags: true, schema: 'core' });

function leafOnce(text: string, header: boolean): Leaf | null | 'broken' {
  const doc = parseYamlOnce(text, PIECE_SCHEMA);
  if (!doc) return 'broken';
  const root = doc.contents;
  if (!isMap(root) || root.flow || root.items.length !== 1) return null;
  const pair = root.items[0]!;
  if (!isScalar(pair.key) || !pair.key.range) return null;
  if (header && !(pair.value === null || (isScalar(pair.value) && pair.value.value === null))) return null;
  const counts = styleCounts(text, doc);
  if (counts.aliases > 0) return null;
  // The data by a direct walk where it is plain (yamlWalk.ts), else by `yaml`'s toJS.
  let js = plainToJS(doc);
  if (js === NOT_PLAIN) {
    try {
      js = doc.toJS({ maxAliasCount: 1000 });
    } catch {
      return null;
    }
  }
  if (typeof js !== 'object' || js === null || Array.isArray(js)) return null;
  const keys = Object.keys(js);
  if (keys.length !== 1 || keys[0] === '__proto__') return null;
  const jsValue = deepFreeze((js as Record<string, unknown>)[keys[0]!]);
  return { doc, key: keyOf(pair.key)!, jsKey: keys[0]!, jsValue, counts, keyCol: column(text, pair.key.range[0]) };
}

function pieceViewOnce(text: string): PieceView | 'broken' | undefined {
  const pieces = cutYaml(text);
  if (!pieces || pieces.length === 0) return undefined;
  leafLimit = Math.max(5000, 2 * pieces.length);
  viewCount++;
  const leaves: Leaf[] = [];
  for (const p of pieces) {
    const leaf = leafOf(text.slice(p.start, p.end), p.header);
    if (leaf === 'broken') return leaf;
    if (!leaf) return undefined;
    leaves.push(leaf);
  }
  // Each piece's mapping, by the keys of the headers above it (as findPair reads keys), and the same as toJS writes them:
  // joined ('\0'), for each depth of the headers above the current piece (set when a header is met).
  const whereAt: string[] = [''];
  const jsWhereAt: string[] = [''];
  // The data (as toJS builds it: each key set in order) and the style counts (in the order of a walk of the whole
  // text: a container's own indentation step before its entries).
  const root: Record<string, unknown> = {};
  const holders = new Map<string, Record<string, unknown>>([['', root]]);
  // Each piece's mapping (its headers' keys joined), and each piece by the keys that lead to its pair (unique), made
  // once for the data, the items of the mappings and the edits.
  const wheres: string[] = [];
  const ids: string[] = [];
  const byId = new Map<string, number>();
  const total: StyleCounts = { units: [], gaps: [], seqIndented: 0, seqFlat: 0, single: 0, double: 0, padded: 0, tight: 0, aliases: 0 };
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    const leaf = leaves[i]!;
    const depth = p.container.length;
    const where = whereAt[depth]!;
    // findPair takes a key's first pair, toJS its last value: a key twice among the pieces is left to the whole parse.
    const id = depth === 0 ? leaf.key : `${where}\0${leaf.key}`;
    if (byId.has(id)) return undefined;
    byId.set(id, i);
    wheres.push(where);
    ids.push(id);
    const holder = holders.get(jsWhereAt[depth]!);
    if (!holder) return undefined;
    const c = leaf.counts;
    for (const u of c.units) if (total.units.length < 50) total.units.push(u);
    if (p.header) {
      const obj: Record<string, unknown> = {};
      holder[leaf.jsKey] = obj;
      whereAt[depth + 1] = id;
      const jsWhere = depth === 0 ? leaf.jsKey : `${jsWhereAt[depth]!}\0${leaf.jsKey}`;
      jsWhereAt[depth + 1] = jsWhere;
      holders.set(jsWhere, obj);
      // The container's own step (its pair's value is the block mapping of the entries that follow).
      const next = leaves[i + 1];
      if (!next || pieces[i + 1]!.container.length !== depth + 1) return undefined;
      const d = next.keyCol - leaf.keyCol;
      if (d > 0 && total.units.length < 50) total.units.push(d);
    } else holder[leaf.jsKey] = leaf.jsValue;
    for (const g of c.gaps) if (total.gaps.length < 50) total.gaps.push(g);
    total.seqIndented += c.seqIndented;
    total.seqFlat += c.seqFlat;
    total.single += c.single;
    total.double += c.double;
    total.padded += c.padded;
    total.tight += c.tight;
  }
  const data = deepFreeze(root);
  const style = styleOf(total, text);
  // The items of each mapping that is cut into pieces (the root, the containers), in order: piece indexes.
  const items = new Map<string, number[]>();
  for (let i = 0; i < pieces.length; i++) {
    const where = wheres[i]!;
    (items.get(where) ?? items.set(where, []).get(where)!).push(i);
  }
  /** Where the last pair of a cut mapping ends (the end of the last entry of a container that ends it). */
  const endOf = (where: string): number | undefined => {
    const list = items.get(where);
    const i = list?.[list.length - 1];
    if (i === undefined) return undefined;
    const p = pieces[i]!;
    if (p.header) return endOf(ids[i]!);
    const pair = (leaves[i]!.doc.contents as YAMLMap<unknown, unknown>).items[0]!;
    const t = text.slice(p.start, p.end);
    return p.start + Math.max(contentEnd(t, pair.value as Node, 0), contentEnd(t, pair.key as Node, 0));
  };
  return {
    data,
    style,
    edit(op) {
      const path = op.path;
      // The piece of the path's pair holds the path: within it, the edit is the piece's.
      let id = '';
      for (let n = 0; n < path.length; n++) {
        id = n === 0 ? String(path[0]) : `${id}\0${String(path[n])}`;
        const i = byId.get(id);
        if (i === undefined) break;
        // A container's own pair, or an op on a piece's pair itself (its removal or renaming changes the mapping the pieces cut).
        if (pieces[i]!.header) {
          if (path.length === n + 1) return undefined;
          continue;
        }
        if (path.length === n + 1 && op.kind !== 'set' && op.kind !== 'append') return undefined;
        const p = pieces[i]!;
        const e = opEdit(text.slice(p.start, p.end), leaves[i]!.doc, style, { ...op, path: path.slice(n) } as FixOp);
        return { edit: e && { offset: e.offset + p.start, length: e.length, newText: e.newText } };
      }
      // A key new to a cut mapping: a pair after its last one (insertPair).
      if (op.kind !== 'set' && op.kind !== 'append') return undefined;
      for (let n = path.length - 1; n >= 0; n--) {
        const where = path.slice(0, n).map(String).join('\0');
        const list = items.get(where);
        if (!list) continue;
        if (byId.has(where === '' ? String(path[n]) : `${where}\0${String(path[n])}`)) return undefined;
        const end = endOf(where);
        if (end === undefined) return undefined;
        const value = nest(path.slice(n + 1), op.kind === 'append' ? [op.value] : op.value);
        const siblings = list.map(i => (leaves[i]!.doc.contents as YAMLMap<unknown, unknown>).items[0]!);
        const keyText = renderKey(String(path[n]), siblings, style);
        // Before a sibling (a response in status order): on the line of that piece's key.
        const next =
          op.kind === 'set' && op.before !== undefined && n === path.length - 1 ? byId.get(where === '' ? op.before : `${where}\0${op.before}`) : undefined;
        const nextKey =
          next !== undefined && wheres[next] === where ? ((leaves[next]!.doc.contents as YAMLMap<unknown, unknown>).items[0]!.key as Node) : undefined;
        if (next !== undefined && nextKey?.range) {
          const keyStart = pieces[next]!.start + nextKey.range[0];
          if (/^ *$/.test(text.slice(text.lastIndexOf('\n', keyStart - 1) + 1, keyStart)))
            return { edit: blockPairBefore(text, leaves[list[0]!]!.keyCol, keyStart, keyText, value, style) };
        }
        return { edit: blockPairAfter(text, leaves[list[0]!]!.keyCol, end, keyText, value, style) };
      }
      return undefined;
    },
  };
}

function parseYamlOnce(text: string, schema?: Schema): Document.Parsed | undefined {
  try {
    const doc = parseDocument(text, schema ? { uniqueKeys: false, prettyErrors: false, schema } : { uniqueKeys: false, prettyErrors: false });
    return doc.errors.length > 0 ? undefined : doc;
  } catch {
    return undefined;
  }
}

/** One op on the current text: the edit (on that text), or undefined when nothing changes or it cannot apply. */
export function yamlOpEdit(text: string, op: FixOp): OffsetEdit | undefined {
  // On the piece that holds the op's path when the text is cut into pieces (pieceView): its parse, not the whole text's.
  const view = pieceView(text);
  const done = view?.edit(op);
  if (done) return done.edit;
  return yamlOpEditWhole(text, op);
}

/** yamlOpEdit on the parse of the whole text (and what the tests compare the pieces' edits with). */
export function yamlOpEditWhole(text: string, op: FixOp): OffsetEdit | undefined {
  const doc = parseYaml(text);
  if (!doc) return undefined;
  return opEdit(text, doc, detectStyle(text, doc), op);
}
