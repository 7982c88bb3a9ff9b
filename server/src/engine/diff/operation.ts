/**
 * The changes of one operation present in both versions: its parameters, request body,
 * responses (statuses, media types, bodies, headers), security and Sunset. A webhook is
 * an operation the API calls: its request body is what the client receives, so it is
 * compared as a response.
 */
import type { JsonPath } from '../problem';
import { isObj, isVersionParam, parseDate, statusClass, type Header, type Obj, type Operation, type Param, type Response, type SecurityReq } from './model';
import type { Change, SchemaContext, SchemaDiffer } from './schema';
import { findRenames } from './rename';

type Emit = (c: Change) => void;

const q = (s: string) => `'${s}'`;

export function opName(op: Operation): string {
  return op.webhook ? `the webhook ${q(op.pathKey)} (${op.method.toUpperCase()})` : `${op.method.toUpperCase()} ${op.pathKey}`;
}

export function compareOperation(bo: Operation, ho: Operation, schemas: SchemaDiffer, emit: Emit): void {
  compareParams(bo, ho, schemas, emit);
  compareBody(bo, ho, schemas, emit);
  if (!ho.webhook) compareResponses(bo, ho, schemas, emit);
  compareSecurity(bo, ho, emit);
  const bs = parseDate(bo.sunset?.value);
  const hs = parseDate(ho.sunset?.value);
  if (bs !== undefined && hs !== undefined && hs < bs) {
    emit({
      check: 'sunset-earlier',
      message: `The Sunset of ${opName(ho)} moved earlier, from ${bo.sunset!.value} to ${ho.sunset!.value}.`,
      headPath: ho.sunset!.path,
      basePath: bo.sunset!.path,
    });
  }
}

function compareParams(bo: Operation, ho: Operation, schemas: SchemaDiffer, emit: Emit): void {
  const sunset = bo.sunset?.value;
  const has400 = [...ho.responses.keys()].some(s => s === '400' || s === '4XX');
  const removed = [...bo.params.values()].filter(p => !ho.params.has(p.key));
  const added = [...ho.params.values()].filter(p => !bo.params.has(p.key));
  const pairs: [Param, Param][] = [];
  for (const [key, bp] of bo.params) {
    const hp = ho.params.get(key);
    if (hp) pairs.push([bp, hp]);
  }
  const matched = new Set<string>();
  // The same name, matched under another key (a path parameter whose place in the template moved): the same parameter.
  const movedTo = new Map<string, string>();
  for (const p of removed) {
    const same = added.find(a => a.in === p.in && a.name === p.name && !matched.has(a.key));
    if (!same) continue;
    matched.add(same.key);
    movedTo.set(p.key, same.key);
    pairs.push([p, same]);
  }
  const member = (p: Param, key = p.key) => ({ key, schema: stripParam(p.schema), description: p.raw.description });
  const renamed = findRenames(
    [...bo.params.values()].map(p => member(p, movedTo.get(p.key))),
    [...ho.params.values()].map(p => member(p)),
    (b, h) => bo.params.get(b.key)?.in === ho.params.get(h.key)?.in,
  );
  for (const p of removed) {
    if (movedTo.has(p.key)) continue;
    const removal = { deprecated: p.deprecated, sunset: typeof p.raw['x-sunset'] === 'string' ? p.raw['x-sunset'] : sunset };
    const to = ho.params.get(renamed.get(p.key) ?? '');
    if (to) {
      matched.add(to.key);
      emit({
        check: 'property-renamed',
        message: `The ${p.in} parameter ${q(p.name)} of ${opName(ho)} was renamed ${q(p.name)} → ${q(to.name)}.`,
        headPath: to.path,
        basePath: p.path,
        removed: removal,
      });
      continue;
    }
    emit({
      check: 'request-parameter-removed',
      message: `The ${p.in} parameter ${q(p.name)} of ${opName(ho)} was removed: clients sending it are ignored or refused.`,
      headPath: [...ho.path, ...(isObj(ho.raw) && Array.isArray(ho.raw.parameters) ? ['parameters'] : [])],
      basePath: p.path,
      removed: removal,
    });
  }
  for (const a of added) {
    if (matched.has(a.key)) continue;
    // A path parameter at a place of the template, which the base's path has too (paths match with their places):
    // clients put it in every URL already, declared or not. Declaring it now asks nothing new of them.
    if (a.key.startsWith('path#')) continue;
    if (a.required)
      emit({
        check: 'request-parameter-added-required',
        message: `The new ${a.in} parameter ${q(a.name)} of ${opName(ho)} is required: clients of the base do not send it.`,
        headPath: a.path,
      });
    else if (a.schema?.default === undefined)
      emit({
        check: 'new-field-without-default',
        message: `The new ${a.in} parameter ${q(a.name)} of ${opName(ho)} has no default ("New fields have default values").`,
        headPath: a.path,
        ...(a.schema ? { fix: { kind: 'add-default' as const, schemaPath: a.schemaPath, schema: a.schema } } : {}),
      });
  }
  for (const [bp, hp] of pairs) {
    if (!bp.required && hp.required)
      emit({
        check: 'request-parameter-became-required',
        message: `The ${hp.in} parameter ${q(hp.name)} of ${opName(ho)} became required: clients of the base may not send it.`,
        headPath: hp.path,
        basePath: bp.path,
      });
    const where = `the ${hp.in} parameter ${q(hp.name)} of ${opName(ho)}`;
    if (bp.schema && hp.schema)
      schemas.compare(bp.schema, hp.schema, bp.schemaPath, hp.schemaPath, { dir: 'request', error: false, sunset, where }, hp.name, {
        versionParam: isVersionParam(hp),
        has400,
      });
    const bs = typeof bp.raw['x-sunset'] === 'string' ? bp.raw['x-sunset'] : undefined;
    const hs = typeof hp.raw['x-sunset'] === 'string' ? hp.raw['x-sunset'] : undefined;
    const bd = parseDate(bs);
    const hd = parseDate(hs);
    if (bd !== undefined && hd !== undefined && hd < bd)
      emit({
        check: 'sunset-earlier',
        message: `The Sunset of ${where} moved earlier, from ${bs} to ${hs}.`,
        headPath: [...hp.path, 'x-sunset'],
        basePath: [...bp.path, 'x-sunset'],
      });
  }
}

