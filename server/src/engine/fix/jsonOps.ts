/** FixOps on JSON text with `jsonc-parser`: edits formatted with the document's own indentation and line endings. */
import { findNodeAtLocation, getNodeValue, modify, parseTree, type Edit, type FormattingOptions, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { FixOp, JsonPath } from '../../../../rules/types';
import type { OffsetEdit } from './edits';
import { deepEqual } from './util';

export function parseJsonTree(text: string): JsonNode | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  return errors.length > 0 ? undefined : tree;
}

export function jsonFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)\S/.exec(text);
  if (m && m[1].startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  const size = m ? m[1].length : 2;
  return { insertSpaces: true, tabSize: Math.min(Math.max(size, 1), 8), eol };
}

function toOffsetEdits(edits: Edit[]): OffsetEdit[] {
  return edits.map(e => ({ offset: e.offset, length: e.length, newText: e.content }));
}

/** The edits (on `text`) for one op; empty when the result already holds or the op cannot apply. */
export function jsonOpEdits(text: string, op: FixOp): OffsetEdit[] {
  const tree = parseJsonTree(text);
  if (!tree) return [];
  const formattingOptions = jsonFormatting(text);
  const path = op.path as (string | number)[];
  const node = path.length === 0 ? tree : findNodeAtLocation(tree, path);
  const parentOk = (p: JsonPath): boolean => {
    // Every existing ancestor must be an object/array (jsonc-parser would otherwise throw).
    for (let i = 0; i <= p.length; i++) {
      const n = i === 0 ? tree : findNodeAtLocation(tree, p.slice(0, i) as (string | number)[]);
      if (!n) return true;
      if (i < p.length && n.type !== 'object' && n.type !== 'array') return false;
    }
    return true;
  };
  try {
    switch (op.kind) {
      case 'set': {
        if (path.length === 0) return [];
        if (node && deepEqual(getNodeValue(node), op.value)) return [];
        if (!parentOk(path)) return [];
        const parent = findNodeAtLocation(tree, path.slice(0, -1));
        if (parent && parent.type === 'array' && typeof path[path.length - 1] === 'number' && !node) {
          if (path[path.length - 1] !== (parent.children?.length ?? 0)) return [];
          return toOffsetEdits(modify(text, [...path.slice(0, -1), -1], op.value, { formattingOptions, isArrayInsertion: true }));
        }
        return toOffsetEdits(modify(text, path, op.value, { formattingOptions }));
      }
      case 'remove': {
        if (!node || path.length === 0) return [];
        return toOffsetEdits(modify(text, path, undefined, { formattingOptions }));
      }
      case 'rename': {
        if (!node || !node.parent || node.parent.type !== 'property') return [];
        const keyNode = node.parent.children?.[0];
        const obj = node.parent.parent;
        if (!keyNode || !obj || keyNode.value === op.to) return [];
        if (obj.children?.some(p => p.children?.[0]?.value === op.to)) return [];
        return [{ offset: keyNode.offset, length: keyNode.length, newText: JSON.stringify(op.to) }];
      }
      case 'append': {
        if (!node) {
          if (!parentOk(path)) return [];
          return toOffsetEdits(modify(text, path, [op.value], { formattingOptions }));
        }
        if (node.type !== 'array') {
          if (node.type === 'null') return toOffsetEdits(modify(text, path, [op.value], { formattingOptions }));
          return [];
        }
        const items = getNodeValue(node) as unknown[];
        if (items.some(v => deepEqual(v, op.value))) return [];
        return toOffsetEdits(modify(text, [...path, -1], op.value, { formattingOptions, isArrayInsertion: true }));
      }
    }
  } catch {
    return [];
  }
  return [];
}
