/**
 * `apiconv rename <file>#<pointer> <newName>`: renames a component, a security scheme, a tag or an operationId
 * in every file of the project that names it (the key, each `$ref` with its pointer escaped, security
 * requirements, tags, links' operationIds), written safely (safeWrite.ts) or, with `--dry-run`, listed.
 * Exit codes: 0 renamed, 2 refused (a name taken or not allowed), usage or I/O error.
 */
import { applyChanges, planRename, symbolName, type TextChange } from '../engine/index';
import { displayPath } from './formatters/util';
import { RefArgError, parseTarget, projectRefs, symbolOf } from './projectRefs';
import { readForFix, writeAll, type PlannedWrite } from './safeWrite';

export const RENAME_HELP = `apiconv rename — rename a component, a security scheme, a tag or an operationId everywhere

Usage:
  apiconv rename [--dry-run] <file>#<pointer> <newName>

  <file>#<pointer>   the element, as for apiconv refs: api.yaml#/components/schemas/Pet
  --dry-run          list the changes; write nothing

Every file of the project that names it is changed: the key, every $ref (local and to other
files, the pointer escaped), security requirements, tags, links' operationIds. Refused, with the
reason, when the new name is taken or is not allowed (OpenAPI 3 component names: letters, digits,
'.', '-', '_'). Exit codes: 0 renamed, 2 refused, usage or I/O error.
`;

export function renameMain(argv: readonly string[], log: (line: string) => void): number {
  const cwd = process.cwd();
  try {
    let dryRun = false;
    const positional: string[] = [];
    for (const a of argv) {
      if (a === '-h' || a === '--help') {
        process.stdout.write(RENAME_HELP);
        return 0;
      }
      if (a === '--dry-run') dryRun = true;
      else if (a.startsWith('-') && positional.length < 2) throw new RefArgError(`unknown option ${a} (apiconv rename --help)`);
      else positional.push(a);
    }
    if (positional.length !== 2) throw new RefArgError('apiconv rename takes <file>#<pointer> and the new name (apiconv rename --help)');
    const { file, pointer } = parseTarget(positional[0], cwd);
    const newName = positional[1]!;
    const refs = projectRefs(file);
    const symbol = symbolOf(refs, file, pointer);
    const plan = planRename(refs.index, symbol, newName);
    if ('refused' in plan) throw new RefArgError(`cannot rename "${symbolName(symbol)}": ${plan.refused}`);
    const byFile = new Map<string, TextChange[]>();
    for (const c of plan.changes) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
    if (dryRun) {
      for (const c of plan.changes) {
        const state = refs.index.get(c.file)!;
        const at = state.lines.positionAt(c.start);
        process.stdout.write(`${displayPath(c.file, cwd)}:${at.line + 1}:${at.character + 1}  ${state.text.slice(c.start, c.end)} → ${c.newText}\n`);
      }
      return 0;
    }
    const writes: PlannedWrite[] = [];
    for (const [f, changes] of byFile) {
      const { text, form } = readForFix(f, refs.policy);
      if (text !== refs.index.get(f)!.text) throw new RefArgError(`${displayPath(f, cwd)} changed while it was read: nothing written`);
      writes.push({ file: f, text: applyChanges(text, changes), form });
    }
    const outcome = writeAll(writes, { roots: [refs.root], followSymlinks: false });
    for (const r of outcome.refused) log(`apiconv rename: ${r.reason}`);
    log(`renamed "${symbolName(symbol)}" to "${newName}": ${plan.changes.length} changes in ${outcome.written.length} files`);
    return outcome.refused.length > 0 ? 2 : 0;
  } catch (e) {
    if (!(e instanceof RefArgError)) throw e;
    log(`apiconv rename: ${e.message}`);
    return 2;
  }
}
