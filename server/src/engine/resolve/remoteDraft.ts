/**
 * The part of immer that json-ref-resolver's runner.js uses, without proxies: a draft of a tree, lodash `get`/`set`
 * through it, and the finished (deeply frozen) result. remoteRunner.ts replays runner.js with it.
 *
 * What it keeps of immer 9 (the version json-ref-resolver runs with), because the resolved values depend on it:
 * - A draft of an object is made when a walk reads it out of a draft (immer's get trap): the parent's copy then
 *   holds the child draft. A value assigned into a draft is never drafted again: a walk through it reads the plain
 *   object.
 * - An assignment marks the draft and every draft it was read out of as modified (markChanged); assigning an
 *   object's own original back over its draft is no change.
 * - Finishing: an unmodified draft gives its original object, a modified one its copy, with the drafts in it
 *   finished; a draft reached twice gives the same object both times (so a value set at two places is one object).
 *   Everything reachable is frozen, as immer's autoFreeze does.
 * Whatever immer would do differently from this on odd input (a setter on a prototype, writing through a plain
 * object, a walk into an inherited property) throws Fallback instead.
 */
import { Fallback } from './crawl';
import { manyKeysCopy } from '../parse/units';

const hasOwn = Object.prototype.hasOwnProperty;

export class Draft {
  copy: Record<string, unknown> | unknown[] | null = null;
  /**
   * The drafts read out of this one before it has a copy. immer copies an object as soon as a draft is read out of it
   * (its get trap); a copy nothing was assigned to is dropped when finishing, so here the copy waits for the first
   * assignment (here or below) and takes these drafts then: the same copy, without the copies of mere reads.
   */
  kids: Map<string, Draft> | null = null;
  modified = false;
  finalized = false;
  constructor(
    readonly base: object,
    readonly parent: Draft | null,
  ) {}
}

/** immer's isDraftable for the values a parse makes: plain objects (any with Object's or no prototype) and arrays. */
export function isDraftable(v: unknown): v is object {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v) as object | null;
  if (proto === null || proto === Object.prototype) return true;
  throw new Fallback(`a value that is not a plain object (${String((proto as { constructor?: { name?: string } }).constructor?.name)})`);
}

/** immer's shallowCopy: an array's slice; an object's own properties, made writable, on the same prototype. */
function shallowCopy(base: object): Record<string, unknown> | unknown[] {
  if (Array.isArray(base)) return base.slice();
  // Many keys: the copy below in dictionary mode (units.ts manyKeysCopy tells whether the object is one to copy so).
  const many = manyKeysCopy(base);
  if (many !== undefined) return many;
  // The bundle's immer does the same (scripts/vendorPatches.mjs immer-plain-copy): a plain object with no hidden or symbol keys is spread.
  if (Object.getPrototypeOf(base) === Object.prototype && Reflect.ownKeys(base).length === Object.keys(base).length)
    return { ...(base as Record<string, unknown>) };
  const descriptors = Object.getOwnPropertyDescriptors(base) as Record<PropertyKey, PropertyDescriptor>;
  for (const key of Reflect.ownKeys(descriptors)) {
    const desc = descriptors[key as string]!;
    if (desc.writable === false) {
      desc.writable = true;
      desc.configurable = true;
    }
    if (desc.get || desc.set)
      descriptors[key as string] = { configurable: true, writable: true, enumerable: desc.enumerable, value: (base as Record<PropertyKey, unknown>)[key] };
  }
  return Object.create(Object.getPrototypeOf(base) as object | null, descriptors) as Record<string, unknown>;
}

/** The object whose own keys the draft has (immer's latest: the copy, or the original). */
function latest(d: Draft): Record<string, unknown> {
  return (d.copy ?? d.base) as Record<string, unknown>;
}

/** What the draft holds at `key` (immer's latest(state)[key]). */
function latestGet(d: Draft, key: string): unknown {
  if (d.copy !== null) return (d.copy as Record<string, unknown>)[key];
  return d.kids?.get(key) ?? (d.base as Record<string, unknown>)[key];
}

function markChanged(d: Draft | null): void {
  for (let s = d; s !== null && !s.modified; s = s.parent) {
    prepareCopy(s);
    s.modified = true;
  }
}

function prepareCopy(d: Draft): Record<string, unknown> {
  if (d.copy === null) {
    const copy = shallowCopy(d.base) as Record<string, unknown>;
    if (d.kids !== null) for (const [k, v] of d.kids) copy[k] = v;
    d.kids = null;
    d.copy = copy;
  }
  return d.copy as Record<string, unknown>;
}

