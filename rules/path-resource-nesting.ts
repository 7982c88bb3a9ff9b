import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { hasTemplate, resourceSegments } from './_lib/paths';
import { segments } from './_lib/oas';
import { defineOptions } from './_lib/options';
import { namesOneResource } from './_lib/singletons';
import { ALL_DEFAULT_VERBS, takesOnlyPost, verbOf } from './path-no-verbs';

type IdTemplate = 'any' | 'camelCase' | 'snake_case' | 'PascalCase';

export const options = defineOptions<{
  maxDepth: number | 'none';
  idTemplate: IdTemplate;
  compoundIds: string[];
  namespaces: string[];
  views: string[];
  singletons: boolean;
  actions: 'none' | 'post';
}>('path-resource-nesting', {
  maxDepth: {
    schema: { anyOf: [{ type: 'integer', minimum: 1 }, { const: 'none' }] },
    default: 'none',
    description: "The most collections a path may nest, the top one counted (/api/users/{id}/orders is 2); 'none' sets no limit.",
    example: 2,
  },
  idTemplate: {
    schema: { enum: ['any', 'camelCase', 'snake_case', 'PascalCase'] },
    default: 'any',
    description: "How an item's template is named: camelCase ({id}, {userId}), snake_case ({id}, {user_id}), PascalCase ({Sid}, {AccountSid}), or any.",
    example: 'camelCase',
  },
  compoundIds: {
    schema: { type: 'array', items: { type: 'string', pattern: '^\\{[^{}/]+\\}/\\{[^{}/]+\\}$' }, uniqueItems: true },
    default: [],
    description: 'Two templates in a row that name one item together, as written in the paths (a repository by its owner and name: {owner}/{repo}).',
    example: ['{owner}/{repo}'],
  },
  namespaces: {
    schema: { type: 'array', items: { type: 'string', pattern: '^[^{}/]+$' }, uniqueItems: true },
    default: [],
    description:
      "Segments that group collections and are none themselves (Stripe's /v1/radar/early_fraud_warnings, a /me of the caller's own): left out of the alternation and the depth.",
    example: ['radar', 'me'],
  },
  views: {
    schema: { type: 'array', items: { type: 'string', pattern: '^[^{}/]+$' }, uniqueItems: true },
    default: [],
    description:
      "Segments that name a view or a report of the collection before them, not a collection nested in it (GitHub's /gists/starred, DigitalOcean's /models/catalog, Twilio's /Records/AllTime.json), by name or with * for any characters (available-*): left out of the alternation and the depth where they follow a literal segment.",
    example: ['starred', 'catalog', 'available-*'],
  },
  singletons: {
    schema: { type: 'boolean' },
    default: false,
    description:
      "Whether a literal segment the API never follows with an item's template, and never lists or posts to, names one resource that another literal may follow (GitHub's /app/hook/config, Plaid's /asset_report/audit_copy/get).",
    example: true,
  },
  actions: {
    schema: { enum: ['none', 'post'] },
    default: 'none',
    description:
      "Where a verb may name an action instead of a collection: 'post', as the last segment of a path that takes only POST (Box's POST /groups/terminate_sessions, Asana's POST /projects/{id}/sections/insert act on what comes before them); 'none', nowhere. path-no-verbs' option of the same name.",
    example: 'post',
  },
});

const VERBS = new Set(ALL_DEFAULT_VERBS);

/** Whether path item `item`'s last segment names an action on what comes before it (the `actions: post` option). */
export function endsInAction(item: { pathKey: string; value: Record<string, unknown> }): boolean {
  if (!takesOnlyPost(item)) return false;
  const last = segments(item.pathKey).pop();
  return last !== undefined && verbOf(last, undefined, VERBS) !== undefined;
}

/** A segment as `views` names it: without a format extension (`AllTime.json`), in any case. */
export const viewName = (seg: string) => seg.replace(/\.[A-Za-z0-9]+$/, '').toLowerCase();

