/**
 * The roots the runner matches rules on in place of the document's (runner.ts): a unit alone under its path, the
 * places above the units with each unit stubbed out, the document without its containers' entries (and the
 * signature of that rest, to tell when it changed).
 */
import { isRecord, unitDepth, unitKey } from '../parse/units';
import type { JsonPath } from './types';

export function insideUnit(path: JsonPath, key: string): boolean {
  const d = unitDepth(path);
  return d > 0 && unitKey(path.slice(0, d)) === key;
}

/**
 * What withoutContainerUnits(root) is made of: the root's keys and values, containers by their kinds (not their
 * entries). The same signature (===, element by element) gives an equal document.
 */
export function restSignature(root: unknown): unknown[] {
  if (!isRecord(root)) return [root];
  const out: unknown[] = [];
  for (const k of Object.keys(root)) {
    const v = root[k];
    out.push(k);
    if (k === 'components' && isRecord(v)) {
      out.push(CONTAINER);
      for (const kind of Object.keys(v)) out.push(kind, isRecord(v[kind]) ? CONTAINER : v[kind]);
      out.push(CONTAINER);
    } else if (unitDepth([k, '']) === 2 && isRecord(v)) out.push(CONTAINER);
    else out.push(v);
  }
  return out;
}
const CONTAINER = Symbol('container');

export function sameSignature(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The document with the entries of its containers (paths, components.schemas…) left out. */
export function withoutContainerUnits(root: unknown): unknown {
  return rootWith(root, () => ({}));
}

export function sparseRoot(path: JsonPath, value: unknown): unknown {
  let node: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) node = { [path[i]]: node };
  return node;
}

const STUB = Object.freeze({});

/** The root with every unit replaced by an empty object (containers that are no mapping are kept whole). */
export function stubRoot(root: unknown): unknown {
  return rootWith(root, stubMap, STUB);
}

/**
 * The root's keys with each container (`paths`, every `components` kind…) given by `container`, and, with
 * `topUnit`, each top-level unit replaced by it; a container that is no mapping and every other key kept whole.
 */
function rootWith(root: unknown, container: (m: Record<string, unknown>) => unknown, topUnit?: unknown): unknown {
  if (!isRecord(root)) return root;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(root)) {
    const v = root[k];
    if (k === 'components' && isRecord(v)) {
      const c: Record<string, unknown> = {};
      for (const kind of Object.keys(v)) {
        const m = v[kind];
        c[kind] = isRecord(m) ? container(m) : m;
      }
      out[k] = c;
    } else if (unitDepth([k, '']) === 2 && isRecord(v)) {
      out[k] = container(v);
    } else if (topUnit !== undefined && unitDepth([k]) === 1) {
      out[k] = topUnit;
    } else {
      out[k] = v;
    }
  }
  return out;
}

function stubMap(m: Record<string, unknown>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(m)) o[k] = STUB;
  return o;
}
