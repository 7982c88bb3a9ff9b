/**
 * What a schema lets through, compared between versions: the bounds and patterns a
 * request must meet (tightened: clients sending what was valid are refused), and the
 * format a value is written in (a change of the wire form, or a new label on the same one).
 */
import type { Obj } from './model';
import { compareStrings, LENGTH_MODELLED, type StringRule } from './strings';

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * The bounds of a number: `minimum`/`maximum` with the 3.0 boolean `exclusiveMinimum`/
 * `exclusiveMaximum`, or the 3.1 numeric ones.
 */
function bound(s: Obj, side: 'min' | 'max'): { at: number; exclusive: boolean; key: string } | undefined {
  const inclusiveKey = side === 'min' ? 'minimum' : 'maximum';
  const exclusiveKey = side === 'min' ? 'exclusiveMinimum' : 'exclusiveMaximum';
  const inclusive = num(s[inclusiveKey]);
  const exclusive = num(s[exclusiveKey]);
  if (exclusive !== undefined && (inclusive === undefined || (side === 'min' ? exclusive >= inclusive : exclusive <= inclusive)))
    return { at: exclusive, exclusive: true, key: exclusiveKey };
  if (inclusive !== undefined) return { at: inclusive, exclusive: s[exclusiveKey] === true, key: s[exclusiveKey] === true ? exclusiveKey : inclusiveKey };
  return undefined;
}

/** The head's bound lets fewer values through than the base's. */
function narrower(b: ReturnType<typeof bound>, h: ReturnType<typeof bound>, side: 'min' | 'max'): boolean {
  if (!h) return false;
  if (!b) return true;
  if (h.at !== b.at) return side === 'min' ? h.at > b.at : h.at < b.at;
  return h.exclusive && !b.exclusive;
}

/** How a request schema accepts less in the head. */
export interface Tightening {
  changes: string[];
  /** The key of the first change: where it is reported. */
  first: string;
  /** A string the base took and the head refuses, when the strings it takes changed. */
  refused?: string;
  /** The head also takes strings the base refused: the two patterns are incomparable, not one inside the other. */
  gained?: boolean;
  /** The only change is a pattern apiconv could not compare with the base's: to check, not a proven break. */
  undecided?: boolean;
}

export function tightened(base: Obj, head: Obj): Tightening | undefined {
  const changes: string[] = [];
  let first: string | undefined;
  const add = (text: string, key: string) => {
    changes.push(text);
    first ??= key;
  };
  const strings = stringsLost(base, head);
  for (const k of ['maxLength', 'maxItems', 'maxProperties', 'maxContains']) {
    if (strings?.folded.has(k)) continue;
    const h = num(head[k]);
    const b = num(base[k]);
    if (h !== undefined && (b === undefined || h < b)) add(`${k} ${b ?? 'none'} → ${h}`, k);
  }
  for (const k of ['minLength', 'minItems', 'minProperties', 'minContains']) {
    if (strings?.folded.has(k)) continue;
    const h = num(head[k]);
    // An absent minContains is 1 (when `contains` is there), the others 0.
    const b = num(base[k]) ?? (k === 'minContains' ? 1 : 0);
    if (h !== undefined && h > b) add(`${k} ${base[k] ?? 'none'} → ${h}`, k);
  }
  for (const side of ['min', 'max'] as const) {
    const b = bound(base, side);
    const h = bound(head, side);
    if (narrower(b, h, side)) add(`${b ? `${b.key} ${b.at}` : `${h!.key} none`} → ${b && b.key !== h!.key ? `${h!.key} ` : ''}${h!.at}`, h!.key);
  }
  const hm = num(head.multipleOf);
  const bm = num(base.multipleOf);
  // Every multiple of the base's step must still be one of the head's.
  if (hm !== undefined && (bm === undefined || !Number.isInteger(bm / hm))) add(`multipleOf ${bm ?? 'none'} → ${hm}`, 'multipleOf');
  const decided = changes.length;
  if (strings && strings.result.kept !== true) for (const [text, key] of strings.changes) add(text, key);
  if (head.uniqueItems === true && base.uniqueItems !== true) add('uniqueItems added', 'uniqueItems');
  if (first === undefined) return undefined;
  const result = strings?.result;
  return {
    changes,
    first,
    ...(result?.kept === false ? { refused: result.refused, gained: result.gained } : {}),
    // A pattern added where there was none is a tightening unless it takes every string: undecided, it stays one.
    ...(result?.kept === undefined && typeof base.pattern === 'string' && decided === 0 && changes.length === strings!.changes.length
      ? { undecided: true }
      : {}),
  };
}

