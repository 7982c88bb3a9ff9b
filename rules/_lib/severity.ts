/**
 * Per-finding severity caps.
 *
 * A Spectral rule has one severity for all its findings. Some apiconv rules
 * report a few findings at a lower severity (e.g. `servers-https`: plain-http
 * URLs of a local development server are `info`). The rule function records
 * such a finding here, in a side table of the lint run (keyed by the Spectral
 * document object, so concurrent lints never see each other's entries), and the
 * engine's `lint()` reads it: the finding's severity becomes the lower of the
 * rule's severity (as the user configured it) and the cap. A rule turned `off`
 * reports nothing; a rule the user lowered below the cap keeps the user's level.
 *
 * Spectral alone (the exported ruleset) does not read the table: there, these
 * findings keep the rule's severity.
 */
import type { JsonPath } from '../types';

export type SeverityCap = 'info' | 'hint';

/** Spectral's severity numbers (0 error … 3 hint). */
export const CAP_LEVEL: Record<SeverityCap, number> = { info: 2, hint: 3 };

interface Entry {
  path: string;
  cap: SeverityCap;
}

// document → rule → message (trimmed) → entries. By rule, then message: the lookup of each of a document's
// findings (8,580 on kubernetes) makes no key string.
const tables = new WeakMap<object, Map<string, Map<string, Entry[]>>>();

/** Called by a rule function: the finding (rule, message, path) is to be reported at `cap` at most. */
export function recordSeverityCap(document: object | undefined, rule: string | undefined, message: string, path: JsonPath, cap: SeverityCap): void {
  if (!document || !rule) return;
  let table = tables.get(document);
  if (!table) tables.set(document, (table = new Map()));
  let byMessage = table.get(rule);
  if (!byMessage) table.set(rule, (byMessage = new Map()));
  const key = message.trim();
  const list = byMessage.get(key) ?? [];
  list.push({ path: JSON.stringify(path.map(String)), cap });
  byMessage.set(key, list);
}

/**
 * The cap recorded for a reported finding, if any. Spectral may move a finding's
 * path into a `$ref`'d file, so the path decides only between entries of the
 * same rule and message that disagree.
 */
export function severityCapOf(document: object, rule: string, message: string, path: JsonPath): SeverityCap | undefined {
  const byMessage = tables.get(document)?.get(rule);
  if (byMessage === undefined) return undefined;
  const list = byMessage.get(message.trim());
  if (!list || list.length === 0) return undefined;
  const p = JSON.stringify(path.map(String));
  const exact = list.find(e => e.path === p);
  if (exact) return exact.cap;
  return list.every(e => e.cap === list[0].cap) ? list[0].cap : undefined;
}

/** Forgets the entries of a lint run. */
export function clearSeverityCaps(document: object): void {
  tables.delete(document);
}
