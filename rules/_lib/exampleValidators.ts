/**
 * Compiled example validators, shared across lints.
 *
 * Spectral's `schema` function keeps its Ajv instances (and so every compiled
 * validator) per document inventory, i.e. per lint: a language server relinting
 * after each keystroke recompiles every example schema each time, and Ajv's code
 * generation is the single largest cost on big documents (thousands of compiles
 * on github-api). Here validators are cached process-wide by dialect and schema
 * text (a bounded LRU), with Ajv configured as Spectral configures it, so the
 * validation and its messages are the same; errors are turned into findings the
 * way Spectral's `schema` function does (better-ajv-errors + the same wording).
 */
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import MissingRefError from 'ajv/dist/compile/ref_error';
import betterAjvErrors from '@stoplight/better-ajv-errors';
import { newAjv, usePrecompiledMeta } from './exampleAjv';
import type { IFunctionResult } from '@stoplight/spectral-core';
import type { JsonPath } from '../types';
import { contradictions, contradictionsButRefs, quickVerdict, wellFormedSchema } from './exampleVerdict';
import { compiledForm, prunedFor } from './examplePrune';
import { ajvErrorsOf } from './exampleErrors';

type Dialect = 'auto' | 'draft4' | 'draft2019-09' | 'draft2020-12' | string;

const instances = new Map<string, Ajv>();

/**
 * The Ajv instance of a dialect. `trusted` (a schema the meta-schema surely accepts, metaValid below): an instance
 * that does not check schemas against the dialect's meta-schema, which would accept them: compiling the
 * meta-schema's own validator is much of a lint's first compile (a lint that compiles only such schemas never
 * compiles it). Ajv's validators and errors are the same either way; a schema that is not known to be well formed is
 * compiled by the checking instance, whose refusal ("schema is invalid: …") is the finding.
 */
function ajvFor(dialect: Dialect, trusted = false): Ajv {
  const base = dialect === 'draft4' || dialect === 'draft2019-09' || dialect === 'draft2020-12' ? dialect : 'auto';
  const key = trusted ? `${base} trusted` : base;
  let ajv = instances.get(key);
  if (!ajv) {
    ajv = newAjv(base, trusted);
    if (!trusted) usePrecompiledMeta(ajv, base);
    instances.set(key, ajv);
  }
  return ajv;
}

const MAX_VALIDATORS = 4000;
type CachedValidator = { validate: ValidateFunction } | { error: unknown };
const validators = new Map<string, CachedValidator>();

/** A digest of a schema's JSON text: the cache key (the texts themselves can add up to hundreds of MB). */
export function schemaDigest(text: string): string {
  // node:crypto is loaded when first needed: a lint without examples does without its start-up.
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(text).digest('base64');
}

/**
 * The compiled validator for a schema (by dialect and text digest), compiled at most once while cached.
 * A schema Ajv refuses is cached as its error: compiling it again in the same Ajv instance can fail with a
 * different message (Ajv keeps part of the first attempt), and a relint must report what the first lint did.
 */
function validatorFor(schema: object, digest: string, dialect: Dialect, trusted: boolean): ValidateFunction {
  const key = `${dialect}\u0000${digest}`;
  const hit = validators.get(key);
  if (hit) {
    validators.delete(key);
    validators.set(key, hit); // most recently used last
    if ('error' in hit) throw hit.error;
    return hit.validate;
  }
  const ajv = ajvFor(dialect, trusted);
  let entry: CachedValidator;
  try {
    entry = { validate: ajv.compile(schema) };
  } catch (e) {
    entry = { error: e };
  }
  // Ajv also keeps the schema in its own cache: drop it there, our LRU is the one that bounds memory.
  try {
    ajv.removeSchema(schema);
  } catch {
    // not registered
  }
  validators.set(key, entry);
  if (validators.size > MAX_VALIDATORS) validators.delete(validators.keys().next().value as string);
  if ('error' in entry) throw entry.error;
  return entry.validate;
}

