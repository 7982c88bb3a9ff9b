/**
 * Diagnostics of an open config file (`.apiconv.yaml/.yml/.json`, `.spectral.yaml/.yml/.json`): the problems the
 * engine finds against the config schema (engine/configCheck.ts) — an unknown rule id, a wrong severity, a
 * misspelt `extends`, an unknown option or one of another rule… — each at the key or value it is about, while
 * the file is edited and before any document is linted with it. Loading the ruleset (Spectral) may still find
 * more; that is reported as before.
 */
import * as path from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import { configProblems, LineIndex } from '../engine';

const NAMES = new Set(['.apiconv.yaml', '.apiconv.yml', '.apiconv.json', '.spectral.yaml', '.spectral.yml', '.spectral.json']);

/** A YAML/JSON config file that the schema describes (JavaScript rulesets are not). */
export function isSchemaConfig(file: string): boolean {
  return NAMES.has(path.basename(file));
}

export function configDiagnostics(text: string): Diagnostic[] {
  const problems = configProblems(text);
  if (problems.length === 0) return [];
  const lines = new LineIndex(text);
  return problems.map(p => ({
    range: { start: lines.positionAt(p.start), end: lines.positionAt(p.end) },
    severity: DiagnosticSeverity.Error,
    source: 'apiconv',
    code: p.code,
    message: p.message,
  }));
}
