/**
 * Incremental parsing of the root document.
 *
 * `IncrementalParser.update(text)` gives what Spectral's
 * `new Document(text, Parsers.Yaml|Parsers.Json, source)` gives (data with its
 * key order, diagnostics, `getRangeForJsonPath`), but on an edit of a YAML
 * document it parses again only the pieces whose text changed, and it keeps
 * the JS identity (===) of the values of the units (units.ts) that did not
 * change.
 *
 * YAML: the text is cut into pieces of whole lines.
 * - Top level: a piece starts at every line with content at column 0, except
 *   a block sequence entry (`- x`, which belongs to the key above it). Comment
 *   and blank lines belong to the piece above; the lines before the first key
 *   (and one bare `---` among them) belong to the first piece.
 * - A container (`paths`, `webhooks`, `definitions`, `parameters`,
 *   `responses`, `securityDefinitions`) whose value is a block mapping
 *   (`paths:` alone on its line, entries below) is cut again: a header piece
 *   (`paths:` and the comments under it) and one piece per entry, starting at
 *   every content line at the indentation of the first entry. `components` is
 *   cut twice (its kinds, then the entries of each kind).
 * - Each piece is parsed on its own with Parsers.Yaml.parse. A piece keeps the
 *   characters of its lines, only its line numbers move.
 * - A piece whose text did not change is reused with its parsed value: found
 *   by its offset outside the window where the old and new text differ (their
 *   common prefix and suffix), by its text inside it.
 * The pieces give what the whole text gives only when each one parses the way
 * it does inside the whole text, and every piece must show it: exactly one
 * mapping with a scalar key (and a `null` value for a header), no parser
 * diagnostic other than the "mapping key must be a string scalar" warnings,
 * no anchor or alias, no `<<` as its key, no duplicate key among the pieces of
 * one mapping. One piece may be broken mid-edit (a syntax error), or a span of
 * pieces of one mapping (two breaks), where its neighbours show that the whole
 * text reads it the same (brokenPiece.ts): a keystroke that breaks the YAML,
 * and the one that mends it, parse one piece.
 * Anything else (a tab in indentation, a document marker or a
 * directive, a first key not at column 0, a byte order mark, other broken YAML,
 * a parser exception, …) makes the update parse the whole text
 * (`full: true`), which also gives the right diagnostics. A whole-text parse
 * without errors and anchors is cut into pieces too, so that the next edit is
 * incremental again; a broken text parsed whole keeps its pieces (or the last
 * text's) for the next edit to start from (prev.loose). Identity of unchanged units across a whole-text parse is
 * restored by deep equality (key order included).
 *
 * JSON: an edit inside the value of one unit parses that value alone (see
 * parseJson.ts); anything else parses the whole text, and the identity of
 * unchanged units is restored by deep equality.
 *
 * Ranges (YAML) come from the piece parses (Parsers.Yaml.getLocationForJsonPath
 * on the piece's mapping), moved by the piece's line offset; the root and a
 * container run from where @stoplight/yaml starts them (the first key; after
 * the container's key) to the end of their last piece. Spectral's YAML parser
 * ignores `closest`, and so does this.
 *
 * Parsed values, pieces and returned documents are not changed after update()
 * returns: a document stays valid after later updates.
 */
import * as Parsers from '@stoplight/spectral-parsers';
import { Document } from '@stoplight/spectral-core';
import type { IDiagnostic, IRange } from '@stoplight/types';
import { adoptUnchanged, deepEqualOrdered, orderedObject } from './units';
import { parseJsonDocument } from './jsonDocument';
import { commonPrefix, commonSuffix } from './window';
import { cutFromFull, updateJson, type JsonCut } from './parseJson';
import { ownStrings } from '../ownCopy';
import { withSyntaxChecks } from '../yamlSyntax';
import { parseYamlDocument, parseYamlOneShot } from './yamlDocument';
import { type Lines, patchLines, scanLines } from './pieceLines';
import { asAstNode, hasAnchors } from './yamlAst';
import { diffUnits, formatDiagnostic, type RawDiag, type Tree, unitMap, unitSlots } from './pieces';
import { ChunkedDoc, FullDoc } from './parsedDocs';
import { Builder, type ChangeWindow, collectDiags, contsOf, OldLevel, topStarts, treeFromFull } from './pieceTree';
import { brokenPieceUnproven, syntaxChecksLast } from './brokenPiece';

export type Segment = string | number;
export type YamlResult = ReturnType<typeof Parsers.parseYaml>;
export type JsonResult = ReturnType<typeof Parsers.parseJson>;

export interface ParsedDoc {
  /** the source given to the constructor */
  source: string;
  data: unknown;
  diagnostics: IDiagnostic[];
  getRangeForJsonPath(path: Segment[], closest?: boolean): IRange | undefined;
  text: string;
  /** Whether surely no object of the data is shared by a YAML alias (a JSON text; a YAML text the offsets parse read). */
  noAliases?: boolean;
}

