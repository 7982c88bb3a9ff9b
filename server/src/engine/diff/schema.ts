/**
 * Schema comparison, in the direction of a request (what a client sends: the head must
 * accept all the base accepted) or of a response (what a client receives: the head must
 * send nothing the base could not). Renames (a removed property and an added sibling
 * with an equal schema) are found here. Each (base, head, direction) pair of schema
 * objects is compared once: a schema shared through `$ref` is reported once, where it
 * is written (the resolved document shares the objects of a `$ref` target).
 */
import type { JsonPath } from '../problem';
import { isObj, type Obj } from './model';
import { formatChange, tightened } from './constraints';
import { diffCheck } from './checks';
import { inDialect } from './dialect';
import type { OasVersion } from './load';
import { descriptionOf, findRenames } from './rename';
import { asApplied, covers, labelOf, pairAlternatives, unionOf, type Side, type Union } from './union';
import {
  cap,
  closedAt,
  deepEqual,
  flatten,
  ignoredIn,
  nullable,
  sameDefault,
  schemaEqual,
  typeMissing,
  typeText,
  typesOf,
  valuesOf,
  walk,
  withoutNull,
  type Direction,
} from './schemaShape';

export type { Direction };

export interface Change {
  check: string;
  message: string;
  /** Path in the resolved head document: the changed element, or the nearest parent that still exists. */
  headPath: JsonPath;
  /** Path in the resolved base document of what changed or was removed. */
  basePath?: JsonPath;
  /** A removed element: whether it was deprecated, and its Sunset (its own x-sunset or its operation's). */
  removed?: { deprecated: boolean; sunset?: string };
  /** A severity below the check's default: warn for an optional header removed, info for a format apiconv does not know (not a proven break). */
  severity?: 1 | 2;
  /** A change that may break clients but that apiconv could not prove does: not counted as a breaking change. */
  unproven?: boolean;
  /** What a quick fix needs: the removed property to restore, or the new field to give a default. */
  fix?: { kind: 'restore-property'; name: string; schemaPath: JsonPath } | { kind: 'add-default'; schemaPath: JsonPath; schema: Obj };
}

export interface SchemaContext {
  dir: Direction;
  /** Inside an error response (4xx/5xx): removals, renames and retypes are error-schema-changed. */
  error: boolean;
  /** The Sunset of the operation the schema belongs to. */
  sunset?: string;
  /** The schema's place, for messages about the schema itself: "the request body of POST /pets". */
  where: string;
  /** The response header the schema is of: its changes are response-header-* findings. */
  header?: string;
}

const q = (s: string) => `'${s}'`;
/** A string value in a message, cut when long. */
const quoteExample = (s: string) => JSON.stringify(s.length > 48 ? `${s.slice(0, 47)}…` : s);

/**
 * Compares schemas over a whole diff: remembers the pairs already compared, so a schema
 * shared by many operations is compared (and reported) once.
 */
export class SchemaDiffer {
  private readonly seen = new WeakMap<object, WeakMap<object, Set<string>>>();
  /** The unpaired alternatives of each union already reported (direction + index): a shared union is reported once. */
  private readonly alternativesReported = new WeakMap<object, Set<string>>();

  constructor(
    private readonly emit: (c: Change) => void,
    /** The component names of each side's schemas (union.ts componentNames), to pair alternatives by `$ref` target. */
    private readonly names: { base: Map<object, string>; head: Map<object, string> } = { base: new Map(), head: new Map() },
    /** The OpenAPI version of each side: the schema keywords it reads (dialect.ts). */
    private readonly versions: { base: OasVersion; head: OasVersion } = { base: '3.1', head: '3.1' },
    /** How many trial comparisons (accepts) this one is inside: they nest only so deep. */
    private readonly trials = 0,
  ) {}

