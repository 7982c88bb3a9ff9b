/**
 * How the light bulb lists apiconv's actions: one entry per distinct edit, fixes first, and at most a few entries
 * with the rest under "More apiconv actions…" (the client's command lists them).
 */
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver/node';

/** The title of the entry that lists the light bulb's other actions. */
export const MORE_ACTIONS_TITLE = 'More apiconv actions…';

/**
 * At most `more.max` entries: the first ones as they are, the others under one entry whose command (the client's)
 * lists them; the light bulb of a responses line held 11–16 entries, its fixes lost among ignores and docs.
 */
export function underMenu(actions: CodeAction[], more: { command: string; max: number } | undefined): CodeAction[] {
  if (!more || actions.length <= more.max) return actions;
  const shown = actions.slice(0, more.max - 1);
  const rest = actions.slice(more.max - 1);
  return [
    ...shown,
    {
      title: MORE_ACTIONS_TITLE,
      kind: CodeActionKind.QuickFix,
      diagnostics: [...new Set(rest.flatMap(a => a.diagnostics ?? []))],
      command: { title: MORE_ACTIONS_TITLE, command: more.command, arguments: [rest] },
    },
  ];
}

/**
 * What the light bulb lists: quick fixes that make the same edit (two rules
 * reporting one gap, "Add a 404 response" / "Add a 404 error response") are
 * one action for all their findings (when their edits are known: a client that cannot resolve); each finding has at most one preferred
 * fix; fixes come first, then fix-all, ignore, and documentation actions.
 */
export function tidyActions(actions: CodeAction[], isLazy: (a: CodeAction) => boolean): CodeAction[] {
  const merged: CodeAction[] = [];
  const byEdit = new Map<string, CodeAction>();
  for (const a of actions) {
    if (a.isPreferred && a.edit) {
      const key = JSON.stringify(a.edit);
      const same = byEdit.get(key);
      if (same) {
        same.diagnostics = [...(same.diagnostics ?? []), ...(a.diagnostics ?? [])];
        continue;
      }
      byEdit.set(key, a);
    }
    merged.push(a);
  }
  const preferredFor = new Set<Diagnostic>();
  for (const a of merged) {
    if (!a.isPreferred) continue;
    const ds = a.diagnostics ?? [];
    if (ds.some(d => preferredFor.has(d))) a.isPreferred = false;
    else for (const d of ds) preferredFor.add(d);
  }
  const hasEdit = (a: CodeAction) => !!a.edit || isLazy(a);
  const rank = (a: CodeAction) => (a.isPreferred ? 0 : hasEdit(a) && !a.title.startsWith('Ignore ') ? 1 : hasEdit(a) ? 2 : 3);
  return merged
    .map((a, i) => [a, i] as const)
    .sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1])
    .map(([a]) => a);
}
