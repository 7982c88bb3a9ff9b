/**
 * The conventions an API already follows, measured on its documents, as apiconv rule options: what
 * `apiconv init --infer` writes and the editor's "Adopt this API's conventions" proposes. For each option the
 * majority of the API wins and is written with its evidence ("limit in 40 of 43 list operations, per_page in
 * 3"); the minority stays what the rule reports. An option whose majority is the seed's default is left out
 * (the default already says it). The counts walk each document's model once, the one the rules use.
 */
import {
  admitsJson,
  getAt,
  getModel,
  isItemPath,
  isObject,
  mediaTypeName,
  resolveLocal,
  responseHeaderNames,
  type Model,
  type Operation,
} from '../../../rules/_lib/oas';
import { LIST_PARAMS, conventionalName, isListOperation, listParamKind, queryParams, returnsPage, type ListParam } from '../../../rules/_lib/lists';
import { requestBodyInfo } from '../../../rules/_lib/methods';
import { errorResponses } from '../../../rules/_lib/errors';
import { schemasPath } from '../../../rules/_lib/fixes';
import { errorShapeOf, objectFields } from '../../../rules/_lib/errorShapes';
import { errorBodyTally } from '../../../rules/_lib/errorSchemas';
import { isFileUpload } from '../../../rules/_lib/uploads';
import { isBounded } from '../../../rules/list-pagination';
import { listParamNameTallies } from '../../../rules/list-param-names';
import { majorityOf, pluralityOf, sumTallies } from '../../../rules/_lib/majority';
import { versionNameTallies } from '../../../rules/_lib/versioning';
import { successStatusTallies, type SuccessMethod } from '../../../rules/_lib/successStatuses';
import { bump, defaultOption, ranked_, tally, type Inference } from './inferTally';
import { inferErrorConventions } from './inferErrors';
import {
  inferActions,
  inferCollectionCase,
  inferCollectionForm,
  inferPrefix,
  inferReports,
  inferVerbGroups,
  inferVersionFormat,
  nestingInference,
} from './inferPaths';
import { inferBodilessActions, inferMethodTargets, inferPutBodies, inferUploads } from './inferMethods';

export type { Inference };

function inferListNames(models: Model[]): Inference | undefined {
  const tallies = models.map(listParamNameTallies);
  const lists = tallies.reduce((n, t) => n + t.lists, 0);
  const defaults = defaultOption('list-param-names', 'names') as Record<ListParam, string>;
  const names: Record<string, string> = { ...defaults };
  const evidence: string[] = [];
  let changed = false;
  for (const kind of LIST_PARAMS) {
    const { counts } = sumTallies(tallies.map(t => t.byKind[kind]));
    if (counts.size === 0) continue;
    const ranked = ranked_(counts);
    const tied = ranked.length > 1 && ranked[0][1] === ranked[1][1];
    evidence.push(`${kind}: ${tally(counts, lists, 'list operations')}${tied ? ' (a tie: the default stays)' : ''}`);
    if (tied || ranked[0][0] === defaults[kind]) continue;
    names[kind] = ranked[0][0];
    changed = true;
  }
  return changed ? { rule: 'list-param-names', options: { names }, evidence } : undefined;
}

/** What each paging parameter is called in APIs, by role (list-pagination's names): any case. */
const PAGING_ROLES: Record<'page' | 'limit' | 'offset' | 'cursor', (name: string) => boolean> = {
  page: n => listParamKind(n) === 'page',
  limit: n => listParamKind(n) === 'limit',
  offset: n => /^(offset|skip|start|start_?index)$/i.test(n),
  cursor: n =>
    /^(cursor|after|before|starting_?after|ending_?before|marker|page_?token|next_?token|continuation_?token|next_?cursor|next_?page_?token)$/i.test(n),
};

type PagingRole = keyof typeof PAGING_ROLES;

const STYLE_ROLES: Record<'page' | 'offset' | 'cursor', PagingRole> = { page: 'page', offset: 'offset', cursor: 'cursor' };

