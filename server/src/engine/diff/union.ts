/**
 * The alternatives of a `oneOf`/`anyOf` in the base paired with those of the head, so
 * that a union is compared alternative by alternative whatever was added, removed or
 * reordered around them. A pair is found, in this order, by: the same object (a part
 * neither version changed), the same `$ref` target (the component an alternative is),
 * the same discriminator value, the same title, then the most similar shape (JSON
 * types and property names). What is left unpaired was removed or added.
 */
import { isObj, type Obj } from './model';

/** The union of a schema: its alternatives, and whether it admits `null` (`anyOf: [X, {type: 'null'}]`, or `nullable: true` beside it). */
export interface Union {
  keyword: 'oneOf' | 'anyOf';
  /** The alternatives that are not `null`, with their index in the keyword's array. */
  alternatives: { schema: Obj; index: number }[];
  nullable: boolean;
}

export function unionOf(s: Obj): Union | undefined {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = s[keyword];
    if (!Array.isArray(list)) continue;
    const alternatives: Union['alternatives'] = [];
    // 3.0's `nullable: true` beside the union admits null as an alternative would.
    let nullable = s.nullable === true;
    list.forEach((a, index) => {
      if (!isObj(a)) return;
      if (a.type === 'null' || (Array.isArray(a.type) && a.type.length === 1 && a.type[0] === 'null')) nullable = true;
      else alternatives.push({ schema: a, index });
    });
    return { keyword, alternatives, nullable };
  }
  return undefined;
}

/**
 * An alternative as it applies: the keywords of the schema that holds the union with its own (properties and
 * required lists joined). `{type: object, properties: {…}, oneOf: [{required: [id]}, …]}` says "such an object,
 * with an id or …": its alternatives alone say nearly nothing.
 */
export function asApplied(holder: Obj, alternative: Obj): Obj {
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...rest } = holder;
  const out: Obj = { ...rest, ...alternative };
  if (isObj(rest.properties) && isObj(alternative.properties)) out.properties = { ...rest.properties, ...alternative.properties };
  const required = [rest.required, alternative.required].flatMap(r => (Array.isArray(r) ? r : []));
  if (required.length) out.required = [...new Set(required)];
  return out;
}

/** Names of the schemas under `components.schemas` (or 2.0 `definitions`) of a resolved document: a `$ref` target is that very object. */
export function componentNames(doc: Obj): Map<object, string> {
  const names = new Map<object, string>();
  const holder = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : isObj(doc.definitions) ? doc.definitions : undefined;
  if (holder) for (const [name, s] of Object.entries(holder)) if (isObj(s) && !names.has(s)) names.set(s, name);
  return names;
}

export interface Side {
  union: Union;
  discriminator: Obj | undefined;
  names: Map<object, string>;
}

export interface Pairing {
  pairs: [number, number][];
  /** Indexes (into `alternatives`) of the base's alternatives without a partner. */
  removed: number[];
  added: number[];
}

/** A label for an alternative in messages: its component name, title, or position and type. */
export function labelOf(side: Side, i: number): string {
  const a = side.union.alternatives[i];
  const name = side.names.get(a.schema) ?? (typeof a.schema.title === 'string' ? a.schema.title : undefined);
  const t = [...types(a.schema)].join('|');
  return name !== undefined ? `'${name}'` : `#${a.index + 1}${t ? ` (${t})` : ''}`;
}

/** Keywords that only describe a schema: one with nothing else but a type lets through any value of that type. */
const ANNOTATIONS = new Set([
  'type',
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'externalDocs',
  'nullable',
  'readOnly',
  'writeOnly',
  'default',
  '$comment',
]);

/**
 * Whether `general` surely lets through every value of `specific`: it constrains nothing but its
 * JSON type, and that includes the specific one's (`{type: object}` covers any object schema).
 */
export function covers(general: Obj, specific: Obj): boolean {
  if (Object.keys(general).some(k => !ANNOTATIONS.has(k) && !k.startsWith('x-'))) return false;
  const g = types(general);
  if (g.size === 0) return true;
  const s = unionOf(specific);
  const alternatives = s ? s.alternatives.map(a => a.schema) : [specific];
  return alternatives.every(a => {
    const t = types(a);
    return t.size > 0 && [...t].every(x => g.has(x));
  });
}

