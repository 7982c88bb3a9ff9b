/** The nesting an API's paths follow (engine/infer.ts): path-resource-nesting's options, or off for an API in RPC style. */
import { isObject, type Model } from '../../../rules/_lib/oas';
import { ALL_DEFAULT_VERBS, verbOf } from '../../../rules/path-no-verbs';
import { endsInAction, nestingProblem, viewName, type NestingSet } from '../../../rules/path-resource-nesting';
import { namesOneResource } from '../../../rules/_lib/singletons';
import { hasTemplate, resourceSegments } from '../../../rules/_lib/paths';
import { bump, ranked_, tally, type Inference } from './inferTally';
import { inferActions } from './inferPaths';

type PathItem = Model['pathItems'][number];

/**
 * The compound keys an API names items by (`/repos/{owner}/{repo}`, GitHub's `{package_type}/{package_name}`, Box's
 * `{scope}/{template_key}`): each pair of templates in a row that at least three paths have; a pair in one or two
 * paths stays what path-resource-nesting reports.
 */
function inferCompoundIds(models: Model[]): Inference | undefined {
  const pairs = new Map<string, number>();
  let total = 0;
  for (const m of models)
    for (const item of m.pathItems) {
      const found = new Set<string>();
      for (const eff of item.effectivePaths) {
        const segs = resourceSegments(eff, item.pathKey);
        for (let i = 1; i < segs.length; i++) if (hasTemplate(segs[i - 1]) && hasTemplate(segs[i])) found.add(`${segs[i - 1]}/${segs[i]}`);
      }
      if (found.size > 0) total++;
      for (const pair of found) bump(pairs, pair);
    }
  const keys = ranked_(pairs)
    .filter(([, n]) => n >= 3)
    .map(([pair]) => pair);
  if (keys.length === 0) return undefined;
  return {
    rule: 'path-resource-nesting',
    options: { compoundIds: keys },
    evidence: [`two templates in a row: ${tally(pairs, total, 'paths with a pair')}`],
  };
}

/**
 * The top-level groups an API files its collections under (Stripe's /v1/radar/…, /v1/terminal/…; a /me): a first
 * resource segment that most of the paths it starts go on with another collection, in at least two paths. One that
 * some path goes on with an item id (Xero's /Reports/{ReportID}) has items: a collection, whatever else hangs below.
 */
function inferNamespaces(models: Model[]): Inference | undefined {
  const starts = new Map<string, number>();
  const grouping = new Map<string, number>();
  const withItems = new Set<string>();
  for (const m of models)
    for (const item of m.pathItems) {
      const segs = resourceSegments(item.effectivePaths[0] ?? item.pathKey, item.pathKey);
      if (segs.length === 0 || hasTemplate(segs[0])) continue;
      bump(starts, segs[0]);
      if (segs.length > 1 && hasTemplate(segs[1])) withItems.add(segs[0]);
      else if (segs.length > 1) bump(grouping, segs[0]);
    }
  const namespaces = [...grouping]
    .filter(([seg, n]) => n >= 2 && n * 2 > starts.get(seg)! && !withItems.has(seg))
    .map(([seg]) => seg)
    .sort();
  if (namespaces.length === 0) return undefined;
  return {
    rule: 'path-resource-nesting',
    options: { namespaces },
    evidence: [`top-level groups: ${namespaces.map(seg => `${seg} (${grouping.get(seg)} of ${starts.get(seg)} paths)`).join(', ')}`],
  };
}

/** Fewer paths than this say too little of a style to turn the rule off. */
const RPC_MIN_PATHS = 10;

/**
 * An API that names no item in its paths (Plaid's POST /asset_report/get, /item/remove: RPC over HTTP, a resource
 * and an action) has no collection and item to alternate: fewer than one path in twenty has a template.
 */
function inferRpcStyle(models: Model[]): Inference | undefined {
  let paths = 0;
  let templated = 0;
  for (const m of models)
    for (const item of m.pathItems) {
      paths++;
      if (resourceSegments(item.effectivePaths[0] ?? item.pathKey, item.pathKey).some(hasTemplate)) templated++;
    }
  if (paths < RPC_MIN_PATHS || templated * 20 >= paths) return undefined;
  return {
    rule: 'path-resource-nesting',
    off: true,
    evidence: [`${templated} of ${paths} paths name an item with a template: the paths name a resource and an action (RPC style), not collections and items`],
  };
}

/**
 * Whether the API hangs resources below segments that name one resource (`/app/hook/config`: no `/app/{id}`, no
 * list of apps): in at least three paths that the rule, with the other inferred options, would report only for that.
 */
function inferSingletons(models: Model[], set: NestingOptions): Inference | undefined {
  let paths = 0;
  const accepted: string[] = [];
  for (const m of models)
    for (const item of m.pathItems) {
      const eff = item.effectivePaths[0] ?? item.pathKey;
      const judged = judgedBy(m, item, set);
      paths++;
      if (nestingProblem(eff, item.pathKey, judged) === undefined) continue;
      if (nestingProblem(eff, item.pathKey, { ...judged, namesOne: prefix => namesOneResource(m, prefix) }) === undefined) accepted.push(eff);
    }
  if (accepted.length < 3) return undefined;
  return {
    rule: 'path-resource-nesting',
    options: { singletons: true },
    evidence: [
      `${accepted.length} of ${paths} paths go on below a segment that names one resource (no item below it, no list of it), as ${accepted.slice(0, 2).join(' and ')}`,
    ],
  };
}