/**
 * How most of the API's list operations are paged (list-pagination's styles and names): the style most paged
 * lists use, when more than half of them do, each of its parameters under the name most of them give it. The
 * lists paged otherwise, or not at all, are what the rule reports; off when most lists are not paged at all. The
 * lists bounded by what they require (`bounds`) are left out.
 */
function inferPagination(models: Model[], bounds: Inference | undefined): Inference | undefined {
  const boundedBy = (bounds?.options?.boundedBy ?? []) as string[];
  const styles = new Map<string, number>();
  const names: Record<PagingRole, Map<string, number>> = { page: new Map(), limit: new Map(), offset: new Map(), cursor: new Map() };
  let lists = 0;
  let paged = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (!isListOperation(op, m) || isBounded(op, boundedBy)) continue;
      lists++;
      const params = [...new Set(queryParams(op).map(p => p.name))];
      const named = (role: PagingRole) => params.filter(PAGING_ROLES[role]);
      const met: string[] = [];
      if (named('limit').length > 0) for (const [style, role] of Object.entries(STYLE_ROLES)) if (named(role).length > 0) met.push(style);
      if (responseHeaderNames(resolveLocal(m.root, op.responses?.['200'])).includes('link')) met.push('link');
      if (met.length === 0) continue;
      paged++;
      for (const style of met) bump(styles, style);
      for (const role of Object.keys(names) as PagingRole[]) for (const n of named(role)) bump(names[role], n);
    }
  // The seed's lists "may take" page and limit: an API that pages fewer than half of its lists does not page them.
  if (lists >= 3 && paged * 2 < lists) return { rule: 'list-pagination', off: true, evidence: [`${paged} of ${lists} list operations are paged`] };
  const [top] = ranked_(styles);
  if (top === undefined || top[1] * 2 <= paged) return undefined;
  // A tie with the seed's style (lists that take a page and a page token) keeps the seed's.
  const style = styles.get('page') === top[1] ? 'page' : top[0];
  const defaults = defaultOption('list-pagination', 'names') as Record<PagingRole, string>;
  const chosen: Record<string, string> = {};
  if (style !== 'link')
    for (const role of [STYLE_ROLES[style as keyof typeof STYLE_ROLES], 'limit'] as PagingRole[]) {
      const [name] = ranked_(names[role]);
      // The seed's names accept their known others (per_page for limit): a majority of those needs no option.
      if (name !== undefined && name[0] !== defaults[role] && conventionalName(name[0]) !== defaults[role]) chosen[role] = name[0];
    }
  if (style === 'page' && Object.keys(chosen).length === 0) return undefined;
  const evidence = [`paged lists: ${tally(styles, paged, `paged list operations (of ${lists})`)}`];
  for (const role of Object.keys(chosen)) evidence.push(`${role}: ${tally(names[role as PagingRole], paged, 'paged list operations')}`);
  return { rule: 'list-pagination', options: { styles: [style], ...(Object.keys(chosen).length > 0 ? { names: chosen } : {}) }, evidence };
}

/** Names of a required query parameter that bounds a list: the ids looked up (`ids`, `user_ids`), a time window. */
const BOUNDING = /^(ids|\w+_ids|\w+Ids|start|end|from|to|since|until|start_?(time|date)|end_?(time|date)|(start|end)(Time|Date))$/;

/**
 * The required query parameters that bound the API's unpaged lists (list-pagination's boundedBy): a GET that
 * looks items up by the ids it is given (Spotify's GET /albums?ids=…) or reads a time window of metrics returns
 * what was asked for, not a collection to page through. A name counts when at least two unpaged lists require
 * it and no paged one does.
 */
