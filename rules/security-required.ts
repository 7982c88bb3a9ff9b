import { defineRule, type FixOp } from './types';
import { modelRule, type Finding } from './_lib/ruleFunction';
import { getAt, isObject } from './_lib/oas';
import { ensureApiKeyScheme } from './_lib/fixes';
import { opLabel } from './_lib/errors';
import { defineOptions } from './_lib/options';

export const options = defineOptions<{ allowOptOut: boolean }>('security-required', {
  allowOptOut: {
    schema: { type: 'boolean' },
    default: false,
    description: 'Whether an operation\'s own "security: []" declares it public ({} and no requirement are still reported).',
    example: true,
  },
});

/** A security requirement list that asks for at least one scheme. */
function requiresKey(security: unknown): boolean {
  return Array.isArray(security) && security.length > 0 && security.every(r => isObject(r) && Object.keys(r).length > 0);
}

/** Some operation of the document has its own `security` that asks for no key. */
function hasOptOut(data: unknown): boolean {
  const paths = getAt(data, ['paths']);
  if (!isObject(paths)) return false;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item)) if (isObject(op) && Array.isArray(op.security) && !requiresKey(op.security)) return true;
  }
  return false;
}

export default defineRule({
  id: 'security-required',
  meta: {
    description: 'Every operation is secured: the API key is sent on every request.',
    severity: 'error',
    fixable: 'unsafe',
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvSecurityRequired',
    (model, o) => {
      const out: Finding[] = [];
      for (const op of model.operations) {
        if (Array.isArray(op.value.security)) {
          if (requiresKey(op.value.security) || (o.allowOptOut && op.value.security.length === 0)) continue;
          const how = op.value.security.length === 0 ? 'opts out of security with "security: []"' : 'makes the API key optional with an empty requirement "{}"';
          out.push({
            message: `${opLabel(op)} ${how}: every request must carry the API key; remove the operation's "security" or name a scheme in it.`,
            path: [...op.path, 'security'],
          });
        } else if (!requiresKey(model.root.security)) {
          const why = Array.isArray(model.root.security) ? 'the root "security" names no scheme' : 'the document declares no "security" requirement';
          out.push({
            message: `${opLabel(op)} is not secured (${why}): add a root "security" that names the API key scheme.`,
            path: op.path,
          });
        }
      }
      return out;
    },
    options,
  ),
  fix(ctx) {
    const last = ctx.path[ctx.path.length - 1];
    const ops: FixOp[] = [];
    // An operation-level opt-out: drop it so the root requirement applies.
    if (last === 'security' && ctx.path.length > 1) ops.push({ kind: 'remove', path: ctx.path });
    if (ctx.isRoot && !requiresKey(getAt(ctx.data, ['security']))) {
      const scheme = ensureApiKeyScheme(ctx);
      ops.push(...scheme.ops, { kind: 'set', path: ['security'], value: [{ [scheme.name]: [] }] });
      // The root requirement secures every operation but those that opt out (each its own finding and fix).
      return {
        title: `Require the "${scheme.name}" security scheme on every operation`,
        ops,
        settlesRule: ctx.options.allowOptOut === true || !hasOptOut(ctx.data),
      };
    }
    return ops.length > 0 ? { title: 'Remove the security opt-out', ops } : undefined;
  },
});
