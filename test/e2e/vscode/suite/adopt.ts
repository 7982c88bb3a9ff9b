/**
 * "apiconv: Adopt This API's Conventions" in the extension host: the proposal opens as a diff against the config
 * that applies to the document, nothing is written until "Write" is picked (closing the pick list writes nothing),
 * the file is then exactly the proposal, and asking again says the config already has the conventions.
 */
import * as vscode from 'vscode';
import type { AdoptResult } from '../../../../client/src/adoptConventions';
import type { ApiconvApi } from '../../../../client/src/extension';
import { assert, sleep, waitFor, type TestCase } from './harness';

const uriOf = (rel: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'adopt', rel);
const API = `openapi: 3.0.3
info: { title: shop, version: '1' }
paths:
${['orders', 'customers', 'invoices'].map(c => `  /v1/${c}/{id}:\n    get:\n      responses:\n        '200': { description: ok }\n`).join('')}`;
const CONFIG = '# the team config\nextends: apiconv:recommended\n';

const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

/** The diff editor the command opened: the proposal on the right, the current config on the left. */
async function proposalDiff(): Promise<{ left: vscode.Uri; right: vscode.Uri }> {
  return waitFor('the proposal as a diff', () => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'apiconv-proposed'
      ? { left: input.original, right: input.modified }
      : undefined;
  });
}

/** Runs the command on the API document, waits for its diff, answers the pick list with `answer` and returns the result. */
async function adopt(
  answer: 'workbench.action.acceptSelectedQuickOpenItem' | 'workbench.action.closeQuickOpen',
): Promise<{ result: AdoptResult; left: vscode.Uri; proposal: string }> {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uriOf('api.yaml')), { preview: false });
  const running = vscode.commands.executeCommand<AdoptResult>('apiconv.adoptConventions');
  const { left, right } = await proposalDiff();
  const proposal = (await vscode.workspace.openTextDocument(right)).getText();
  // The pick list comes up after the diff.
  await sleep(1000);
  await vscode.commands.executeCommand(answer);
  return { result: await running, left, proposal };
}

export const adoptTests: TestCase[] = [
  {
    name: "adopt this API's conventions: a diff first, written only on Write, then nothing to change",
    timeoutMs: 120000,
    fn: async () => {
      const api = await vscode.extensions.getExtension<ApiconvApi>('apiconv.apiconv')!.activate();
      await api.ready();
      await vscode.workspace.fs.writeFile(uriOf('api.yaml'), new TextEncoder().encode(API));
      await vscode.workspace.fs.writeFile(uriOf('.apiconv.yaml'), new TextEncoder().encode(CONFIG));

      const declined = await adopt('workbench.action.closeQuickOpen');
      assert(declined.left.toString() === uriOf('.apiconv.yaml').toString(), `the diff's left side: ${declined.left.toString()}`);
      assert(
        /# \/v1\/ starts 3 of 3 paths\n {2}path-api-prefix:\n {4}then:\n {6}functionOptions:\n {8}prefix: \/v1\n/.test(declined.proposal),
        `the proposal:\n${declined.proposal}`,
      );
      assert(!declined.result.written && declined.result.reason === 'declined', `result: ${JSON.stringify(declined.result)}`);
      assert((await read(uriOf('.apiconv.yaml'))) === CONFIG, 'the config changed without Write');

      const accepted = await adopt('workbench.action.acceptSelectedQuickOpenItem');
      assert(accepted.result.written, `result: ${JSON.stringify(accepted.result)}`);
      assert((await read(uriOf('.apiconv.yaml'))) === accepted.proposal, 'the file written is not the proposal shown');

      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uriOf('api.yaml')), { preview: false });
      const again = await vscode.commands.executeCommand<AdoptResult>('apiconv.adoptConventions');
      assert(!again.written && again.reason === 'unchanged', `asked again: ${JSON.stringify(again)}`);
    },
  },
];