function inferBoundedLists(models: Model[]): Inference | undefined {
  const unpaged = new Map<string, number>();
  const onPaged = new Set<string>();
  let lists = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (!isListOperation(op, m)) continue;
      lists++;
      const params = queryParams(op);
      const paged = params.some(p => Object.values(PAGING_ROLES).some(role => role(p.name)));
      for (const p of new Set(params.filter(p => p.value.required === true && BOUNDING.test(p.name)).map(p => p.name))) {
        if (paged) onPaged.add(p);
        else bump(unpaged, p);
      }
    }
  const names = ranked_(unpaged)
    .filter(([n, c]) => c >= 2 && !onPaged.has(n))
    .map(([n]) => n)
    .sort();
  if (names.length === 0) return undefined;
  return {
    rule: 'list-pagination',
    options: { boundedBy: names },
    evidence: [`unpaged lists that require a bound: ${tally(new Map(names.map(n => [n, unpaged.get(n)!])), lists, 'list operations')}`],
  };
}

/**
 * Whether the API's lists that are not paged are whole lists (list-pagination's wholeLists): its paged lists answer
 * with a page (a body with total, next, offset…), at least three and most of them, and some unpaged ones answer with
 * no page at all (Spotify's top tracks of an artist, its markets): a list of a fixed size, not one left unpaged.
 */
function inferWholeLists(models: Model[], bounds: Inference | undefined): Inference | undefined {
  const boundedBy = (bounds?.options?.boundedBy ?? []) as string[];
  let paged = 0;
  let pages = 0;
  let whole = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (!isListOperation(op, m) || isBounded(op, boundedBy)) continue;
      const page = returnsPage(op, m);
      if (queryParams(op).some(p => Object.values(PAGING_ROLES).some(role => role(p.name)))) {
        paged++;
        if (page) pages++;
      } else if (!page) whole++;
    }
  if (pages < 3 || pages * 2 <= paged || whole === 0) return undefined;
  return {
    rule: 'list-pagination',
    options: { wholeLists: true },
    evidence: [`paged lists that answer with a page: ${pages} of ${paged}; unpaged lists that answer with the whole list: ${whole}`],
  };
}

/** One entry per rule: the options of several inferences of a rule together, their evidence in order. */
function oneEntryPerRule(inferences: Inference[]): Inference[] {
  const byRule = new Map<string, Inference>();
  for (const inf of inferences) {
    const seen = byRule.get(inf.rule);
    if (!seen) byRule.set(inf.rule, inf);
    else if (!seen.off && !inf.off)
      byRule.set(inf.rule, { rule: inf.rule, options: { ...seen.options, ...inf.options }, evidence: [...seen.evidence, ...inf.evidence] });
  }
  return [...byRule.values()];
}

const declares = (op: Operation, ...codes: string[]) => codes.some(c => op.responses?.[c] !== undefined);

/** The success-status rules, by the method they judge (their operations and counts: rules/_lib/successStatuses.ts). */
const STATUS_RULES: { rule: string; method: SuccessMethod }[] = [
  { rule: 'get-success-200', method: 'get' },
  { rule: 'post-create-201', method: 'post' },
  { rule: 'put-success-200-204', method: 'put' },
  { rule: 'delete-success-204', method: 'delete' },
];

function inferStatuses(models: Model[]): Inference[] {
  const out: Inference[] = [];
  for (const { rule, method } of STATUS_RULES) {
    const defaults = defaultOption(rule, 'statuses') as string[];
    const per = models.map(m => successStatusTallies(m)[method]);
    const ops = per.flatMap(p => p.declared);
    if (ops.length === 0) continue;
    const complying = ops.filter(codes => codes.some(c => defaults.includes(c))).length;
    if (complying * 2 > ops.length) continue;
    const { counts, what } = sumTallies(per.map(p => p.tally));
    const [top] = ranked_(counts);
    out.push({ rule, options: { statuses: [top[0]] }, evidence: [`${method.toUpperCase()}: ${tally(counts, ops.length, what)}`] });
  }
  return out;
}

/**
 * What the seed requires of every operation of a kind and an API may simply not do: declare a 400, a 401 on
 * secured operations, a Cache-Control header on a GET's 200… An API where most operations of the kind leave
 * it out has the opposite convention, and the rule is turned off; where most follow it, it stays and the
 * others are what it reports.
 */
