/**
 * The snippets completion offers where the cursor is (completion.ts): a collection and item path pair, an
 * operation's missing responses, security schemes, deprecation headers… each with the components it needs.
 */
import { getAt, isOas32, isObject, type Obj } from '../../../rules/_lib/oas';
import type { FixOp, Spec } from '../../../rules/types';
import {
  ERROR_STATUSES,
  apiKeyScheme,
  deprecationHeaders,
  errorResponseComponents,
  errorResponses,
  errorSchema,
  expectedErrors,
  listParameter,
  pathPairEntries,
  type ComponentNames,
  type ComponentNeed,
  type CursorContext,
  type SnippetMap,
  type SnippetValue,
} from '../engine';

export interface SnippetSpec {
  id: string;
  label: string;
  detail: string;
  documentation: string;
  entries: SnippetMap;
  needs: ComponentNeed[];
  /** Extra FixOps for the document (e.g. the error schema the needs reference). */
  ops?: FixOp[];
}

/** What the snippets read of the document being completed (completion.ts DocInfo). */
export interface SnippetDoc {
  readonly cx: CursorContext;
  readonly spec: Spec;
  readonly data: Obj;
  names(): { names: ComponentNames; ops: FixOp[] };
  /** Whether the document's operations are secured by default (root `security`). */
  secured(op?: Obj): boolean;
  pathPrefix(): string;
}

