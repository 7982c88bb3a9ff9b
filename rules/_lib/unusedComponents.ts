/**
 * Which components of a document nothing uses. A component is used when it is
 * reachable from the document's own content outside its components (paths,
 * webhooks, the root `security`, extensions) or from a file the document
 * `$ref`s, following `$ref`s, discriminator mappings and `security`
 * requirements (which name security schemes) through the components reached.
 * Reachability, not a count of references: a component referenced only by
 * unused ones (itself included) is unused too, so one pass finds them all.
 */
import * as path from 'node:path';
import type { JsonPath } from '../types';
import { checkBudget } from './budget';
import { isObject } from './oas';
import { pointerPath } from './refs';

/** Where a version keeps its components: the holder's path and, for 3.x, its kinds (every key of `components`). */
function holders(data: Record<string, unknown>): JsonPath[] {
  if (typeof data.swagger === 'string') return [['definitions'], ['parameters'], ['responses'], ['securityDefinitions']];
  const components = data.components;
  if (!isObject(components)) return [];
  return Object.keys(components)
    .filter(kind => !kind.startsWith('x-'))
    .map(kind => ['components', kind]);
}

function securityHolder(data: Record<string, unknown>): JsonPath {
  return typeof data.swagger === 'string' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
}

/** A component's key (holder path plus name) as one string. */
const keyOf = (p: JsonPath): string => JSON.stringify(p);

/** The components of `data`: path → value. */
export function componentsOf(data: unknown): Map<string, { path: JsonPath; value: unknown }> {
  const out = new Map<string, { path: JsonPath; value: unknown }>();
  if (!isObject(data)) return out;
  for (const holder of holders(data)) {
    let v: unknown = data;
    for (const seg of holder) v = isObject(v) ? v[seg as string] : undefined;
    if (!isObject(v)) continue;
    for (const [name, value] of Object.entries(v)) out.set(keyOf([...holder, name]), { path: [...holder, name], value });
  }
  return out;
}

/** The component a root pointer lands in (a pointer may go deeper than the component itself). */
function componentAt(components: Map<string, unknown>, pointer: JsonPath): string | undefined {
  for (const depth of [2, 3]) {
    if (pointer.length < depth) break;
    const k = keyOf(pointer.slice(0, depth));
    if (components.has(k)) return k;
  }
  return undefined;
}

/**
 * Calls `use` with the root pointer of every reference inside `value`: `$ref`s (when `rootRef` says the reference
 * points into the root document, it gives the pointer), discriminator mappings to schemas, and the security
 * schemes named in `security` requirements.
 */
function visitReferences(value: unknown, rootRef: (ref: string) => JsonPath | undefined, schemes: JsonPath, use: (pointer: JsonPath) => void): void {
  const stack: unknown[] = [value];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    checkBudget();
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.$ref === 'string') {
      const p = rootRef(o.$ref);
      if (p !== undefined) use(p);
    }
    if (Array.isArray(o.security)) {
      for (const req of o.security) if (isObject(req)) for (const name of Object.keys(req)) use([...schemes, name]);
    }
    if (isObject(o.discriminator) && isObject(o.discriminator.mapping)) {
      for (const target of Object.values(o.discriminator.mapping)) {
        if (typeof target !== 'string') continue;
        // A mapping value is a reference when it has the form of one, else the name of a schema.
        const p = target.includes('#') || target.includes('/') ? rootRef(target) : ['components', 'schemas', target];
        if (p !== undefined) use(p);
      }
    }
    for (const child of Object.values(o)) if (child !== null && typeof child === 'object') stack.push(child);
  }
}

export interface ReferencedFile {
  /** The file's absolute path (its source). */
  source: string;
  data: unknown;
}

/**
 * The paths of the components of `data` that nothing reaches (see the module comment), in document order.
 * `source` is the root's path (undefined for text not on disk); `files` are the files it `$ref`s.
 */
export function unusedComponents(data: unknown, source: string | undefined, files: readonly ReferencedFile[]): JsonPath[] {
  if (!isObject(data)) return [];
  const components = componentsOf(data);
  if (components.size === 0) return [];
  const schemes = securityHolder(data);
  const rootOf =
    (from: string | undefined) =>
    (ref: string): JsonPath | undefined => {
      const hash = ref.indexOf('#');
      const file = hash < 0 ? ref : ref.slice(0, hash);
      if (file !== '') {
        if (source === undefined || from === undefined) return undefined;
        if (path.resolve(path.dirname(from), decodeURI(file)) !== path.resolve(source)) return undefined;
      } else if (from !== source) return undefined;
      return pointerPath(hash < 0 ? '#' : ref.slice(hash));
    };
  const reached = new Set<string>();
  const pending: string[] = [];
  const use = (pointer: JsonPath): void => {
    const k = componentAt(components, pointer);
    if (k !== undefined && !reached.has(k)) {
      reached.add(k);
      pending.push(k);
    }
  };
  // The document's own content outside its components (a root `security` names schemes), and extensions of `components`.
  const holderKeys = new Set(holders(data).map(h => h[0]));
  visitReferences(Object.fromEntries(Object.entries(data).filter(([key]) => !holderKeys.has(key))), rootOf(source), schemes, use);
  if (isObject(data.components)) {
    for (const [kind, v] of Object.entries(data.components)) if (kind.startsWith('x-')) visitReferences(v, rootOf(source), schemes, use);
  }
  for (const file of files) visitReferences(file.data, rootOf(file.source), schemes, use);
  while (pending.length > 0) visitReferences(components.get(pending.pop()!)!.value, rootOf(source), schemes, use);
  return [...components.entries()].filter(([k]) => !reached.has(k)).map(([, c]) => c.path);
}

/**
 * Every component of `data` that reaches the one at `target` through references inside the file (itself included):
 * what must go with it so that no `$ref` is left dangling.
 */
export function referrersOf(data: unknown, target: JsonPath): JsonPath[] {
  const components = componentsOf(data);
  const schemes = isObject(data) ? securityHolder(data) : [];
  const edges = new Map<string, Set<string>>();
  for (const [k, c] of components) {
    visitReferences(
      c.value,
      r => pointerPath(r),
      schemes,
      p => {
        const t = componentAt(components, p);
        if (t !== undefined) (edges.get(t) ?? edges.set(t, new Set()).get(t)!).add(k);
      },
    );
  }
  const found = new Set([keyOf(target)]);
  const queue = [keyOf(target)];
  while (queue.length > 0)
    for (const k of edges.get(queue.pop()!) ?? [])
      if (!found.has(k)) {
        found.add(k);
        queue.push(k);
      }
  return [...components.entries()].filter(([k]) => found.has(k)).map(([, c]) => c.path);
}
