/**
 * Diagnostics of an open config file (`.apiconv.yaml/.yml/.json`, `.spectral.yaml/.yml/.json`) from the config
 * schema (engine/configSchema.ts, validated with Ajv): an unknown rule id, a wrong severity, a misspelt
 * `extends`, bad rule options… each at the key or value it is about, while the file is edited and before any
 * document is linted with it. Loading the ruleset (Spectral) may still find more; that is reported as before.
 */
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import { parseDocument } from 'yaml';
import { BUILTIN_EXTENDS, configSchema, LineIndex } from '../engine';
import { findByPath, parseTree, type TNode } from './tree';

const NAMES = new Set(['.apiconv.yaml', '.apiconv.yml', '.apiconv.json', '.spectral.yaml', '.spectral.yml', '.spectral.json']);

/** A YAML/JSON config file that the schema describes (JavaScript rulesets are not). */
export function isSchemaConfig(file: string): boolean {
  return NAMES.has(path.basename(file));
}

let validator: ValidateFunction | undefined;
let schema: Record<string, unknown> | undefined;

function validate(value: unknown): ErrorObject[] {
  if (!validator) {
    schema = configSchema();
    validator = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(schema);
  }
  return validator(value) ? [] : (validator.errors ?? []);
}

function pointerPath(p: string): string[] {
  return p === '' ? [] : p.slice(1).split('/').map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The deepest node of `path` that exists; a missing property's parent. The key when the node is a collection. */
function rangeOf(root: TNode | undefined, p: string[], lines: LineIndex, preferKey: boolean) {
  let node = root;
  for (let i = p.length; root && i >= 0; i--) {
    const n = findByPath(root, p.slice(0, i));
    if (n) {
      node = n;
      break;
    }
  }
  if (!node) return { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  const useKey = node.keyStart !== undefined && (preferKey || node.type !== 'scalar');
  const start = useKey ? node.keyStart! : node.start;
  const end = useKey ? node.keyEnd! : node.end;
  return { start: lines.positionAt(start), end: lines.positionAt(Math.max(end, start + 1)) };
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = t;
    }
  }
  return d[b.length];
}

function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const dd = distance(word, c);
    if (dd < bestD) [best, bestD] = [c, dd];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 4)) ? best : undefined;
}

const didYouMean = (word: string, candidates: readonly string[]) => {
  const c = closest(word, candidates);
  return c ? ` (did you mean "${c}"?)` : '';
};

const SEVERITIES = 'error, warn, info, hint or off';

/** One message per place: Ajv's errors (several for an `anyOf`) turned into what to write there instead. */
function messageFor(errors: ErrorObject[], p: string[]): { message: string; atKey: boolean; path: string[] } {
  const last = p[p.length - 1];
  const parent = p[p.length - 2];
  const extra = errors.find(e => e.keyword === 'additionalProperties');
  if (extra && errors.every(e => e.keyword === 'additionalProperties')) {
    const name = (extra.params as { additionalProperty: string }).additionalProperty;
    const known = Object.keys((extra.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return { message: `Unknown property "${name}"${didYouMean(name, known)}; allowed: ${known.join(', ')}.`, atKey: true, path: [...p, name] };
  }
  const ids = Object.keys((schema!.definitions as Record<string, { properties: object }>).rules.properties);
  if (parent === 'rules' && !ids.includes(last)) {
    return {
      message: `"${last}" is no rule of apiconv:recommended or apiconv:all${didYouMean(last, ids)}: a severity can only be set for a known rule, and a new rule needs "given" and "then".`,
      atKey: true,
      path: p,
    };
  }
  if (p[0] === 'extends' || (p[0] === 'overrides' && p[2] === 'extends')) {
    const value = errors.find(e => e.keyword === 'enum');
    return { message: `Not a ruleset apiconv knows: use ${BUILTIN_EXTENDS.join(', ')}, or a file path, package or URL${typeof value?.data === 'string' ? didYouMean(value.data, BUILTIN_EXTENDS) : ''}.`, atKey: false, path: p };
  }
  const required = errors.find(e => e.keyword === 'required');
  if (required) return { message: `Missing property "${(required.params as { missingProperty: string }).missingProperty}".`, atKey: true, path: p };
  if (p.length >= 2 && parent === 'rules' && errors.some(e => e.schemaPath.startsWith('#/definitions/severity') || e.keyword === 'anyOf')) {
    return { message: `A rule takes a severity (${SEVERITIES}), true/false, or an object with "severity" and "then.functionOptions".`, atKey: false, path: p };
  }
  if (last === 'severity' || errors.some(e => e.schemaPath.startsWith('#/definitions/severity'))) return { message: `A severity is ${SEVERITIES} (or true/false).`, atKey: false, path: p };
  const enumErr = errors.find(e => e.keyword === 'enum');
  if (enumErr) return { message: `Must be one of: ${((enumErr.params as { allowedValues: unknown[] }).allowedValues ?? []).map(v => JSON.stringify(v)).join(', ')}.`, atKey: false, path: p };
  const e = errors.find(x => x.keyword !== 'anyOf' && x.keyword !== 'not') ?? errors[0];
  return { message: `${p.length ? `"${p.join('.')}" ` : ''}${e.message ?? 'is not valid'}.`, atKey: false, path: p };
}

export function configDiagnostics(text: string, file: string): Diagnostic[] {
  const lines = new LineIndex(text);
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const start = lines.positionAt(e.pos[0]);
    return [{ range: { start, end: lines.positionAt(Math.max(e.pos[1], e.pos[0] + 1)) }, severity: DiagnosticSeverity.Error, source: 'apiconv', code: 'config-syntax', message: e.message.split('\n')[0] }];
  }
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return [];
  const errors = validate(value);
  if (errors.length === 0) return [];
  // Deepest places first: an error inside a value explains its parent's anyOf failure.
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    let list = byPath.get(e.instancePath);
    if (!list) byPath.set(e.instancePath, (list = []));
    list.push(e);
  }
  // A place whose only errors are an anyOf's alternatives (type, enum…) is explained by the errors deeper inside it.
  const explicit = (list: ErrorObject[]) => list.some(e => e.keyword === 'additionalProperties' || e.keyword === 'required');
  const places = [...byPath.keys()].filter(k => explicit(byPath.get(k)!) || ![...byPath.keys()].some(o => o !== k && o.startsWith(k + '/')));
  const tree = parseTree(text, file);
  const out: Diagnostic[] = [];
  for (const place of places.sort()) {
    const { message, atKey, path: target } = messageFor(byPath.get(place)!, pointerPath(place));
    out.push({ range: rangeOf(tree, target, lines, atKey), severity: DiagnosticSeverity.Error, source: 'apiconv', code: 'config-schema', message });
  }
  return out;
}
