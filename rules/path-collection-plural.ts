import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { hasTemplate, literalParts, resourceSegments } from './_lib/paths';
import { isListOperation } from './_lib/lists';
import { isAdjective, isJudgeableWord, isPluralOrUncountable, pluralize, splitWords } from './_lib/words';
import { ALL_DEFAULT_VERBS, verbOf } from './path-no-verbs';

const VERBS = new Set(ALL_DEFAULT_VERBS);

/** The noun a segment ends with: `payment_intents` → `intents`, `Calls.json` → `calls`. */
export function headNoun(segment: string): string | undefined {
  const parts = literalParts(segment.replace(/\.[A-Za-z0-9]+$/, ''));
  if (parts.length !== 1) return undefined;
  const words = splitWords(parts[0]);
  // `codes_of_conduct`, `terms-of-service`: the head noun comes before "of".
  const of = words.indexOf('of');
  return of > 0 ? words[of - 1] : words[words.length - 1];
}

export default defineRule({
  id: 'path-collection-plural',
  meta: {
    description: 'Collection segments (before an {id}, or ending a list path) are plural nouns.',
    severity: 'info',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvPathCollectionPlural', model => {
    const out: Finding[] = [];
    const listPaths = new Set(model.operations.filter(op => isListOperation(op, model)).map(op => op.pathKey));
    for (const item of model.pathItems) {
      let found: Finding | undefined;
      for (const eff of item.effectivePaths) {
        const segs = resourceSegments(eff, item.pathKey);
        for (let i = 0; i < segs.length && !found; i++) {
          if (hasTemplate(segs[i])) continue;
          const isCollection = (i + 1 < segs.length && hasTemplate(segs[i + 1])) || (i === segs.length - 1 && listPaths.has(item.pathKey));
          if (!isCollection) continue;
          // An action (`findByStatus`, `cancel`) is no collection name: path-no-verbs reports it.
          if (verbOf(segs[i], segs[i + 1], VERBS) !== undefined) continue;
          const noun = headNoun(segs[i]);
          // An adjective (`Sick`, `Local`) names a kind, not a collection of things: not asked for a plural.
          if (noun === undefined || !isJudgeableWord(noun) || isAdjective(noun) || isPluralOrUncountable(noun)) continue;
          found = {
            message: `Collection segment "${segs[i]}" of "${eff}" is not a plural noun: name collections in the plural ("${noun}" → "${pluralize(noun)}").`,
            path: item.path,
          };
        }
        if (found) break;
      }
      if (found) out.push(found);
    }
    return out;
  }),
});
