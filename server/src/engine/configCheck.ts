/**
 * The problems of a YAML or JSON config (`.apiconv.yaml/.yml/.json`, `.spectral.yaml/.yml/.json`) against its
 * JSON schema (configSchema.ts): an unknown rule id, a wrong severity, a misspelt `extends`, an unknown option,
 * an option of another rule, a value of the wrong type… each as one message that says what to write instead
 * (the allowed values, a did-you-mean), at the key or value it is about (offsets into the text).
 *
 * The language server shows them on an open config while it is edited (lsp/configDiagnostics.ts); loading a
 * ruleset refuses one whose apiconv rule options are wrong with the first of them, `file:line:col` and all
 * (ruleset.ts), where Spectral would name neither the line nor what is allowed.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { rules } from '../../../rules/index';
import { BUILTIN_EXTENDS, configSchema } from './configSchema';

export interface ConfigProblem {
  /** Where in the config's data (`rules`, `path-no-verbs`, `then`, `functionOptions`, `extraVerb`). */
  path: string[];
  message: string;
  code: 'config-syntax' | 'config-schema';
  /** Offsets of the key or value the problem is about. */
  start: number;
  end: number;
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
  return p === ''
    ? []
    : p
        .slice(1)
        .split('/')
        .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
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
    const dd = distance(word.toLowerCase(), c.toLowerCase());
    if (dd < bestD) [best, bestD] = [c, dd];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 4)) ? best : undefined;
}

const didYouMean = (word: string, candidates: readonly string[]) => {
  const c = closest(word, candidates);
  return c ? ` (did you mean "${c}"?)` : '';
};

const SEVERITIES = 'error, warn, info, hint or off';

/** The apiconv rules that declare an option of this name. */
function rulesWithOption(name: string): string[] {
  return rules.filter(r => r.options && name in r.options.specs).map(r => r.id);
}

/** A message about `rules.<id>.then.functionOptions…`: the rule's options are the vocabulary. */
function optionMessage(errors: ErrorObject[], p: string[]): { message: string; atKey: boolean; path: string[] } | undefined {
  const at = p.indexOf('functionOptions');
  const then = p.lastIndexOf('then', at);
  if (at < 0 || then < 1 || at - then > 2) return undefined;
  const id = p[then - 1];
  const options = rules.find(r => r.id === id)?.options;
  const known = options ? Object.keys(options.specs) : [];
  const extra = errors.find(e => e.keyword === 'additionalProperties');
  if (extra && p.length === at + 1) {
    const name = (extra.params as { additionalProperty: string }).additionalProperty;
    if (known.length === 0) return { message: `"${id}" takes no options ("${name}").`, atKey: true, path: [...p, name] };
    const elsewhere = rulesWithOption(name).filter(r => r !== id);
    const hint = elsewhere.length > 0 ? ` ("${name}" is an option of ${elsewhere.map(r => `"${r}"`).join(', ')})` : didYouMean(name, known);
    return { message: `"${id}" has no option "${name}"${hint}; its options: ${known.join(', ')}.`, atKey: true, path: [...p, name] };
  }
  const name = p[at + 1];
  if (name === undefined) return { message: `The options of "${id}" are an object: ${known.join(', ')}.`, atKey: false, path: p };
  const allowed = [...new Set(errors.filter(e => e.keyword === 'enum').flatMap(e => (e.params as { allowedValues: unknown[] }).allowedValues))];
  const types = [...new Set(errors.filter(e => e.keyword === 'type').map(e => String((e.params as { type: unknown }).type)))];
  const expected = [...allowed.map(v => JSON.stringify(v)), ...types.map(t => `a${/^[aeiou]/.test(t) ? 'n' : ''} ${t}`)];
  const what = `"${p.slice(at + 1).join('.')}" of "${id}"`;
  if (expected.length > 0) {
    const value = errors[0].data;
    const guess =
      typeof value === 'string'
        ? didYouMean(
            value,
            allowed.filter((v): v is string => typeof v === 'string'),
          )
        : '';
    return { message: `${what} is ${JSON.stringify(value)}${guess}; allowed: ${expected.join(', ')}.`, atKey: false, path: p };
  }
  const e = errors.find(x => !['anyOf', 'oneOf', 'not'].includes(x.keyword)) ?? errors[0];
  return { message: `${what} ${e.message ?? 'is not valid'}.`, atKey: false, path: p };
}