  /** Compare one schema (a body, a parameter's schema, a property). `name`: the property or parameter it is, for messages. */
  compare(base: Obj, head: Obj, bp: JsonPath, hp: JsonPath, ctx: SchemaContext, name?: string, opts: { versionParam?: boolean; has400?: boolean } = {}): void {
    // The same object on both sides (a part of the document neither version changed: loadPair): nothing differs.
    if (base === head || typeof base.$ref === 'string' || typeof head.$ref === 'string') return; // or a cycle left as a $ref
    // What a client never sends (readOnly in a request) or never receives (writeOnly in a response).
    if (ignoredIn(ctx.dir, base) && ignoredIn(ctx.dir, head)) return;
    const memoKey = `${ctx.dir}${ctx.error ? 'e' : ''}${name === undefined ? '' : 'p'}${ctx.header ?? ''}`;
    let inner = this.seen.get(base);
    if (!inner) this.seen.set(base, (inner = new WeakMap()));
    let keys = inner.get(head);
    if (!keys) inner.set(head, (keys = new Set()));
    if (keys.has(memoKey)) return;
    keys.add(memoKey);
    // From here on each side is what its own OpenAPI version reads (3.1's keywords are text in 3.0).
    base = inDialect(base, this.versions.base);
    head = inDialect(head, this.versions.head);

    const what = name === undefined ? ctx.where : q(name);
    const bu = unionOf(base);
    const hu = unionOf(head);
    // A union on one side only (a schema wrapped into a oneOf, or `anyOf: [X, null]`): its type and
    // properties are those of the alternative paired with the other side, compared there.
    const oneSided = (bu === undefined) !== (hu === undefined);
    if (!oneSided) this.compareTypes(base, head, bp, hp, ctx, what);
    this.compareEnum(base, head, bp, hp, ctx, what, opts);
    if (ctx.dir === 'request') {
      const t = tightened(base, head);
      if (t) {
        const example =
          t.refused === undefined ? '' : ` (${quoteExample(t.refused)} is refused${t.gained ? '; the new pattern takes other strings instead' : ''})`;
        this.emit({
          check: 'request-constraint-tightened',
          message: t.undecided
            ? `${cap(what)} may accept less: ${t.changes.join(', ')}; check that it takes what clients sent.`
            : `${cap(what)} accepts less: ${t.changes.join(', ')}${example}.`,
          headPath: [...hp, t.first],
          basePath: base[t.first] !== undefined ? [...bp, t.first] : bp,
          ...(t.undecided ? { severity: 1 as const, unproven: true } : {}),
        });
      }
      const closed = closedAt(head, hp);
      if (closed && !closedAt(base, bp))
        this.emit({
          check: 'request-object-closed',
          message: `${cap(what)} no longer takes properties it does not list (${closed[closed.length - 1]}: false): clients sending others are refused.`,
          headPath: closed,
          basePath: bp,
        });
    }
    if (name !== undefined && !sameDefault(base, head) && (base.default !== undefined || ctx.dir === 'request')) {
      const message =
        base.default === undefined
          ? `${cap(what)} now has a default (${JSON.stringify(head.default)}): clients that leave it out get it.`
          : head.default === undefined
            ? `The default of ${what} (${JSON.stringify(base.default)}) was removed.`
            : `The default of ${what} changed from ${JSON.stringify(base.default)} to ${JSON.stringify(head.default)}.`;
      this.emit({
        check: 'default-changed',
        message,
        headPath: head.default === undefined ? hp : [...hp, 'default'],
        basePath: base.default === undefined ? bp : [...bp, 'default'],
      });
    }
    this.compareUnions(base, head, bu, hu, bp, hp, ctx, what, name);
    this.compareConditionals(base, head, bp, hp, ctx, what, name);
    if (!oneSided) this.compareProperties(base, head, bp, hp, ctx);
    this.compareDependents(base, head, bp, hp, ctx);
    for (const k of ['items', 'additionalProperties', 'contains'] as const) {
      const b = base[k];
      const h = head[k];
      if (isObj(b) && isObj(h))
        this.compare(b, h, [...bp, k], [...hp, k], ctx, name === undefined ? undefined : `${name}${k === 'additionalProperties' ? '.*' : '[]'}`);
    }
    // 3.1 tuples: each position against the same position.
    const [bt, ht] = [base.prefixItems, head.prefixItems];
    if (Array.isArray(bt) && Array.isArray(ht))
      for (let i = 0; i < Math.min(bt.length, ht.length); i++)
        if (isObj(bt[i]) && isObj(ht[i]))
          this.compare(bt[i], ht[i], [...bp, 'prefixItems', i], [...hp, 'prefixItems', i], ctx, name === undefined ? undefined : `${name}[${i}]`);
  }

