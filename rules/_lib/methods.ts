/**
 * Helpers of the Methods rules (get-no-request-body … cache-control-get):
 * request body facts per operation, success statuses, finding locations, and
 * the fix building blocks (JSON body skeletons, header objects).
 */
import type { RuleDefinition } from '@stoplight/spectral-core';
import type { ApiconvRule, FixContext, FixOp, JsonPath, Spec } from '../types';
import { opPathFromFinding } from './fixes';
import { modelRule, type Finding } from './ruleFunction';
import { admitsJson, getAt, isItemPath, isObject, segments, type Model, type Obj, type Operation, type Parameter } from './oas';
import type { OptionSpec, RuleOptions } from './options';
import { isPluralOrUncountable, splitWords } from './words';
import { FORMAT_EXTENSION, isRpcMethod } from './paths';
import { ALL_DEFAULT_VERBS, verbOf } from '../path-no-verbs';

/** A `modelRule` whose check takes `anchor` (see CheckHelpers in ruleFunction.ts) as its second argument. */
export function methodsRule<O = null>(
  name: string,
  check: (model: Model, anchor: (path: JsonPath) => JsonPath, options: O) => Finding[],
  options?: RuleOptions<O>,
): Pick<RuleDefinition, 'given' | 'then'> {
  return modelRule<O>(name, (model, o, helpers) => check(model, path => helpers.anchor(path), o), options);
}

/** Which GETs a caching rule judges: those on item paths (/users/{id}) or on collection paths (/users). */
export type GetKind = 'item' | 'collection';
export const getKindOf = (op: Operation): GetKind => (isItemPath(op.pathKey) ? 'item' : 'collection');
/** The schema of a caching rule's `operations` option: a list of GetKind. */
export const getKinds = { type: 'array', items: { enum: ['item', 'collection'] }, uniqueItems: true } as const;

export interface RequestBodyInfo {
  /** OAS 3 `requestBody`, or Swagger 2 `in: body` / `in: formData` parameters. */
  present: boolean;
  /** OAS 3: [op, 'requestBody']; Swagger 2: the first body / formData parameter. */
  path: JsonPath | undefined;
  /** Swagger 2: the body / formData parameters (empty for OAS 3). */
  params: Parameter[];
  /** `required: true` (OAS 3 requestBody; Swagger 2: the `in: body` parameter, or any required formData parameter). */
  required: boolean;
  /** At least one media type of the body admits JSON (see admitsJson). */
  json: boolean;
  /** The body's media types (Swagger 2: `consumes`, default application/json). */
  mediaTypes: string[];
}

/** What the operation's request body looks like, in the resolved document. */
export function requestBodyInfo(op: Operation, spec: Spec, root: Obj): RequestBodyInfo {
  if (spec === 'oas3') {
    const rb = op.value.requestBody;
    if (rb === undefined) return { present: false, path: undefined, params: [], required: false, json: false, mediaTypes: [] };
    const mediaTypes = isObject(rb) && isObject(rb.content) ? Object.keys(rb.content) : [];
    return {
      present: true,
      path: [...op.path, 'requestBody'],
      params: [],
      required: isObject(rb) && rb.required === true,
      json: mediaTypes.some(admitsJson),
      mediaTypes,
    };
  }
  const params = op.parameters.filter(p => p.in === 'body' || p.in === 'formData');
  if (params.length === 0) return { present: false, path: undefined, params, required: false, json: false, mediaTypes: [] };
  const consumes = Array.isArray(op.value.consumes) ? op.value.consumes : Array.isArray(root.consumes) ? root.consumes : undefined;
  const body = params.find(p => p.in === 'body');
  const mediaTypes = body ? (consumes ?? ['application/json']).map(String) : (consumes ?? ['application/x-www-form-urlencoded']).map(String);
  return {
    present: true,
    path: (body ?? params[0]).path,
    params,
    required: body ? body.value.required === true : params.some(p => p.value.required === true),
    // formData is a form encoding, never JSON.
    json: body !== undefined && mediaTypes.some(admitsJson),
    mediaTypes,
  };
}

/**
 * One-word segments that name an operation rather than a resource to create: `POST /search/emails`,
 * `POST /users/count`, `POST /batch`, `POST /auth/login`, `POST /oauth/token` answer with a result,
 * not a new resource.
 */
const ACTION_NOUNS = new Set(['search', 'query', 'count', 'batch', 'bulk', 'login', 'logout', 'signin', 'signout', 'token']);

