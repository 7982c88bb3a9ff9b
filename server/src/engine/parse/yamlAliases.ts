/**
 * The alias-bomb check's last pre-test (limits.ts mayHaveAlias) from the syntax tree a cold lint parses anyway.
 *
 * The pre-tests look for an `*alias` where one may stand and an `&anchor` where one may stand; when both are
 * there, the `yaml` lexer reads the whole text to tell real ones from scalar text. In real documents they are
 * Markdown: `**Note**` and `&mdash;` in descriptions (rebilly, github-api), and the lexer was a good part of
 * rebilly's lint. Here the same question is answered from the tree the parse starts from (parse/yamlDocument.ts
 * loadYamlAst, then taken by the parse): when the text loads without an error and every place the pre-test
 * found an alias could stand lies inside a scalar of the tree, that `*` is scalar text, so the text has no
 * alias. Otherwise (an error, an alias, a `*` outside every scalar) the lexer decides as before.
 */
import { isAliasCandidateAt } from '../limits';
import { loadYamlAst } from './yamlDocument';
import { yamlOffsetsFor } from './yamlOffsetsRanges';

import { MAP, MAPPING, SCALAR, SEQ, asAstNode as asNode, type YamlAstNode as Node } from './yamlAst';

/** Whether offset `pos` lies inside a scalar of the tree under `root`: the deepest node holding it, found by position. */
function inScalar(root: Node, pos: number): boolean {
  let node: Node | null = root;
  while (node !== null) {
    if (pos < node.startPosition || pos >= node.endPosition) return false;
    switch (node.kind) {
      case SCALAR:
        return true;
      case MAPPING: {
        const key = asNode(node.key);
        node = key !== null && pos < key.endPosition ? key : asNode(node.value);
        break;
      }
      case MAP:
      case SEQ:
        node = childAt(node.kind === MAP ? node.mappings! : node.items!, pos);
        break;
      default:
        return false;
    }
  }
  return false;
}

/** The last child starting at or before `pos` (children in document order). */
function childAt(children: (Node | null)[], pos: number): Node | null {
  let lo = 0;
  let hi = children.length - 1;
  let found: Node | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = children[mid];
    if (!c) return linearChildAt(children, pos); // a hole: no order to search by
    if (c.startPosition <= pos) {
      found = c;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function linearChildAt(children: (Node | null)[], pos: number): Node | null {
  let found: Node | null = null;
  for (const c of children) if (c && c.startPosition <= pos) found = c;
  return found;
}

/** True when the text surely holds no alias: it loads cleanly and every alias candidate of limits.ts is scalar text. */
export function aliasCandidatesInScalars(text: string): boolean {
  // Read by yamlOffsets.ts (kept for the parse that follows): it reads no alias, an anchor or a tag (it gives up on them).
  if (yamlOffsetsFor(text) !== undefined) return true;
  const root = asNode(loadYamlAst(text));
  if (root === null || (Array.isArray(root.errors) && root.errors.length > 0)) return false;
  for (let i = text.indexOf('*'); i >= 0; i = text.indexOf('*', i + 1)) {
    if (isAliasCandidateAt(text, i) && !inScalar(root, i)) return false;
  }
  return true;
}
