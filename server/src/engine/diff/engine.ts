/**
 * The diff engine: compares a base (the released version) and a head (the new one) of
 * a document and reports each change as a finding shaped like a lint finding (code,
 * message, severity, path and range in the head: for a removal, the nearest parent that
 * still exists), with the base location besides. Allowed breaks (major version bump,
 * a deprecated element whose Sunset has passed) are reported as info.
 */
import type { JsonPath, LintProblem, Range, Severity } from '../problem';
import { isJsonText } from '../sniff';
import { compareProblems } from '../finish/order';
import { applySuppressions } from '../suppress';
import type { LoadedDoc } from './load';
import { DIFF_CHECK_IDS, SEVERITY_LEVEL, diffCheck } from './checks';
import { buildModel, isObj, isVersionParam, majorOf, parseDate, pathMatchKey, statusClass, type ApiModel, type Operation, type PathEntry, type SecurityReq } from './model';
import { SchemaDiffer, schemaEqual, type Change } from './schema';

export interface DiffLocation {
  source: string;
  path: JsonPath;
  range: Range;
}

/** A quick fix of a finding: set `value` at `path` of `source` (the editor's code actions). */
export interface DiffFix {
  title: string;
  source: string;
  path: JsonPath;
  value: unknown;
}

/** A lint finding, plus where the changed element is in the base. */
export interface DiffProblem extends LintProblem {
  base?: DiffLocation;
  /** A safe edit that undoes the break or follows the convention, when there is one. */
  fix?: DiffFix;
}

export interface DiffOptions {
  /** Per-check severities from the config (`diff.rules`); 'off' turns a check off. */
  severities?: Readonly<Record<string, Severity | 'off'>>;
  /** The time Sunset dates are compared with (ms); default now. */
  now?: number;
}

export interface DiffResult {
  problems: DiffProblem[];
  /** Findings silenced by `apiconv-ignore` comments in the head. */
  suppressed: DiffProblem[];
  /** Why breaking changes are allowed (a major version bump), when they are. */
  bumped?: string;
}

const q = (s: string) => `'${s}'`;

function opName(op: Operation): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

export function diffDocuments(base: LoadedDoc, head: LoadedDoc, options: DiffOptions = {}): DiffResult {
  const bm = modelOf(base);
  const hm = modelOf(head);
  const changes: Change[] = [];
  const emit = (c: Change) => changes.push(c);
  const schemas = new SchemaDiffer(emit);

  const bi = majorOf(bm.infoVersion);
  const hi = majorOf(hm.infoVersion);
  let bumped: string | undefined;
  if (bi !== undefined && hi !== undefined && hi > bi) bumped = `the major version went from ${bi} to ${hi} (info.version)`;
  else if (bm.pathVersion !== undefined && hm.pathVersion !== undefined && hm.pathVersion > bm.pathVersion) bumped = `the path version went from v${bm.pathVersion} to v${hm.pathVersion}`;
  const ignoreVersion = bm.pathVersion !== hm.pathVersion;

  comparePaths(bm, hm, ignoreVersion, schemas, emit);
  for (const [name, b] of bm.apiKeys) {
    const h = hm.apiKeys.get(name);
    if (h && (h.in !== b.in || h.name !== b.name)) {
      emit({ check: 'api-key-location-changed', message: `The API key ${q(name)} moved from ${b.in} ${q(b.name)} to ${h.in} ${q(h.name)}: clients send it where it is no longer read.`, headPath: h.path, basePath: b.path });
    }
  }
  return finish(changes, base, head, hm, bumped, options);
}

/** A document's model, built once per resolved document (the editor diffs every head against one base). */
const models = new WeakMap<object, ApiModel>();
function modelOf(doc: LoadedDoc): ApiModel {
  let m = models.get(doc.resolved);
  if (!m) models.set(doc.resolved, (m = buildModel(doc.resolved, doc.version)));
  return m;
}