/**
 * A POST that performs an action instead of creating a resource: a segment of its path is an action verb
 * (`/orders/{id}/cancel`, `/tokens/revoke`: `path-no-verbs` names that gap) or one of ACTION_NOUNS, or its last
 * segment is a custom method (`/levels:trim`, `/{id}:activate`: a name after a colon is a method by its form, verb
 * or not). Asking it for 201 and for the new resource as its body would pile advice on a path that is no collection.
 */
export function isActionPost(op: Operation): boolean {
  const segs = segments(op.pathKey);
  if (segs.length > 0 && CUSTOM_METHOD.test(segs[segs.length - 1].replace(/\{[^}]*\}/g, ''))) return true;
  return segs.some((seg, i) => {
    const words = splitWords(seg);
    return (words.length === 1 && ACTION_NOUNS.has(words[0])) || verbOf(seg, segs[i + 1], DEFAULT_PATH_VERBS) !== undefined;
  });
}
/** A segment that ends in a custom method: `:name` after the resource (the template taken out). */
const CUSTOM_METHOD = /:[A-Za-z][\w-]*$/;
const DEFAULT_PATH_VERBS = new Set(ALL_DEFAULT_VERBS);

/**
 * Whether a POST's last segment names no collection: an RPC method (`/dnd.endSnooze`), or a literal whose last word
 * is no plural noun (GitHub's `/check-runs/{id}/rerequest`, Spotify's `/me/player/previous`). A collection is named
 * in the plural (path-collection-plural), so such a POST creates nothing in one: post-request-body's `actions`.
 */
export function endsInNonCollection(op: Operation): boolean {
  const last = segments(op.pathKey).pop();
  if (last === undefined || last.includes('{')) return false;
  if (isRpcMethod(last)) return true;
  const words = splitWords(last.replace(FORMAT_EXTENSION, ''));
  return words.length > 0 && !isPluralOrUncountable(words[words.length - 1]);
}

/** Which POSTs are actions rather than creations: the `actions` option of the rules that judge a POST by what it sends or answers. */
export type PostActions = 'verbs' | 'non-collections';

export const postActionsOption: OptionSpec<PostActions> = {
  schema: { enum: ['verbs', 'non-collections'] },
  default: 'verbs',
  description:
    "Which POSTs are actions, which send no new resource and create none: 'verbs', those whose path has a verb (path-no-verbs' list: /orders/{id}/cancel), a custom method (/{id}:activate) or a word such as search, login, token; 'non-collections', also those whose last segment names no collection: no plural noun (GitHub's /check-runs/{id}/rerequest, Spotify's /me/player/previous) or an RPC method (Slack's /dnd.endSnooze).",
  example: 'non-collections',
};

/** Whether a POST acts on something rather than sending a new resource to a collection, under the team's `actions`. */
export const isPostAction = (op: Operation, actions: PostActions) => isActionPost(op) || (actions === 'non-collections' && endsInNonCollection(op));

/** 2xx status keys of the operation (`200`…`299` and `2XX`). */
export function successCodes(op: Operation): string[] {
  return op.responses ? Object.keys(op.responses).filter(c => /^2(\d\d|XX)$/i.test(c)) : [];
}

/** Where a finding about a status the operation lacks points: the `responses` key, else the method key. */
export function responsesOrOp(op: Operation): JsonPath {
  return op.responses ? [...op.path, 'responses'] : op.path;
}

/** `GET /users/{id}`, for messages. */
export function describeOp(op: Operation): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

// ---------------------------------------------------------------- fix helpers

/**
 * Follows local `$ref`s starting at `path` in `data` and returns the JSON path of
 * the object finally referenced (the same path when it is no `$ref`). Undefined
 * for a reference into another file or a dangling one.
 */
