import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { hasTemplate, resourceSegments } from './_lib/paths';

/** The first nesting problem of an effective path (of path key `pathKey`), as a message, or undefined. See resourceSegments for where the resources start. */
export function nestingProblem(effectivePath: string, pathKey: string = effectivePath): string | undefined {
  const segs = resourceSegments(effectivePath, pathKey);
  if (segs.length > 0 && hasTemplate(segs[0])) {
    return `Path "${effectivePath}" starts with the template "${segs[0]}": an {id} identifies an item of a collection, so put the collection first (/api/<collection>/{id}).`;
  }
  for (let i = 1; i < segs.length; i++) {
    const a = hasTemplate(segs[i - 1]);
    const b = hasTemplate(segs[i]);
    if (a && b) {
      return `Path "${effectivePath}" has two templates in a row ("${segs[i - 1]}/${segs[i]}"): name the sub-collection between them (/api/<collection>/{id}/<sub_collection>/{subId}).`;
    }
    if (!a && !b) {
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
  spectral: modelRule('apiconvPathResourceNesting', model => {
    const out: Finding[] = [];
    for (const item of model.pathItems) {
      for (const eff of item.effectivePaths) {
        const message = nestingProblem(eff, item.pathKey);
        if (message !== undefined) {
          out.push({ message, path: item.path });
          break;
        }
      }
    }
    return out;
  }),
});