function comparePaths(bm: ApiModel, hm: ApiModel, ignoreVersion: boolean, schemas: SchemaDiffer, emit: (c: Change) => void): void {
  // A path is matched as written first, else by its shape (parameters renamed, version moved) among the head's
  // paths not matched as written: `/files/{fileId}` and `/files/{folderId}` may both be in one document.
  const exact = new Set([...bm.paths.keys()].filter(k => hm.paths.has(k)));
  const headByKey = new Map<string, PathEntry[]>();
  for (const e of hm.paths.values()) {
    if (exact.has(e.effective)) continue;
    const k = pathMatchKey(e.effective, ignoreVersion);
    headByKey.set(k, [...(headByKey.get(k) ?? []), e]);
  }
  for (const b of bm.paths.values()) {
    const h = exact.has(b.effective) ? hm.paths.get(b.effective) : headByKey.get(pathMatchKey(b.effective, ignoreVersion))?.shift();
    if (!h) {
      const ops = [...b.ops.values()];
      const sunsets = ops.map(o => o.sunset?.value).filter((v): v is string => v !== undefined);
      emit({
        check: 'path-removed',
        message: `The path ${q(b.key)} was removed${ops.length ? ` (${ops.map(o => o.method.toUpperCase()).join(', ')})` : ''}.`,
        headPath: ['paths'],
        basePath: b.path,
        removed: { deprecated: ops.length > 0 && ops.every(o => o.deprecated), sunset: sunsets.sort()[0] },
      });
      continue;
    }
    for (const [method, bo] of b.ops) {
      const ho = h.ops.get(method);
      if (!ho) {
        emit({ check: 'operation-removed', message: `The operation ${opName(bo)} was removed.`, headPath: h.path, basePath: bo.path, removed: { deprecated: bo.deprecated, sunset: bo.sunset?.value } });
        continue;
      }
      compareOperation(bo, ho, schemas, emit);
    }
  }
}