  /** 3.1 `dependentRequired`: names a request must now send with another, or a response no longer sends with it. */
  private compareDependents(base: Obj, head: Obj, bp: JsonPath, hp: JsonPath, ctx: SchemaContext): void {
    const of = (s: Obj) => (isObj(s.dependentRequired) ? s.dependentRequired : {});
    const request = ctx.dir === 'request';
    // The side that asks more of the other: a dependency the head added to a request, one the base had in a response.
    const [more, less] = request ? [of(head), of(base)] : [of(base), of(head)];
    const pathOf = (s: Obj, p: JsonPath, k?: string): JsonPath =>
      !isObj(s.dependentRequired) ? p : k === undefined ? [...p, 'dependentRequired'] : [...p, 'dependentRequired', k];
    for (const [k, names] of Object.entries(more)) {
      if (!Array.isArray(names)) continue;
      const kept = Array.isArray(less[k]) ? (less[k] as unknown[]) : [];
      for (const n of names.filter((x): x is string => typeof x === 'string' && !kept.includes(x)))
        this.emit({
          check: request ? 'request-property-became-required' : 'response-property-became-optional',
          message: request
            ? `The request property ${q(n)} became required when ${q(k)} is sent (dependentRequired): clients of the base may not send it.`
            : `The response property ${q(n)} is no longer sent whenever ${q(k)} is (dependentRequired): clients may not receive it.`,
          headPath: pathOf(head, hp, request ? k : undefined),
          basePath: pathOf(base, bp, request ? undefined : k),
        });
    }
  }

  private compareTypes(base: Obj, head: Obj, bp: JsonPath, hp: JsonPath, ctx: SchemaContext, what: string): void {
    const bt = typesOf(base);
    const ht = typesOf(head);
    const retyped =
      ctx.header !== undefined ? 'response-header-type-changed' : ctx.dir === 'response' && ctx.error ? 'error-schema-changed' : `${ctx.dir}-type-changed`;
    const at = head.type !== undefined ? [...hp, 'type'] : hp;
    if (bt && ht) {
      const changed = ctx.dir === 'response' ? typeMissing(ht, bt) : typeMissing(bt, ht);
      if (changed.length > 0) {
        this.emit({
          check: retyped,
          message: `The type of ${what} changed from ${typeText(base)} to ${typeText(head)}${ctx.dir === 'response' ? '' : ' (values of the old type are refused)'}.`,
          headPath: at,
          basePath: [...bp, 'type'],
        });
        return;
      }
    }
    const format = formatChange(base, head, ctx.dir);
    if (format) {
      const relabel = format === 'relabel';
      this.emit({
        check: retyped,
        message: `The format of ${what} changed from ${base.format ?? 'none'} to ${head.format ?? 'none'}${relabel ? ': the JSON type is the same and apiconv does not know what the new format allows, check the values' : ''}.`,
        headPath: head.format !== undefined ? [...hp, 'format'] : hp,
        basePath: base.format !== undefined ? [...bp, 'format'] : bp,
        ...(relabel ? { severity: 2 as const } : {}),
      });
      return;
    }
    // A request schema that lost its type takes anything, null included.
    this.compareNull(nullable(base), nullable(head) || (ctx.dir === 'request' && ht === undefined), bp, hp, ctx, what, at);
  }

  /** null accepted or sent on one side only: a response that may now be null, a request that no longer takes it. */
  private compareNull(baseNull: boolean, headNull: boolean, bp: JsonPath, hp: JsonPath, ctx: SchemaContext, what: string, at: JsonPath = hp): void {
    if (ctx.dir === 'response' && !baseNull && headNull) {
      if (ctx.header !== undefined)
        this.emit({
          check: 'response-header-type-changed',
          message: `The response header ${q(ctx.header)} became nullable: clients may receive null.`,
          headPath: at,
          basePath: bp,
        });
      else
        this.emit({
          check: 'response-property-became-optional',
          message: `${cap(what === ctx.where ? what : `the response property ${what}`)} became nullable: clients may receive null.`,
          headPath: at,
          basePath: bp,
        });
    } else if (ctx.dir === 'request' && baseNull && !headNull) {
      this.emit({ check: 'request-type-changed', message: `${cap(what)} no longer accepts null.`, headPath: at, basePath: bp });
    }
  }

