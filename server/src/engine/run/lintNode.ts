/** Spectral's lintNode and message templates: how one rule runs on one matched value. */
import { JSONPath } from 'jsonpath-plus';
import { get, toPath } from 'lodash';
import { Parser as ExprParser } from 'expr-eval-fork';
import { decodeSegmentFragment, getClosestJsonPath, printPath, PrintStyle, printValue } from '@stoplight/spectral-runtime';
import { ruleStopped } from '../../../../rules/_lib/budget';
import { severityCapOf } from '../../../../rules/_lib/severity';
import { callFunction, type FnMemo } from './functions';
import type { DocLike, FnContext, InventoryLike, JsonPath, RawResult, RuleLike } from './types';

// ---------------------------------------------------------------------------------------------
// Spectral's lintNode, our implementation of the same behaviour.

export interface NodeCtx {
  document: DocLike;
  inventory: InventoryLike;
  promises: Promise<void>[];
  memo?: FnMemo;
}

/**
 * Runs one rule on one matched value. True when the same match met again (the same value at a path ending the same
 * way) gives nothing either: the value is a string the rule is known to give nothing for at a path ending like this
 * one (FnMemo.knownEmpty), or the rule gave nothing now and its functions' results depend on nothing else
 * (FnMemo.givesSameFor: a shared schema's `enum` replayed under each of its 53,000 places in stripe).
 */
export function lintNode(ctx: NodeCtx, rule: RuleLike, givenPath: JsonPath, value: unknown, out: RawResult[]): boolean {
  const memo = ctx.memo;
  if (memo && typeof value === 'string') {
    if (memo.knownEmpty(rule, givenPath, value)) return true;
    if (!lintValue(ctx, rule, givenPath, value, out)) return memo.setEmpty(rule, givenPath, value);
    return false;
  }
  if (!lintValue(ctx, rule, givenPath, value, out)) return memo !== undefined && memo.givesSameFor(rule);
  return false;
}

/** Runs the rule's functions on the value; whether any of them gave a result (or a promise of results). */
function lintValue(ctx: NodeCtx, rule: RuleLike, givenPath: JsonPath, value: unknown, out: RawResult[]): boolean {
  let gave = false;
  const fnContext: FnContext = { document: ctx.document, documentInventory: ctx.inventory, rule, path: givenPath };
  const isObject = value !== null && (typeof value === 'object' || typeof value === 'function');
  for (const then of rule.then) {
    // Spectral's targets of a `then` (its lintTargets): the value itself, or its field; the two one-target cases are
    // called without a list, a target and a path made for them.
    if (!isObject || typeof then.field !== 'string') {
      fnContext.path = givenPath;
      if (callThen(ctx, then, value, fnContext, out)) gave = true;
      continue;
    }
    const field = then.field;
    if (field !== '@key' && !field.startsWith('$')) {
      const rel = fieldPath(field);
      fnContext.path = rel.length > 0 ? [...givenPath, ...rel] : givenPath;
      if (callThen(ctx, then, get(value, field), fnContext, out)) gave = true;
      continue;
    }
    for (const target of fieldTargets(value as object, field)) {
      fnContext.path = target.path.length > 0 ? [...givenPath, ...target.path] : givenPath;
      if (callThen(ctx, then, target.value, fnContext, out)) gave = true;
    }
  }
  return gave;
}

/** One function of a rule on one target; whether it gave a result (or a promise of results). */
function callThen(ctx: NodeCtx, then: RuleLike['then'][number], target: unknown, fnContext: FnContext, out: RawResult[]): boolean {
  let results: unknown;
  try {
    results = callFunction(ctx, then, target, fnContext);
  } catch (e) {
    throw new Error(`Function "${then.function.name}" threw an exception${e instanceof Error ? `: ${e.message}` : ''}`, { cause: e });
  }
  // A rule the budget stopped gave nothing (or its one finding) without judging the value: not known to give nothing.
  if (results === undefined) return ruleStopped(fnContext);
  if (typeof (results as Promise<unknown>).then === 'function') {
    const saved = { ...fnContext };
    ctx.promises.push(
      (results as Promise<unknown>).then(r => {
        if (r !== undefined) processResults(ctx, saved, r as FnResult[], out);
      }),
    );
  } else {
    processResults(ctx, fnContext, results as FnResult[], out);
  }
  return !Array.isArray(results) || results.length > 0;
}

export interface FnResult {
  message: string;
  path?: JsonPath;
}

/** The targets of an object's `@key` or JSONPath field (lintValue takes the other cases of Spectral's lintTargets). */
function fieldTargets(value: object, field: string): { path: JsonPath; value: unknown }[] {
  const targets: { path: JsonPath; value: unknown }[] = [];
  if (field === '@key') {
    for (const key of Object.keys(value)) targets.push({ path: [key], value: key });
  } else {
    JSONPath({
      path: field,
      json: value,
      resultType: 'all',
      callback(result: { path: string; value: unknown }) {
        targets.push({ path: toPath(result.path.slice(1)), value: result.value });
      },
    });
  }
  if (targets.length === 0) targets.push({ path: [], value: undefined });
  return targets;
}

/** lodash's toPath of a rule's field, made once per field (the path is only read). */
const fieldPaths = new Map<string, JsonPath>();
function fieldPath(field: string): JsonPath {
  let p = fieldPaths.get(field);
  if (p === undefined) fieldPaths.set(field, (p = toPath(field)));
  return p;
}

function getPath(value: unknown, path: JsonPath): unknown {
  return path.length === 0 ? value : get(value, path);
}