function compareOperation(bo: Operation, ho: Operation, schemas: SchemaDiffer, emit: (c: Change) => void): void {
  const sunset = bo.sunset?.value;
  const has400 = [...ho.responses.keys()].some(s => s === '400' || s === '4XX');
  // Parameters.
  const removed = [...bo.params.values()].filter(p => !ho.params.has(p.key));
  const added = [...ho.params.values()].filter(p => !bo.params.has(p.key));
  const renamedTo = new Set<string>();
  for (const p of removed) {
    const removal = { deprecated: p.deprecated, sunset: typeof p.raw['x-sunset'] === 'string' ? p.raw['x-sunset'] : sunset };
    const cands = added.filter(a => a.in === p.in && !renamedTo.has(a.key) && schemaEqual(stripParam(p.schema), stripParam(a.schema)));
    if (cands.length === 1) {
      renamedTo.add(cands[0].key);
      emit({ check: 'property-renamed', message: `The ${p.in} parameter ${q(p.name)} of ${opName(ho)} was renamed ${q(p.name)} → ${q(cands[0].name)}.`, headPath: cands[0].path, basePath: p.path, removed: removal });
      continue;
    }
    emit({ check: 'request-parameter-removed', message: `The ${p.in} parameter ${q(p.name)} of ${opName(ho)} was removed: clients sending it are ignored or refused.`, headPath: [...ho.path, ...(isObj(ho.raw) && Array.isArray(ho.raw.parameters) ? ['parameters'] : [])], basePath: p.path, removed: removal });
  }
  for (const a of added) {
    if (renamedTo.has(a.key)) continue;
    if (a.required) emit({ check: 'request-parameter-added-required', message: `The new ${a.in} parameter ${q(a.name)} of ${opName(ho)} is required: clients of the base do not send it.`, headPath: a.path });
    else if (a.schema?.default === undefined) emit({ check: 'new-field-without-default', message: `The new ${a.in} parameter ${q(a.name)} of ${opName(ho)} has no default ("New fields have default values").`, headPath: a.path, ...(a.schema ? { fix: { kind: 'add-default' as const, schemaPath: a.schemaPath, schema: a.schema } } : {}) });
  }
  for (const [key, bp] of bo.params) {
    const hp = ho.params.get(key);
    if (!hp) continue;
    if (!bp.required && hp.required) emit({ check: 'request-parameter-became-required', message: `The ${hp.in} parameter ${q(hp.name)} of ${opName(ho)} became required: clients of the base may not send it.`, headPath: hp.path, basePath: bp.path });
    if (bp.schema && hp.schema) schemas.compare(bp.schema, hp.schema, bp.schemaPath, hp.schemaPath, { dir: 'request', error: false, sunset }, hp.name, { versionParam: isVersionParam(hp), has400 });
  }
  // Request body.
  const bb = bo.body;
  const hb = ho.body;
  if (hb?.required && !bb?.required) emit({ check: 'request-body-became-required', message: `The request body of ${opName(ho)} became required: clients of the base may send none.`, headPath: hb.path, basePath: bb?.path });
  if (bb && hb) {
    for (const [mt, b] of bb.content) {
      const h = hb.content.get(mt);
      if (!h) {
        emit({ check: 'media-type-removed', message: `${opName(ho)} no longer accepts a ${mt} request body.`, headPath: hb.path, basePath: b.path });
        continue;
      }
      if (b.schema && h.schema) schemas.compare(b.schema, h.schema, b.schemaPath, h.schemaPath, { dir: 'request', error: false, sunset });
    }
  }
  // Responses.
  for (const [status, b] of bo.responses) {
    const h = ho.responses.get(status);
    const cls = statusClass(status);
    if (!h) {
      if (cls === 'other') continue;
      emit({ check: cls === 'success' ? 'success-status-removed' : 'error-status-removed', message: `The ${status} response of ${opName(ho)} was removed.`, headPath: [...ho.path, 'responses'], basePath: b.path, removed: { deprecated: bo.deprecated, sunset } });
      continue;
    }
    for (const [mt, bc] of b.content) {
      const hc = h.content.get(mt);
      if (!hc) {
        emit({ check: 'media-type-removed', message: `The ${status} response of ${opName(ho)} no longer has a ${mt} body.`, headPath: h.path, basePath: bc.path });
        continue;
      }
      if (bc.schema && hc.schema) schemas.compare(bc.schema, hc.schema, bc.schemaPath, hc.schemaPath, { dir: 'response', error: cls === 'error', sunset });
    }
  }
  compareSecurity(bo, ho, emit);
  const bs = parseDate(bo.sunset?.value);
  const hs = parseDate(ho.sunset?.value);
  if (bs !== undefined && hs !== undefined && hs < bs) {
    emit({ check: 'sunset-earlier', message: `The Sunset of ${opName(ho)} moved earlier, from ${bo.sunset!.value} to ${ho.sunset!.value}.`, headPath: ho.sunset!.path, basePath: bo.sunset!.path });
  }
}

/** A parameter's schema without what names it (OpenAPI 2 keeps both in one object). */
function stripParam(s: Record<string, unknown> | undefined): unknown {
  if (!s) return s;
  const { name: _n, in: _i, description: _d, ...rest } = s;
  return rest;
}

/** Every base alternative a client may satisfy must still satisfy a head alternative. */
function compareSecurity(bo: Operation, ho: Operation, emit: (c: Change) => void): void {
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
    const extra = ho.security.map(halt => Object.entries(halt).flatMap(([scheme, scopes]) => (scheme in balt ? scopes.filter(s => !balt[scheme].includes(s)).map(s => `scope ${q(s)} of ${q(scheme)}`) : [`scheme ${q(scheme)}`]))).sort((a, b) => a.length - b.length)[0];
    emit({ check: 'security-added', message: `${opName(ho)} now needs ${extra?.join(', ') ?? 'more'} beyond what clients with ${describe([balt])} have.`, headPath: ho.securityPath });
    return;
  }
}

function describe(r: SecurityReq): string {
  return r.map(alt => Object.entries(alt).map(([k, s]) => (s.length ? `${k} [${s.join(', ')}]` : k)).join(' + ')).join(' or ');
}