export interface ParseUpdate {
  doc: ParsedDoc;
  /**
   * unit keys (units.ts unitKey) whose value is not === the previous update's
   * (added, removed or changed); 'all' on the first update. A container whose
   * value is not a mapping (`paths: []`, `components: {schemas: []}`) has no
   * units and counts as one itself (`/paths`, `/components/schemas`).
   */
  changedUnits: Set<string> | 'all';
  /** true when this update re-parsed the whole text (fallback) */
  full: boolean;
  /** JSON: the edit was typed inside one string value, and only that string was parsed again (parseJson.ts patchString) */
  stringEdit?: boolean;
  /** A YAML edit parsed whole (`full`): why its pieces did not stand for the whole text (figures and tests). */
  fallback?: string;
}

// ---------------------------------------------------------------------------

/** What the next incremental update starts from: the pieces of a text and its lines. */
interface Cut {
  text: string;
  tree: Tree;
  lines: Lines;
}

export class IncrementalParser {
  private readonly normSource: string | null;
  private prev:
    | {
        text: string;
        doc: ParsedDoc;
        units: Map<string, unknown>;
        /** The pieces of this text, which stand for its parse. */
        cut: Cut | undefined;
        /**
         * Without `cut` (a broken text parsed whole): the pieces of this text whose break was not proven, else of the
         * last text that had pieces. The next edit is built from them (its pieces moved past the edits since), so that
         * typing on in a broken text, and the keystroke that mends it, parse the pieces they touch and prove the break
         * again, instead of the whole text each time.
         */
        loose?: Cut;
        jsonCut?: JsonCut;
      }
    | undefined;

  /**
   * One-shot (a cold lint, pipeline/cold.ts): this parser parses one text and is dropped, so the whole-text parse is
   * not cut into pieces for a next edit, and the JSON parse builds no syntax tree (jsonOffsets.ts).
   */
  private readonly oneShot: boolean;

  constructor(
    readonly source: string,
    readonly kind: 'yaml' | 'json',
    opts: { oneShot?: boolean } = {},
  ) {
    this.oneShot = opts.oneShot === true;
    this.normSource = new Document('', Parsers.Json, source).source;
  }

  /**
   * `knownEdit`: the edit between an older text and `text` when the caller has found it already (pipeline/input.ts),
   * else undefined: it is looked for here.
   */
  update(text: string, knownEdit?: (oldText: string, text: string) => { a: number; bNew: number } | undefined): ParseUpdate {
    const prev = this.prev;
    if (prev !== undefined && prev.text === text) return { doc: prev.doc, changedUnits: new Set(), full: false };
    let fallback: string | undefined;
    let loose: Cut | undefined;
    if (prev !== undefined) {
      let r: { doc: ParsedDoc; cut?: Cut; jsonCut?: JsonCut; stringEdit?: boolean } | undefined;
      const from = prev.cut ?? prev.loose;
      try {
        if (this.kind === 'yaml' && from === undefined) fallback = 'the last text was not cut into pieces';
        else if (this.kind === 'yaml') {
          // The edit known to the caller is the one from the last text: from older pieces the window is looked for.
          const inc = this.incremental(text, from!, from!.text === prev.text ? knownEdit?.(prev.text, text) : undefined);
          if ('doc' in inc) r = inc;
          else {
            fallback = inc.fallback;
            loose = inc.loose ?? from;
          }
        } else if (this.kind === 'json' && prev.jsonCut !== undefined) {
          const j = updateJson(prev.jsonCut, text, this.source);
          r = j && { doc: j.doc, jsonCut: j.cut, stringEdit: j.stringEdit };
        }
      } catch {
        r = undefined; // a piece the parser throws on (`!!binary` …): the whole-text parse decides
        fallback = 'a piece the parser throws on';
        loose = from;
      }
      if (r !== undefined) {
        // A YAML unit parsed again holds new objects throughout: it takes the old ones where they are equal.
        if (this.kind === 'yaml') {
          for (const [k, holder, prop] of unitSlots(r.doc.data)) {
            const before = prev.units.get(k);
            if (before !== undefined && holder[prop] !== before) adoptUnchanged(before, holder[prop]);
          }
        }
        const units = unitMap(r.doc.data);
        const changedUnits = diffUnits(prev.units, units);
        this.prev = { text, doc: r.doc, units, cut: r.cut, jsonCut: r.jsonCut };
        return { doc: r.doc, changedUnits, full: false, ...(r.stringEdit ? { stringEdit: true } : {}) };
      }
    }
    const u = this.full(text, loose);
    return fallback === undefined ? u : { ...u, fallback };
  }

