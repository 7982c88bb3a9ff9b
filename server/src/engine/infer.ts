/**
 * The conventions an API already follows, measured on its documents, as apiconv rule options: what
 * `apiconv init --infer` writes and the editor's "Adopt this API's conventions" proposes. For each option the
 * majority of the API wins and is written with its evidence ("limit in 40 of 43 list operations, per_page in
 * 3"); the minority stays what the rule reports. An option whose majority is the seed's default is left out
 * (the default already says it). The counts walk each document's model once, the one the rules use.
 */
import {
  admitsJson,
  getModel,
  isItemPath,
  isObject,
  mediaTypeName,
  resolveLocal,
  responseHeaderNames,
  type Model,
  type Operation,
} from '../../../rules/_lib/oas';
import { requestBodyInfo } from '../../../rules/_lib/methods';
import { isFileUpload } from '../../../rules/_lib/uploads';
import { pluralityOf, sumTallies } from '../../../rules/_lib/majority';
import { versionNameTallies } from '../../../rules/_lib/versioning';
import { successStatusTallies, type SuccessMethod } from '../../../rules/_lib/successStatuses';
import { bump, defaultOption, ranked_, tally, type Inference } from './inferTally';
import { inferErrorBody, inferErrorConsistency, inferErrorConventions, inferErrorSchema } from './inferErrors';
import { inferBoundedLists, inferListNames, inferPagination, inferWholeLists } from './inferLists';
import { inferActions, inferCollectionCase, inferCollectionForm, inferPrefix, inferReports, inferVerbGroups, inferVersionFormat } from './inferPaths';
import { nestingInference } from './inferNesting';
import { inferMethodTargets, inferPostActions, inferPutBodies, inferUploads } from './inferMethods';

export type { Inference };

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

/**
 * The success-status rules, by the method they judge (their operations and counts: rules/_lib/successStatuses.ts),
 * and whether their seed's statuses pass a 202 (queued work): an operation answering it follows the seed.
 */
const STATUS_RULES: { rule: string; method: SuccessMethod; accepted202: boolean }[] = [
  { rule: 'get-success-200', method: 'get', accepted202: false },
  { rule: 'post-create-201', method: 'post', accepted202: true },
  { rule: 'put-success-200-204', method: 'put', accepted202: true },
  { rule: 'delete-success-204', method: 'delete', accepted202: true },
];

function inferStatuses(models: Model[]): Inference[] {
  const out: Inference[] = [];
  for (const { rule, method, accepted202 } of STATUS_RULES) {
    const seed = [...(defaultOption(rule, 'statuses') as string[]), ...(accepted202 ? ['202'] : [])];
    const per = models.map(m => successStatusTallies(m)[method]);
    const ops = per.flatMap(p => p.declared);
    if (ops.length === 0) continue;
    const complying = ops.filter(codes => codes.some(c => seed.includes(c))).length;
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
  { rule: 'delete-404', kind: 'DELETE operations', applies: op => op.method === 'delete', follows: op => declares(op, '404', '4XX'), what: 'declare a 404' },
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

/**
 * Whether the API declares some operations public with their own `security: []` (security-required's allowOptOut):
 * a deliberate statement, unlike an operation left without a requirement (Box's OAuth token endpoint, Plaid's
 * category list). Where most operations are unsecured the rule is off already (inferPractices).
 */
function inferPublicOperations(models: Model[]): Inference | undefined {
  const optOuts: string[] = [];
  let total = 0;
  for (const m of models)
    for (const op of m.operations) {
      total++;
      if (Array.isArray(op.value.security) && op.value.security.length === 0) optOuts.push(`${op.method.toUpperCase()} ${op.pathKey}`);
    }
  if (optOuts.length === 0) return undefined;
  return {
    rule: 'security-required',
    options: { allowOptOut: true },
    evidence: [`${optOuts.length} of ${total} operations declare themselves public with "security: []", as ${optOuts.slice(0, 2).join(' and ')}`],
  };
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

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/**
 * Whether the API writes its operations as a `$ref` to where they are kept (DigitalOcean's `get: { $ref:
 * resources/…/x.yml }`), bundling the files before use: most operations of its OpenAPI 3 documents as written
 * are (oas3-schema's `refs: anywhere`).
 */
function inferBundledRefs(asWritten: unknown[]): Inference | undefined {
  let operations = 0;
  const refs: string[] = [];
  for (const doc of asWritten) {
    if (!isObject(doc) || typeof doc.openapi !== 'string' || !isObject(doc.paths)) continue;
    for (const [key, item] of Object.entries(doc.paths)) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        operations++;
        if (typeof op.$ref === 'string') refs.push(`${method.toUpperCase()} ${key}`);
      }
    }
  }
  if (refs.length * 2 <= operations) return undefined;
  return {
    rule: 'oas3-schema',
    options: { refs: 'anywhere' },
    evidence: [`operations written as a $ref to where they are kept: ${refs.length} of ${operations}, as ${refs.slice(0, 2).join(' and ')}`],
  };
}

/**
 * The conventions of an API's documents (each a resolved or plain document object), in a stable order; `asWritten`,
 * the same documents with their `$ref`s unresolved, for what only the text shows (where its `$ref`s stand).
 */
export function inferConventions(documents: unknown[], asWritten: unknown[] = []): Inference[] {
  const models = documents.map(d => getModel(d));
  const bounds = inferBoundedLists(models);
  const errorBody = inferErrorSchema(models) ?? inferErrorBody(models);
  const errorConventions = inferErrorConventions(models);
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
    ...inferPostActions(models),
    errorBody,
    errorConventions,
    inferErrorConsistency([errorBody, errorConventions]),
    ...inferStatuses(models),
    ...inferPractices(models),
    inferPublicOperations(models),
    inferVersionFormat(models),
    inferVersionNames(models),
    inferVersionParamNames(models),
    inferApiKeyNames(models),
    inferBundledRefs(asWritten),
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
