/** The error conventions an API follows (engine/infer.ts): its error body (a shared schema, its own required fields, RFC 9457 problem details) and the media type of its error bodies. */
import { getAt, type Model } from '../../../rules/_lib/oas';
import { answersOnlyHtml, errorResponses, opLabel } from '../../../rules/_lib/errors';
import { schemasPath } from '../../../rules/_lib/fixes';
import { errorShapeOf, objectFields } from '../../../rules/_lib/errorShapes';
import { errorBodyTally } from '../../../rules/_lib/errorSchemas';
import { majorityOf, sumTallies, tallyText } from '../../../rules/_lib/majority';
import { bump, ranked_, tally, type Inference } from './inferTally';

/**
 * error-schema's `shapes: [problem]` when most error bodies are problem details, and its `mediaTypes` when most are
 * written in another type than application/json: the counts `auto` takes the majority of; its `pages` when an
 * operation with an error response answers only text/html (OAuth's /authorize: a page for a browser). The seed's
 * shapes need no option, and a body of the team's own is what `required` learns (inferErrorBody).
 */
export function inferErrorConventions(models: Model[]): Inference | undefined {
  const options: Record<string, unknown> = {};
  const evidence: string[] = [];
  const shapes = sumTallies(models.map(m => errorBodyTally(m).kinds));
  if (majorityOf(shapes)?.value === 'problem') {
    options.shapes = ['problem'];
    evidence.push(`error bodies: ${tallyText(shapes)} (A, B: the seed's shapes; own: none of them)`);
  }
  const types = sumTallies(models.map(m => errorBodyTally(m).mediaTypes));
  const type = majorityOf(types)?.value;
  if (type !== undefined && type !== 'application/json') {
    options.mediaTypes = [type];
    evidence.push(`error body media types: ${tallyText(types)}`);
  }
  const pages = models.flatMap(m => [...new Set(errorResponses(m).map(r => r.op))].filter(op => answersOnlyHtml(op, m.spec, m.root)));
  if (pages.length > 0) {
    options.pages = true;
    evidence.push(`operations that answer only text/html (pages for a browser): ${pages.length}, as ${pages.slice(0, 2).map(opLabel).join(' and ')}`);
  }
  return evidence.length > 0 ? { rule: 'error-schema', options, evidence } : undefined;
}

/**
 * The shared schema most error responses have as their body, when it is none of the seed's shapes (GitHub's
 * `basic-error`, Plaid's `PlaidError`: bodies that require no property, which `required` cannot name), as
 * error-schema's `schemas`. The error bodies that are another schema stay what the rule reports.
 */
export function inferErrorSchema(models: Model[]): Inference | undefined {
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
export function inferErrorBody(models: Model[]): Inference | undefined {
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

/**
 * error-schema-consistent compares the bodies error-schema was given as the API's (its named schemas, problem
 * details) beside the seed's shapes, so that a body of another kind among them is reported with what the rest use.
 */
export function inferErrorConsistency(errorSchema: (Inference | undefined)[]): Inference | undefined {
  const set = Object.assign({}, ...errorSchema.map(i => i?.options ?? {})) as { schemas?: string[]; shapes?: string[] };
  const options: Record<string, unknown> = {};
  if (set.shapes?.includes('problem')) options.shapes = ['A', 'B', 'problem'];
  if (set.schemas !== undefined) options.schemas = set.schemas;
  if (Object.keys(options).length === 0) return undefined;
  const what = [...(set.schemas ?? []), ...(options.shapes ? ['problem details'] : [])].join(', ');
  return { rule: 'error-schema-consistent', options, evidence: [`error bodies compared beside shapes A and B: ${what}, as error-schema accepts them`] };
}
