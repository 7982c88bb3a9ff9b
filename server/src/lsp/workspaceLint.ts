/**
 * The workspace lint (apiconv/lintWorkspace, and the command of the same name): every OpenAPI file of the
 * workspace folders that `apiconv.validateFiles` matches becomes a root, linted from disk; its findings stay
 * published and follow changes of the files on disk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import type { CancellationToken } from 'vscode-languageserver/node';
import { looksLikeOpenApi } from '../engine';
import type { DiagnosticStore } from './diagnosticStore';
import type { OpenDocuments } from './openDocuments';
import { DEFAULT_SETTINGS, type LintWorkspaceParams, type LintWorkspaceResult } from './protocol';
import type { LintScheduler } from './scheduler';
import type { ServerSettings } from './settings';

const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);

export interface WorkspaceLintDeps {
  docs: OpenDocuments;
  settings: ServerSettings;
  store: DiagnosticStore;
  scheduler: LintScheduler;
}

export async function lintWorkspace(d: WorkspaceLintDeps, params: LintWorkspaceParams, token?: CancellationToken): Promise<LintWorkspaceResult> {
  const { docs, settings, store, scheduler } = d;
  const t0 = Date.now();
  const result: LintWorkspaceResult = { files: 0, problems: 0, errors: [], timeMs: 0 };
  const folders = params.folders?.length ? params.folders.map(u => docs.fileOf(u)) : settings.folders;
  const touched = new Set<string>();
  for (const folder of folders) {
    const s = await settings.forFolder(folder);
    if (!s.enable) continue;
    const match = picomatch(s.validateFiles.length ? s.validateFiles : DEFAULT_SETTINGS.validateFiles, { dot: true });
    for (const file of walk(folder)) {
      if (token?.isCancellationRequested) break;
      const rel = path.relative(folder, file).split(path.sep).join('/');
      if (!match(rel)) continue;
      const text = docs.readText(file);
      if (text === undefined) {
        result.errors.push({ uri: docs.uriOf(file), message: 'cannot read the file' });
        continue;
      }
      if (!looksLikeOpenApi(text)) continue;
      const root = scheduler.rootFor(file);
      root.workspace = true;
      await scheduler.lintNow(root).catch(e => result.errors.push({ uri: docs.uriOf(file), message: e instanceof Error ? e.message : String(e) }));
      if (root.result && !root.result.reply.result.skipped) {
        result.files++;
        for (const f of root.contributed) touched.add(f);
      }
    }
  }
  for (const f of touched) result.problems += store.diagnosticsOf(f).length;
  result.timeMs = Date.now() - t0;
  return result;
}

/** The YAML and JSON files under `dir`, in name order, outside dependency and VCS folders. */
function* walk(dir: string): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* walk(p);
    } else if (e.isFile() && /\.(ya?ml|json)$/i.test(e.name)) {
      yield p;
    }
  }
}
