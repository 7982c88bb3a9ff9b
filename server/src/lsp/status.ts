/**
 * The status of a document's last lint, sent to the client (apiconv/status): the VS Code extension shows it in its
 * status item.
 */
import type { Connection } from 'vscode-languageserver/node';
import { StatusNotification, type StatusParams } from './protocol';

export function sendStatus(connection: Connection, s: StatusParams): void {
  void connection.sendNotification(StatusNotification.method, s).catch(() => undefined);
}