function compareBody(bo: Operation, ho: Operation, schemas: SchemaDiffer, emit: Emit): void {
  const bb = bo.body;
  const hb = ho.body;
  const where = `the ${ho.webhook ? 'payload' : 'request body'} of ${opName(ho)}`;
  if (ho.webhook) {
    // What the client receives: compared as a response.
    if (bb && !hb)
      emit({ check: 'response-property-removed', message: `${cap(where)} was removed: clients may read it.`, headPath: ho.path, basePath: bb.path });
    if (bb && hb)
      compareContent(
        bb.content,
        hb.content,
        schemas,
        emit,
        { dir: 'response', error: false, sunset: bo.sunset?.value, where },
        mt => `${opName(ho)} no longer sends a ${mt} payload.`,
        hb.path,
      );
    return;
  }
  if (hb?.required && !bb?.required)
    emit({
      check: 'request-body-became-required',
      message: `The request body of ${opName(ho)} became required: clients of the base may send none.`,
      headPath: hb.path,
      basePath: bb?.path,
    });
  if (bb && !hb && [...bb.content.values()].some(c => c.schema !== undefined)) {
    emit({
      check: 'request-body-removed',
      message: `${opName(ho)} no longer takes a request body: clients sending one are ignored or refused.`,
      headPath: ho.path,
      basePath: bb.path,
      removed: { deprecated: bo.deprecated, sunset: bo.sunset?.value },
    });
  }
  if (bb && hb)
    compareContent(
      bb.content,
      hb.content,
      schemas,
      emit,
      { dir: 'request', error: false, sunset: bo.sunset?.value, where },
      mt => `${opName(ho)} no longer accepts a ${mt} request body.`,
      hb.path,
    );
}

type Content = Response['content'];

function compareContent(bc: Content, hc: Content, schemas: SchemaDiffer, emit: Emit, ctx: SchemaContext, gone: (mt: string) => string, holder: JsonPath): void {
  for (const [mt, b] of bc) {
    const h = hc.get(mt);
    if (!h) {
      emit({ check: 'media-type-removed', message: gone(mt), headPath: holder, basePath: b.path });
      continue;
    }
    if (b.schema && h.schema)
      schemas.compare(b.schema, h.schema, b.schemaPath, h.schemaPath, { ...ctx, where: bc.size > 1 ? `${ctx.where} (${mt})` : ctx.where });
  }
}