export function followLocalPath(data: unknown, path: JsonPath, depth = 0): JsonPath | undefined {
  const v = getAt(data, path);
  if (!isObject(v) || typeof v.$ref !== 'string') return v === undefined ? undefined : withIndexes(data, path);
  if (depth > 20 || !v.$ref.startsWith('#/')) return undefined;
  const target = v.$ref
    .slice(2)
    .split('/')
    .map(p => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  return followLocalPath(data, target, depth + 1);
}

/**
 * The path with sequence indexes as numbers: findings carry them as strings
 * ('0'), fix ops address sequence items by number.
 */
export function withIndexes(data: unknown, path: JsonPath): JsonPath {
  let cur: unknown = data;
  return path.map(seg => {
    const out = Array.isArray(cur) && typeof seg === 'string' && /^\d+$/.test(seg) ? Number(seg) : seg;
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[String(seg)] : undefined;
    return out;
  });
}

/** A JSON request body skeleton: OAS 3 `requestBody` value, or a Swagger 2 `in: body` parameter. */
export function jsonBodySkeleton(spec: Spec, required: boolean, mediaType = 'application/json'): Obj {
  const schema = { type: 'object' };
  if (spec === 'oas2') return { name: 'body', in: 'body', required, schema };
  return required ? { required: true, content: { [mediaType]: { schema } } } : { content: { [mediaType]: { schema } } };
}

/**
 * Ops that add a JSON request body skeleton to the operation at `opPath`; OAS 3 may name another `mediaType` (the
 * one a team's options chose), Swagger 2 writes a `body` parameter, which the operation's `consumes` types.
 */
export function addJsonBodyOps(ctx: FixContext, opPath: JsonPath, required: boolean, mediaType?: string): FixOp[] {
  const op = getAt(ctx.data, opPath);
  if (!isObject(op)) return [];
  if (ctx.spec === 'oas3') {
    if (op.requestBody !== undefined) return [];
    return [{ kind: 'set', path: [...opPath, 'requestBody'], value: jsonBodySkeleton('oas3', required, mediaType) }];
  }
  if (op.parameters !== undefined && !Array.isArray(op.parameters)) return [];
  return [{ kind: 'append', path: [...opPath, 'parameters'], value: jsonBodySkeleton('oas2', required) }];
}

/** A response header object with a string value (Swagger 2: `type: string`; OAS 3: `schema: {type: string}`). */
export function stringHeader(spec: Spec, description: string): Obj {
  return spec === 'oas2' ? { description, type: 'string' } : { description, schema: { type: 'string' } };
}

/**
 * Ops that remove the request body of the operation at `opPath` (data of the
 * finding's file): OAS 3 `requestBody`; Swagger 2 its own `in: body` /
 * `in: formData` parameters (the `parameters` key when nothing else is left).
 * Parameters declared on the path item are shared with the other methods and
 * are left alone (the result is then empty).
 */
export function removeRequestBodyOps(ctx: FixContext, opPath: JsonPath): FixOp[] {
  const op = getAt(ctx.data, opPath);
  if (!isObject(op)) return [];
  if (ctx.spec === 'oas3') return op.requestBody !== undefined ? [{ kind: 'remove', path: [...opPath, 'requestBody'] }] : [];
  if (!Array.isArray(op.parameters)) return [];
  const bodyIdx: number[] = [];
  op.parameters.forEach((_p, i) => {
    const r = followLocalPath(ctx.data, [...opPath, 'parameters', i]);
    const v = r ? getAt(ctx.data, r) : undefined;
    if (isObject(v) && (v.in === 'body' || v.in === 'formData')) bodyIdx.push(i);
  });
  if (bodyIdx.length === 0) return [];
  if (bodyIdx.length === op.parameters.length) return [{ kind: 'remove', path: [...opPath, 'parameters'] }];
  // From the last to the first, so that earlier indexes stay valid.
  return bodyIdx.reverse().map(i => ({ kind: 'remove', path: [...opPath, 'parameters', i] }) as FixOp);
}

/**
 * The body of `get-no-request-body` / `delete-no-request-body`: operations of `methods`
 * with a request body are reported with `reason`; the fix removes the body.
 */
export function noRequestBody(name: string, methods: readonly string[], reason: string): Pick<ApiconvRule, 'spectral' | 'fix'> {
  return {
    spectral: methodsRule(name, (model, anchor) =>
      model.operations
        .filter(op => methods.includes(op.method))
        .flatMap(op => {
          const body = requestBodyInfo(op, model.spec, model.root);
          if (!body.present || !body.path) return [];
          const shared = model.spec === 'oas2' && body.params.every(p => p.level === 'path-item');
          return [
            {
              message: shared
                ? `${describeOp(op)} inherits a request body parameter from its path item: move it to the operations that take a body.`
                : `${describeOp(op)} has a request body: ${reason}`,
              path: anchor(body.path),
            },
          ];
        }),
    ),
    fix: ctx => {
      const opPath = opPathFromFinding(ctx);
      const ops = opPath ? removeRequestBodyOps(ctx, opPath) : [];
      return ops.length > 0 ? { title: 'Remove the request body', ops } : undefined;
    },
  };
}