function finish(changes: Change[], base: LoadedDoc, head: LoadedDoc, hm: ApiModel, bumped: string | undefined, options: DiffOptions): DiffResult {
  const now = options.now ?? Date.now();
  const severities = options.severities ?? {};
  const out: DiffProblem[] = [];
  const seen = new Set<string>();
  let breaking = 0;
  for (const c of changes) {
    const check = diffCheck(c.check)!;
    const configured = severities[c.check];
    if (configured === 'off') continue;
    let severity: Severity = configured ?? SEVERITY_LEVEL[check.severity];
    let message = c.message;
    let counts = false;
    if (check.breaking === true) {
      const sunset = parseDate(c.removed?.sunset);
      if (bumped) {
        if (severity < 2) severity = 2;
        message += ` Allowed: ${bumped}.`;
      } else if (c.removed?.deprecated && sunset !== undefined && sunset <= now) {
        if (severity < 2) severity = 2;
        message += ` Allowed: it was deprecated and its Sunset (${c.removed.sunset}) has passed.`;
      } else if (severity <= 1) counts = true;
    }
    const at = head.locate(c.headPath);
    const problem: DiffProblem = { code: c.check, message, severity, path: at.path, range: at.range, source: at.source };
    if (c.basePath) problem.base = base.locate(c.basePath);
    const fix = c.fix && fixOf(c, problem, base, head);
    if (fix) problem.fix = fix;
    const key = `${problem.code}\0${problem.source}\0${JSON.stringify(problem.path)}\0${problem.message}\0${problem.base ? JSON.stringify(problem.base.path) : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (counts) breaking++;
    out.push(problem);
  }
  if (breaking > 0 && !bumped && severities['version-not-bumped'] !== 'off') {
    const at = head.locate(isObj(head.resolved.info) && head.resolved.info.version !== undefined ? ['info', 'version'] : ['info']);
    out.push({
      code: 'version-not-bumped',
      message: `The head has ${breaking} breaking change${breaking === 1 ? '' : 's'} but its major version is the base's (${hm.infoVersion ?? 'none'}${hm.pathVersion !== undefined ? `, path v${hm.pathVersion}` : ''}).`,
      severity: (severities['version-not-bumped'] as Severity | undefined) ?? 0,
      path: at.path,
      range: at.range,
      source: at.source,
    });
  }
  const supp = applySuppressions(out, head.texts, DIFF_CHECK_IDS, (t, f) => isJsonText(t, f));
  const problems = (supp.problems as DiffProblem[]).filter(p => DIFF_CHECK_IDS.has(p.code)).sort(compareProblems);
  return { problems, suppressed: (supp.suppressed as DiffProblem[]).sort(compareProblems), ...(bumped ? { bumped } : {}) };
}

/** Largest value (as JSON) a quick fix writes back. */
const MAX_FIX_CHARS = 4000;

function fixOf(c: Change, problem: DiffProblem, base: LoadedDoc, head: LoadedDoc): DiffFix | undefined {
  const f = c.fix!;
  const schema = head.locate(f.schemaPath);
  if (f.kind === 'restore-property') {
    if (!problem.base) return undefined;
    // The property as written in the base ($refs kept), marked deprecated.
    const value = base.unresolvedAt(problem.base.source, problem.base.path);
    if (!isObj(value) || JSON.stringify(value).length > MAX_FIX_CHARS) return undefined;
    const restored = typeof value.$ref === 'string' ? { allOf: [value], deprecated: true } : { ...value, deprecated: true };
    return { title: `Restore the removed property '${f.name}' as deprecated`, source: schema.source, path: [...schema.path, 'properties', f.name], value: restored };
  }
  const s = f.schema;
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : [];
  const value = Array.isArray(s.enum) && s.enum.length ? s.enum[0] : ({ string: '', integer: 0, number: 0, boolean: false, array: [], object: {} } as Record<string, unknown>)[String(types.find(t => t !== 'null'))];
  if (value === undefined) return undefined;
  return { title: `Add a default (${JSON.stringify(value)}: review the value)`, source: schema.source, path: [...schema.path, 'default'], value };
}
