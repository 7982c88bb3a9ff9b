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
import { buildModel, isObj, majorOf, parseDate, pathMatchKey, type ApiModel, type Operation, type PathEntry } from './model';
import { SchemaDiffer, type Change } from './schema';
import { compareOperation, opName } from './operation';
import { componentNames } from './union';

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

export function diffDocuments(base: LoadedDoc, head: LoadedDoc, options: DiffOptions = {}): DiffResult {
  const bm = modelOf(base);
  const hm = modelOf(head);
  const changes: Change[] = [];
  const emit = (c: Change) => changes.push(c);
  const schemas = new SchemaDiffer(emit, { base: namesOf(base), head: namesOf(head) }, { base: base.version, head: head.version });

  const bi = majorOf(bm.infoVersion);
  const hi = majorOf(hm.infoVersion);
  let bumped: string | undefined;
  if (bi !== undefined && hi !== undefined && hi > bi) bumped = `the major version went from ${bi} to ${hi} (info.version)`;
  else if (bm.pathVersion !== undefined && hm.pathVersion !== undefined && hm.pathVersion > bm.pathVersion)
    bumped = `the path version went from v${bm.pathVersion} to v${hm.pathVersion}`;
  const ignoreVersion = bm.pathVersion !== hm.pathVersion;

  comparePaths(bm, hm, ignoreVersion, schemas, emit);
  for (const [name, b] of bm.apiKeys) {
    const h = hm.apiKeys.get(name);
    if (h && (h.in !== b.in || h.name !== b.name)) {
      emit({
        check: 'api-key-location-changed',
        message: `The API key ${q(name)} moved from ${b.in} ${q(b.name)} to ${h.in} ${q(h.name)}: clients send it where it is no longer read.`,
        headPath: h.path,
        basePath: b.path,
      });
    }
  }
  return finish(changes, base, head, hm, bumped, options);
}

/** The component names of a resolved document's schemas, read once per document. */
const names = new WeakMap<object, Map<object, string>>();
function namesOf(doc: LoadedDoc): Map<object, string> {
  let n = names.get(doc.resolved);
  if (!n) names.set(doc.resolved, (n = componentNames(doc.resolved)));
  return n;
}

/** A document's model, built once per resolved document (the editor diffs every head against one base). */
const models = new WeakMap<object, ApiModel>();
function modelOf(doc: LoadedDoc): ApiModel {
  let m = models.get(doc.resolved);
  if (!m) models.set(doc.resolved, (m = buildModel(doc.resolved, doc.version)));
  return m;
}

/**
 * A path removed with all its operations is an allowed break only when each of them is:
 * every operation deprecated, with a Sunset; the latest of them decides.
 */
function wholeRemoval(ops: Operation[]): Change['removed'] {
  const dates = ops.map(o => ({ value: o.sunset?.value, at: parseDate(o.sunset?.value) }));
  if (ops.length === 0 || !ops.every(o => o.deprecated) || dates.some(d => d.at === undefined)) return { deprecated: false };
  return { deprecated: true, sunset: dates.reduce((a, b) => (b.at! > a.at! ? b : a)).value };
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
      emit({
        check: 'path-removed',
        message: `The ${b.webhook ? 'webhook' : 'path'} ${q(b.key)} was removed${ops.length ? ` (${ops.map(o => o.method.toUpperCase()).join(', ')})` : ''}.`,
        headPath: [b.webhook ? 'webhooks' : 'paths'],
        basePath: b.path,
        removed: wholeRemoval(ops),
      });
      continue;
    }
    for (const [method, bo] of b.ops) {
      const ho = h.ops.get(method);
      if (!ho) {
        emit({
          check: 'operation-removed',
          message: `The operation ${opName(bo)} was removed.`,
          headPath: h.path,
          basePath: bo.path,
          removed: { deprecated: bo.deprecated, sunset: bo.sunset?.value },
        });
        continue;
      }
      compareOperation(bo, ho, schemas, emit);
    }
  }
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
    let severity: Severity = configured ?? (Math.max(SEVERITY_LEVEL[check.severity], c.severity ?? 0) as Severity);
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
      } else if (severity <= 1 && !c.unproven) counts = true;
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
    return {
      title: `Restore the removed property '${f.name}' as deprecated`,
      source: schema.source,
      path: [...schema.path, 'properties', f.name],
      value: restored,
    };
  }
  const s = f.schema;
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : [];
  const value =
    Array.isArray(s.enum) && s.enum.length
      ? s.enum[0]
      : ({ string: '', integer: 0, number: 0, boolean: false, array: [], object: {} } as Record<string, unknown>)[String(types.find(t => t !== 'null'))];
  if (value === undefined) return undefined;
  return { title: `Add a default (${JSON.stringify(value)}: review the value)`, source: schema.source, path: [...schema.path, 'default'], value };
}