/**
 * The strings a schema with a `pattern` takes, compared as languages (strings.ts) with the
 * lengths folded in: a pattern rewritten alike or loosened (to `.*`, to 40 or 64 hex digits
 * where it was 40) refuses nothing; a `maxLength` the pattern already implied adds nothing.
 * Lengths too long to model are left out and compared as numbers.
 */
function stringsLost(base: Obj, head: Obj): { result: ReturnType<typeof compareStrings>; changes: [string, string][]; folded: Set<string> } | undefined {
  const bp = typeof base.pattern === 'string' ? base.pattern : undefined;
  const hp = typeof head.pattern === 'string' ? head.pattern : undefined;
  if (bp === undefined && hp === undefined) return undefined; // lengths alone compare as numbers
  const folded = new Set(
    ['minLength', 'maxLength'].filter(k => [base[k], head[k]].every(v => v === undefined || (num(v) !== undefined && num(v)! <= LENGTH_MODELLED))),
  );
  const rule = (s: Obj, pattern: string | undefined): StringRule => ({
    pattern,
    ...(folded.has('minLength') && num(s.minLength) !== undefined ? { minLength: num(s.minLength) } : {}),
    ...(folded.has('maxLength') && num(s.maxLength) !== undefined ? { maxLength: num(s.maxLength) } : {}),
  });
  const same = bp === hp && [...folded].every(k => base[k] === head[k]);
  if (same) return { result: { kept: true }, changes: [], folded };
  const result = compareStrings(rule(base, bp), rule(head, hp));
  const changes: [string, string][] = [];
  for (const k of ['maxLength', 'minLength']) {
    if (!folded.has(k) || base[k] === head[k] || head[k] === undefined) continue;
    const [b, h] = [num(base[k]) ?? (k === 'minLength' ? 0 : Infinity), num(head[k])!];
    if (k === 'maxLength' ? h < b : h > b) changes.push([`${k} ${base[k] ?? 'none'} → ${head[k]}`, k]);
  }
  if (bp !== hp) {
    const text = bp === undefined ? `pattern ${hp} added` : `pattern changed to ${hp}`;
    if (result.kept !== undefined) changes.push([text, 'pattern']);
    else {
      const why = bp === undefined ? 'apiconv cannot tell which strings it refuses' : "apiconv cannot compare it with the base's";
      changes.push([`${text} (${why}: ${result.reason})`, 'pattern']);
    }
  }
  return { result, changes, folded };
}

/** Formats with a defined wire form; others (`unixtime`, `snowflake`…) are labels apiconv cannot reason about. */
const KNOWN_FORMATS = new Set([
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'base64',
  'date',
  'date-time',
  'time',
  'duration',
  'password',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'uuid',
  'json-pointer',
  'relative-json-pointer',
  'regex',
]);
/** Formats whose values are a subset of another's: an int32 is an int64, a float a double. */
const WIDER: Record<string, string> = { int32: 'int64', float: 'double' };
/**
 * The widest format of a JSON type: what a number without a format is read as already (a 64-bit integer, a double),
 * so that adding or dropping it changes what no client can send or read (GitHub's `job_id` gained `int64`).
 */
const WIDEST = new Set(['int64', 'double']);
/** Formats that only describe a string (no rule on its characters): adding or dropping them changes nothing on the wire. */
const ANNOTATION = new Set(['password']);

/**
 * How the `format` changed where it matters to a client: 'break' (values one side writes the
 * other may refuse or misread), 'relabel' (a label apiconv does not know, on the same JSON
 * type: to check, not a proven break), or undefined (no change a client can notice).
 */
export function formatChange(base: Obj, head: Obj, dir: 'request' | 'response'): 'break' | 'relabel' | undefined {
  const bf = typeof base.format === 'string' ? base.format : undefined;
  const hf = typeof head.format === 'string' ? head.format : undefined;
  if (bf === hf) return undefined;
  // The side whose values must fit the other's: what the server now sends (response), what a client still sends (request).
  const [from, to] = dir === 'response' ? [hf, bf] : [bf, hf];
  if (to === undefined || (from !== undefined && WIDER[from] === to) || (from === undefined && WIDEST.has(to)) || ANNOTATION.has(to)) return undefined;
  if ((bf !== undefined && !KNOWN_FORMATS.has(bf)) || (hf !== undefined && !KNOWN_FORMATS.has(hf))) return 'relabel';
  return 'break';
}
