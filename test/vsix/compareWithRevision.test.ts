/**
 * *apiconv: Compare with Revision…* (client/src/compareWithRevision.ts) on a stand-in for
 * the VS Code API: in a restricted workspace it says why there is no comparison and shows no
 * picker; in a trusted one the picker offers the repository's branches and tags and says
 * where the choice is saved, and the confirmation says it again.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Module from 'node:module';

interface Item {
  label: string;
  description?: string;
  kind?: number;
}

/** What the command did through the API: messages, the picker's items and placeholder, settings written. */
const host = {
  trusted: true,
  file: '',
  messages: [] as string[],
  commands: [] as string[],
  picker: undefined as { items: Item[]; placeHolder?: string } | undefined,
  pick: (items: Item[]): Item | undefined => items[0],
  updates: [] as { key: string; value: unknown; target: number }[],
};

const fakeVscode = {
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  QuickPickItemKind: { Separator: -1, Default: 0 },
  workspace: {
    get isTrusted() {
      return host.trusted;
    },
    getConfiguration: () => ({
      get: (_key: string, fallback: unknown) => fallback,
      update: async (key: string, value: unknown, target: number) => void host.updates.push({ key, value, target }),
    }),
    getWorkspaceFolder: () => ({ uri: { fsPath: path.dirname(host.file) } }),
    workspaceFolders: [],
  },
  window: {
    get activeTextEditor() {
      return { document: { uri: { scheme: 'file', fsPath: host.file } } };
    },
    showInformationMessage: async (message: string) => void host.messages.push(message),
    showQuickPick: async (items: Item[], options: { placeHolder?: string }) => {
      host.picker = { items, placeHolder: options.placeHolder };
      return host.pick(items);
    },
    showInputBox: async () => undefined,
  },
  commands: { executeCommand: async (id: string) => void host.commands.push(id) },
};

let compareWithRevision: () => Promise<string | undefined>;

describe('Compare with Revision…', () => {
  before(() => {
    // The module imports 'vscode', which only the extension host provides: this stand-in answers instead.
    const resolve = (Module as unknown as { _resolveFilename: (r: string, ...a: unknown[]) => string })._resolveFilename;
    (Module as unknown as { _resolveFilename: typeof resolve })._resolveFilename = (request, ...rest) =>
      request === 'vscode' ? 'vscode' : resolve(request, ...rest);
    require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: fakeVscode } as NodeJS.Module;
    ({ compareWithRevision } = require('../../client/src/compareWithRevision') as { compareWithRevision: typeof compareWithRevision });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-pick-'));
    const git = (...a: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=trunk', ...a], {
        cwd: dir,
        stdio: 'ignore',
      });
    host.file = path.join(dir, 'api.yaml');
    fs.writeFileSync(host.file, 'openapi: 3.0.3\n');
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'v1');
    git('tag', 'v1.0.0');
  });

  it('in a restricted workspace: says why, offers to manage trust, shows no picker and writes no setting', async () => {
    Object.assign(host, { trusted: false, messages: [], picker: undefined, updates: [] });
    assert.equal(await compareWithRevision(), undefined);
    assert.equal(host.messages.length, 1);
    assert.match(host.messages[0], /only in a trusted workspace: it runs git/);
    assert.equal(host.picker, undefined);
    assert.deepEqual(host.updates, []);
  });

  it('in a trusted workspace: the repository’s branches and tags, and where the choice is saved', async () => {
    Object.assign(host, { trusted: true, messages: [], picker: undefined, updates: [] });
    host.pick = items => items.find(i => i.label === 'v1.0.0');
    assert.equal(await compareWithRevision(), 'v1.0.0');
    const offered = host.picker!.items.filter(i => i.description === 'branch' || i.description === 'tag').map(i => `${i.description}:${i.label}`);
    assert.deepEqual(offered.sort(), ['branch:trunk', 'tag:v1.0.0']);
    assert.ok(!host.picker!.items.some(i => i.label === 'origin/main' || i.label === 'main'), 'no revision the repository does not have');
    assert.match(host.picker!.placeHolder!, /Saved as apiconv\.diff\.base in the workspace settings \(\.vscode\/settings\.json\)\./);
    assert.deepEqual(host.updates, [{ key: 'diff.base', value: 'v1.0.0', target: fakeVscode.ConfigurationTarget.Workspace }]);
    assert.deepEqual(host.messages, ['apiconv: breaking changes against v1.0.0 (apiconv.diff.base, saved in the workspace settings (.vscode/settings.json)).']);
  });
});
