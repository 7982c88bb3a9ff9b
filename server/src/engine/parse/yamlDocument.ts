/**
 * A YAML parse that gives what Spectral's YAML parser (`Parsers.Yaml.parse`:
 * @stoplight/yaml's parseWithPointers over @stoplight/yaml-ast-parser) gives,
 * building less on the way.
 *
 * parseWithPointers turns the syntax tree into data with a comment tracker per
 * node (a JSON pointer string built for each, even with comments off) and an
 * ordered-object proxy per mapping, whose traps then run at every key written,
 * listed or frozen by whatever reads the data (the resolver, the rules, Ajv).
 * Here the same syntax tree (the same `load`, so ranges and
 * getLocationForJsonPath are the same) is turned into data directly: a mapping
 * is a plain object, whose keys keep their order by themselves, unless one of
 * its keys is an array index ("200": JavaScript would list it first), which
 * takes the ordered object, as before. Values are read with the parser's own
 * scalar functions.
 *
 * Only a clean document takes this way: no syntax error, every key a scalar
 * (one that is not a string, such as `200:`, gets the parser's warning; none null), no
 * duplicate key, no merge key (`<<`), no alias, no `__proto__` key. Anything
 * else is parsed by Spectral's parser itself, which also gives its diagnostics.
 */
import { determineScalarType, Kind, load, parseYamlBigInteger, parseYamlBoolean, parseYamlFloat, ScalarType } from '@stoplight/yaml-ast-parser';
import DEFAULT_FULL_SCHEMA from '@stoplight/yaml-ast-parser/dist/src/schema/default_full';
import { isArrayIndex, orderedObject } from './units';
import { newlineMap } from '../lineIndex';
import { parseYamlOffsets, type YamlOffsets } from './yamlOffsets';
import { attachYamlOffsets, takeYamlOffsets } from './yamlOffsetsRanges';
import { ReadAhead } from './readAhead';
import * as Parsers from '@stoplight/spectral-parsers';
import { buildJsonPath, lineForPosition } from '@stoplight/yaml';

type YamlResult = ReturnType<typeof Parsers.parseYaml>;

/** The options Spectral's YAML parser gives parseWithPointers (also the result's `metadata`). */
const OPTIONS = { ignoreDuplicateKeys: false, mergeKeys: true, preserveKeyOrder: true, attachComments: false };

/**
 * `load`'s own schema (the full one) without its implicit types. With them, the loader tries every plain scalar
 * against each implicit type's expressions (null, bool, int, float, timestamp, merge) to set the node's `valueObject`,
 * which nothing here reads: toData reads a scalar with the parser's own functions (as parseWithPointers does), and a
 * merge key (`<<`) leaves this way anyway. The tree is otherwise the same (explicit tags still take the full schema's
 * types). parseWithPointers reads `valueObject` in one place, the warning for a key that is null (`~:`), and such a
 * document goes to Spectral's parser (toData).
 */
const NO_IMPLICIT_TYPES = Object.create(DEFAULT_FULL_SCHEMA, { compiledImplicit: { value: [] } }) as typeof DEFAULT_FULL_SCHEMA;

/** Not a clean document: Spectral's parser takes it. */
class NotClean extends Error {}

interface YNode {
  kind: number;
  startPosition: number;
  endPosition: number;
  valueObject?: unknown;
  value?: unknown;
  mappings?: { key: YNode; value: YNode | null; startPosition: number; endPosition: number }[];
  items?: (YNode | null)[];
  errors?: unknown[];
}

/** How many parses took this way, how many yamlOffsets.ts's and how many went to Spectral's parser (tests). */
export const yamlParseStats = { tree: 0, spectral: 0, offsets: 0 };

/** The syntax tree loaded ahead of its parse (loadYamlAst), taken by parseYamlDocument of the same text. */
const loaded = new ReadAhead<unknown>(text => load(text, { ...OPTIONS, ignoreDuplicateKeys: true, schema: NO_IMPLICIT_TYPES }));

/**
 * The syntax tree parseYamlDocument starts from (`load` without implicit types): a cold lint's input checks look at
 * it before the parse (yamlAliases.ts), and the parse of the same text that follows takes it instead of loading
 * the text again.
 */
