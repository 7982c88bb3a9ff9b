import { defineRule } from './types';
import { opPathFromFinding } from './_lib/fixes';
import { getAt, isObject } from './_lib/oas';
import { addJsonBodyOps, describeOp, followLocalPath, methodsRule, requestBodyInfo } from './_lib/methods';
import { defineOptions } from './_lib/options';
import { isFileUpload, uploadsOption } from './_lib/uploads';

export const options = defineOptions<{ required: boolean; allowNone: boolean; uploads: boolean }>('put-request-body', {
  required: {
    schema: { type: 'boolean' },
    default: true,
    description:
      "Whether a PUT's body must be declared required (`required: true`); false for an API whose PUT sends the fields it changes, a body of optional parts (Box's PUT /folders/{folder_id}).",
    example: false,
  },
  allowNone: {
    schema: { type: 'boolean' },
    default: false,
    description:
      "Whether a PUT may take no body at all, what it sets being in its path or query (Spotify's PUT /me/player/shuffle?state=true); a body it has is still JSON.",
    example: true,
  },
  uploads: uploadsOption('PUT', "Xero's PUT /Invoices/{InvoiceID}/Attachments/{FileName}"),
});

export default defineRule({
  id: 'put-request-body',
  meta: {
    description: 'PUT operations take a required JSON request body: the full resource.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: methodsRule(
    'apiconvPutRequestBody',
    (model, anchor, o) =>
      model.operations
        .filter(op => op.method === 'put')
        .flatMap(op => {
          const body = requestBodyInfo(op, model.spec, model.root);
          if (!body.present) {
            if (o.allowNone) return [];
            return [{ message: `${describeOp(op)} has no request body: PUT sends the full resource as JSON.`, path: op.path }];
          }
          if (!body.path) return [];
          // A file sent as itself is the whole resource it replaces; whether its body is required is still judged.
          if (!body.json && !(o.uploads && isFileUpload(op, model))) {
            const where = model.spec === 'oas3' ? [...body.path, 'content'] : body.path;
            return [
              {
                message: `${describeOp(op)} has no JSON request body (${body.mediaTypes.join(', ') || 'no media type'}): send the full resource as application/json.`,
                path: anchor(where),
              },
            ];
          }
          if (!body.required && o.required) {
            // Point at the body object itself (a shared one where it is defined): that is where `required` goes.
            const bodyParam = model.spec === 'oas2' ? body.params.find(p => p.in === 'body') : undefined;
            return [
              {
                message: `${describeOp(op)}: the request body is optional: PUT replaces the whole resource, so set \`required: true\`.`,
                path: bodyParam ? bodyParam.path : body.path,
              },
            ];
          }
          return [];
        }),
    options,
  ),
  fix: ctx => {
    if (ctx.message.includes('has no request body')) {
      // A team whose PUT bodies may be optional (`required: false`) gets the body without `required: true`.
      const required = ctx.options.required !== false;
      const opPath = opPathFromFinding(ctx);
      const ops = opPath ? addJsonBodyOps(ctx, opPath, required) : [];
      return ops.length > 0 ? { title: required ? 'Add a required JSON request body' : 'Add a JSON request body', ops } : undefined;
    }
    if (ctx.message.includes('set `required: true`')) {
      const target = followLocalPath(ctx.data, ctx.path);
      const body = target ? getAt(ctx.data, target) : undefined;
      if (!target || !isObject(body) || body.required === true) return undefined;
      return { title: 'Make the request body required', ops: [{ kind: 'set', path: [...target, 'required'], value: true }] };
    }
    return undefined;
  },
});
