/**
 * The lean parse's ranges (what yamlRanges.ts finds in the parser's tree, from yamlLean.ts's offsets), and the lean
 * parse of a text read ahead by the input checks and taken by its parse.
 */
import { parseYamlLean, type LeanYaml } from './yamlLean';
import { ENTRY, ITEM, type LeanNode } from './yamlLeanText';

// ---------------------------------------------------------------------------------------------
// The parse of a text read ahead (the input checks' alias pre-test) and taken by its parse.

let ahead: { text: string; lean: LeanYaml | undefined } | undefined;

/** parseYamlLean of the text, kept for the parse of the same text that follows. */
export function leanFor(source: string): LeanYaml | undefined {
  if (ahead?.text !== source) ahead = { text: source, lean: parseYamlLean(source) };
  return ahead.lean;
}

/** The lean parse of `source` read ahead, or read now; forgotten then. */
export function takeLean(source: string): LeanYaml | undefined {
  const lean = ahead?.text === source ? ahead.lean : parseYamlLean(source);
  ahead = undefined;
  return lean;
}

export function dropLean(): void {
  ahead = undefined;
}

// ---------------------------------------------------------------------------------------------
// Ranges: what yamlRanges.ts finds in the parser's tree, from the offsets.

const leanOfResult = new WeakMap<object, LeanYaml>();

export function attachLean(result: object, lean: LeanYaml): void {
  leanOfResult.set(result, lean);
}

export function leanOf(result: object): LeanYaml | undefined {
  return leanOfResult.get(result);
}

/** Where a node's range ends: its last entry's or item's value, as the parser's getEndPosition goes down to it. */
function endOf(node: LeanNode): number {
  const n = node.count;
  if (n === 0) return node.end;
  const kid = node.kids?.[n - 1];
  if (kid !== undefined) return endOf(kid);
  const { ints, at: base } = node;
  if (node.map) {
    const at = base + (n - 1) * ENTRY;
    return ints[at + 2]! < 0 ? ints[at + 1]! + 1 : ints[at + 3]!;
  }
  return ints[base + (n - 1) * ITEM]! < 0 ? node.end : ints[base + (n - 1) * ITEM + 1]!; // a null last item: the sequence's own end
}

function entryOf(node: LeanNode, key: string): number {
  const keys = node.keys!;
  if (keys.length <= 8) return keys.indexOf(key);
  if (node.index === undefined) {
    node.index = new Map();
    for (let i = 0; i < keys.length; i++) node.index.set(keys[i]!, i);
  }
  return node.index.get(key) ?? -1;
}

/** The start and end offsets of a JSON path's range (yamlRanges.ts yamlRangeForPath), or undefined when it is not there. */
export function leanOffsets(lean: LeanYaml, lineMap: number[], path: readonly (string | number)[]): [number, number] | undefined {
  if (path.length === 0) {
    const start = (lineMap.length > 0 ? lineMap[0]! : 0) - lean.root.start === 0 ? 0 : lean.root.start;
    return [start, endOf(lean.root)];
  }
  let node: LeanNode | undefined = lean.root;
  for (let i = 0; i < path.length; i++) {
    if (node === undefined) return undefined;
    const seg = path[i]!;
    const last = i === path.length - 1;
    if (node.map) {
      if (typeof seg !== 'string') return undefined;
      const e = entryOf(node, seg);
      if (e < 0) return undefined;
      const ints = node.ints;
      const at = node.at + e * ENTRY;
      const kid: LeanNode | undefined = node.kids?.[e];
      if (last) {
        const keyEnd = ints[at + 1]!;
        if (ints[at + 2]! < 0) return [keyEnd + 1, keyEnd + 1];
        if (kid !== undefined) return [keyEnd + 1, endOf(kid)];
        return [ints[at + 2]!, ints[at + 3]!];
      }
      node = kid;
    } else {
      const k = Number(seg);
      if (!Number.isInteger(k) || k < 0 || k >= node.count) return undefined;
      const kid = node.kids?.[k];
      const ints = node.ints;
      const at = node.at + k * ITEM;
      if (ints[at]! < 0) return undefined; // a null item
      if (last) return kid !== undefined ? [kid.start, endOf(kid)] : [ints[at]!, ints[at + 1]!];
      node = kid;
    }
  }
  return undefined;
}
