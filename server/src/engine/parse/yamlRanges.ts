/**
 * The range of a JSON path in a YAML parse (Spectral's YAML parser's `getLocationForJsonPath`, from
 * @stoplight/yaml): the same node and the same range, with a mapping's entries looked up by key.
 *
 * @stoplight/yaml's lookup, with `mergeKeys` on (as Spectral's parser sets it), first copies every mapping on the way
 * into a new array (`getMappings`, to expand merge keys) and then scans it from the end: each finding under
 * `components/schemas` of stripe copied and scanned its 1,000-odd entries. Here a mapping of more than a few entries
 * gets an index by key, made once per mapping (the last of equal keys, as the scan from the end finds). A mapping
 * that holds a merge key (`<<`) is not looked up here: the whole path goes to @stoplight/yaml's lookup.
 */
import * as Parsers from '@stoplight/spectral-parsers';
import { lineForPosition } from '@stoplight/yaml';
import type { IRange } from '@stoplight/types';

type YamlResult = ReturnType<typeof Parsers.parseYaml>;
type Segment = string | number;

import { MAP, MAPPING, SCALAR, SEQ, type YamlAstNode as Node } from './yamlAst';
import { yamlOffsetsOf, pathOffsets } from './yamlOffsetsRanges';

const isObject = (v: unknown): v is Node => v !== null && typeof v === 'object';

/** Mappings of more entries than this get an index by key; smaller ones are scanned as @stoplight/yaml does. */
const SCAN_MAX = 8;

/** A merge key somewhere in the mapping: its lookup is @stoplight/yaml's. */
const MERGES = 'merges';
const keyIndexes = new WeakMap<Node, Map<unknown, Node> | typeof MERGES>();

function keyIndex(map: Node, mappings: (Node | null)[]): Map<unknown, Node> | typeof MERGES {
  let index = keyIndexes.get(map);
  if (index === undefined) {
    const m = new Map<unknown, Node>();
    index = m;
    for (const item of mappings) {
      if (!isObject(item)) continue;
      const k = item.key!.value;
      if (k === '<<') {
        index = MERGES;
        break;
      }
      m.set(k, item); // the last of equal keys wins
    }
    keyIndexes.set(map, index);
  }
  return index;
}

/** Not found (undefined), or found (the node, possibly not an object), or the lookup must be @stoplight/yaml's. */
const ASK_YAML = Symbol('ask @stoplight/yaml');

/** @stoplight/yaml's findNodeAtPath with `closest` off (Spectral's YAML parser does not pass it on). */
function findNodeAtPath(root: unknown, path: Segment[]): unknown {
  let node = root;
  for (const segment of path) {
    if (!isObject(node)) return undefined;
    if (node.kind === MAP) {
      const mappings = node.mappings!;
      let found: Node | undefined;
      if (mappings.length > SCAN_MAX) {
        const index = keyIndex(node, mappings);
        if (index === MERGES) return ASK_YAML;
        found = index.get(segment);
      } else {
        for (let i = mappings.length - 1; i >= 0; i--) {
          const item = mappings[i];
          if (!isObject(item)) continue;
          if (item.key!.value === '<<') return ASK_YAML;
          if (found === undefined && item.key!.value === segment) found = item;
        }
      }
      if (found === undefined) return undefined;
      node = found.value === null ? found.key : found.value;
      continue;
    }
    if (node.kind === SEQ) {
      const items = node.items!;
      const i = Number(segment);
      // @stoplight/yaml compares every index with Number(segment): '' and ' 1 ' find items too
      if (!Number.isInteger(i) || i < 0 || i >= items.length || items[i] === null) return undefined;
      node = items[i];
      continue;
    }
    return undefined;
  }
  return node;
}

function startPosition(node: Node, offset: number): number {
  const parent = node.parent;
  if (parent && parent.kind === MAPPING) {
    if (parent.value === null) return parent.endPosition;
    if (node.kind !== SCALAR) return parent.key!.endPosition + 1;
  }
  if (parent === null && offset - node.startPosition === 0) return 0;
  return node.startPosition;
}

function endPosition(node: Node): number {
  switch (node.kind) {
    case SEQ: {
      const items = node.items!;
      if (items.length !== 0) {
        const last = items[items.length - 1];
        if (last !== null) return endPosition(last!);
      }
      break;
    }
    case MAPPING:
      if (node.value !== null) return endPosition(node.value as Node);
      break;
    case MAP:
      if (node.value !== null && node.mappings!.length !== 0) return endPosition(node.mappings![node.mappings!.length - 1]!);
      break;
    case SCALAR:
      if (node.parent && node.parent.kind === MAPPING && node.parent.value === null) return node.parent.endPosition;
      break;
  }
  return node.endPosition;
}

/** `Parsers.Yaml.getLocationForJsonPath(result, path)?.range` (which, as Spectral's, has no `closest`). */
export function yamlRangeForPath(result: YamlResult, path: Segment[]): IRange | undefined {
  const { ast, lineMap, metadata } = result as unknown as { ast: unknown; lineMap: number[]; metadata?: { mergeKeys?: boolean } };
  const parsed = yamlOffsetsOf(result);
  if (parsed !== undefined) {
    // a one-shot parse without a tree (yamlOffsets.ts): the same offsets, from its own
    const offsets = pathOffsets(parsed, lineMap, path);
    return offsets === undefined ? undefined : toRange(lineMap, offsets[0], offsets[1]);
  }
  // without merge keys (not Spectral's parser's options) a `<<` key is a key as any other: asked of @stoplight/yaml too
  const node = metadata?.mergeKeys === true ? findNodeAtPath(ast, path) : ASK_YAML;
  if (node === ASK_YAML) return Parsers.Yaml.getLocationForJsonPath(result, path)?.range;
  if (node === undefined) return undefined;
  const n = node as Node;
  // @stoplight/yaml's getLoc takes an undefined position as 0
  const s = startPosition(n, lineMap.length > 0 ? lineMap[0]! : 0);
  const e = endPosition(n);
  return toRange(lineMap, s === undefined ? 0 : s, e === undefined ? 0 : e);
}

function toRange(lineMap: number[], start: number, end: number): IRange {
  const sl = lineForPosition(start, lineMap);
  const el = lineForPosition(end, lineMap);
  return {
    start: { line: sl, character: start - (sl === 0 ? 0 : lineMap[sl - 1]!) },
    end: { line: el, character: end - (el === 0 ? 0 : lineMap[el - 1]!) },
  };
}
