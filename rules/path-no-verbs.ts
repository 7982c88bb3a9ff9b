import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { isTemplate, segments } from './_lib/oas';
import { literalParts } from './_lib/paths';
import { DEFAULT_VERBS, isAdjective, isPlural, splitWords } from './_lib/words';
import { LEXICON_VERBS } from './_lib/lexicon-words';
import { defineOptions, names } from './_lib/options';

/** The default verbs: the hand-kept action verbs and the verb-only words of a part-of-speech lexicon (see _lib/gen-verbs.mjs). */
export const ALL_DEFAULT_VERBS: readonly string[] = [...new Set([...DEFAULT_VERBS, ...LEXICON_VERBS])];

export interface PathNoVerbsOptions {
  verbs: string[] | null;
  extraVerbs: string[];
  allowed: string[];
  actions: 'none' | 'post';
}

export const options = defineOptions<PathNoVerbsOptions>('path-no-verbs', {
  verbs: {
    schema: { anyOf: [names, { type: 'null' }] },
    default: null,
    description: "Replaces the default verb list (the hand-kept list and the lexicon's verbs); null keeps it.",
    example: ['get', 'create', 'delete'],
  },
  extraVerbs: { schema: names, default: [], description: 'Verbs added to the list.', example: ['search', 'login'] },
  allowed: { schema: names, default: [], description: 'Words never flagged (a resource of yours that reads as a verb).', example: ['reset'] },
  actions: {
    schema: { enum: ['none', 'post'] },
    default: 'none',
    description:
      "Where a verb may name an action: 'post', as the last segment of a path that takes only POST (POST /invoices/{id}/pay, POST /accounts/get); 'none', nowhere.",
    example: 'post',
  },
});

/**
 * A path that takes no method but POST: an action on what comes before its last segment, when the API models actions
 * so. A path item with no operation yet (Plaid's `/transactions/recurring/deactivate: {}`) takes none other either.
 */
export const takesOnlyPost = (item: { value: Record<string, unknown> }) => Object.keys(item.value).every(k => !HTTP_METHODS.has(k) || k === 'post');
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

/** Verbs that are just as often nouns: a one-word segment right before a `{param}` names a collection (`/post/{id}`). */
const ALSO_NOUNS = new Set([
  'post',
  'set',
  'list',
  'call',
  'run',
  'copy',
  'change',
  'process',
  'move',
  'mark',
  'clone',
  'duplicate',
  'patch',
  'lookup',
  'drop',
  'read',
  'send',
  'new',
]);

const NOUN_COMPOUNDS = new Set([
  'add on',
  'add ons',
  'set up',
  'run time',
  'make up',
  'clear text',
  'read only',
  'copy right',
  'drop down',
  'check out',
  'post code',
  'post office',
  'change event',
  'change events',
  'change log',
  'change logs',
  'change set',
  'change sets',
  'change request',
  'change requests',
]);

export function verbOf(segment: string, next: string | undefined, verbs: Set<string>): string | undefined {
  for (const part of literalParts(segment)) {
    const w = splitWords(part);
    if (w.length === 0 || !verbs.has(w[0])) continue;
    // Compound nouns: add-on, set-up, run-time…
    if (w.length > 1 && NOUN_COMPOUNDS.has(`${w[0]} ${w[1]}`)) continue;
    // An adjective before a plural noun names things of a kind (Spotify's /browse/new-releases), not an action.
    if (w.length > 1 && isAdjective(w[0]) && isPlural(w[1])) continue;
    if (w.length === 1 && next !== undefined && isTemplate(next) && ALSO_NOUNS.has(w[0])) continue;
    return w[0];
  }
  return undefined;
}

export default defineRule({
  id: 'path-no-verbs',
  meta: {
    description: 'No path segment is, or starts with, an action verb (getUsers, create-order, /users/{id}/activate).',
    severity: 'error',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvPathNoVerbs',
    (model, options) => {
      const allowed = new Set(options.allowed.map(w => w.toLowerCase()));
      const verbs = new Set([...(options.verbs ?? ALL_DEFAULT_VERBS), ...options.extraVerbs].map(w => w.toLowerCase()).filter(w => !allowed.has(w)));
      const out: Finding[] = [];
      for (const item of model.pathItems) {
        const segs = segments(item.pathKey);
        const action = options.actions === 'post' && takesOnlyPost(item) ? segs.length - 1 : -1;
        for (let i = 0; i < segs.length; i++) {
          if (i === action) continue;
          const verb = verbOf(segs[i], segs[i + 1], verbs);
          if (verb === undefined) continue;
          out.push({
            message: `Path segment "${segs[i]}" is the action verb "${verb}": name the resource with a noun and let the HTTP method say the action (e.g. GET /api/users instead of /api/getUsers; POST /api/users/{id}/activations instead of /api/users/{id}/activate).`,
            path: item.path,
          });
          break;
        }
      }
      return out;
    },
    options,
    'naming',
  ),
});
