/**
 * The offsets parse's ranges (what yamlRanges.ts finds in the parser's tree, from yamlOffsets.ts's offsets), and the offsets
 * parse of a text read ahead by the input checks and taken by its parse.
 */
import { parseYamlOffsets, type YamlOffsets } from './yamlOffsets';
import { ReadAhead } from './readAhead';
import { NONE, type OffsetNode, type OffsetTree } from './yamlOffsetsTree';

// ---------------------------------------------------------------------------------------------
// The parse of a text read ahead (the input checks' alias pre-test) and taken by its parse.

const ahead = new ReadAhead<YamlOffsets | undefined>(parseYamlOffsets);

/** parseYamlOffsets of the text, kept for the parse of the same text that follows. */
export const yamlOffsetsFor = (source: string): YamlOffsets | undefined => ahead.of(source);

/** The offsets parse of `source` read ahead, or read now; forgotten then. */
export const takeYamlOffsets = (source: string): YamlOffsets | undefined => ahead.take(source);

// ---------------------------------------------------------------------------------------------
// Ranges: what yamlRanges.ts finds in the parser's tree, from the offsets.

const offsetsOfResult = new WeakMap<object, YamlOffsets>();

export function attachYamlOffsets(result: object, parsed: YamlOffsets): void {
  offsetsOfResult.set(result, parsed);
}

export function yamlOffsetsOf(result: object): YamlOffsets | undefined {
  return offsetsOfResult.get(result);
}

/** Where a node's range ends: its last entry's or item's value, as the parser's getEndPosition goes down to it. */
function endOf(tree: OffsetTree, node: OffsetNode): number {
  const n = tree.count(node);
  if (n === 0) return tree.end(node);
  const kid = tree.kid(node, n - 1);
  if (kid !== NONE) return endOf(tree, kid);
  const ints = tree.ints;
  const at = tree.slot(node, n - 1);
  if (tree.isMap(node)) return ints[at + 2]! < 0 ? ints[at + 1]! + 1 : ints[at + 3]!;
  return ints[at]! < 0 ? tree.end(node) : ints[at + 1]!; // a null last item: the sequence's own end
}

/** The start and end offsets of a JSON path's range (yamlRanges.ts yamlRangeForPath), or undefined when it is not there. */
export function pathOffsets(parsed: YamlOffsets, lineMap: number[], path: readonly (string | number)[]): [number, number] | undefined {
  const tree = parsed.tree;
  const ints = tree.ints;
  if (path.length === 0) {
    const rootStart = tree.start(parsed.root);
    const start = (lineMap.length > 0 ? lineMap[0]! : 0) - rootStart === 0 ? 0 : rootStart;
    return [start, endOf(tree, parsed.root)];
  }
  let node: OffsetNode = parsed.root;
  for (let i = 0; i < path.length; i++) {
    if (node === NONE) return undefined;
    const seg = path[i]!;
    const last = i === path.length - 1;
    if (tree.isMap(node)) {
      if (typeof seg !== 'string') return undefined;
      const e = tree.entryOf(node, seg);
      if (e < 0) return undefined;
      const at = tree.slot(node, e);
      const kid = tree.kid(node, e);
      if (last) {
        const keyEnd = ints[at + 1]!;
        if (ints[at + 2]! < 0) return [keyEnd + 1, keyEnd + 1];
        if (kid !== NONE) return [keyEnd + 1, endOf(tree, kid)];
        return [ints[at + 2]!, ints[at + 3]!];
      }
      node = kid;
    } else {
      const k = Number(seg);
      if (!Number.isInteger(k) || k < 0 || k >= tree.count(node)) return undefined;
      const at = tree.slot(node, k);
      const kid = tree.kid(node, k);
      if (ints[at]! < 0) return undefined; // a null item
      if (last) return kid !== NONE ? [tree.start(kid), endOf(tree, kid)] : [ints[at]!, ints[at + 1]!];
      node = kid;
    }
  }
  return undefined;
}