/**
 * For the tests: with `on`, every example's quick verdict is also put to Ajv, and the verdicts that Ajv
 * contradicts are kept (there must be none), with counts of what the quick path decided.
 */
export const quickCheck = {
  on: false,
  counts: { valid: 0, invalid: 0, unsure: 0 },
  contradicted: [] as { schema: object; value: unknown; dialect: string; quick: boolean; ajv: boolean | 'refused' }[],
  /** Refusals told without compiling (knownRefusal) that are not Ajv's. */
  refusals: [] as { schema: object; dialect: string; known: string; ajv: string }[],
  /** Schemas surelyMissingRef told would end in a MissingRefError, whose compile does not (there must be none). */
  missingRefs: [] as { schema: object; dialect: string; ajv: string }[],
  /** How many such schemas were checked. */
  missingRefsChecked: 0,
  /** compileOutcome's answers that are not what Ajv's compile ends in (there must be none), and how many were checked. */
  outcomes: [] as { schema: object; dialect: string; told: unknown; ajv: unknown }[],
  outcomesChecked: 0,
  /** Invalid examples whose errors from the pruned schema (prunedFor) are not the full schema's. */
  prunedApart: [] as { schema: object; value: unknown; dialect: string; full: string; pruned: string }[],
  /** Invalid examples whose errors told without compiling (exampleErrors.ts) are not Ajv's; and how many were told. */
  toldApart: [] as { schema: object; value: unknown; dialect: string; ajv: string; told: string }[],
  told: 0,
};

function recordQuick(quick: boolean | undefined, schema: object, value: unknown, dialect: Dialect): void {
  quickCheck.counts[quick === undefined ? 'unsure' : quick ? 'valid' : 'invalid']++;
  if (quick === undefined) return;
  const ajv = ajvVerdict(schema, value, dialect);
  if (ajv !== quick && quickCheck.contradicted.length < 20) quickCheck.contradicted.push({ schema, value, dialect, quick, ajv });
  if (quick === false) {
    const full = JSON.stringify(ajvErrors(schema, value, dialect));
    const pruned = JSON.stringify(ajvErrors(compiledForm(prunedFor(schema, value, dialect) as object, dialect), value, dialect));
    if (full !== pruned && quickCheck.prunedApart.length < 20) quickCheck.prunedApart.push({ schema, value, dialect, full, pruned });
    const told = ajvErrorsOf(schema, value, dialect);
    if (told !== undefined) {
      quickCheck.told++;
      if (JSON.stringify(told) !== full && quickCheck.toldApart.length < 20)
        quickCheck.toldApart.push({ schema, value, dialect, ajv: full, told: JSON.stringify(told) });
    }
  }
}

function recordMissingRef(schema: object, dialect: Dialect): void {
  quickCheck.missingRefsChecked++;
  const compiled = compileForTests(schema, dialect);
  if ('error' in compiled && compiled.error instanceof MissingRefError) return;
  const ajv = 'error' in compiled ? (compiled.error instanceof Error ? compiled.error.message : String(compiled.error)) : '(compiled)';
  if (quickCheck.missingRefs.length < 20) quickCheck.missingRefs.push({ schema, dialect, ajv });
}

function recordOutcome(outcome: CompileOutcome, schema: object, dialect: Dialect): void {
  quickCheck.outcomesChecked++;
  const compiled = compileForTests(schema, dialect);
  const ajv: CompileOutcome =
    'error' in compiled
      ? compiled.error instanceof MissingRefError
        ? { missingRef: true }
        : { refusal: compiled.error instanceof Error ? compiled.error.message : String(compiled.error) }
      : { compiles: true };
  if (JSON.stringify(ajv) !== JSON.stringify(outcome) && quickCheck.outcomes.length < 20) quickCheck.outcomes.push({ schema, dialect, told: outcome, ajv });
}

function recordRefusal(known: string, schema: object, dialect: Dialect): void {
  const ajv = ajvRefusal(schema, dialect) ?? '(compiled)';
  if (ajv !== known && quickCheck.refusals.length < 20) quickCheck.refusals.push({ schema, dialect, known, ajv });
}