/** Reading `key` of a draft or a plain value (immer's get trap; a plain value is read as JavaScript does). */
export function readKey(obj: unknown, key: string): unknown {
  if (obj instanceof Draft) {
    const source = latest(obj);
    if (!hasOwn.call(source, key)) return inherited(source, key);
    const value = latestGet(obj, key);
    if (obj.finalized || value instanceof Draft || !isDraftable(value)) return value;
    if (value === (obj.base as Record<string, unknown>)[key]) {
      const child = new Draft(value, obj);
      if (obj.copy !== null) (obj.copy as Record<string, unknown>)[key] = child;
      else (obj.kids ??= new Map()).set(key, child);
      return child;
    }
    return value;
  }
  if (obj !== null && typeof obj === 'object' && !hasOwn.call(obj, key)) return inherited(obj, key);
  return (obj as Record<string, unknown>)[key];
}

function inherited(obj: object, key: string): undefined {
  if ((obj as Record<string, unknown>)[key] !== undefined) throw new Fallback('a $ref path through an inherited property');
  return undefined;
}

/** lodash get(draft, path): undefined for an empty path, as lodash gives. */
export function draftGet(obj: unknown, path: readonly string[]): unknown {
  let i = 0;
  while (obj !== null && obj !== undefined && i < path.length) obj = readKey(obj, path[i++]!);
  return i > 0 && i === path.length ? obj : undefined;
}

/** Assigning `value` to `key` of a draft (immer's set trap). */
function assign(d: Draft, key: string, value: unknown): void {
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new Fallback('a $ref site under a prototype key');
  if (!d.modified) {
    const current = latestGet(d, key);
    if (current instanceof Draft && current.base === value) {
      prepareCopy(d)[key] = value;
      return;
    }
    if (Object.is(value, current) && (value !== undefined || hasOwn.call(d.base, key))) return;
    prepareCopy(d);
    markChanged(d);
  }
  const copy = d.copy as Record<string, unknown>;
  if ((copy[key] === value && (value !== undefined || key in copy)) || (Number.isNaN(value) && Number.isNaN(copy[key]))) return;
  copy[key] = value;
}

/** lodash set(draft, path, value) on a draft whose path leads through drafts (a site's containers). */
export function draftSet(root: Draft, path: readonly string[], value: unknown): void {
  if (path.length === 0) throw new Fallback('a set at the root');
  for (const k of path) if (k === '__proto__' || k === 'constructor' || k === 'prototype') throw new Fallback('a $ref site under a prototype key');
  let nested: Draft = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const objValue = readKey(nested, key);
    if (i === path.length - 1) {
      // lodash assignValue: no assignment when the key is own and holds the same value already.
      if (
        !(hasOwn.call(latest(nested), key) && (objValue === value || (objValue !== objValue && value !== value))) ||
        (value === undefined && !(key in latest(nested)))
      )
        assign(nested, key, value);
      return;
    }
    if (!(objValue instanceof Draft)) throw new Fallback('a $ref site reached through a value that is no draft');
    nested = objValue;
  }
}

/** Finish a draft (immer's finalize of the base draft): the resulting value, deeply frozen. */
export function finish(root: Draft): unknown {
  return finishDraft(root);
}

function finishDraft(d: Draft): unknown {
  if (!d.modified) {
    deepFreeze(d.base);
    return d.base;
  }
  const copy = d.copy as Record<string, unknown>;
  if (!d.finalized) {
    d.finalized = true;
    if (Array.isArray(copy)) {
      for (let i = 0; i < copy.length; i++) finishProperty(copy, String(i), copy[i]);
    } else {
      for (const key of Reflect.ownKeys(copy)) if (typeof key === 'string') finishProperty(copy, key, copy[key]);
    }
    Object.freeze(copy);
  }
  return copy;
}

function finishProperty(target: Record<string, unknown>, key: string, child: unknown): void {
  if (child === target) throw new Fallback('an object holding itself');
  if (child instanceof Draft) {
    target[key] = finishDraft(child);
    return;
  }
  if (child !== null && typeof child === 'object' && !Object.isFrozen(child)) finishPlain(child);
}

/** A plain object set into a draft: drafts in it are finished, and it is frozen. */
function finishPlain(obj: object): void {
  if (Object.isFrozen(obj)) return;
  if (!isDraftable(obj)) return;
  for (const key of Object.keys(obj)) finishProperty(obj as Record<string, unknown>, key, (obj as Record<string, unknown>)[key]);
  Object.freeze(obj);
}

/** immer's freeze(value, true): freezes an object and everything in it, stopping at what is frozen already. */
export function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || value instanceof Draft) return;
  if (!isDraftable(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (child !== null && typeof child === 'object') deepFreeze(child); // no call for the strings and numbers
  }
}