  private compareEnum(
    base: Obj,
    head: Obj,
    bp: JsonPath,
    hp: JsonPath,
    ctx: SchemaContext,
    what: string,
    opts: { versionParam?: boolean; has400?: boolean },
  ): void {
    const be = valuesOf(base, ctx.dir);
    const he = valuesOf(head, ctx.dir);
    if (!be && !he) return;
    const has = (list: unknown[], v: unknown) => list.some(x => deepEqual(x, v));
    if (ctx.dir === 'response') {
      if (!be) return; // an enum added to a response narrows it: safe
      if (!he) {
        this.emit({
          check: 'response-enum-value-added',
          message: `The enum of ${what} was removed: any value may be returned.`,
          headPath: hp,
          basePath: [...bp, 'enum'],
        });
        return;
      }
      const added = he.filter(v => !has(be, v) && v !== null);
      if (added.length)
        this.emit({
          check: 'response-enum-value-added',
          message: `${cap(what)} may now be ${added.map(v => JSON.stringify(v)).join(', ')}: clients may not handle ${added.length === 1 ? 'it' : 'them'}.`,
          headPath: [...hp, 'enum'],
          basePath: [...bp, 'enum'],
        });
      return;
    }
    if (!he) return; // enum removed from a request: more is accepted
    const removed = be ? be.filter(v => !has(he, v)) : undefined;
    if (removed && removed.length === 0) return;
    if (opts.versionParam) {
      if (opts.has400) return;
      this.emit({
        check: 'version-value-removed',
        message: `${removed ? `The version value${removed.length === 1 ? '' : 's'} ${removed.map(v => JSON.stringify(v)).join(', ')} of ${what} ${removed.length === 1 ? 'is' : 'are'} gone` : `${cap(what)} now accepts only ${he.map(v => JSON.stringify(v)).join(', ')}`} and the operation declares no 400 for an unsupported version.`,
        headPath: [...hp, 'enum'],
        basePath: be ? [...bp, 'enum'] : bp,
      });
      return;
    }
    this.emit({
      check: 'request-enum-value-removed',
      message: removed
        ? `${cap(what)} no longer accepts ${removed.map(v => JSON.stringify(v)).join(', ')}.`
        : `${cap(what)} now accepts only ${he.map(v => JSON.stringify(v)).join(', ')} (an enum was added).`,
      headPath: [...hp, 'enum'],
      basePath: be ? [...bp, 'enum'] : bp,
    });
  }