/** The message of the error Ajv's compile of a schema throws (undefined: it compiles), as the example rules compile it. For the tests. */
export function ajvRefusal(schema: object, dialect: Dialect): string | undefined {
  const compiled = compileForTests(schema, dialect);
  if (!('error' in compiled)) return undefined;
  return compiled.error instanceof Error ? compiled.error.message : String(compiled.error);
}

/** Ajv's compile of a schema as the example rules compile it (the checking instance), not kept in the instance: its validator or what it threw. */
function compileForTests(schema: object, dialect: Dialect): { validate: ValidateFunction } | { error: unknown } {
  const ajv = ajvFor(dialect);
  try {
    return { validate: ajv.compile(schema) };
  } catch (error) {
    return { error };
  } finally {
    try {
      ajv.removeSchema(schema);
    } catch {
      // not registered
    }
  }
}

/**
 * Ajv's own verdict on a value, compiled as the example rules compile it: true/false, or 'refused' when Ajv does
 * not compile the schema. For the tests that hold exampleVerdict.ts to Ajv.
 */
export function ajvVerdict(schema: object, value: unknown, dialect: Dialect): boolean | 'refused' {
  const errors = ajvErrors(schema, value, dialect);
  return errors === 'refused' ? errors : errors === null;
}

/** Ajv's errors on a value (null: valid), or 'refused' when Ajv does not compile the schema. For the tests. */
export function ajvErrors(schema: object, value: unknown, dialect: Dialect): ErrorObject[] | null | 'refused' {
  const compiled = compileForTests(schema, dialect);
  if ('error' in compiled) return 'refused';
  const validate = compiled.validate;
  return validate(value) === true ? null : (validate.errors ?? []);
}

/**
 * Whether the dialect's meta-schema surely accepts a schema (ajvFor's `trusted`): a well-formed one (exampleVerdict.ts),
 * or one that is but for `nullable`/`type` contradictions, which Ajv meets when it generates the code, not in the
 * meta-schema (github-api, plaid: a `nullable` without `type` beside an `anyOf` took the meta-schema's compile).
 */
function metaValid(schema: object, dialect: Dialect): boolean {
  return wellFormedSchema(schema, dialect) || contradictions(schema, dialect) !== false;
}

/** True when a schema can be compiled into the shared cache (no `$id`: ids are global in an Ajv instance). */
export function cacheable(ids: { any: boolean; draft4: boolean }, dialect: Dialect): boolean {
  if (ids.any) return false;
  return dialect !== 'draft4' || !ids.draft4;
}

function describeArrayItem(message: string, errorPath: string): string {
  const index = errorPath.split('/').pop();
  if (index === undefined || !/^\d+$/.test(index)) return message;
  const typePrefix = `"${index}" property type`;
  if (message.startsWith(typePrefix)) return `Item at index ${index}${message.slice(typePrefix.length)}`;
  const prefix = `"${index}" property`;
  return message.startsWith(prefix) ? `Item at index ${index}${message.slice(prefix.length)}` : message;
}

function unmatchedCombinators(errors: ErrorObject[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { keyword, instancePath, params } of errors) {
    if ((keyword === 'oneOf' || keyword === 'anyOf') && !Array.isArray((params as { passingSchemas?: unknown }).passingSchemas)) out.set(instancePath, keyword);
  }
  return out;
}

/**
 * The error Ajv's compile of `schema` throws, when that is sure without compiling: every keyword is well formed
 * (exampleVerdict.ts) but for `nullable`/`type` contradictions, all of one kind, which Ajv meets as it generates the code
 * of each schema object with a keyword (getSchemaTypes), whichever it meets first. undefined: not sure.
 */
export function knownRefusal(schema: object, dialect: Dialect): string | undefined {
  const kinds = contradictions(schema, dialect);
  if (kinds !== 1 && kinds !== 2) return undefined;
  if (skipsAnAnyOf(schema, dialect)) return undefined;
  return kinds === 1 ? '"nullable" cannot be used without "type"' : 'type: null contradicts nullable: false';
}