export const loadYamlAst = (text: string): unknown => loaded.of(text);

/**
 * A one-shot lint's parse: yamlOffsets.ts's (the data and the offsets of its ranges, no syntax tree) when the text is
 * in the shape it reads, else parseYamlDocument's. The result is the same but for its `ast`, which is not there: its
 * ranges come from the offsets (yamlRanges.ts), and nothing else of a one-shot lint reads it.
 */
export function parseYamlOneShot(text: string): YamlResult {
  const parsed = takeYamlOffsets(text);
  if (parsed === undefined) return parseYamlDocument(text);
  loaded.drop();
  return offsetsResult(text, parsed);
}

/**
 * A `$ref`'d YAML file's parse (documentInventory.ts): yamlOffsets.ts's when the text is in the shape it reads, else
 * parseYamlDocument's; its ranges come from the offsets as a one-shot lint's do.
 */
export function parseYamlReferenced(text: string): YamlResult {
  const parsed = parseYamlOffsets(text);
  return parsed === undefined ? parseYamlDocument(text) : offsetsResult(text, parsed);
}

function offsetsResult(text: string, parsed: YamlOffsets): YamlResult {
  yamlParseStats.offsets++;
  const lineMap = lineStarts(text);
  const diagnostics = parsed.keyWarnings.map(w => ({
    code: 'YAMLIncompatibleValue',
    message: w.message,
    severity: 1,
    path: w.path,
    range: rangeOf(lineMap, w.start, w.end),
  }));
  const result = { ast: undefined, lineMap, data: parsed.data, diagnostics, metadata: OPTIONS, comments: {} } as unknown as YamlResult;
  attachYamlOffsets(result, parsed);
  sameLineFound.set(result, []); // yamlOffsets.ts gives up on an entry that starts on the line where the last one ends
  return result;
}

export function parseYamlDocument(text: string): YamlResult {
  const ast = loaded.take(text) as YNode | undefined;
  if (!ast || (Array.isArray(ast.errors) && ast.errors.length > 0)) return spectralParse(text);
  const lineMap = lineStarts(text);
  const ctx: Ctx = { text, lineMap, diagnostics: [], sameLine: [] };
  let data: unknown;
  try {
    data = toData(ast, ctx);
  } catch (e) {
    if (e instanceof NotClean) return spectralParse(text);
    throw e;
  }
  yamlParseStats.tree++;
  const diagnostics = ctx.diagnostics;
  if (diagnostics.length > 1) (diagnostics as { range: { start: { line: number } } }[]).sort((a, b) => a.range.start.line - b.range.start.line);
  const result = { ast, lineMap, data, diagnostics, metadata: OPTIONS, comments: {} } as unknown as YamlResult;
  sameLineFound.set(
    result,
    ctx.sameLine.sort((a, b) => a - b),
  );
  return result;
}

/**
 * yamlSyntax.ts sameLineEntries' answer for a result of the tree parse, found on the way (the same walk of the same
 * tree: every mapping reached through mappings' values and sequences' items; a clean tree has no other).
 */
const sameLineFound = new WeakMap<object, number[]>();

export function treeSameLineEntries(result: YamlResult): number[] | undefined {
  return sameLineFound.get(result);
}

function spectralParse(text: string): YamlResult {
  yamlParseStats.spectral++;
  return Parsers.Yaml.parse(text);
}

/** parseWithPointers' line map: the offset after each line break, then the length plus one. */
function lineStarts(text: string): number[] {
  return newlineMap(text, []);
}

interface Ctx {
  text: string;
  lineMap: number[];
  diagnostics: unknown[];
  /** offsets of block mapping entries that start on the line where the previous entry ends (yamlSyntax.ts) */
  sameLine: number[];
}

/** A key's text, or NotClean; a key that is not a string gets the parser's warning. */
function keyOf(keyNode: YNode, ctx: Ctx): string {
  if (keyNode.kind !== Kind.SCALAR) throw new NotClean();
  const v = scalarValue(keyNode);
  // A null key: the parser's warning says 'null' or 'object' by the `valueObject` the implicit types set (not here).
  if (v === null) throw new NotClean();
  if (typeof v !== 'string') {
    // The parser's warning for a key that is not a string (`200:`, `true:`); the key is its text.
    ctx.diagnostics.push({
      code: 'YAMLIncompatibleValue',
      message: `mapping key must be a string scalar rather than ${typeof v}`,
      severity: 1,
      path: buildJsonPath(keyNode as never),
      range: rangeOf(ctx.lineMap, keyNode.startPosition, keyNode.endPosition),
    });
  }
  const k = String(v);
  if (k === '<<' || k === '__proto__') throw new NotClean();
  return k;
}

