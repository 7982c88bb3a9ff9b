/**
 * "Show documentation for <rule>" in editors other than VS Code.
 *
 * The VS Code extension has its own `apiconv.showRuleDocs` command (the page in
 * the markdown preview). Other editors have no such command: their code action
 * runs `apiconv.server.showRuleDocs` on the server, which asks the editor to
 * open the page with `window/showDocument` — the rule's markdown page shipped
 * next to the server (rules/<id>.md), else its web page in the browser. An
 * editor that cannot show a document gets no such action (codeActions.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ClientCapabilities, Connection } from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import { ruleInfo } from '../engine';

export const SERVER_SHOW_RULE_DOCS_COMMAND = 'apiconv.server.showRuleDocs';

/** How "Show documentation" works with this client: its own command, the server's, or not at all. */
export type RuleDocsMode = 'client' | 'server' | 'none';

export function ruleDocsMode(extensionClient: boolean, caps: ClientCapabilities): RuleDocsMode {
  if (extensionClient) return 'client';
  return caps.window?.showDocument?.support ? 'server' : 'none';
}

/** The page of a rule or diff check: its markdown file next to the server (bundle: server/out → rules/; sources: server/src/lsp → rules/; checks in rules/diff/), else its URL. */
export function ruleDocsTarget(id: string): { uri: string; external: boolean } | undefined {
  if (!/^[A-Za-z0-9$._-]+$/.test(id)) return undefined;
  const roots = [path.join(__dirname, '..', '..', 'rules'), path.join(__dirname, '..', '..', '..', 'rules')];
  for (const dir of [...roots, ...roots.map(r => path.join(r, 'diff'))]) {
    const file = path.join(dir, `${id}.md`);
    if (fs.existsSync(file)) return { uri: URI.file(file).toString(), external: false };
  }
  const info = ruleInfo(id);
  return info ? { uri: info.helpUri, external: true } : undefined;
}

/** Runs the server command: asks the client to show the rule's page. Returns whether it did. */
export async function showRuleDocs(connection: Connection, id: unknown): Promise<boolean> {
  const target = typeof id === 'string' ? ruleDocsTarget(id) : undefined;
  if (!target) return false;
  const r = await connection.window.showDocument({ uri: target.uri, external: target.external, takeFocus: true });
  return r.success;
}