/** A `$ref` to a relative path (no scheme, not a pointer `#…`): one the Ajv instances here hold no schema for. */
const RELATIVE_REF = /^(?![a-z][a-z0-9+.-]*:)[^#]/i;

/** An object that is only a `$ref` (and annotations) to a relative path. */
function missingRefOnly(o: Record<string, unknown>): boolean {
  const ref = o.$ref;
  return (
    typeof ref === 'string' && RELATIVE_REF.test(ref) && Object.keys(o).every(k => k === '$ref' || k === 'description' || k === 'title' || k.startsWith('x-'))
  );
}

const missingRefVerdicts = new WeakMap<object, boolean>();

/**
 * Whether Ajv's compile of `schema` (draft 4, no ids) surely fails with a MissingRefError and with nothing else, for
 * what the example rules then report (nothing, as Spectral's `schema` function with `resolved` refs): a `$ref` left
 * in the resolved document to a file path (digitalocean: large schemas, each checked against the meta-schema and
 * compiled, for no finding). Sure when: the schema is well formed (exampleVerdict.ts)
 * once every object that is only such a `$ref` is taken as `{}` (the meta-schema accepts it as it is), with no
 * `nullable`/`type` contradiction (a refusal Ajv could meet first), one `$ref` at least, and nothing under which Ajv
 * may leave a subschema uncompiled (an `anyOf` with a branch that accepts everything, `additionalItems`): Ajv's code
 * reaches every such `$ref`, and finds no schema for it. Kept per schema object.
 */
export function surelyMissingRef(schema: object, dialect: Dialect): boolean {
  if (dialect !== 'draft4') return false;
  let v = missingRefVerdicts.get(schema);
  if (v === undefined) {
    let refs = 0;
    let other = false;
    // the schema positions (a well-formed schema has no other subschemas)
    const walk = (x: unknown): void => {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) return;
      const o = x as Record<string, unknown>;
      if (missingRefOnly(o)) {
        refs++;
        return;
      }
      if ('$ref' in o || 'additionalItems' in o) other = true;
      for (const k of ['properties', 'patternProperties']) if (typeof o[k] === 'object' && o[k] !== null) Object.values(o[k] as object).forEach(walk);
      for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(walk);
      if (Array.isArray(o.items)) o.items.forEach(walk);
      else walk(o.items);
      walk(o.additionalProperties);
      walk(o.not);
    };
    walk(schema);
    v = refs > 0 && !other && contradictionsButRefs(schema, dialect, missingRefOnly) === 0 && !skipsAnAnyOf(schema, dialect);
    missingRefVerdicts.set(schema, v);
  }
  return v;
}

/**
 * Whether Ajv generates no code for a subschema (its alwaysValidSchema): `true`, or an object with no key that is one of
 * its rules (`{}`, `{description: …}`, `{x-…: …}`). The rules are the instance's that compiles well-formed schemas (the
 * checking one has the same; it is not made for this).
 */
function alwaysValidIn(dialect: Dialect): (s: unknown) => boolean {
  const rules = (ajvFor(dialect, true) as unknown as { RULES: { all: Record<string, unknown> } }).RULES.all;
  return s => s === true || (typeof s === 'object' && s !== null && !Array.isArray(s) && !Object.keys(s).some(k => rules[k]));
}

/** What Ajv's compile of a schema ends in, told by compileOutcome: the first error its code generation meets, or none. */
export type CompileOutcome = { missingRef: true } | { refusal: string } | { compiles: true };

/**
 * What Ajv's compile of `schema` ends in, when the schema is well formed (exampleVerdict.ts) but for `nullable`/`type`
 * contradictions and objects that are only a `$ref` to a relative path (Ajv holds no schema for one): each throws when
 * Ajv's code generation meets it, so the first one met in its order decides — a schema object's types first
 * (getSchemaTypes), then its `$ref`, then its subschemas in the order of Ajv's rule groups (`not`, `anyOf`, `oneOf`,
 * `allOf`; `additionalItems`, `items`; `additionalProperties`, `properties`, `patternProperties`), none below a subschema
 * that accepts everything, nor below an `anyOf` with such a branch (drafts 4 to 7). digitalocean: 20 example schemas
 * with both, each compiled for it. undefined: not sure (another dialect, another `$ref`, a keyword whose subschemas are
 * not walked here). exampleValidators.test.ts holds it to Ajv's compile.
 */
