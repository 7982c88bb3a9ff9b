import { defineRule, type Spec } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { addJsonBodyOps, describeOp, isPostAction, methodsRule, postActionsOption, requestBodyInfo, type PostActions } from './_lib/methods';
import { defineOptions, names } from './_lib/options';
import { mediaTypeName } from './_lib/oas';
import { isFileUpload, uploadsOption } from './_lib/uploads';

type Options = { mediaTypes: 'json' | string[]; uploads: boolean; actions: PostActions };

export const options = defineOptions<Options>('post-request-body', {
  mediaTypes: {
    schema: { anyOf: [{ const: 'json' }, names] },
    default: 'json',
    description:
      "The media types a POST body may be sent as (any one will do; parameters such as charset left out): 'json' (application/json, a +json type), or a list such as application/x-www-form-urlencoded.",
    example: ['application/x-www-form-urlencoded'],
  },
  uploads: uploadsOption('POST', "Xero's POST /Invoices/{InvoiceID}/Attachments/{FileName}"),
  actions: postActionsOption,
});

export default defineRule({
  id: 'post-request-body',
  meta: {
    description: 'POST operations take a JSON request body.',
    severity: 'warn',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvPostRequestBody',
    (model, anchor, o) =>
      model.operations
        .filter(op => op.method === 'post')
        .flatMap(op => {
          const body = requestBodyInfo(op, model.spec, model.root);
          if (!body.present) {
            // An action (`POST /orders/{id}/cancel`) may need no input at all: it sends no new resource.
            if (isPostAction(op, o.actions)) return [];
            const as = o.mediaTypes === 'json' ? 'JSON' : o.mediaTypes.join(' or ');
            return [{ message: `${describeOp(op)} has no request body: POST sends the new resource as ${as}.`, path: op.path }];
          }
          if (!body.path || (o.uploads && isFileUpload(op, model))) return [];
          const where = model.spec === 'oas3' ? [...body.path, 'content'] : body.path;
          if (o.mediaTypes === 'json') {
            if (body.json) return [];
            return [
              {
                message: `${describeOp(op)} has no JSON request body (${body.mediaTypes.join(', ') || 'no media type'}): send the resource as application/json.`,
                path: anchor(where),
              },
            ];
          }
          const accepted = o.mediaTypes.map(mediaTypeName);
          if (body.mediaTypes.some(t => accepted.includes(mediaTypeName(t)))) return [];
          return [
            {
              message: `${describeOp(op)} sends its body as ${body.mediaTypes.join(', ') || 'no media type'}: the API sends request bodies as ${o.mediaTypes.join(' or ')}.`,
              path: anchor(where),
            },
          ];
        }),
    options,
  ),
  fix: ctx => {
    if (!ctx.message.includes('has no request body: POST sends the new resource as')) return undefined;
    const mediaType = bodyMediaType(ctx.options.mediaTypes as Options['mediaTypes'], ctx.spec);
    if (mediaType === undefined) return undefined;
    const opPath = opPathFromFinding(ctx);
    const ops = opPath ? addJsonBodyOps(ctx, opPath, true, mediaType) : [];
    const as = mediaType === 'application/json' ? 'JSON' : mediaType;
    return ops.length > 0 ? { title: `Add a required ${as} request body`, ops } : undefined;
  },
});

/**
 * The media type the fix writes a body in: JSON, or the one type the team sends bodies as. Among several the choice
 * is the team's; Swagger 2 types a body by the operation's `consumes`, which the fix leaves to the team.
 */
function bodyMediaType(mediaTypes: Options['mediaTypes'], spec: Spec): string | undefined {
  if (mediaTypes === 'json') return 'application/json';
  if (mediaTypes.length !== 1) return undefined;
  return spec === 'oas3' ? mediaTypes[0] : undefined;
}
