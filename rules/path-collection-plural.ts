import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { hasTemplate, literalParts, resourceSegments } from './_lib/paths';
import { isListOperation } from './_lib/lists';
import { isAdjective, isJudgeableWord, isPlural, isPluralOrUncountable, pluralize, singularize, splitWords } from './_lib/words';
import { defineOptions } from './_lib/options';
import type { Model } from './_lib/oas';
import { ALL_DEFAULT_VERBS, verbOf } from './path-no-verbs';

const VERBS = new Set(ALL_DEFAULT_VERBS);

type Form = 'plural' | 'singular' | 'either';
type Case = 'any' | 'kebab-case' | 'snake_case' | 'camelCase' | 'PascalCase';

export const options = defineOptions<{ form: Form; case: Case }>('path-collection-plural', {
  form: {
    schema: { enum: ['plural', 'singular', 'either'] },
    default: 'plural',
    description: "The number of a collection's noun: 'plural' (/users/{id}), 'singular' (/user/{id}) or 'either' (not judged).",
    example: 'singular',
  },
  case: {
    schema: { enum: ['any', 'kebab-case', 'snake_case', 'camelCase', 'PascalCase'] },
    default: 'any',
    description:
      "How a collection segment is written: 'kebab-case' (payment-intents), 'snake_case' (payment_intents), 'camelCase' (paymentIntents), 'PascalCase' (PaymentIntents, Accounts), or 'any'.",
    example: 'snake_case',
  },
});

/** A segment's words (a file extension such as `.json` left out) written in `style`. */
function inCase(segment: string, style: Exclude<Case, 'any'>): string {
  const words = splitWords(segment.replace(/\.[A-Za-z0-9]+$/, ''));
  if (style === 'kebab-case') return words.join('-');
  if (style === 'snake_case') return words.join('_');
  const capital = (w: string) => w[0].toUpperCase() + w.slice(1);
  if (style === 'PascalCase') return words.map(capital).join('');
  return words.map((w, i) => (i === 0 ? w : capital(w))).join('');
}

/** Whether a segment is written in `style`: in Pascal case an acronym keeps its capitals (`SIP`, `IPAddresses`). */
function writtenIn(literal: string, style: Exclude<Case, 'any'>): boolean {
  return style === 'PascalCase' ? /^[A-Z][A-Za-z0-9]*$/.test(literal) : inCase(literal, style) === literal;
}

/** What is wrong with the name of collection segment `segment` of effective path `eff`, or undefined. */
function namingProblem(segment: string, eff: string, next: string | undefined, o: { form: Form; case: Case }): string | undefined {
  // An action (`findByStatus`, `cancel`) is no collection name: path-no-verbs reports it.
  if (verbOf(segment, next, VERBS) !== undefined) return undefined;
  const literal = segment.replace(/\.[A-Za-z0-9]+$/, '');
  if (o.case !== 'any' && literalParts(segment).length === 1 && /^[A-Za-z0-9_-]+$/.test(literal) && !writtenIn(literal, o.case)) {
    return `Collection segment "${segment}" of "${eff}" is not ${o.case}: write it "${inCase(segment, o.case)}".`;
  }
  if (o.form === 'either') return undefined;
  const noun = headNoun(segment);
  // An adjective (`Sick`, `Local`) names a kind, not a collection of things: not asked for a number.
  if (noun === undefined || !isJudgeableWord(noun) || isAdjective(noun)) return undefined;
  if (o.form === 'plural' && !isPluralOrUncountable(noun)) {
    return `Collection segment "${segment}" of "${eff}" is not a plural noun: name collections in the plural ("${noun}" → "${pluralize(noun)}").`;
  }
  if (o.form === 'singular' && isPlural(noun)) {
    return `Collection segment "${segment}" of "${eff}" is a plural noun: name collections in the singular ("${noun}" → "${singularize(noun)}").`;
  }
  return undefined;
}

/** The noun a segment ends with: `payment_intents` → `intents`, `Calls.json` → `calls`. */
export function headNoun(segment: string): string | undefined {
  const parts = literalParts(segment.replace(/\.[A-Za-z0-9]+$/, ''));
  if (parts.length !== 1) return undefined;
  const words = splitWords(parts[0]);
  // `codes_of_conduct`, `terms-of-service`: the head noun comes before "of".
  const of = words.indexOf('of');
  return of > 0 ? words[of - 1] : words[words.length - 1];
}

/** Whether segment `i` of a path's resource segments names a collection: it comes before an {id}, or ends a list path. */
function isCollectionAt(segs: string[], i: number, listPath: boolean): boolean {
  return !hasTemplate(segs[i]) && ((i + 1 < segs.length && hasTemplate(segs[i + 1])) || (i === segs.length - 1 && listPath));
}

const listPathsOf = (model: Model) => new Set(model.operations.filter(op => isListOperation(op, model)).map(op => op.pathKey));

/** The collection segments of a document's paths, as the rule judges them (actions such as `cancel` left out): what init --infer reads the case from. */
export function collectionSegments(model: Model): string[] {
  const listPaths = listPathsOf(model);
  const out: string[] = [];
  for (const item of model.pathItems)
    for (const eff of item.effectivePaths) {
      const segs = resourceSegments(eff, item.pathKey);
      for (let i = 0; i < segs.length; i++)
        if (isCollectionAt(segs, i, listPaths.has(item.pathKey)) && verbOf(segs[i], segs[i + 1], VERBS) === undefined) out.push(segs[i]);
    }
  return out;
}

export default defineRule({
  id: 'path-collection-plural',
  meta: {
    description: 'Collection segments (before an {id}, or ending a list path) are plural nouns.',
    severity: 'info',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  options,
  spectral: modelRule(
    'apiconvPathCollectionPlural',
    (model, o) => {
      const out: Finding[] = [];
      const listPaths = listPathsOf(model);
      for (const item of model.pathItems) {
        let message: string | undefined;
        for (const eff of item.effectivePaths) {
          const segs = resourceSegments(eff, item.pathKey);
          for (let i = 0; i < segs.length && message === undefined; i++) {
            if (isCollectionAt(segs, i, listPaths.has(item.pathKey))) message = namingProblem(segs[i], eff, segs[i + 1], o);
          }
          if (message !== undefined) break;
        }
        if (message !== undefined) out.push({ message, path: item.path });
      }
      return out;
    },
    options,
    'naming',
  ),
});