type NestingOptions = { compoundIds?: string[]; namespaces?: string[]; actions?: string; singletons?: boolean };

/** How the rule judges a path item of model `m` under the options inferred so far. */
function judgedBy(m: Model, item: PathItem, set: NestingOptions): NestingSet {
  return {
    compoundIds: set.compoundIds,
    namespaces: set.namespaces,
    namesOne: set.singletons ? prefix => namesOneResource(m, prefix) : undefined,
    action: set.actions === 'post' && endsInAction(item),
  };
}

/** A path item that only reads: a GET (a HEAD beside it), no method that writes. */
const onlyReads = (item: PathItem) => isObject(item.value.get) && !['put', 'post', 'patch', 'delete'].some(m => item.value[m] !== undefined);

/** Fewer paths than this make no practice of views. */
const VIEW_MIN_PATHS = 3;

/**
 * The segments the API names views or reports of a collection by (GitHub's /gists/starred, DigitalOcean's
 * /models/catalog, Twilio's /Usage/Records/AllTime.json): a literal after a literal that ends a path which only
 * reads (or comes before the {id} that ends one: /models/catalog/{id}), and that the rule, with the other inferred
 * options, reports only for it. A name the API also writes to, or goes on below with another literal, names a
 * collection there and is left to the rule; a verb is an action (path-no-verbs). Inferred when at least three paths
 * end in such a view.
 */
function inferViews(models: Model[], set: NestingOptions): Inference | undefined {
  const verbs = new Set(ALL_DEFAULT_VERBS);
  const views = new Map<string, { name: string; paths: string[] }>();
  const collections = new Set<string>();
  for (const m of models)
    for (const item of m.pathItems) {
      const eff = item.effectivePaths[0] ?? item.pathKey;
      const segs = resourceSegments(eff, item.pathKey);
      const last = segs.length > 1 && hasTemplate(segs[segs.length - 1]) ? segs.length - 2 : segs.length - 1;
      const judged = judgedBy(m, item, set);
      for (let i = 1; i < segs.length; i++) {
        if (hasTemplate(segs[i])) continue;
        const name = viewName(segs[i]);
        const goesOn = i + 1 < segs.length && !hasTemplate(segs[i + 1]);
        if (!onlyReads(item) || goesOn || verbOf(segs[i], segs[i + 1], verbs) !== undefined) {
          collections.add(name);
          continue;
        }
        if (i !== last || hasTemplate(segs[i - 1])) continue;
        const isView = (seg: string) => viewName(seg) === name;
        if (nestingProblem(eff, item.pathKey, judged) === undefined || nestingProblem(eff, item.pathKey, { ...judged, isView }) !== undefined) continue;
        const seen = views.get(name) ?? { name: segs[i].replace(/\.[A-Za-z0-9]+$/, ''), paths: [] };
        seen.paths.push(eff);
        views.set(name, seen);
      }
    }
  const found = [...views].filter(([name]) => !collections.has(name)).map(([, v]) => v);
  const paths = found.flatMap(v => v.paths);
  if (paths.length < VIEW_MIN_PATHS) return undefined;
  return {
    rule: 'path-resource-nesting',
    options: { views: found.map(v => v.name).sort() },
    evidence: [
      `views of a collection: ${paths.length} paths that only read end in a literal below another (never written to, never gone on below), as ${paths.slice(0, 2).join(' and ')}`,
    ],
  };
}

/**
 * Whether the verbs that end the API's POST-only paths are actions to path-resource-nesting too (Box's POST
 * /groups/terminate_sessions acts on the groups; it is no sub-collection of them): when they are to path-no-verbs.
 */
function inferNestingActions(models: Model[]): Inference | undefined {
  const actions = inferActions(models);
  return actions && { rule: 'path-resource-nesting', options: { actions: 'post' }, evidence: actions.evidence };
}

/** path-resource-nesting's compound keys, namespaces, actions, singletons and views, one entry; or off for an API in RPC style. */
export function nestingInference(models: Model[]): Inference | undefined {
  const rpc = inferRpcStyle(models);
  if (rpc) return rpc;
  const parts = [inferCompoundIds(models), inferNamespaces(models), inferNestingActions(models)].filter((i): i is Inference => i !== undefined);
  const set = Object.assign({}, ...parts.map(p => p.options)) as NestingOptions;
  const singletons = inferSingletons(models, set);
  if (singletons) parts.push(singletons);
  const views = inferViews(models, { ...set, singletons: singletons !== undefined });
  if (views) parts.push(views);
  if (parts.length === 0) return undefined;
  return { rule: 'path-resource-nesting', options: Object.assign({}, ...parts.map(p => p.options)), evidence: parts.flatMap(p => p.evidence) };
}