export function snippetSpecs(doc: SnippetDoc): SnippetSpec[] {
  const { cx, spec, data } = doc;
  const p = cx.path;
  const has = (k: string) => cx.siblings.includes(k);
  const out: SnippetSpec[] = [];
  const sectionDoc = spec === 'oas2' ? 'Swagger 2.0' : 'OpenAPI 3';

  // paths: the collection + item pair.
  if (p.length === 1 && p[0] === 'paths') {
    const { names, ops } = doc.names();
    const pair = pathPairEntries({ spec, names, prefix: doc.pathPrefix(), secured: doc.secured() });
    out.push({
      id: 'paths.pair',
      label: 'Collection and item paths (conventional)',
      detail: `apiconv: ${doc.pathPrefix()}/things and ${doc.pathPrefix()}/things/{id} with their operations`,
      documentation:
        'GET (list, with page/limit/sort/filter) and POST (201) on the collection; GET, PUT, PATCH and DELETE (204) on the item; the success and error responses the conventions expect. Missing shared components (error schema and responses, list parameters) are added to the document.',
      entries: pair.entries,
      needs: pair.needs,
      ops,
    });
  }

  // An operation: its responses.
  const opLen = operationPathLength(p, data);
  if (opLen > 0 && p.length === opLen && !has('responses')) {
    const op = getAt(data, p);
    const r = opResponses(doc, p, isObject(op) ? op : {}, []);
    if (r)
      out.push({ ...r, id: 'operation.responses', label: 'responses (success and standard errors)', entries: { responses: { ...r.success, ...r.entries } } });
  }
  if (opLen > 0 && p.length === opLen + 1 && p[opLen] === 'responses') {
    const op = getAt(data, p.slice(0, opLen));
    const r = opResponses(doc, p.slice(0, opLen), isObject(op) ? op : {}, cx.siblings);
    if (r && Object.keys(r.entries).length > 0)
      out.push({
        ...r,
        id: 'operation.errors',
        label: 'Standard error responses',
        detail: `apiconv: ${Object.keys(r.entries).join(', ')}`,
        entries: r.entries,
      });
    if (r && !cx.siblings.some(s => /^2/.test(s)))
      out.push({ ...r, id: 'operation.success', label: `${Object.keys(r.success)[0]} success response`, entries: r.success, needs: [] });
  }
  // A response's headers: the deprecation headers.
  if (p.length === 6 && p[0] === 'paths' && p[3] === 'responses' && p[5] === 'headers' && !has('Deprecation')) {
    out.push(deprecationSpec(doc, 'response.deprecation-headers'));
  }

  // Components.
  const schemasAt = spec === 'oas2' ? ['definitions'] : ['components', 'schemas'];
  const schemesAt = spec === 'oas2' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  const paramsAt = spec === 'oas2' ? ['parameters'] : ['components', 'parameters'];
  const responsesAt = spec === 'oas2' ? ['responses'] : ['components', 'responses'];
  const containerAt = spec === 'oas2' ? [] : ['components'];
  const is = (at: string[]) => at.length === p.length && at.every((s, i) => s === p[i]);
  const sectionLevel = is(containerAt);
  const section = (at: string[], entries: SnippetMap): SnippetMap => (sectionLevel ? { [at[at.length - 1]]: entries } : entries);
  const offer = (at: string[]) => (sectionLevel && !has(at[at.length - 1])) || is(at);

  if (offer(schemasAt) && !(is(schemasAt) && has('Error'))) {
    for (const shape of ['A', 'B'] as const) {
      out.push({
        id: `components.error-schema-${shape}`,
        label: `Error schema, shape ${shape}`,
        detail: shape === 'A' ? 'apiconv: status, code, message, errors' : 'apiconv: error',
        documentation: `The conventions' error body, shape ${shape} (${sectionDoc}).`,
        entries: section(schemasAt, { Error: errorSchema(shape) }),
        needs: [],
      });
    }
  }
  if (offer(schemesAt) && !(is(schemesAt) && has('ApiKeyAuth'))) {
    out.push({
      id: 'components.api-key',
      label: 'X-API-Key security scheme',
      detail: 'apiconv: apiKey in header X-API-Key',
      documentation: 'The API key in the X-API-Key header. Reference it from a root `security` requirement so that every operation is secured.',
      entries: section(schemesAt, { ApiKeyAuth: apiKeyScheme() }),
      needs: [],
    });
  }
  if (offer(paramsAt)) {
    const entries: SnippetMap = {};
    for (const w of ['page', 'limit', 'sort', 'filter'] as const) {
      const name = w[0].toUpperCase() + w.slice(1);
      if (!(is(paramsAt) && has(name))) entries[name] = listParameter(spec, w);
    }
    if (Object.keys(entries).length > 0) {
      out.push({
        id: 'components.list-parameters',
        label: 'page, limit, sort and filter parameters',
        detail: 'apiconv: list query parameters',
        documentation: 'The conventional list parameters: `page` and `limit` (integers, bounded, with defaults), `sort` and `filter` (strings).',
        entries: section(paramsAt, entries),
        needs: [],
      });
    }
  }
  if (offer(responsesAt)) {
    const { names, ops } = doc.names();
    const statuses = ERROR_STATUSES.filter(s => !(is(responsesAt) && has(names.responses[s])));
    if (statuses.length > 0) {
      let entries = section(responsesAt, errorResponseComponents(spec, names, statuses));
      let extraOps = ops;
      // At the section level, a missing error schema section is written next to the responses (an edit elsewhere could land at the cursor).
      const schemaOp = ops.find(o => o.kind === 'set' && o.path.length === schemasAt.length + 1);
      if (sectionLevel && schemaOp && schemaOp.kind === 'set' && !has(schemasAt[schemasAt.length - 1])) {
        entries = { ...entries, [schemasAt[schemasAt.length - 1]]: { [String(schemaOp.path[schemaOp.path.length - 1])]: schemaOp.value as SnippetValue } };
        extraOps = ops.filter(o => o !== schemaOp);
      }
      out.push({
        id: 'components.error-responses',
        label: 'Standard error responses',
        detail: `apiconv: ${statuses.join(', ')}`,
        documentation: 'Shared error responses whose body is the error schema.',
        entries,
        needs: [],
        ops: extraOps,
      });
    }
  }
  if (spec === 'oas3' && offer(['components', 'headers']) && !(is(['components', 'headers']) && has('Deprecation'))) {
    out.push({ ...deprecationSpec(doc, 'components.deprecation-headers'), entries: section(['components', 'headers'], deprecationHeaders('oas3')), needs: [] });
  }
  return out;
}

