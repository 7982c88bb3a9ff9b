/**
 * A lint's reply into the diagnostic store: the root's findings per file (its own and its `$ref`'d files'), and the
 * one diagnostic of a broken ruleset on the ruleset file.
 */
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import { BUILTIN_RULESETS, type LintProblem } from '../engine';
import { rulesetErrorPosition, toDiagnostic } from './diagnostics';
import { RULESET_PRODUCER, type DiagnosticStore } from './diagnosticStore';
import type { LintReply } from './lintWorker';

/**
 * Stores the findings of `root`'s lint of `version` (`versions`: the open documents' versions it read) in place of
 * its last ones. `contributed` are the files the root's last lint contributed to; returns the files it contributes
 * to now and the files whose diagnostics changed, the root's own file first (its diagnostics are the first the
 * client reads: a multi-file document has hundreds of files). `unchanged`: whether a finding is on what did not
 * change since the revision of `apiconv.since` (sinceHints.ts): it is shown as a hint.
 */
export function storeReply(
  store: DiagnosticStore,
  root: string,
  contributed: ReadonlySet<string>,
  version: number,
  reply: LintReply,
  versions: Map<string, number>,
  unchanged?: (p: LintProblem) => boolean,
): { contributed: Set<string>; changed: Set<string> } {
  const byFile = new Map<string, Diagnostic[]>();
  for (const p of reply.result.problems) {
    const v = p.source === root ? version : (versions.get(p.source) ?? -1);
    let list = byFile.get(p.source);
    if (!list) byFile.set(p.source, (list = []));
    const d = toDiagnostic(p, v, reply.docs[p.code], root);
    if (unchanged?.(p)) d.severity = DiagnosticSeverity.Hint;
    list.push(d);
  }
  const changed = new Set<string>([root, ...contributed, ...byFile.keys()]);
  for (const f of contributed) if (!byFile.has(f)) store.delete(f, root);
  for (const [f, list] of byFile) store.set(f, root, list);
  if (!byFile.has(root)) store.set(root, root, []);

  // The ruleset's own diagnostic: one, on the ruleset file, while it is broken.
  const rsFile = reply.ruleset && !(reply.ruleset in BUILTIN_RULESETS) ? reply.ruleset : undefined;
  if (rsFile) {
    const producer = RULESET_PRODUCER + rsFile;
    const had = store.get(rsFile, producer);
    if (reply.rulesetError) {
      const pos = rulesetErrorPosition(rsFile, reply.rulesetError.message);
      const d: Diagnostic = {
        range: { start: pos, end: { line: pos.line, character: pos.character + 1 } },
        severity: reply.rulesetRefused ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
        source: 'apiconv',
        code: reply.rulesetRefused ? 'untrusted-ruleset' : 'invalid-ruleset',
        message: `${reply.rulesetError.message}${reply.note && !reply.rulesetRefused ? ` (${reply.note})` : ''}`,
      };
      if (!had || had[0]?.message !== d.message) {
        store.set(rsFile, producer, [d]);
        changed.add(rsFile);
      }
    } else if (had) {
      store.delete(rsFile, producer);
      changed.add(rsFile);
    }
  }
  return { contributed: new Set([...byFile.keys(), root]), changed };
}