function compareResponses(bo: Operation, ho: Operation, schemas: SchemaDiffer, emit: Emit): void {
  const sunset = bo.sunset?.value;
  for (const [status, b] of bo.responses) {
    const h = ho.responses.get(status);
    const cls = statusClass(status);
    if (!h) {
      if (cls === 'other') continue;
      emit({
        check: cls === 'success' ? 'success-status-removed' : 'error-status-removed',
        message: `The ${status} response of ${opName(ho)} was removed.`,
        headPath: [...ho.path, 'responses'],
        basePath: b.path,
        removed: { deprecated: bo.deprecated, sunset },
      });
      continue;
    }
    const where = `the ${status} response body of ${opName(ho)}`;
    compareContent(
      b.content,
      h.content,
      schemas,
      emit,
      { dir: 'response', error: cls === 'error', sunset, where },
      mt => `The ${status} response of ${opName(ho)} no longer has a ${mt} body.`,
      h.path,
    );
    compareHeaders(b, h, status, ho, schemas, emit);
  }
}

/** Response headers a client reads: gone, no longer always sent, or of another type. */
function compareHeaders(b: Response, h: Response, status: string, ho: Operation, schemas: SchemaDiffer, emit: Emit): void {
  for (const [key, bh] of b.headers) {
    const name = bh.name;
    const where = `the response header ${q(name)} of the ${status} response of ${opName(ho)}`;
    const hh = h.headers.get(key);
    if (!hh) {
      const required = bh.raw.required === true;
      emit({
        check: 'response-header-removed',
        message: `${cap(where)} was removed${required ? ': it was required, clients may rely on it' : ': clients may read it'}.`,
        headPath: h.headers.size > 0 ? [...h.path, 'headers'] : h.path,
        basePath: bh.path,
        removed: { deprecated: bh.raw.deprecated === true, sunset: ho.sunset?.value },
        ...(required ? {} : { severity: 1 as const }),
      });
      continue;
    }
    if (bh.raw.required === true && hh.raw.required !== true)
      emit({
        check: 'response-header-became-optional',
        message: `${cap(where)} is no longer required: clients may not receive it.`,
        headPath: hh.path,
        basePath: bh.path,
      });
    const bs = headerSchema(bh);
    const hs = headerSchema(hh);
    if (bs && hs) schemas.compare(bs.schema, hs.schema, bs.path, hs.path, { dir: 'response', error: false, where, header: name });
  }
}

/** A header's schema: `schema` (3.x), or the header itself (2.0, where it holds type and format). */
function headerSchema(h: Header): { schema: Obj; path: JsonPath } | undefined {
  if (isObj(h.raw.schema)) return { schema: h.raw.schema, path: [...h.path, 'schema'] };
  if (h.raw.type !== undefined) return { schema: h.raw, path: h.path };
  return undefined;
}

/** A parameter's schema without what names it (OpenAPI 2 keeps both in one object). */
function stripParam(s: Obj | undefined): Obj | undefined {
  if (!s) return s;
  const { name: _n, in: _i, description: _d, ...rest } = s;
  return rest;
}

/** Every base alternative a client may satisfy must still satisfy a head alternative. */
function compareSecurity(bo: Operation, ho: Operation, emit: Emit): void {
  const open = (r: SecurityReq) => r.length === 0 || r.some(alt => Object.keys(alt).length === 0);
  if (open(ho.security)) return;
  if (open(bo.security)) {
    emit({ check: 'security-added', message: `${opName(ho)} needed no security and now needs ${describe(ho.security)}.`, headPath: ho.securityPath });
    return;
  }
  for (const balt of bo.security) {
    const ok = ho.security.some(halt => Object.entries(halt).every(([scheme, scopes]) => scheme in balt && scopes.every(s => balt[scheme].includes(s))));
    if (ok) continue;
    // Name what the closest head alternative adds.
    const extra = ho.security
      .map(halt =>
        Object.entries(halt).flatMap(([scheme, scopes]) =>
          scheme in balt ? scopes.filter(s => !balt[scheme].includes(s)).map(s => `scope ${q(s)} of ${q(scheme)}`) : [`scheme ${q(scheme)}`],
        ),
      )
      .sort((a, b) => a.length - b.length)[0];
    emit({
      check: 'security-added',
      message: `${opName(ho)} now needs ${extra?.join(', ') ?? 'more'} beyond what clients with ${describe([balt])} have.`,
      headPath: ho.securityPath,
    });
    return;
  }
}

function describe(r: SecurityReq): string {
  return r
    .map(alt =>
      Object.entries(alt)
        .map(([k, s]) => (s.length ? `${k} [${s.join(', ')}]` : k))
        .join(' + '),
    )
    .join(' or ');
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
