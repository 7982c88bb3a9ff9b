/** What the model rules (rules/_lib/ruleFunction.ts `modelRule`) read of a document, to reuse their results (see runner.ts). */
import { isRecord, unitDepth } from '../parse/units';
import type { InventoryLike } from './types';

/**
 * What a group of model rules read of the document: the top-level keys ('*': the root's keys enumerated), and the
 * name of every property whose value they read where that value is not an object (at any depth, on any object).
 * `$ref` counts as read always: where the references are decides the findings' places (`anchor`, `onePerLocation`
 * in rules/_lib/ruleFunction.ts).
 */
export class Reads implements ProxyHandler<StandIn> {
  readonly top = new Set<string>();
  readonly names = new Set<string>(['$ref']);
  private readonly views = new WeakMap<object, object>();

  constructor(private readonly root: object) {}

  /** `v` as the rules see it: objects through a view that records what is read (one view per object: identity kept). */
  view<T>(v: T): T {
    if (typeof v !== 'object' || v === null) return v;
    let p = this.views.get(v);
    if (p === undefined) {
      // The view's target is a stand-in: the document is frozen, and a proxy of a frozen object could not hand
      // out views of its values.
      const standIn = (Array.isArray(v) ? [] : {}) as StandIn;
      standIn[REAL] = v as Record<PropertyKey, unknown>;
      p = new Proxy(standIn, this);
      this.views.set(v, p);
    }
    return p as T;
  }

  get(t: StandIn, key: PropertyKey): unknown {
    const r = t[REAL];
    if (typeof key !== 'string') return r[key];
    if (r === this.root) this.top.add(key);
    const v = r[key];
    if (typeof v === 'object' && v !== null) return this.view(v);
    // Only values that are not objects are noted: an object's own properties are noted as they are read, and
    // where an object stands (and whether it is one) is the structure, compared anyway. So reading a schema's
    // `properties` (one of which may be named `description`) does not make every description "read".
    this.names.add(key);
    return v;
  }

  has(t: StandIn, key: PropertyKey): boolean {
    // Whether a key is there is the structure (compared anyway): only the root's keys are noted.
    const r = t[REAL];
    if (r === this.root && typeof key === 'string') this.top.add(key);
    return key in r;
  }

  getOwnPropertyDescriptor(t: StandIn, key: PropertyKey): PropertyDescriptor | undefined {
    // What enumerates (Object.keys, entries, spread, JSON.stringify) asks this of every key, for whether it is
    // there (the structure: compared anyway) and enumerable; what reads the values then reads them through `get`.
    // So this records nothing: an Object.keys of an operation does not make its description "read".
    const r = t[REAL];
    if (typeof key !== 'string') {
      const d = Reflect.getOwnPropertyDescriptor(r, key);
      return d && { ...d, configurable: true };
    }
    if (r === this.root) this.top.add(key);
    if (!Object.prototype.hasOwnProperty.call(r, key)) return undefined;
    // A property the stand-in lacks must be reported configurable; an array's `length` (the stand-in's own,
    // writable) as writable.
    if (key === 'length' && Array.isArray(r)) return { value: r.length, writable: true, enumerable: false, configurable: false };
    return { value: this.view(r[key]), writable: false, enumerable: true, configurable: true };
  }

  ownKeys(t: StandIn): (string | symbol)[] {
    const r = t[REAL];
    if (r === this.root) this.top.add('*');
    // A frozen object's keys are known for good (the resolved document is frozen).
    let keys = OWN_KEYS.get(r);
    if (keys === undefined) {
      keys = Reflect.ownKeys(r);
      if (Object.isFrozen(r)) OWN_KEYS.set(r, keys);
    }
    return keys;
  }

  getPrototypeOf(t: StandIn): object | null {
    return Reflect.getPrototypeOf(t[REAL]);
  }

  set(): boolean {
    return false;
  }

  defineProperty(): boolean {
    return false;
  }

  deleteProperty(): boolean {
    return false;
  }
}
const REAL = Symbol('apiconv.real');
const OWN_KEYS = new WeakMap<object, (string | symbol)[]>();
type StandIn = { [REAL]: Record<PropertyKey, unknown> };

/**
 * The same snapshot (snapshotOf) but for what was not read: where a unit is a new object, it may differ from the
 * old one only in the values of properties no model rule read (a description, a summary…) — same keys in the same
 * order, same types, same `$ref`s. The rules read through views (Reads), so they saw exactly what they saw before.
 */
export function sameAsRead(a: unknown[], b: unknown[], names: Set<string>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !differsOnlyUnread(a[i], b[i], names)) return false;
  return true;
}

function differsOnlyUnread(a: unknown, b: unknown, names: Set<string>): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i];
    if (k !== kb[i]) return false;
    const va = (a as Record<string, unknown>)[k];
    const vb = (b as Record<string, unknown>)[k];
    if (va === vb) continue;
    const oa = typeof va === 'object' && va !== null;
    const ob = typeof vb === 'object' && vb !== null;
    if (oa || ob) {
      if (!oa || !ob || !differsOnlyUnread(va, vb, names)) return false;
    } else if (names.has(k) || typeof va !== typeof vb) return false;
  }
  return true;
}

/** The units (units.ts) under a top-level key, with their values: what must stay === for a read of that key to give the same. */
export function snapshotOf(root: Record<string, unknown>, key: string): unknown[] {
  if (key === '*') return [...Object.keys(root), ...Object.keys(root).flatMap(k => snapshotOf(root, k))];
  const v = root[key];
  // A container's own object may be new after any edit (the parser and resolver rebuild what holds a changed
  // unit): its entries are what count.
  if (!isRecord(v) || unitDepth([key, '']) === 1) return [v];
  const out: unknown[] = [];
  for (const name of Object.keys(v)) {
    const w = v[name];
    out.push(name);
    if (key === 'components' && isRecord(w)) {
      // a kind (`schemas`): a container too
      for (const entry of Object.keys(w)) out.push(entry, w[entry]);
      out.push(undefined); // the end of the kind
    } else out.push(w);
  }
  return out;
}

/**
 * `inventory` with its resolved document seen through `view`: for a model rule placed as written, which is given
 * the unresolved root and reads the resolved one from its inventory.
 */
export function withResolved(inventory: InventoryLike, view: unknown): InventoryLike {
  return Object.create(inventory, { resolved: { value: view } }) as InventoryLike;
}