  /** The alternatives of a union paired across the versions (union.ts), each pair compared as schemas; an unpaired one reported where it can break a client. */
  private compareUnions(
    base: Obj,
    head: Obj,
    bu: Union | undefined,
    hu: Union | undefined,
    bp: JsonPath,
    hp: JsonPath,
    ctx: SchemaContext,
    what: string,
    name: string | undefined,
  ): void {
    if (!bu && !hu) return;
    // A schema without a union is its own single alternative.
    const alone = (s: Obj): Union => ({ keyword: 'oneOf', alternatives: [{ schema: s, index: -1 }], nullable: nullable(s) });
    const b: Side = { union: bu ?? alone(base), discriminator: isObj(base.discriminator) ? base.discriminator : undefined, names: this.names.base };
    const h: Side = { union: hu ?? alone(head), discriminator: isObj(head.discriminator) ? head.discriminator : undefined, names: this.names.head };
    const at = (s: Side, sp: JsonPath, i: number): JsonPath =>
      s.union.alternatives[i].index < 0 ? sp : [...sp, s.union.keyword, s.union.alternatives[i].index];
    const { pairs, removed, added } = pairAlternatives(b, h);
    // Null, when one side is a union, is compared for the whole (compareNull below), not again in a pair: a schema
    // standing alone as an alternative leaves its null out there.
    const paired = (s: Side, i: number): Obj =>
      s.union.alternatives[i].index < 0 && nullable(s.union.alternatives[i].schema)
        ? withoutNull(s.union.alternatives[i].schema)
        : s.union.alternatives[i].schema;
    for (const [i, j] of pairs) this.compare(paired(b, i), paired(h, j), at(b, bp, i), at(h, hp, j), ctx, name);
    if (!bu || !hu) this.compareNull(b.union.nullable, h.union.nullable, bp, hp, ctx, what);
    // A request loses what clients could send when an alternative goes; a response gains what they may not handle when one comes.
    const lost = ctx.dir === 'request' ? removed : added;
    const side = ctx.dir === 'request' ? b : h;
    // The other side's schema, when it is no union: a type alone (`{type: object}`) still takes what the alternative is.
    const whole = ctx.dir === 'request' ? (hu ? undefined : head) : bu ? undefined : base;
    // A union shared through `$ref` is reported once, named by its component when it has one.
    const union = ctx.dir === 'request' ? base : head;
    const named = side.names.get(union);
    let reported = this.alternativesReported.get(union);
    if (!reported) this.alternativesReported.set(union, (reported = new Set()));
    for (const i of lost) {
      if (whole && covers(whole, side.union.alternatives[i].schema)) continue;
      // A request alternative no head alternative pairs with may still be one that a head alternative takes whole
      // (two alternatives merged into one, a shape split into constraint alternatives): then no client is refused.
      if (ctx.dir === 'request' && hu) {
        const sent = bu ? asApplied(base, b.union.alternatives[i].schema) : base;
        // A holder closed (additionalProperties: false) is reported on the holder as request-object-closed, not again here.
        const reportedOnHolder = closedAt(head, []) ? 'request-object-closed' : undefined;
        if (hu.alternatives.some(a => this.accepts(sent, asApplied(head, a.schema), ctx, reportedOnHolder))) continue;
      }
      if (reported.has(`${ctx.dir}${i}`)) continue;
      reported.add(`${ctx.dir}${i}`);
      const label =
        side.union.alternatives[i].index < 0 ? `its former shape${typesOf(base) ? ` (${typeText(base)})` : ''}` : `the alternative ${labelOf(side, i)}`;
      const of = named !== undefined ? q(named) : `of ${what}`;
      const message =
        ctx.dir === 'request'
          ? `The request schema ${of} no longer has ${label} (no alternative of the head is like it): clients sending it are refused.`
          : `The response schema ${of} has a new alternative ${labelOf(side, i)}: clients may receive a shape they do not handle.`;
      this.emit({
        check: 'composition-changed',
        message,
        headPath: ctx.dir === 'request' ? (hu ? [...hp, hu.keyword] : hp) : at(h, hp, i),
        basePath: ctx.dir === 'request' ? at(b, bp, i) : bu ? [...bp, bu.keyword] : bp,
      });
    }
  }

  /** Whether `head` takes whatever `base` did: comparing them finds nothing that can break a client (a trial, not reported) but `reportedElsewhere`. */
  private accepts(base: Obj, head: Obj, ctx: SchemaContext, reportedElsewhere?: string): boolean {
    if (this.trials >= 2) return false;
    let breaks = false;
    new SchemaDiffer(
      c => (breaks ||= c.check !== reportedElsewhere && diffCheck(c.check)?.breaking !== false),
      this.names,
      this.versions,
      this.trials + 1,
    ).compare(base, head, [], [], ctx);
    return !breaks;
  }

  /** Sub-schemas that apply under conditions (`if`/`then`/`else`) or exclude (`not`). */
  private compareConditionals(base: Obj, head: Obj, bp: JsonPath, hp: JsonPath, ctx: SchemaContext, what: string, name: string | undefined): void {
    for (const k of ['then', 'else'] as const)
      if (isObj(base[k]) && isObj(head[k]) && schemaEqual(base.if, head.if)) this.compare(base[k], head[k], [...bp, k], [...hp, k], ctx, name);
    if (ctx.dir !== 'request') return;
    for (const k of ['not', 'if'] as const) {
      if (head[k] === undefined || schemaEqual(base[k], head[k])) continue;
      const how = base[k] === undefined ? `a \`${k}\` was added` : `its \`${k}\` changed`;
      this.emit({
        check: 'composition-changed',
        message: `The request schema of ${what}: ${how}, which may refuse what clients send; apiconv cannot prove it safe.`,
        headPath: [...hp, k],
        basePath: base[k] !== undefined ? [...bp, k] : bp,
      });
    }
  }

