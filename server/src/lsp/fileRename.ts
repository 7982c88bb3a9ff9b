/**
 * `workspace/willRenameFiles`: moving or renaming a YAML or JSON file, or a folder, in the editor rewrites the
 * relative `$ref`s that point into what moves and those of the moved files that point out of it. The edit is
 * applied before the files move, so it is made in the files where they are.
 */
import type { Connection, FileOperationRegistrationOptions, RenameFilesParams, WorkspaceEdit } from 'vscode-languageserver/node';
import { planMove, type TextChange } from '../engine/index';
import { workspaceEdit } from './references';
import type { WorkspaceRefs } from './refsWorkspace';

const FILTERS: FileOperationRegistrationOptions = {
  filters: [
    { scheme: 'file', pattern: { glob: '**/*.{yaml,yml,json}', matches: 'file' } },
    { scheme: 'file', pattern: { glob: '**', matches: 'folder' } },
  ],
};

export const FILE_RENAME_CAPABILITIES = { workspace: { fileOperations: { willRename: FILTERS } } } as const;

export async function willRenameFiles(refs: WorkspaceRefs, moves: readonly { from: string; to: string }[]): Promise<WorkspaceEdit> {
  const index = await refs.fresh();
  const changes: TextChange[] = [];
  for (const { from, to } of moves) changes.push(...planMove(index, from, to));
  return workspaceEdit(refs, changes);
}

export function registerFileRename(connection: Connection, refs: WorkspaceRefs, fileOf: (uri: string) => string): void {
  connection.workspace.onWillRenameFiles((p: RenameFilesParams) =>
    willRenameFiles(
      refs,
      p.files.map(f => ({ from: fileOf(f.oldUri), to: fileOf(f.newUri) })),
    ),
  );
}
