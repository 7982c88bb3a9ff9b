import { defineRule } from './types';
import type { JsonPath } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { admitsJson, isObject, mediaTypeName } from './_lib/oas';
import { isFileBody } from './_lib/fileBodies';

const ADVICE = 'use application/json (or a +json type such as application/vnd.acme.v2+json)';

/**
 * A body with no JSON representation of the whole to ask for: a file as it is (`GET /avatars/{id}` answering
 * image/png; fileBodies.ts), or a stream of server-sent events, each of which may be JSON.
 */
const isFileOrStream = (mt: string, media: unknown): boolean =>
  isFileBody(mt, isObject(media) ? media.schema : undefined) || mediaTypeName(mt) === 'text/event-stream';

export default defineRule({
  id: 'json-media-type',
  meta: {
    description: 'Request and response bodies use application/json or a +json media type (Swagger 2: consumes / produces).',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvJsonMediaType', model => {
    const out: Finding[] = [];
    const seen = new Set<string>();
    const seenContent = new WeakSet<object>();
    const push = (message: string, path: JsonPath) => {
      const key = JSON.stringify(path);
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ message, path });
    };
    /** A body whose content offers no JSON type: flag its first media type. */
    const checkContent = (content: unknown, at: JsonPath, what: string) => {
      // A shared body (one object after $ref resolution) is reported once, where it is defined.
      if (!isObject(content) || seenContent.has(content)) return;
      seenContent.add(content);
      const all = Object.keys(content);
      if (all.some(admitsJson)) return;
      const types = all.filter(t => !isFileOrStream(t, content[t]));
      if (types.length === 0) return;
      push(`${what} uses ${types.map(t => `"${t}"`).join(', ')}, not JSON: ${ADVICE}.`, [...at, types[0]]);
    };
    const checkList = (list: unknown, at: JsonPath, what: string) => {
      if (!Array.isArray(list) || list.length === 0) return;
      const all = list.filter((t): t is string => typeof t === 'string');
      if (all.some(admitsJson)) return;
      const types = all.filter(t => !isFileOrStream(t, undefined));
      if (types.length === 0) return;
      const i = list.indexOf(types[0]);
      if (i >= 0) push(`${what} lists ${types.map(t => `"${t}"`).join(', ')}, not JSON: ${ADVICE}.`, [...at, i]);
    };
    const hasBody = (op: (typeof model.operations)[number]) => op.parameters.some(p => p.in === 'body' || p.in === 'formData');
    // The request body of a POST is left to post-request-body (the more specific rule, "POST takes a JSON
    // request body"): one finding for the one gap. A GET, HEAD or DELETE should have no body at all
    // (get-no-request-body, delete-no-request-body): asking for a JSON one would be the wrong advice.
    const judgesRequest = (op: (typeof model.operations)[number]) => !['post', 'get', 'head', 'delete'].includes(op.method);
    if (model.spec === 'oas2') {
      // consumes only matters where a request has a body (and is judged here).
      if (model.operations.some(op => judgesRequest(op) && hasBody(op) && !Array.isArray(op.value.consumes)))
        checkList(model.root.consumes, ['consumes'], 'consumes');
      checkList(model.root.produces, ['produces'], 'produces');
    }
    for (const op of model.operations) {
      const name = `${op.method.toUpperCase()} ${op.pathKey}`;
      if (model.spec === 'oas2') {
        if (judgesRequest(op) && hasBody(op)) checkList(op.value.consumes, [...op.path, 'consumes'], `${name} consumes`);
        checkList(op.value.produces, [...op.path, 'produces'], `${name} produces`);
        continue;
      }
      if (judgesRequest(op) && isObject(op.value.requestBody)) {
        checkContent(op.value.requestBody.content, [...op.path, 'requestBody', 'content'], `The request body of ${name}`);
      }
      for (const [code, r] of Object.entries(op.responses ?? {})) {
        if (isObject(r)) checkContent(r.content, [...op.path, 'responses', code, 'content'], `The ${code} response of ${name}`);
      }
    }
    return out;
  }),
});