function toData(node: YNode | null | undefined, ctx: Ctx): unknown {
  if (!node) return node;
  switch (node.kind) {
    case Kind.MAP: {
      const mappings = node.mappings!;
      const block = ctx.text.charCodeAt(node.startPosition) !== 0x7b; // not `{`
      // A plain object, whose keys keep their order, unless a key is an array index (taken below).
      const out: Record<string, unknown> = {};
      let ordered = false;
      for (let i = 0; i < mappings.length; i++) {
        const m = mappings[i]!;
        const k = keyOf(m.key, ctx);
        if (!ordered && isArrayIndex(k)) ordered = true;
        if (Object.prototype.hasOwnProperty.call(out, k)) throw new NotClean(); // a duplicate key
        out[k] = toData(m.value, ctx);
        if (block && i > 0) {
          const prev = mappings[i - 1];
          if (prev && prev.endPosition >= 0 && m.startPosition > prev.endPosition) {
            // From the previous entry's last character: an entry without a value (`? a`) ends past its line break.
            const br = ctx.text.indexOf('\n', prev.endPosition - 1);
            if (br === -1 || br >= m.startPosition) ctx.sameLine.push(m.startPosition);
          }
        }
      }
      if (!ordered) return out;
      // JavaScript lists array-index keys first: the ordered object keeps the document's order.
      const o = orderedObject();
      for (const m of mappings) {
        const k = String(scalarValue(m!.key));
        o[k] = out[k];
      }
      return o;
    }
    case Kind.SEQ:
      return node.items!.map(item => (item !== null ? toData(item, ctx) : null));
    case Kind.SCALAR: {
      const v = scalarValue(node);
      return typeof v === 'bigint' ? Number(v) : v;
    }
    case Kind.ANCHOR_REF:
      throw new NotClean();
    default:
      return null;
  }
}

function rangeOf(lineMap: number[], start: number, end: number): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const sl = lineForPosition(start, lineMap);
  const el = lineForPosition(end, lineMap);
  return {
    start: { line: sl, character: sl === 0 ? start : start - lineMap[sl - 1]! },
    end: { line: el, character: el === 0 ? end : end - lineMap[el - 1]! },
  };
}

/**
 * The first characters a plain scalar that is not a string can start with, in determineScalarType's expressions:
 * null (`n`, `N`, `~`, empty), bool (`t`, `T`, `f`, `F`), int and float (a digit, `-`, `+`, `.`).
 */
function mayNotBeString(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2d ||
    c === 0x2b ||
    c === 0x2e ||
    c === 0x6e ||
    c === 0x4e ||
    c === 0x7e ||
    c === 0x74 ||
    c === 0x54 ||
    c === 0x66 ||
    c === 0x46 ||
    Number.isNaN(c)
  );
}

/** determineScalarType, with plain scalars that can only be strings told at their first character. */
function scalarType(node: YNode): ScalarType {
  if (
    (node as { plainScalar?: boolean }).plainScalar &&
    !(node as { doubleQuoted?: boolean }).doubleQuoted &&
    !(node as { singleQuoted?: boolean }).singleQuoted
  ) {
    const v = node.value;
    if (typeof v === 'string' && !mayNotBeString(v.charCodeAt(0))) return ScalarType.string;
  }
  return determineScalarType(node as never);
}

function scalarValue(node: YNode): unknown {
  const raw = node.value as string;
  switch (scalarType(node)) {
    case ScalarType.null:
      return null;
    case ScalarType.string:
      return String(raw);
    case ScalarType.bool:
      return parseYamlBoolean(raw);
    case ScalarType.int:
      return parseYamlBigInteger(raw);
    case ScalarType.float:
      return parseYamlFloat(raw);
    default:
      return undefined;
  }
}