/** Whether a literal segment is one of the team's views: a name, or a pattern whose `*` stands for any characters. */
export function viewMatcher(views: readonly string[]): (seg: string) => boolean {
  if (views.length === 0) return () => false;
  const names = new Set(views.filter(v => !v.includes('*')).map(v => v.toLowerCase()));
  const patterns = views
    .filter(v => v.includes('*'))
    .map(
      v =>
        new RegExp(
          `^${v
            .toLowerCase()
            .split('*')
            .map(part => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        ),
    );
  return seg => {
    const name = viewName(seg);
    return names.has(name) || patterns.some(re => re.test(name));
  };
}

/** What nestingProblem judges a path by besides its segments: the team's options and what the API says of a path. */
export interface NestingSet {
  compoundIds?: readonly string[];
  namespaces?: readonly string[];
  /** The `views` option, as viewMatcher reads it. */
  isView?: (seg: string) => boolean;
  /** The singletons option: whether the resource segments up to a literal name one resource. */
  namesOne?: (prefix: readonly string[]) => boolean;
  /** Whether the last segment names an action on what comes before it (the `actions` option): left out. */
  action?: boolean;
}

/**
 * The resource segments a path is judged by, each with where it stands among all of them: the last one left out
 * when it is an action, the team's namespaces left out, and a view left out where it follows a literal (a view
 * after an {id} is a sub-resource and alternates anyway).
 */
function judgedSegments(all: readonly string[], set: NestingSet): { seg: string; at: number }[] {
  const segs = set.action ? all.slice(0, -1) : all;
  return segs.flatMap((seg, at) =>
    set.namespaces?.includes(seg) || (at > 0 && !hasTemplate(segs[at - 1]) && !hasTemplate(seg) && set.isView?.(seg)) ? [] : [{ seg, at }],
  );
}

const TEMPLATE_NAME: Record<Exclude<IdTemplate, 'any'>, { re: RegExp; like: string }> = {
  camelCase: { re: /^[a-z][a-zA-Z0-9]*$/, like: '{id}, {userId}' },
  snake_case: { re: /^[a-z][a-z0-9_]*$/, like: '{id}, {user_id}' },
  PascalCase: { re: /^[A-Z][a-zA-Z0-9]*$/, like: '{Sid}, {AccountSid}' },
};

/** The first problem of an effective path with the team's depth and template style, as a message, or undefined. */
function optionProblem(effectivePath: string, pathKey: string, o: typeof options.defaults, set: NestingSet): string | undefined {
  const segs = judgedSegments(resourceSegments(effectivePath, pathKey), set).map(k => k.seg);
  const depth = segs.filter(s => !hasTemplate(s)).length;
  if (o.maxDepth !== 'none' && depth > o.maxDepth) {
    return `Path "${effectivePath}" nests ${depth} collections: the API nests at most ${o.maxDepth}; address a deeper resource from its own collection.`;
  }
  if (o.idTemplate === 'any') return undefined;
  const style = TEMPLATE_NAME[o.idTemplate];
  for (const seg of segs) {
    for (const [, name] of seg.matchAll(/\{([^}]*)\}/g)) {
      if (!style.re.test(name)) return `Path "${effectivePath}" has the template "{${name}}": the API names item templates in ${o.idTemplate} (${style.like}).`;
    }
  }
  return undefined;
}

/**
 * The first nesting problem of an effective path (of path key `pathKey`), as a message, or undefined. See
 * resourceSegments for where the resources start, and NestingSet for what else it is judged by.
 */
export function nestingProblem(effectivePath: string, pathKey: string = effectivePath, set: NestingSet = {}): string | undefined {
  const all = resourceSegments(effectivePath, pathKey);
  // A singleton is judged on the path as written: `at` is where a kept segment stands in it.
  const kept = judgedSegments(all, set);
  const segs = kept.map(k => k.seg);
  if (segs.length > 0 && hasTemplate(segs[0])) {
    return `Path "${effectivePath}" starts with the template "${segs[0]}": an {id} identifies an item of a collection, so put the collection first (/api/<collection>/{id}).`;
  }
  for (let i = 1; i < segs.length; i++) {
    const a = hasTemplate(segs[i - 1]);
    const b = hasTemplate(segs[i]);
    if (a && b) {
      if (set.compoundIds?.includes(`${segs[i - 1]}/${segs[i]}`)) continue;
      return `Path "${effectivePath}" has two templates in a row ("${segs[i - 1]}/${segs[i]}"): name the sub-collection between them (/api/<collection>/{id}/<sub_collection>/{subId}).`;
    }
    if (!a && !b) {
      if (set.namesOne?.(all.slice(0, kept[i - 1].at + 1))) continue;
      return `Path "${effectivePath}" has two collections in a row ("${segs[i - 1]}/${segs[i]}"): a sub-collection hangs below an item of its parent (/api/<collection>/{id}/<sub_collection>).`;
    }
  }
  return undefined;
}

export default defineRule({
  id: 'path-resource-nesting',
  meta: {
    description: 'After /api[/v<n>], path segments alternate collection and {id}.',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvPathResourceNesting',
    (model, o) => {
      const out: Finding[] = [];
      const namesOne = o.singletons ? (prefix: readonly string[]) => namesOneResource(model, prefix) : undefined;
      const isView = viewMatcher(o.views);
      for (const item of model.pathItems) {
        const set: NestingSet = { compoundIds: o.compoundIds, namespaces: o.namespaces, isView, namesOne, action: o.actions === 'post' && endsInAction(item) };
        for (const eff of item.effectivePaths) {
          // One finding per path item (the first problem): they all point at its key.
          const message = nestingProblem(eff, item.pathKey, set) ?? optionProblem(eff, item.pathKey, o, set);
          if (message !== undefined) {
            out.push({ message, path: item.path });
            break;
          }
        }
      }
      return out;
    },
    options,
    'naming',
  ),
});
