/**
 * Spectral's example rules (`oas2-valid-schema-example`, `oas2-valid-media-example`,
 * `oas3-valid-schema-example`, `oas3-valid-media-example`), kept with their ids,
 * JSONPaths, messages and validation function — but memoized.
 *
 * Why: after `$ref` resolution a shared schema is one object reached through
 * every operation that references it, so Spectral calls its `oasExample`
 * function on the same object thousands of times (on github-api),
 * and each call deep-clones the schema and compiles a new Ajv validator. That is
 * most of Spectral's time on github-api. The result of the
 * function depends only on the object, the options and whether the path is a
 * request or a response media (read-only / write-only relaxation), so we
 * compute it once per (object, options, relaxation) and re-anchor the result
 * paths at each place the object is reached. Spectral then de-duplicates
 * results that map to the same source location, as it does without the memo.
 */
import { oas } from '@stoplight/spectral-rulesets';
import type { IFunctionResult, RulesetFunctionContext } from '@stoplight/spectral-core';
import type { JsonPath } from '../types';
import { oasExampleOnce } from './exampleFunction';
import { runBudgeted } from './budget';

export const EXAMPLE_RULES = ['oas2-valid-schema-example', 'oas2-valid-media-example', 'oas3-valid-schema-example', 'oas3-valid-media-example'] as const;

type RuleFn = (input: unknown, options: unknown, context: RulesetFunctionContext) => IFunctionResult[] | void | Promise<IFunctionResult[] | void>;

const REQUEST_3: readonly (readonly string[])[] = [
  ['components', 'requestBodies'],
  ['paths', '*', '*', 'requestBody'],
];
const RESPONSE_3: readonly (readonly string[])[] = [
  ['components', 'responses'],
  ['paths', '*', '*', 'responses'],
];
const RESPONSE_2: readonly (readonly string[])[] = [['responses'], ['paths', '*', '*', 'responses']];

const matches = (path: JsonPath, prefixes: readonly (readonly string[])[]) => prefixes.some(prefix => prefix.every((seg, i) => seg === '*' || seg === path[i]));

/**
 * Mirrors the request / response classification that decides which properties' `required` is relaxed:
 * 0 neither, 1 a request, 2 a response, 3 both.
 */
function relaxOf(path: JsonPath, version: number): number {
  const request = version === 3 ? matches(path, REQUEST_3) : false;
  const response = matches(path, version === 3 ? RESPONSE_3 : RESPONSE_2);
  return (request ? 1 : 0) + (response ? 2 : 0);
}

interface Memo {
  results: { message: string; suffix: JsonPath }[];
}

const formatKeys = new WeakMap<object, string>();
function formatsKey(formats: unknown): string {
  if (!(formats instanceof Set)) return '';
  let k = formatKeys.get(formats);
  if (k === undefined) {
    k = [...formats].map(f => (f as { displayName?: string; name?: string }).displayName ?? (f as { name?: string }).name ?? '?').join(',');
    formatKeys.set(formats, k);
  }
  return k;
}

type Opts = { type?: string; oasVersion?: number; schemaField?: string };

/**
 * The memo's keys for a call's options and the document's formats (which change the outcome, e.g. OAS 3.0's
 * `nullable`; the same object can be met under other formats when a linter keeps objects between edits), one per
 * relaxation: made once per options object and formats, not a string per call (a shared schema is met tens of
 * thousands of times in a big document).
 */
const keysByOptions = new WeakMap<object, Map<string, readonly string[]>>();
const NO_OPTIONS = {};
function keysFor(opts: Opts, formats: unknown): readonly string[] {
  let byFormats = keysByOptions.get(opts);
  if (!byFormats) keysByOptions.set(opts, (byFormats = new Map()));
  const f = formatsKey(formats);
  let keys = byFormats.get(f);
  if (!keys) {
    keys = ['', 'q', 's', 'qs'].map(r => `${opts.type}|${opts.oasVersion}|${opts.schemaField}|${opts.type === 'media' ? r : ''}|${f}`);
    byFormats.set(f, keys);
  }
  return keys;
}

export function memoizeExampleFunction(fn: RuleFn, kind?: { schema: boolean }): RuleFn {
  const memo = new WeakMap<object, Map<string, Memo>>();
  // The example function tests a document's patterns under the call's deadline (boundedRegExp.ts): a test that runs
  // away stops the rule, named in one finding at the example's schema, and the other rules go on. A stopped call
  // memoizes nothing (its test threw).
  const memoized: RuleFn = (input, options, context) => runBudgeted(context, () => memoizedCall(input, options, context));
  const memoizedCall: RuleFn = (input, options, context) => {
    if (typeof input !== 'object' || input === null) return fn(input, options, context);
    const opts = (typeof options === 'object' && options !== null ? options : NO_OPTIONS) as Opts;
    const keys = keysFor(opts, context.document?.formats);
    const key = keys[opts.type === 'media' ? relaxOf(context.path, opts.oasVersion ?? 3) : 0]!;
    let byKey = memo.get(input);
    const hit = byKey?.get(key);
    if (hit) return hit.results.length === 0 ? undefined : hit.results.map(r => ({ message: r.message, path: [...context.path, ...r.suffix] }));
    const out = fn(input, options, context);
    if (out instanceof Promise) return out; // not the case for oasExample; never memoize async results
    const results = (out ?? []) as IFunctionResult[];
    const base = context.path.length;
    const anchored = results.every(r => r.path !== undefined && context.path.every((seg, i) => r.path![i] === seg));
    if (anchored) {
      if (!byKey) memo.set(input, (byKey = new Map()));
      byKey.set(key, { results: results.map(r => ({ message: r.message, suffix: r.path!.slice(base) })) });
    }
    return results;
  };
  Object.defineProperty(memoized, 'name', { value: `memoized(${fn.name || 'oasExample'})` });
  // Its result depends only on the value, path and formats it is given: the incremental engine may run it unit by unit.
  Object.defineProperty(memoized, Symbol.for('apiconv.localFunction'), { value: true });
  // A schema's own examples (`type: schema`): no relaxation, so the results depend on the value alone (with the
  // options and the run's formats), wherever it is met: the incremental engine may reuse them by value and leave a
  // match that gave nothing out of the walk's replays (engine/run/functions.ts isMemoFunction). github-api meets its
  // shared schemas' examples 53,819 times. Not the media examples, whose relaxation depends on the path.
  if (kind?.schema === true) Object.defineProperty(memoized, Symbol.for('apiconv.memoFunction'), { value: true });
  return memoized;
}

/** Full rule definitions for the four example rules, with the memoized function. */
export function memoizedExampleRules(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const oasRules = (oas as unknown as { rules: Record<string, Record<string, unknown>> }).rules;
  for (const id of EXAMPLE_RULES) {
    const def = oasRules[id];
    if (!def) continue;
    const then = def.then as { function: RuleFn; functionOptions?: { type?: string } };
    const schema = then.functionOptions?.type === 'schema';
    out[id] = { ...def, then: { ...then, function: memoizeExampleFunction(oasExampleOnce as unknown as RuleFn, { schema }) } };
  }
  return out;
}