const writes = (op: Operation) => ['post', 'put', 'patch'].includes(op.method);

const PRACTICES: { rule: string; kind: string; applies: (op: Operation) => boolean; follows: (op: Operation, m: Model) => boolean; what: string }[] = [
  { rule: 'error-400', kind: 'operations', applies: () => true, follows: op => declares(op, '400', '4XX'), what: 'declare a 400' },
  { rule: 'error-422', kind: 'POST, PUT and PATCH operations', applies: writes, follows: op => declares(op, '422', '4XX'), what: 'declare a 422' },
  { rule: 'error-500', kind: 'operations', applies: () => true, follows: op => declares(op, '500', '5XX'), what: 'declare a 500' },
  { rule: 'security-401', kind: 'secured operations', applies: op => op.secured, follows: op => declares(op, '401', '4XX'), what: 'declare a 401' },
  { rule: 'security-403', kind: 'secured operations', applies: op => op.secured, follows: op => declares(op, '403', '4XX'), what: 'declare a 403' },
  {
    rule: 'error-404-item',
    kind: 'operations on an item path',
    applies: op => isItemPath(op.pathKey),
    follows: op => declares(op, '404', '4XX'),
    what: 'declare a 404',
  },
  { rule: 'security-required', kind: 'operations', applies: () => true, follows: op => op.secured, what: 'are secured' },
  {
    // The seed's deprecation headers are ones an old version "may use": an API that never sends them signals otherwise.
    rule: 'deprecation-headers',
    kind: 'deprecated operations',
    applies: op => op.deprecated,
    follows: (op, m) =>
      Object.values(op.responses ?? {}).some(r => responseHeaderNames(resolveLocal(m.root, r)).some(h => h === 'deprecation' || h === 'sunset')),
    what: 'declare a Deprecation or Sunset header',
  },
  {
    rule: 'cache-control-get',
    kind: 'GETs with a 200',
    applies: op => op.method === 'get' && declares(op, '200'),
    follows: (op, m) => responseHeaderNames(resolveLocal(m.root, op.responses?.['200'])).includes('cache-control'),
    what: 'declare Cache-Control on their 200',
  },
];

function inferPractices(models: Model[]): Inference[] {
  const out: Inference[] = [];
  for (const { rule, kind, applies, follows, what } of PRACTICES) {
    let total = 0;
    let following = 0;
    for (const m of models)
      for (const op of m.operations)
        if (applies(op)) {
          total++;
          if (follows(op, m)) following++;
        }
    if (total > 0 && following * 2 < total) out.push({ rule, off: true, evidence: [`${following} of ${total} ${kind} ${what}`] });
  }
  return out;
}

/** The media type most POST bodies are sent as, when it is not JSON (a form: Stripe, Twilio, Slack); files uploaded as themselves left out. */
function inferBodyMediaType(models: Model[]): Inference | undefined {
  const counts = new Map<string, number>();
  let total = 0;
  let json = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (op.method !== 'post') continue;
      const body = requestBodyInfo(op, m.spec, m.root);
      if (!body.present || isFileUpload(op, m)) continue;
      total++;
      if (body.json) json++;
      else for (const t of new Set(body.mediaTypes.map(mediaTypeName).filter(t => !admitsJson(t)))) bump(counts, t);
    }
  const [top] = ranked_(counts);
  if (top === undefined || top[1] * 2 <= total) return undefined;
  counts.set('JSON', json);
  return { rule: 'post-request-body', options: { mediaTypes: [top[0]] }, evidence: [`POST bodies: ${tally(counts, total, 'POSTs with a body')}`] };
}

/**
 * The shared schema most error responses have as their body, when it is none of the seed's shapes (GitHub's
 * `basic-error`, Plaid's `PlaidError`: bodies that require no property, which `required` cannot name), as
 * error-schema's `schemas`. The error bodies that are another schema stay what the rule reports.
 */