export function compileOutcome(schema: object, dialect: Dialect): CompileOutcome | undefined {
  if (dialect !== 'draft4' && dialect !== 'auto') return undefined;
  if (contradictionsButRefs(schema, dialect, missingRefOnly) === false) return undefined;
  const alwaysValid = alwaysValidIn(dialect);
  class Unsure {}
  const first = (v: unknown, depth: number): CompileOutcome | undefined => {
    if (depth > 100) throw new Unsure();
    if (typeof v === 'boolean') return undefined;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Unsure();
    const o = v as Record<string, unknown>;
    if (alwaysValid(o)) return undefined;
    const types = o.type === undefined ? [] : Array.isArray(o.type) ? o.type : [o.type];
    if (types.includes('null')) {
      if (o.nullable === false) return { refusal: 'type: null contradicts nullable: false' };
    } else if (types.length === 0 && o.nullable !== undefined) return { refusal: '"nullable" cannot be used without "type"' };
    if (o.$ref !== undefined) {
      if (missingRefOnly(o)) return { missingRef: true };
      throw new Unsure();
    }
    const each = (list: unknown[]): CompileOutcome | undefined => {
      for (const item of list) {
        if (alwaysValid(item)) continue;
        const r = first(item, depth + 1);
        if (r !== undefined) return r;
      }
      return undefined;
    };
    const lists: unknown[][] = [];
    if (o.not !== undefined) lists.push([o.not]);
    if (Array.isArray(o.anyOf) && !o.anyOf.some(alwaysValid)) lists.push(o.anyOf);
    for (const k of ['oneOf', 'allOf']) if (Array.isArray(o[k])) lists.push(o[k] as unknown[]);
    if (Array.isArray(o.items) && o.additionalItems !== undefined) lists.push([o.additionalItems]);
    if (o.items !== undefined) lists.push(Array.isArray(o.items) ? o.items : [o.items]);
    if (o.additionalProperties !== undefined) lists.push([o.additionalProperties]);
    for (const k of ['properties', 'patternProperties']) {
      const map = o[k];
      if (typeof map === 'object' && map !== null)
        lists.push(
          Object.keys(map)
            .filter(n => n !== '__proto__')
            .map(n => (map as Record<string, unknown>)[n]),
        );
    }
    for (const list of lists) {
      const r = each(list);
      if (r !== undefined) return r;
    }
    return undefined;
  };
  try {
    return first(schema, 0) ?? { compiles: true };
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  }
}

/**
 * Whether Ajv may leave out the code of an `anyOf` somewhere in the schema, and not meet what is below it: without
 * `unevaluated` (drafts 4 to 7), an `anyOf` one of whose branches accepts everything in Ajv's eyes (`true`, or no key
 * that is one of Ajv's rules: `{}`, `{description: …}`, `{x-…: …}`) generates nothing. Looked for anywhere in the
 * schema's JSON (a false alarm only sends the schema to Ajv).
 */
function skipsAnAnyOf(schema: object, dialect: Dialect): boolean {
  if ((ajvFor(dialect, true).opts as { unevaluated?: boolean }).unevaluated === true) return false;
  const alwaysValid = alwaysValidIn(dialect);
  const seen = new Set<object>();
  const walk = (v: unknown): boolean => {
    if (typeof v !== 'object' || v === null || seen.has(v)) return false;
    seen.add(v);
    if (Array.isArray(v)) return v.some(walk);
    const anyOf = (v as Record<string, unknown>).anyOf;
    if (Array.isArray(anyOf) && anyOf.some(alwaysValid)) return true;
    return Object.values(v).some(walk);
  };
  return walk(schema);
}