/**
 * spectral-runtime's decodeSegmentFragment (a number as its string; `~1` and `~0` decoded), a segment without `~`
 * returned as it is: its two scans and copies for each segment of each finding were the rule of most segments.
 */
function decodeSegment(segment: string | number): string {
  return typeof segment === 'string' && !segment.includes('~') ? segment : decodeSegmentFragment(segment);
}

/**
 * The path with its segments decoded; the path itself when no segment changes (strings without `~`): the inventory
 * then knows the array again (a model rule's finding was looked up with it already: resolve/inventory.ts).
 */
function decodedPath(path: JsonPath): JsonPath {
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (typeof s !== 'string' || s.includes('~')) return path.map(decodeSegment);
  }
  return path;
}

/** A rule message that is the function's message itself (formatMessage gives `String(vars.error)`). */
const ERROR_ONLY = '{{error}}';

function processResults(ctx: NodeCtx, fnContext: FnContext, results: FnResult[], out: RawResult[]): void {
  const { rule, path: targetPath } = fnContext;
  for (const result of results) {
    const escaped = decodedPath(result.path ?? targetPath);
    const item = ctx.inventory.findAssociatedItemForPath(escaped, rule.resolved);
    const path = item?.path ?? (getClosestJsonPath(ctx.inventory.resolved, escaped) as JsonPath);
    const source = item?.document.source ?? undefined;
    const document = item?.document ?? ctx.inventory.document;
    let message: string;
    if (!result.message.includes('{{') && (rule.message === null || rule.message === ERROR_ONLY || !rule.message.includes('{{'))) {
      // No template to fill (most findings), or the rule's is `{{error}}` alone (every apiconv rule's: it gives the
      // function's message, which has none): no variables made.
      const severity = source !== undefined ? rule.getSeverityForSource(source, path) : rule.severity;
      if (severity === -1) continue;
      message = (rule.message === null ? (rule.description ?? result.message) : rule.message === ERROR_ONLY ? result.message : rule.message).trim();
      push(ctx, rule, message, path, severity, source, out);
      continue;
    }
    // The template variables, each computed when a message reads it (most read `error` alone, and 8,580 findings of
    // kubernetes printed a path nobody read).
    let property: unknown;
    let printed: string | undefined;
    let value: unknown;
    let valueRead = false;
    const vars: Record<string, unknown> = {
      get property() {
        property ??=
          item?.missingPropertyPath !== undefined && item.missingPropertyPath.length > path.length
            ? printPath(item.missingPropertyPath.slice(path.length - 1), PrintStyle.Dot)
            : path.length > 0
              ? path[path.length - 1]
              : '';
        return property;
      },
      error: result.message,
      get path() {
        printed ??= printPath(path, PrintStyle.EscapedPointer);
        return printed;
      },
      description: rule.description,
      get value() {
        if (!valueRead) {
          value = path.length === 0 ? document.data : getPath(document.data, path);
          valueRead = true;
        }
        return value;
      },
    };
    const resultMessage = formatMessage(result.message, vars);
    vars.error = resultMessage;
    const severity = source !== undefined ? rule.getSeverityForSource(source, path) : rule.severity;
    if (severity === -1) continue;
    message = (rule.message === null ? (rule.description ?? resultMessage) : formatMessage(rule.message, vars)).trim();
    push(ctx, rule, message, path, severity, source, out);
  }
}

/** A result as the runner gives it. */
function push(ctx: NodeCtx, rule: RuleLike, message: string, path: JsonPath, severity: number, source: string | undefined, out: RawResult[]): void {
  // One literal per shape (a property added to a made object takes a new backing store: kubernetes' 8,580 findings).
  // The rule's documentationUrl is not copied here: nothing reads it from a result (the language server takes the
  // rule's).
  const raw: RawResult = source !== undefined ? { code: rule.name, message, path, severity, source } : { code: rule.name, message, path, severity };
  // A finding the rule reports below its severity (rules/_lib/severity.ts), recorded as the function ran.
  const cap = severityCapOf(ctx.document, rule.name, message, path);
  if (cap) raw.cap = cap;
  out.push(raw);
}

// Spectral's message templates: `{{name}}` and `#{{expression}}` (with print(), toUpperCase(), concat()).
const TEMPLATE = /#?\{\{([^}\n]+)\}\}/g;

function formatMessage(input: string, values: Record<string, unknown>): string {
  if (!input.includes('{{')) return input;
  return input.replace(TEMPLATE, (whole: string, identifier: string, index: number) => {
    if (whole.startsWith('#')) return evaluate(identifier.trim(), values);
    if (index < 0 || index >= input.length) return '';
    return identifier in values ? String(values[identifier]) : '';
  });
}

function evaluate(expression: string, values: Record<string, unknown>): string {
  if (/constructor|process|require|global|mainModule|fs|child_process/.test(expression)) return '';
  const parser = new ExprParser();
  const fns = parser.functions as Record<string, unknown>;
  fns.toUpperCase = (v: unknown) => String(v).toUpperCase();
  fns.concat = (...args: unknown[]) => args.map(String).join('');
  fns.print = (type: unknown) => {
    if (typeof type !== 'string') return '';
    if (type === 'property') {
      const p = values.property;
      return p !== undefined && p !== '' ? `"${String(p)}" property ` : 'The document ';
    }
    if (type === 'value') return printValue(values.value);
    return type in values && values[type] !== null ? String(values[type]) : '';
  };
  try {
    const expr = expression
      .replace(/(\S+)\.toUpperCase\(\)/g, 'toUpperCase($1)')
      .replace(/\s*\+\s*/g, ',')
      .replace(/^(.+)$/, 'concat($1)');
    return String(parser.evaluate(expr, values as never));
  } catch {
    return '';
  }
}