  private compareProperties(base: Obj, head: Obj, bp: JsonPath, hp: JsonPath, ctx: SchemaContext): void {
    const fb = flatten(base, bp);
    const fh = flatten(head, hp);
    if (fb.props.size === 0 && fh.props.size === 0) return;
    const ignored = (s: Obj) => ignoredIn(ctx.dir, s);
    const removed = [...fb.props.keys()].filter(k => !fh.props.has(k) && !ignored(fb.props.get(k)!.schema));
    const added = [...fh.props.keys()].filter(k => !fb.props.has(k) && !ignored(fh.props.get(k)!.schema));
    const parent = fh.propsPath ?? hp;
    const members = (f: typeof fb) =>
      [...f.props].filter(([, v]) => !ignored(v.schema)).map(([key, v]) => ({ key, schema: v.schema, description: descriptionOf(v.schema) }));
    const renamed = findRenames(members(fb), members(fh));
    const taken = new Set(renamed.values());
    const errorShape = ctx.dir === 'response' && ctx.error;
    for (const r of removed) {
      const b = fb.props.get(r)!;
      const removal = { deprecated: b.schema.deprecated === true, sunset: typeof b.schema['x-sunset'] === 'string' ? b.schema['x-sunset'] : ctx.sunset };
      const to = renamed.get(r);
      if (to !== undefined) {
        this.emit({
          check: errorShape ? 'error-schema-changed' : 'property-renamed',
          message: `The ${ctx.dir}${errorShape ? ' error' : ''} property ${q(r)} was renamed ${q(r)} → ${q(to)}.`,
          headPath: fh.props.get(to)!.path,
          basePath: b.path,
          removed: removal,
          fix: { kind: 'restore-property', name: r, schemaPath: hp },
        });
        continue;
      }
      // At the head's copy of the object that held it (an allOf member shared through $ref: reported once, there).
      const rel = b.path.slice(bp.length, -1);
      const holder = rel.length > 0 && isObj(walk(head, rel)) ? [...hp, ...rel] : parent;
      const check = errorShape ? 'error-schema-changed' : `${ctx.dir}-property-removed`;
      const message =
        ctx.dir === 'response'
          ? `The response${errorShape ? ' error' : ''} property ${q(r)} was removed: clients may read it.`
          : `The request property ${q(r)} was removed: clients sending it are ignored or refused.`;
      this.emit({
        check,
        message,
        headPath: holder,
        basePath: b.path,
        removed: removal,
        fix: { kind: 'restore-property', name: r, schemaPath: holder[holder.length - 1] === 'properties' ? holder.slice(0, -1) : holder },
      });
    }
    for (const a of added) {
      if (taken.has(a) || ctx.dir !== 'request') continue;
      const h = fh.props.get(a)!;
      if (fh.required.has(a))
        this.emit({
          check: 'request-property-added-required',
          message: `The new request property ${q(a)} is required: clients of the base do not send it.`,
          headPath: h.path,
        });
      else if (h.schema.default === undefined)
        this.emit({
          check: 'new-field-without-default',
          message: `The new request property ${q(a)} has no default ("New fields have default values").`,
          headPath: h.path,
          fix: { kind: 'add-default', schemaPath: h.path, schema: h.schema },
        });
    }
    for (const [k, b] of fb.props) {
      const h = fh.props.get(k);
      if (!h) continue;
      if (ctx.dir === 'request' && !fb.required.has(k) && fh.required.has(k) && !ignored(h.schema)) {
        this.emit({
          check: 'request-property-became-required',
          message: `The request property ${q(k)} became required: clients of the base may not send it.`,
          headPath: h.path,
          basePath: b.path,
        });
      }
      if (ctx.dir === 'response' && fb.required.has(k) && !fh.required.has(k) && !ignored(h.schema)) {
        this.emit({
          check: 'response-property-became-optional',
          message: `The response property ${q(k)} is no longer required: clients may not receive it.`,
          headPath: h.path,
          basePath: b.path,
        });
      }
      this.compare(b.schema, h.schema, b.path, h.path, ctx, k);
    }
  }
}
