/**
 * The `diff:` section of `.apiconv.yaml` (or any apiconv/Spectral config file):
 *
 * ```yaml
 * extends: [apiconv:recommended]
 * diff:
 *   rules:
 *     response-enum-value-added: off
 *     request-parameter-removed: error
 * ```
 *
 * Spectral's ruleset schema takes no other top-level key, so the section is taken out
 * of the text Spectral's migrator reads (`rulesetFs`), and read here on its own.
 */
import * as fs from 'node:fs';
import { parse } from 'yaml';
import type { Severity } from '../problem';
import { DIFF_CHECK_IDS, SEVERITY_LEVEL } from './checks';

export class DiffConfigError extends Error {}

export interface DiffConfig {
  severities: Record<string, Severity | 'off'>;
}

function parseConfig(text: string, file: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = /\.json$/i.test(file) ? JSON.parse(text) : parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The text of a YAML/JSON config without its `diff:` section (unchanged when it has none). */
export function withoutDiffSection(text: string, file: string): string {
  if (!/^\s*"?diff"?\s*:/m.test(text)) return text;
  const data = parseConfig(text, file);
  if (!data || !('diff' in data)) return text;
  delete data.diff;
  return JSON.stringify(data);
}

/** `fs` for Spectral's ruleset migrator: config files are read without their `diff:` section. */
export function rulesetFs(): typeof fs {
  const readFile = (async (file: fs.PathLike, opts?: unknown) => {
    const text = await fs.promises.readFile(file, opts as BufferEncoding);
    return typeof text === 'string' && /\.(ya?ml|json)$/i.test(String(file)) ? withoutDiffSection(text, String(file)) : text;
  }) as typeof fs.promises.readFile;
  return { ...fs, promises: { ...fs.promises, readFile } } as typeof fs;
}

/** The diff settings of a config file (none: every check at its default severity). Throws DiffConfigError with a one-line message. */
export function readDiffConfig(file: string | undefined): DiffConfig {
  const severities: Record<string, Severity | 'off'> = {};
  if (file === undefined || !/\.(ya?ml|json)$/i.test(file)) return { severities };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { severities };
  }
  const data = parseConfig(text, file);
  const diff = data?.diff;
  if (diff === undefined || diff === null) return { severities };
  if (typeof diff !== 'object' || Array.isArray(diff))
    throw new DiffConfigError(`invalid config ${file}: diff must be a mapping (diff: { rules: { <check>: <severity> } })`);
  const rules = (diff as Record<string, unknown>).rules;
  for (const key of Object.keys(diff)) if (key !== 'rules') throw new DiffConfigError(`invalid config ${file}: unknown key diff.${key} (diff takes rules)`);
  if (rules === undefined || rules === null) return { severities };
  if (typeof rules !== 'object' || Array.isArray(rules))
    throw new DiffConfigError(`invalid config ${file}: diff.rules must be a mapping of check ids to severities`);
  for (const [id, value] of Object.entries(rules)) {
    if (!DIFF_CHECK_IDS.has(id)) throw new DiffConfigError(`invalid config ${file}: diff.rules names an unknown check "${id}" (\`apiconv rules\` lists them)`);
    const v = value === false ? 'off' : String(value);
    if (v === 'off') severities[id] = 'off';
    else if (v in SEVERITY_LEVEL) severities[id] = SEVERITY_LEVEL[v];
    else throw new DiffConfigError(`invalid config ${file}: diff.rules.${id} must be error, warn, info, hint or off, not "${v}"`);
  }
  return { severities };
}