function deprecationSpec(doc: SnippetDoc, id: string): SnippetSpec {
  const entries: SnippetMap = {};
  const needs: ComponentNeed[] = [];
  const shared = deprecationHeaders(doc.spec);
  for (const [name, value] of Object.entries(shared)) {
    if (doc.spec === 'oas3') {
      entries[name] = { $ref: `#/components/headers/${name}` };
      needs.push({ path: ['components', 'headers', name], value });
    } else entries[name] = value;
  }
  return {
    id,
    label: 'Deprecation, Sunset and Link headers',
    detail: 'apiconv: deprecation signalling',
    documentation: 'Deprecation: true, Sunset: an HTTP date, Link: the successor with rel="successor-version".',
    entries,
    needs,
  };
}

function opResponses(
  doc: SnippetDoc,
  opPath: string[],
  op: Obj,
  present: readonly string[],
): { detail: string; documentation: string; entries: SnippetMap; success: SnippetMap; needs: ComponentNeed[]; ops: FixOp[] } | undefined {
  // ['paths', key, method], or OpenAPI 3.2 ['paths', key, 'additionalOperations', name].
  const method = (opPath.length === 4 ? opPath[3] : opPath[2]).toLowerCase();
  const pathKey = opPath[1];
  const item = /\}$/.test(pathKey.replace(/\/+$/, ''));
  const pathItem = getAt(doc.data, ['paths', pathKey]);
  const params = [
    ...(Array.isArray(op.parameters) ? op.parameters : []),
    ...(isObject(pathItem) && Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
  ];
  const bodyParam = params.some(p => isObject(p) && (p.in === 'body' || p.in === 'formData'));
  // QUERY (OpenAPI 3.2) sends its query as a body.
  const hasBody = op.requestBody !== undefined || bodyParam || ['post', 'put', 'patch', 'query'].includes(method);
  const { names, ops } = doc.names();
  const statuses = expectedErrors({ item, hasInput: params.length > 0, hasBody, secured: doc.secured(op), method }).filter(s => !present.includes(s));
  const errors = errorResponses(doc.spec, names, statuses);
  const successCode = method === 'post' && !item ? '201' : method === 'delete' ? '204' : '200';
  const headers: SnippetMap | undefined =
    method === 'get'
      ? {
          'Cache-Control':
            doc.spec === 'oas2'
              ? { type: 'string', description: 'How long the response may be cached.' }
              : { description: 'How long the response may be cached.', schema: { type: 'string' } },
        }
      : undefined;
  const body: SnippetMap = doc.spec === 'oas2' ? { schema: { type: 'object' } } : { content: { 'application/json': { schema: { type: 'object' } } } };
  const success: SnippetMap = {
    [successCode]: successCode === '204' ? { description: 'Done.' } : { description: 'The resource.', ...(headers ? { headers } : {}), ...body },
  };
  return {
    detail: `apiconv: ${[successCode, ...statuses].join(', ')}`,
    documentation: `The responses the conventions expect of ${method.toUpperCase()} ${pathKey}; the shared error responses are added to the document when missing.`,
    entries: errors.responses,
    success,
    needs: errors.needs,
    ops,
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The length of the operation path the cursor path `p` is inside: 3 for
 * ['paths', key, method] (OpenAPI 3.2: also `query`), 4 for an OpenAPI 3.2
 * ['paths', key, 'additionalOperations', name]; 0 outside an operation.
 */
function operationPathLength(p: readonly string[], data: Obj): number {
  if (p[0] !== 'paths' || p.length < 3) return 0;
  if (METHODS.includes(p[2]) || (p[2] === 'query' && isOas32(data))) return 3;
  if (p[2] === 'additionalOperations' && p.length >= 4 && isOas32(data)) return 4;
  return 0;
}
