/**
 * The nodes of yaml-ast-parser's tree (the syntax tree of @stoplight/yaml's parse, yamlDocument.ts), as the engine reads
 * them: the syntax checks (yamlSyntax.ts), the alias pre-test (yamlAliases.ts) and the ranges of findings
 * (yamlRanges.ts).
 */

/** yaml-ast-parser's node kinds. */
export const SCALAR = 0;
export const MAPPING = 1;
export const MAP = 2;
export const SEQ = 3;

export interface YamlAstNode {
  kind: number;
  startPosition: number;
  endPosition: number;
  parent?: YamlAstNode | null;
  errors?: unknown[];
  key?: YamlAstNode | null;
  value?: unknown;
  mappings?: (YamlAstNode | null)[];
  items?: (YamlAstNode | null)[];
}

/** `v` when it is a node of the tree, else null. */
export const asAstNode = (v: unknown): YamlAstNode | null => (typeof v === 'object' && v !== null && typeof (v as YamlAstNode).kind === 'number' ? (v as YamlAstNode) : null);