function inferErrorSchema(models: Model[]): Inference | undefined {
  const t = sumTallies(models.map(m => errorBodyTally(m).schemas));
  const top = majorityOf(t);
  if (top === undefined) return undefined;
  const seedShaped = models.some(m => {
    const schema = getAt(m.root, [...schemasPath(m.spec), top.value]);
    return schema !== undefined && errorShapeOf(schema, m.root) !== undefined;
  });
  if (seedShaped) return undefined;
  return { rule: 'error-schema', options: { schemas: [top.value] }, evidence: [`error bodies: ${tally(t.counts, t.total, t.what)}`] };
}

/**
 * The API's own error body (Slack's `{ ok, error }`): when most error bodies are none of the seed's shapes, the
 * properties most of them require, as error-schema's `required`. The seed's shapes stay accepted beside it.
 */
function inferErrorBody(models: Model[]): Inference | undefined {
  const requiredBy = new Map<string, number>();
  const seen = new Set<unknown>();
  let bodies = 0;
  let own = 0;
  for (const m of models)
    for (const r of errorResponses(m)) {
      if (r.json === undefined || seen.has(r.json.schema)) continue;
      seen.add(r.json.schema);
      bodies++;
      if (r.kind === 'A' || r.kind === 'B') continue;
      own++;
      for (const k of new Set((objectFields(r.json.schema)?.required ?? []).filter((k): k is string => typeof k === 'string'))) bump(requiredBy, k);
    }
  if (own * 2 <= bodies) return undefined;
  const required = ranked_(requiredBy)
    .filter(([, n]) => n * 2 > own)
    .map(([k]) => k)
    .sort();
  if (required.length === 0) return undefined;
  return {
    rule: 'error-schema',
    options: { required },
    evidence: [
      `error bodies: ${own} of ${bodies} distinct ones are none of the seed's shapes; of those, ${required.map(k => `${k} is required by ${requiredBy.get(k)}`).join(', ')}`,
    ],
  };
}

/** Version headers and query parameters besides the ones version-declared knows. */
function inferVersionNames(models: Model[]): Inference | undefined {
  const known = { header: /^api-version$/i, query: /^(version|v|api-version)$/i };
  const found = { header: new Map<string, number>(), query: new Map<string, number>() };
  let ops = 0;
  for (const m of models)
    for (const op of m.operations) {
      ops++;
      for (const p of op.parameters)
        if ((p.in === 'header' || p.in === 'query') && /version/i.test(p.name) && !known[p.in].test(p.name)) bump(found[p.in], p.name);
    }
  if (found.header.size === 0 && found.query.size === 0) return undefined;
  const options: Record<string, unknown> = {};
  const evidence: string[] = [];
  for (const where of ['header', 'query'] as const) {
    if (found[where].size === 0) continue;
    options[where === 'header' ? 'headers' : 'query'] = [...found[where].keys()].sort();
    evidence.push(`${where}: ${tally(found[where], ops, 'operations')}`);
  }
  return { rule: 'version-declared', options, evidence };
}

/**
 * The name the API gives its version header, and its version query parameter (version-single-strategy's headers
 * and query): the name most operations that send one use, when one is used most.
 */
function inferVersionParamNames(models: Model[]): Inference | undefined {
  const options: Record<string, string[]> = {};
  const evidence: string[] = [];
  for (const [kind, option] of [
    ['header', 'headers'],
    ['query', 'query'],
  ] as const) {
    const t = sumTallies(models.map(m => versionNameTallies(m)[kind]));
    const top = pluralityOf(t);
    if (top === undefined) continue;
    options[option] = [top.value];
    evidence.push(`version ${kind === 'header' ? 'header' : 'query parameter'}: ${tally(t.counts, t.total, t.what)}`);
  }
  return evidence.length > 0 ? { rule: 'version-single-strategy', options, evidence } : undefined;
}

