import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import { segments } from './_lib/oas';
import { defineOptions } from './_lib/options';
import { versionSegmentIndexes } from './_lib/paths';

export const options = defineOptions<{ prefix: string | string[] }>('path-api-prefix', {
  prefix: {
    schema: {
      anyOf: [
        { type: 'string', pattern: '^/[^/]' },
        { type: 'array', items: { type: 'string', pattern: '^/[^/]' }, minItems: 1, uniqueItems: true },
        { const: 'auto' },
      ],
    },
    default: '/api',
    description:
      "The prefix every effective path starts with: one (/v1), a list of them (any one will do), or 'auto': the first segment most of the document's paths start with.",
    example: ['/v1', '/v2'],
  },
});

/** Whether `effectivePath` starts with `prefix` as whole segments (`/api` matches `/api` and `/api/x`, not `/apix`). */
const startsWith = (effectivePath: string, prefix: string) =>
  effectivePath === prefix || effectivePath.startsWith(prefix.endsWith('/') ? prefix : prefix + '/');

/**
 * The first segment most of the document's path items start with (their first effective path's), with its
 * count; undefined when no segment is shared by more than half of them (the document has no convention). A
 * segment counts as a prefix when it reads as one (`api`, a version such as `v1` or `2010-04-01`) or when
 * several resources hang below it: `/users` before `/users/{id}` names a resource, not a prefix.
 */
export function majorityPrefix(effectivePaths: string[]): { prefix: string; count: number } | undefined {
  const counts = new Map<string, { count: number; next: Set<string> }>();
  for (const eff of effectivePaths) {
    const [first, second] = segments(eff);
    if (first === undefined || first.includes('{')) continue;
    let c = counts.get(first);
    if (!c) counts.set(first, (c = { count: 0, next: new Set() }));
    c.count++;
    if (second !== undefined && !second.includes('{')) c.next.add(second);
  }
  let best: { prefix: string; count: number } | undefined;
  for (const [seg, c] of counts) {
    const readsAsPrefix = /^apis?$/i.test(seg) || versionSegmentIndexes([seg]).length > 0 || c.next.size > 1;
    if (readsAsPrefix && (!best || c.count > best.count)) best = { prefix: `/${seg}`, count: c.count };
  }
  return best && best.count * 2 > effectivePaths.length ? best : undefined;
}

export default defineRule({
  id: 'path-api-prefix',
  meta: {
    description: 'Every effective path (server base path + path key) starts with /api/.',
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvPathApiPrefix',
    (model, o) => {
      let prefixes: string[];
      let why: string;
      if (o.prefix === 'auto') {
        const majority = majorityPrefix(model.pathItems.map(p => p.effectivePaths[0]).filter(e => e !== undefined));
        if (!majority) return [];
        prefixes = [majority.prefix];
        why = `${majority.count} of ${model.pathItems.length} paths start with ${majority.prefix}/`;
      } else {
        prefixes = typeof o.prefix === 'string' ? [o.prefix] : o.prefix;
        why = `put resources under ${prefixes.map(p => `${p.replace(/\/$/, '')}/`).join(' or ')} (in the path or the server URL)`;
      }
      const off = (e: string) => !prefixes.some(p => startsWith(e, p));
      return model.pathItems
        .filter(p => p.effectivePaths.some(off))
        .map(p => ({
          message: `Path "${p.effectivePaths.find(off)}" does not start with ${prefixes.map(x => `${x.replace(/\/$/, '')}/`).join(' or ')}: ${why}.`,
          path: p.path,
        }));
    },
    options,
    'naming',
  ),
});