/** One message per place: Ajv's errors (several for an `anyOf`) turned into what to write there instead. */
function messageFor(errors: ErrorObject[], p: string[]): { message: string; atKey: boolean; path: string[] } {
  const option = optionMessage(errors, p);
  if (option) return option;
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
    return {
      message: `Not a ruleset apiconv knows: use ${BUILTIN_EXTENDS.join(', ')}, or a file path, package or URL${typeof value?.data === 'string' ? didYouMean(value.data, BUILTIN_EXTENDS) : ''}.`,
      atKey: false,
      path: p,
    };
  }
  const required = errors.find(e => e.keyword === 'required');
  if (required) return { message: `Missing property "${(required.params as { missingProperty: string }).missingProperty}".`, atKey: true, path: p };
  if (p.length >= 2 && parent === 'rules' && errors.some(e => e.schemaPath.startsWith('#/definitions/severity') || e.keyword === 'anyOf')) {
    return { message: `A rule takes a severity (${SEVERITIES}), true/false, or an object with "severity" and "then.functionOptions".`, atKey: false, path: p };
  }
  if (last === 'severity' || errors.some(e => e.schemaPath.startsWith('#/definitions/severity')))
    return { message: `A severity is ${SEVERITIES} (or true/false).`, atKey: false, path: p };
  const enumErr = errors.find(e => e.keyword === 'enum');
  if (enumErr)
    return {
      message: `Must be one of: ${((enumErr.params as { allowedValues: unknown[] }).allowedValues ?? []).map(v => JSON.stringify(v)).join(', ')}.`,
      atKey: false,
      path: p,
    };
  const e = errors.find(x => x.keyword !== 'anyOf' && x.keyword !== 'not') ?? errors[0];
  return { message: `${p.length ? `"${p.join('.')}" ` : ''}${e.message ?? 'is not valid'}.`, atKey: false, path: p };
}

/** The offsets of the deepest node of `path` that exists (a missing property: its parent), its key where asked or where it is a collection. */
function offsetsOf(root: YamlNode | null | undefined, p: string[], preferKey: boolean): { start: number; end: number } {
  let node = root;
  let key: YamlNode | undefined;
  for (const seg of p) {
    if (isMap(node)) {
      const pair = node.items.find(i => isScalar(i.key) && String(i.key.value) === seg);
      if (!pair) break;
      key = pair.key as YamlNode;
      node = pair.value as YamlNode | null;
    } else if (isSeq(node) && /^\d+$/.test(seg) && node.items[Number(seg)]) {
      key = undefined;
      node = node.items[Number(seg)] as YamlNode;
    } else break;
  }
  const target = key && (preferKey || !isScalar(node)) ? key : (node ?? key);
  const range = target?.range;
  return range ? { start: range[0], end: Math.max(range[1], range[0] + 1) } : { start: 0, end: 1 };
}

/** Every problem of the config text, deepest places first within a branch, in document order of their paths. */
export function configProblems(text: string): ConfigProblem[] {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    return [{ path: [], message: e.message.split('\n')[0], code: 'config-syntax', start: e.pos[0], end: Math.max(e.pos[1], e.pos[0] + 1) }];
  }
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return [];
  const errors = validate(value);
  if (errors.length === 0) return [];
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    let list = byPath.get(e.instancePath);
    if (!list) byPath.set(e.instancePath, (list = []));
    list.push(e);
  }
  // A place whose only errors are an anyOf's alternatives (type, enum…) is explained by the errors deeper inside it.
  const explicit = (list: ErrorObject[]) => list.some(e => e.keyword === 'additionalProperties' || e.keyword === 'required');
  const places = [...byPath.keys()].filter(k => explicit(byPath.get(k)!) || ![...byPath.keys()].some(o => o !== k && o.startsWith(k + '/')));
  return places.sort().map(place => {
    const { message, atKey, path } = messageFor(byPath.get(place)!, pointerPath(place));
    return { path, message, code: 'config-schema' as const, ...offsetsOf(doc.contents as YamlNode | null, path, atKey) };
  });
}

const optionValidators = new Map<string, ValidateFunction>();

/** Whether every apiconv rule's `then.functionOptions` in the config (its rules, its overrides' rules) is valid. */
function ruleOptionsValid(value: unknown): boolean {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(value)) return true;
  const ruleMaps = [value.rules, ...(Array.isArray(value.overrides) ? value.overrides.map(o => (isObj(o) ? o.rules : undefined)) : [])];
  for (const map of ruleMaps) {
    if (!isObj(map)) continue;
    for (const rule of rules) {
      const def = map[rule.id];
      if (!isObj(def) || def.then === undefined) continue;
      for (const then of Array.isArray(def.then) ? def.then : [def.then]) {
        if (!isObj(then) || !('functionOptions' in then)) continue;
        let check = optionValidators.get(rule.id);
        if (!check)
          optionValidators.set(rule.id, (check = new Ajv({ strict: false }).compile(rule.options?.schema ?? { type: 'object', additionalProperties: false })));
        if (!check(then.functionOptions)) return false;
      }
    }
  }
  return true;
}

/**
 * The problems with the options of apiconv rules in a config: what Spectral would refuse the ruleset for, without
 * a line. Cheap when they are right (each rule's own options schema, compiled when a config sets its options);
 * the whole config schema only to explain what is wrong.
 */
export function ruleOptionsProblems(text: string): ConfigProblem[] {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0 || ruleOptionsValid(doc.toJS())) return [];
  return configProblems(text).filter(p => {
    const at = p.path.indexOf('functionOptions');
    const then = p.path.lastIndexOf('then', at);
    return at >= 0 && then >= 1 && at - then <= 2 && rules.some(r => r.id === p.path[then - 1]);
  });
}