/** The header and query names the API's apiKey schemes send the key in. */
function inferApiKeyNames(models: Model[]): Inference | undefined {
  const headers = new Set<string>();
  const query = new Set<string>();
  for (const m of models) {
    const components = isObject(m.root.components) ? m.root.components.securitySchemes : m.root.securityDefinitions;
    if (!isObject(components)) continue;
    for (const scheme of Object.values(components)) {
      if (!isObject(scheme) || scheme.type !== 'apiKey' || typeof scheme.name !== 'string') continue;
      if (scheme.in === 'header') headers.add(scheme.name);
      if (scheme.in === 'query') query.add(scheme.name);
    }
  }
  const newHeaders = [...headers].filter(h => !/^(x-api-key|authorization)$/i.test(h));
  const newQuery = [...query].filter(q => q !== 'api_key');
  if (newHeaders.length === 0 && newQuery.length === 0) return undefined;
  const options: Record<string, unknown> = {};
  if (newHeaders.length > 0) options.headers = ['Authorization', ...[...headers].filter(h => !/^authorization$/i.test(h)).sort()];
  if (newQuery.length > 0) options.query = [...query].sort();
  return {
    rule: 'security-scheme-conventional',
    options,
    evidence: [`apiKey schemes send the key in ${[...[...headers].sort().map(h => `header ${h}`), ...[...query].sort().map(q => `query ${q}`)].join(', ')}`],
  };
}

/** The conventions of an API's documents (each a resolved or plain document object), in a stable order. */
export function inferConventions(documents: unknown[]): Inference[] {
  const models = documents.map(d => getModel(d));
  const bounds = inferBoundedLists(models);
  const inferred = [
    inferPrefix(models),
    inferCollectionCase(models),
    inferCollectionForm(models),
    inferReports(models),
    inferListNames(models),
    inferPagination(models, bounds),
    bounds,
    inferWholeLists(models, bounds),
    inferActions(models),
    inferVerbGroups(models),
    nestingInference(models),
    inferMethodTargets(models),
    inferPutBodies(models),
    ...inferUploads(models),
    inferBodyMediaType(models),
    inferBodilessActions(models),
    inferErrorSchema(models) ?? inferErrorBody(models),
    inferErrorConventions(models),
    ...inferStatuses(models),
    ...inferPractices(models),
    inferVersionFormat(models),
    inferVersionNames(models),
    inferVersionParamNames(models),
    inferApiKeyNames(models),
  ];
  return oneEntryPerRule(inferred.filter((i): i is Inference => i !== undefined));
}

const yamlScalar = (v: unknown) =>
  typeof v === 'string' && /^[A-Za-z0-9/_.-]+$/.test(v) && !/^(true|false|null|yes|no|on|off|~|\d.*)$/i.test(v) ? v : JSON.stringify(v);

const yamlFlow = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(yamlFlow).join(', ')}]`
    : isObject(v)
      ? `{ ${Object.entries(v)
          .map(([k, x]) => `${k}: ${yamlFlow(x)}`)
          .join(', ')} }`
      : yamlScalar(v);

/** The `.apiconv.yaml` text of the inferences: each rule's options under it, the evidence as comments above. */
export function inferredConfigText(inferences: Inference[], opts: { schema: string; source: string }): string {
  const lines = [
    `# apiconv configuration inferred from ${opts.source} by \`apiconv init --infer\`:`,
    '# each option is the convention most of the API follows; what deviates from it is what apiconv reports.',
    `# yaml-language-server: $schema=${opts.schema}`,
    '',
    'extends: apiconv:recommended',
  ];
  if (inferences.length === 0) {
    lines.push('', '# The API follows apiconv:recommended wherever an option could be inferred: nothing to change.');
    return lines.join('\n') + '\n';
  }
  lines.push('', 'rules:');
  for (const inf of inferences) {
    for (const e of inf.evidence) lines.push(`  # ${e}`);
    if (inf.off) {
      lines.push(`  ${inf.rule}: off`);
      continue;
    }
    lines.push(`  ${inf.rule}:`, '    then:', '      functionOptions:');
    for (const [k, v] of Object.entries(inf.options ?? {})) lines.push(`        ${k}: ${yamlFlow(v)}`);
  }
  return lines.join('\n') + '\n';
}
