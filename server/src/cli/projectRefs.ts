/**
 * The reference index of a command-line run (`apiconv refs`, `apiconv rename`): every OpenAPI document of the
 * project around the named file (cli/project.ts: its folder, widened to the git repository) and the files their
 * `$ref`s reach, read under the project's bound; and the element a `<file>#<pointer>` argument names.
 */
import * as path from 'node:path';
import { RefIndex, readRefFile, refPolicyOf, type RefPolicy, type RefSymbol } from '../engine/index';
import { findByPath, parseTree } from '../lsp/positionTree';
import { collectFiles } from './files';
import { projectRoot } from './project';

export class RefArgError extends Error {}

export interface ProjectRefs {
  index: RefIndex;
  root: string;
  /** How the project's files are read: inside its root, of bounded size. */
  policy: RefPolicy;
}

export function projectRefs(file: string): ProjectRefs {
  const root = projectRoot([path.dirname(file)]) ?? path.dirname(file);
  const policy = refPolicyOf({ roots: [root] });
  const index = new RefIndex(f => {
    try {
      const text = readRefFile(f, policy);
      return { text, tree: parseTree(text, f) };
    } catch {
      return undefined;
    }
  });
  const documents = collectFiles([root], root);
  for (const f of [file, ...documents]) index.follow(f);
  return { index, root, policy };
}

/** `<file>#<pointer>` → the absolute file and the pointer's path. */
export function parseTarget(arg: string | undefined, cwd: string): { file: string; pointer: string[] } {
  if (!arg) throw new RefArgError('name an element: <file>#<pointer>, e.g. api.yaml#/components/schemas/Pet');
  const hash = arg.indexOf('#');
  const file = path.resolve(cwd, hash < 0 ? arg : arg.slice(0, hash));
  const fragment = hash < 0 ? '' : arg.slice(hash + 1);
  if (fragment !== '' && !fragment.startsWith('/')) throw new RefArgError(`"${fragment}" is not a JSON pointer (it starts with /)`);
  const pointer =
    fragment === ''
      ? []
      : fragment
          .slice(1)
          .split('/')
          .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return { file, pointer };
}

/** The symbol (component, tag, operationId) at the element `pointer` of `file`. */
export function symbolOf(refs: ProjectRefs, file: string, pointer: string[]): RefSymbol {
  const state = refs.index.get(file);
  if (!state) throw new RefArgError(`cannot read ${file}`);
  const node = findByPath(parseTree(state.text, file)!, pointer);
  if (!node) throw new RefArgError(`${path.basename(file)} has nothing at #/${pointer.join('/')}`);
  const hit = refs.index.symbolAt(file, node.type === 'scalar' ? node.start : (node.keyStart ?? node.start));
  if (!hit) throw new RefArgError(`#/${pointer.join('/')} is not a component, a security scheme, a tag or an operationId`);
  return hit.symbol;
}