  /**
   * The last text read through its pieces, when its parse was a whole-text one cut into pieces (else undefined): the
   * ranges a relint reads come from those pieces, and looked up here ahead of it they are ready for it (a piece keeps
   * the ranges it was asked for).
   */
  piecesView(): ParsedDoc | undefined {
    const prev = this.prev;
    if (prev === undefined || !(prev.doc instanceof FullDoc) || prev.cut === undefined) return undefined; // (never the loose pieces)
    const { tree, lines } = prev.cut;
    return new ChunkedDoc(this.source, prev.text, prev.doc.data, prev.doc.diagnostics, tree, lines.start[Math.min(lines.first + 1, lines.n)]);
  }

  /**
   * The pieces of `text`, built from those of an older text; else why they do not stand for the whole text, and the
   * pieces when they could be built (a break not proven).
   */
  private incremental(text: string, oldCut: Cut, edit?: { a: number; bNew: number }): { doc: ChunkedDoc; cut: Cut } | { fallback: string; loose?: Cut } {
    const old = oldCut.tree;
    const oldText = oldCut.text;
    const from = edit ? edit.a : commonPrefix(oldText, text);
    const suffix = edit ? text.length - edit.bNew : commonSuffix(oldText, text, Math.min(oldText.length, text.length) - from);
    const win: ChangeWindow = { from, to: text.length - suffix, delta: text.length - oldText.length };
    const lines = patchLines(oldCut.lines, text, win.from, win.to, win.delta);
    if (lines === undefined) return { fallback: 'lines that cannot be cut (a tab, a directive, a document marker)' };
    const starts = topStarts(lines);
    const builder = new Builder(text, oldText, lines, win);
    const top = builder.nodes(starts, lines.n, 0, [], '', new OldLevel(old.tops, old.topStart, 0), contsOf(old.tops, old.topStart, 0));
    if (top === undefined || top.nodes.length === 0) return { fallback: builder.failure ?? 'no pieces' };
    const tree: Tree = { tops: top.nodes, topStart: top.starts, topLine: starts };
    const unproven = builder.broken && brokenPieceUnproven(text, builder.broken, builder.broken.end === text.length);
    if (unproven !== undefined) return { fallback: unproven, loose: { text, tree, lines } };
    const diagnostics = collectDiags(tree, this.normSource);
    if (!syntaxChecksLast(diagnostics)) return { fallback: 'a same-line entry before other diagnostics', loose: { text, tree, lines } };
    const data = orderedObject();
    for (const n of tree.tops) data[n.key] = n.value;
    return {
      doc: new ChunkedDoc(this.source, text, data, diagnostics, tree, lines.start[Math.min(lines.first + 1, lines.n)]),
      cut: { text, tree, lines },
    };
  }

  /** `loose`: pieces to start the next edit from when this text's parse cannot be cut (prev.loose). */
  private full(text: string, loose?: Cut): ParseUpdate {
    const prev = this.prev;
    const yaml = this.kind === 'yaml';
    const parser = yaml ? Parsers.Yaml : Parsers.Json;
    const result = (yaml ? withSyntaxChecks(text, this.oneShot ? parseYamlOneShot(text) : parseYamlDocument(text)) : parseJsonDocument(text, this.oneShot)) as
      YamlResult | JsonResult; // yamlDocument.ts (yamlOffsets.ts for a one-shot lint), yamlSyntax.ts, jsonDocument.ts
    const data = result.data;
    // restore the identity of units whose value did not change
    if (prev !== undefined) {
      for (const [k, holder, prop] of unitSlots(data)) {
        const before = prev.units.get(k);
        if (before !== undefined && holder[prop] !== before && deepEqualOrdered(before, holder[prop])) holder[prop] = before;
        // A unit new in this parse is kept as long as it is not edited again, the units of the parses after this one
        // beside it: its strings copied, it does not keep this whole text too.
        else ownStrings(holder[prop]);
      }
    }
    const units = unitMap(data);
    const diagnostics = (result.diagnostics as RawDiag[]).map(d => formatDiagnostic(d, this.normSource));
    const doc = new FullDoc(this.source, text, data, diagnostics, parser, result);
    let cut: Cut | undefined;
    if (yaml && !this.oneShot) {
      const clean = result.diagnostics.every(d => d.code === 'YAMLIncompatibleValue');
      const ast = asAstNode(result.ast);
      if (clean && ast !== null && !hasAnchors(ast)) {
        const lines = scanLines(text);
        const tree = lines === undefined ? undefined : treeFromFull(text, lines, result as YamlResult);
        if (tree !== undefined) cut = { text, tree, lines: lines! };
      }
    }
    const jsonCut = yaml || this.oneShot ? undefined : cutFromFull(text, result);
    const changedUnits = prev === undefined ? 'all' : diffUnits(prev.units, units);
    this.prev = { text, doc, units, cut, ...(cut === undefined && loose !== undefined ? { loose } : {}), jsonCut };
    return { doc, changedUnits, full: true };
  }
}
