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
import createOrderedObject from '@stoplight/ordered-object-literal';
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
  mappings?: { key: YNode; value: YNode | null }[];
  items?: (YNode | null)[];
  errors?: unknown[];
}

/** How many parses took this way and how many went to Spectral's parser (tests). */
export const yamlFastStats = { fast: 0, spectral: 0 };

export function parseYamlFast(text: string): YamlResult {
  const ast = load(text, { ...OPTIONS, ignoreDuplicateKeys: true, schema: NO_IMPLICIT_TYPES }) as unknown as YNode | undefined;
  if (!ast || (Array.isArray(ast.errors) && ast.errors.length > 0)) return spectralParse(text);
  const lineMap = lineStarts(text);
  const diagnostics: unknown[] = [];
  let data: unknown;
  try {
    data = toData(ast, lineMap, diagnostics);
  } catch (e) {
    if (e instanceof NotClean) return spectralParse(text);
    throw e;
  }
  yamlFastStats.fast++;
  if (diagnostics.length > 1) (diagnostics as { range: { start: { line: number } } }[]).sort((a, b) => a.range.start.line - b.range.start.line);
  return { ast, lineMap, data, diagnostics, metadata: OPTIONS, comments: {} } as unknown as YamlResult;
}

function spectralParse(text: string): YamlResult {
  yamlFastStats.spectral++;
  return Parsers.Yaml.parse(text);
}

/** parseWithPointers' line map: the offset after each line break, then the length plus one. */
function lineStarts(text: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  out.push(text.length + 1);
  return out;
}

const INDEX = /^(?:0|[1-9]\d{0,9})$/;

function isArrayIndex(key: string): boolean {
  return INDEX.test(key) && Number(key) < 4294967295;
}

function toData(node: YNode | null | undefined, lineMap: number[], diagnostics: unknown[]): unknown {
  if (!node) return node;
  switch (node.kind) {
    case Kind.MAP: {
      const mappings = node.mappings!;
      const keys: string[] = new Array(mappings.length);
      const values: unknown[] = new Array(mappings.length);
      let ordered = false;
      for (let i = 0; i < mappings.length; i++) {
        const m = mappings[i]!;
        const keyNode = m.key;
        if (keyNode.kind !== Kind.SCALAR) throw new NotClean();
        const v = scalarValue(keyNode);
        // A null key: the parser's warning says 'null' or 'object' by the `valueObject` the implicit types set (not here).
        if (v === null) throw new NotClean();
        if (typeof v !== 'string') {
          // The parser's warning for a key that is not a string (`200:`, `true:`); the key is its text.
          diagnostics.push({
            code: 'YAMLIncompatibleValue',
            message: `mapping key must be a string scalar rather than ${typeof v}`,
            severity: 1,
            path: buildJsonPath(keyNode as never),
            range: rangeOf(lineMap, keyNode.startPosition, keyNode.endPosition),
          });
        }
        const k = String(v);
        if (k === '<<' || k === '__proto__') throw new NotClean();
        keys[i] = k;
        if (!ordered && isArrayIndex(k)) ordered = true;
        values[i] = toData(m.value, lineMap, diagnostics);
      }
      const out = (ordered ? createOrderedObject({}) : {}) as Record<string, unknown>;
      for (let i = 0; i < keys.length; i++) {
        if (Object.prototype.hasOwnProperty.call(out, keys[i]!)) throw new NotClean(); // a duplicate key
        out[keys[i]!] = values[i];
      }
      return out;
    }
    case Kind.SEQ:
      return node.items!.map(item => (item !== null ? toData(item, lineMap, diagnostics) : null));
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

function scalarValue(node: YNode): unknown {
  const raw = node.value as string;
  switch (determineScalarType(node as never)) {
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