/** Ajv's errors on an example as findings anchored at `path`, worded as Spectral's `schema` function words them. */
function findings(
  schema: object,
  errors: ErrorObject[],
  value: unknown,
  path: JsonPath,
  prepareResults: ((errors: ErrorObject[]) => void) | undefined,
): IFunctionResult[] {
  prepareResults?.(errors);
  const unmatched = unmatchedCombinators(errors);
  return betterAjvErrors(schema as never, errors as never, { propertyPath: path as never, targetValue: value }).map(
    ({ suggestion, error, path: errorPath }) => {
      let message = describeArrayItem(suggestion !== undefined ? `${error}. ${suggestion}` : error, errorPath);
      const keyword = unmatched.get(errorPath);
      if (keyword !== undefined && message.endsWith(` in ${keyword}`))
        message = `${message}. None of the schemas matched, see the other errors reported for this value`;
      return { message, path: [...path, ...(errorPath !== '' ? errorPath.replace(/^\//, '').split('/') : [])] };
    },
  );
}

/**
 * Validate `value` against `schema` (the digest of its JSON text given, or how to take it, no `$id`), returning findings
 * anchored at `path`, worded as Spectral's `schema` function words them.
 */
export function validateExample(
  value: unknown,
  schema: object,
  digest: string | (() => string),
  dialect: Dialect,
  path: JsonPath,
  prepareResults: ((errors: ErrorObject[]) => void) | undefined,
  ignoreMissingRefs: boolean,
): IFunctionResult[] {
  if (value === undefined) return [{ path, message: '#{{print("property")}}must exist' }];
  // Most examples are valid: when that is sure without compiling the schema, Ajv is not asked (exampleVerdict.ts).
  const quick = quickVerdict(schema, value, dialect);
  if (quickCheck.on) recordQuick(quick, schema, value, dialect);
  if (quick === true) return [];
  // A compile that surely ends in a MissingRefError, which the rule's `resolved` refs make no finding.
  if (quick === undefined && ignoreMissingRefs && surelyMissingRef(schema, dialect)) {
    if (quickCheck.on) recordMissingRef(schema, dialect);
    return [];
  }
  // A schema Ajv surely refuses, for a reason known without compiling it: the refusal is the finding.
  const refusal = quick === undefined ? knownRefusal(schema, dialect) : undefined;
  if (refusal !== undefined) {
    if (quickCheck.on) recordRefusal(refusal, schema, dialect);
    return [{ message: refusal, path }];
  }
  // Both kinds in one schema: the first Ajv's code generation meets.
  const outcome = quick === undefined ? compileOutcome(schema, dialect) : undefined;
  if (quickCheck.on && outcome !== undefined) recordOutcome(outcome, schema, dialect);
  if (outcome !== undefined && 'refusal' in outcome) return [{ message: outcome.refusal, path }];
  if (outcome !== undefined && 'missingRef' in outcome && ignoreMissingRefs) return [];
  // Surely invalid: Ajv's errors, told without compiling where that is sure (exampleErrors.ts); else Ajv compiles only
  // the part of the schema the value meets (the same first error, see prunedFor).
  const told = quick === false ? ajvErrorsOf(schema, value, dialect) : undefined;
  let target = schema;
  let targetDigest: string | (() => string) = digest;
  if (quick === false && told === undefined) {
    const pruned = compiledForm(prunedFor(schema, value, dialect) as object, dialect);
    if (pruned !== schema) {
      target = pruned;
      targetDigest = schemaDigest(JSON.stringify(pruned));
    }
  }
  try {
    if (told !== undefined) return findings(schema, told as ErrorObject[], value, path, prepareResults);
    const validate = validatorFor(target, typeof targetDigest === 'string' ? targetDigest : targetDigest(), dialect, metaValid(target, dialect));
    if (validate(value) !== false || !Array.isArray(validate.errors)) return [];
    return findings(schema, validate.errors, value, path, prepareResults);
  } catch (e) {
    if (ignoreMissingRefs && e instanceof MissingRefError) return [];
    return [{ message: e instanceof Error ? e.message : String(e), path }];
  }
}