function discriminatorValue(side: Side, s: Obj): string | undefined {
  const d = side.discriminator;
  if (!d || typeof d.propertyName !== 'string') return undefined;
  const name = side.names.get(s);
  if (isObj(d.mapping) && name !== undefined) {
    for (const [value, ref] of Object.entries(d.mapping)) if (typeof ref === 'string' && (ref === name || ref.endsWith(`/${name}`))) return value;
  }
  const p = isObj(s.properties) ? s.properties[d.propertyName] : undefined;
  if (isObj(p)) {
    if (p.const !== undefined) return String(p.const);
    if (Array.isArray(p.enum) && p.enum.length === 1) return String(p.enum[0]);
  }
  return name;
}

function types(s: Obj): Set<string> {
  const t = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type.filter((x): x is string => typeof x === 'string') : [];
  if (t.length === 0 && (isObj(s.properties) || Array.isArray(s.allOf))) t.push('object');
  return new Set(t.map(x => (x === 'integer' ? 'number' : x)));
}

function propertyNames(s: Obj, depth = 0, out = new Set<string>()): Set<string> {
  if (isObj(s.properties)) for (const k of Object.keys(s.properties)) out.add(k);
  if (Array.isArray(s.allOf) && depth < 8) for (const m of s.allOf) if (isObj(m)) propertyNames(m, depth + 1, out);
  return out;
}

/** How alike two alternatives are, 0 (nothing in common) to 1: their JSON types, then the share of property names they have in common. */
export function similarity(a: Obj, b: Obj): number {
  const ta = types(a);
  const tb = types(b);
  if (ta.size > 0 && tb.size > 0 && ![...ta].some(t => tb.has(t))) return 0;
  const pa = propertyNames(a);
  const pb = propertyNames(b);
  if (pa.size === 0 && pb.size === 0) return ta.size > 0 && tb.size > 0 ? 0.75 + (a.format === b.format ? 0.25 : 0) : 0.5;
  let common = 0;
  for (const k of pa) if (pb.has(k)) common++;
  return common / (pa.size + pb.size - common);
}

/** The least similarity for a pair found by shape alone. */
const MIN_SIMILARITY = 0.34;

export function pairAlternatives(base: Side, head: Side): Pairing {
  const bs = base.union.alternatives.map(a => a.schema);
  const hs = head.union.alternatives.map(a => a.schema);
  const bFree = new Set(bs.keys());
  const hFree = new Set(hs.keys());
  const pairs: [number, number][] = [];
  const take = (i: number, j: number) => {
    pairs.push([i, j]);
    bFree.delete(i);
    hFree.delete(j);
  };
  const byKey = (key: (side: Side, s: Obj) => string | undefined) => {
    const heads = new Map<string, number>();
    for (const j of hFree) {
      const k = key(head, hs[j]);
      if (k !== undefined && !heads.has(k)) heads.set(k, j);
    }
    for (const i of [...bFree]) {
      const k = key(base, bs[i]);
      const j = k === undefined ? undefined : heads.get(k);
      if (j !== undefined && hFree.has(j)) take(i, j);
    }
  };
  for (const i of [...bFree]) {
    const j = hs.indexOf(bs[i]);
    if (j >= 0 && hFree.has(j)) take(i, j);
  }
  byKey((side, s) => side.names.get(s));
  byKey(discriminatorValue);
  byKey((_, s) => (typeof s.title === 'string' ? s.title : undefined));
  const scored: [number, number, number][] = [];
  for (const i of bFree) for (const j of hFree) scored.push([similarity(bs[i], hs[j]), i, j]);
  scored.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  for (const [score, i, j] of scored) if (score >= MIN_SIMILARITY && bFree.has(i) && hFree.has(j)) take(i, j);
  return { pairs, removed: [...bFree].sort((a, b) => a - b), added: [...hFree].sort((a, b) => a - b) };
}
