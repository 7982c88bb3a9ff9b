/**
 * The nodes of yaml-ast-parser's tree (the syntax tree of @stoplight/yaml's parse, yamlDocument.ts), as the engine reads
 * them: the syntax checks (yamlSyntax.ts), the alias pre-test (yamlAliases.ts), the ranges of findings
 * (yamlRanges.ts) and the incremental parse's pieces (pieces.ts, pieceTree.ts).
 */

/** yaml-ast-parser's node kinds. */
export const SCALAR = 0;
export const MAPPING = 1;
export const MAP = 2;
export const SEQ = 3;
export const ANCHOR_REF = 4;

export interface YamlAstNode {
  kind: number;
  startPosition: number;
  endPosition: number;
  parent?: YamlAstNode | null;
  errors?: unknown[];
  anchorId?: string;
  key?: YamlAstNode | null;
  value?: unknown;
  mappings?: (YamlAstNode | null)[];
  items?: (YamlAstNode | null)[];
}

/** `v` when it is a node of the tree, else null. */
export const asAstNode = (v: unknown): YamlAstNode | null =>
  typeof v === 'object' && v !== null && typeof (v as YamlAstNode).kind === 'number' ? (v as YamlAstNode) : null;

/** True when an anchor (`&a`) or an alias (`*a`) occurs in the tree under `root`. */
export function hasAnchors(root: YamlAstNode): boolean {
  const stack: YamlAstNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.anchorId !== undefined || n.kind === ANCHOR_REF) return true;
    switch (n.kind) {
      case MAP:
        for (const m of n.mappings ?? []) if (m) stack.push(m);
        break;
      case MAPPING: {
        if (n.key) stack.push(n.key);
        const v = asAstNode(n.value);
        if (v) stack.push(v);
        break;
      }
      case SEQ:
        for (const it of n.items ?? []) if (it) stack.push(it);
        break;
    }
  }
  return false;
}
