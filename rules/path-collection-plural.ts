import { defineRule } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { hasTemplate, isRpcMethod, literalParts, resourceSegments } from './_lib/paths';
import { isListOperation } from './_lib/lists';
import { isAdjective, isJudgeableWord, isPlural, isPluralOrUncountable, pluralize, singularize, splitWords } from './_lib/words';
import { defineOptions } from './_lib/options';
import type { Model } from './_lib/oas';
import { bump, majorityOf, perModel, type Tally } from './_lib/majority';
import { ALL_DEFAULT_VERBS, verbOf } from './path-no-verbs';
import { hasItemsBelow } from './_lib/singletons';

const VERBS = new Set(ALL_DEFAULT_VERBS);

type Form = 'plural' | 'singular' | 'either';
type Case = 'any' | 'kebab-case' | 'snake_case' | 'camelCase' | 'PascalCase';
const CASES = ['kebab-case', 'snake_case', 'camelCase', 'PascalCase'] as const;

export const options = defineOptions<{ form: Form | 'auto'; case: Case | 'auto'; reports: boolean }>('path-collection-plural', {
  form: {
    schema: { enum: ['plural', 'singular', 'either', 'auto'] },
    default: 'plural',
    description:
      "The number of a collection's noun: 'plural' (/users/{id}), 'singular' (/user/{id}), 'either' (not judged), or 'auto': the number most of the document's collection names have.",
    example: 'singular',
  },
  case: {
    schema: { enum: ['any', ...CASES, 'auto'] },
    default: 'any',
    description:
      "How a collection segment is written: 'kebab-case' (payment-intents), 'snake_case' (payment_intents), 'camelCase' (paymentIntents), 'PascalCase' (PaymentIntents, Accounts), 'any', or 'auto': the case most of the document's collection names that show one are written in.",
    example: 'snake_case',
  },
  reports: {
    schema: { type: 'boolean' },
    default: false,
    description:
      "Whether the last segment of a list path that the API never follows with an item's template names a report or a view of what comes before it, not a collection, and is not judged (GitHub's /stats/code_frequency, Twilio's /Usage/Records/Yesterday.json, Spotify's /me/player/queue); a segment before an {id} is still judged.",
    example: true,
  },
});

/** The options a check runs with: `auto` settled by the document's majority, with the counts a message quotes. */
interface Naming {
  form: Form;
  case: Case;
  /** Why the form (the case) is what it is, when `auto` chose it: "40 of 43 collection names are plural". */
  formWhy?: string;
  caseWhy?: string;
}

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
function namingProblem(segment: string, eff: string, next: string | undefined, o: Naming): string | undefined {
  // An action (`findByStatus`, `cancel`) is no collection name: path-no-verbs reports it.
  if (verbOf(segment, next, VERBS) !== undefined) return undefined;
  const literal = segment.replace(/\.[A-Za-z0-9]+$/, '');
  if (o.case !== 'any' && literalParts(segment).length === 1 && /^[A-Za-z0-9_-]+$/.test(literal) && !writtenIn(literal, o.case)) {
    const why = o.caseWhy === undefined ? '' : ` (${o.caseWhy})`;
    return `Collection segment "${segment}" of "${eff}" is not ${o.case}${why}: write it "${inCase(segment, o.case)}".`;
  }
  if (o.form === 'either') return undefined;
  const noun = judgedNoun(segment);
  if (noun === undefined) return undefined;
  if (o.form === 'plural' && !isPluralOrUncountable(noun)) {
    return o.formWhy === undefined
      ? `Collection segment "${segment}" of "${eff}" is not a plural noun: name collections in the plural ("${noun}" → "${pluralize(noun)}").`
      : `Collection segment "${segment}" of "${eff}" is singular, but ${o.formWhy}: name it in the plural ("${noun}" → "${pluralize(noun)}").`;
  }
  if (o.form === 'singular' && isPlural(noun)) {
    return o.formWhy === undefined
      ? `Collection segment "${segment}" of "${eff}" is a plural noun: name collections in the singular ("${noun}" → "${singularize(noun)}").`
      : `Collection segment "${segment}" of "${eff}" is plural, but ${o.formWhy}: name it in the singular ("${noun}" → "${singularize(noun)}").`;
  }
  return undefined;
}

/** The head noun whose number is judged, or undefined: an adjective (`Sick`, `Local`) names a kind, not a collection of things. */
function judgedNoun(segment: string): string | undefined {
  const noun = headNoun(segment);
  return noun === undefined || !isJudgeableWord(noun) || isAdjective(noun) ? undefined : noun;
}

/** The number a collection name shows: a mass noun or an irregular word without a plural (`data`, `health`) shows none. */
function formOf(segment: string): 'plural' | 'singular' | undefined {
  const noun = judgedNoun(segment);
  if (noun === undefined) return undefined;
  if (isPlural(noun)) return 'plural';
  return isPluralOrUncountable(noun) ? undefined : 'singular';
}

/**
 * The case a collection segment shows it is written in: one of several words has one (`payment_intents`), one
 * capitalized word is Pascal case (`Accounts`); a lower-case single word (`users`) fits any and shows none.
 */
function caseOf(segment: string): Exclude<Case, 'any'> | undefined {
  const literal = segment.replace(/\.[A-Za-z0-9]+$/, '');
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(literal)) return undefined;
  if (literal.includes('-')) return 'kebab-case';
  if (literal.includes('_')) return 'snake_case';
  if (/^[A-Z]/.test(literal)) return 'PascalCase';
  if (/[a-z][A-Z]/.test(literal)) return 'camelCase';
  return undefined;
}

/** Each distinct collection name of the document once, by what `show` says of it (names that show nothing left out). */
function collectionTally(show: (segment: string) => string | undefined, what: string): (model: Model) => Tally {
  return perModel(model => {
    const counts = new Map<string, number>();
    let total = 0;
    for (const seg of new Set(collectionSegments(model))) {
      const shown = show(seg);
      if (shown === undefined) continue;
      total++;
      bump(counts, shown);
    }
    return { counts, total, what };
  });
}

/** The numbers of the document's collection names (plural, singular): what `form: auto` takes the majority of. */
export const collectionFormTally = collectionTally(formOf, 'collection names');
/** The cases of the document's collection names that show one: what `case: auto` and init --infer take the majority of. */
export const collectionCaseTally = collectionTally(caseOf, 'collection names of several words or capitalized');

/** The options with `auto` settled by the document's majority; an `auto` without one judges nothing of its kind. */
function settle(model: Model, o: { form: Form | 'auto'; case: Case | 'auto' }): Naming {
  const out: Naming = { form: o.form === 'auto' ? 'either' : o.form, case: o.case === 'auto' ? 'any' : o.case };
  if (o.form === 'auto') {
    const t = collectionFormTally(model);
    const top = majorityOf(t);
    if (top !== undefined) Object.assign(out, { form: top.value, formWhy: `${top.count} of the document's ${t.total} ${t.what} are ${top.value}` });
  }
  if (o.case === 'auto') {
    const t = collectionCaseTally(model);
    const top = majorityOf(t);
    if (top !== undefined) Object.assign(out, { case: top.value, caseWhy: `as ${top.count} of the document's ${t.total} ${t.what} are` });
  }
  return out;
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

/**
 * Whether segment `i` of a path's resource segments names a collection: it comes before an {id}, or ends a list path.
 * An RPC method (Slack's `team.accessLogs`) names none: its first word is a family of methods, not a collection.
 */
function isCollectionAt(segs: string[], i: number, listPath: boolean): boolean {
  return !hasTemplate(segs[i]) && !isRpcMethod(segs[i]) && ((i + 1 < segs.length && hasTemplate(segs[i + 1])) || (i === segs.length - 1 && listPath));
}

/** Whether segment `i`, the last, ends a list that the API never names an item of (the `reports` option). */
function isReportAt(model: Model, segs: string[], i: number): boolean {
  return i === segs.length - 1 && !hasItemsBelow(model, segs);
}

const listPathsOf = (model: Model) => new Set(model.operations.filter(op => isListOperation(op, model)).map(op => op.pathKey));

/**
 * The document's singular collection names (distinct), and of them those that only end a list with no item below it
 * (`stats/code_frequency`): what init --infer sets `reports` from.
 */
export const singularReports = perModel(model => {
  const listPaths = listPathsOf(model);
  const singular = new Set<string>();
  const judgedElsewhere = new Set<string>();
  const reports = new Map<string, string>();
  for (const item of model.pathItems)
    for (const eff of item.effectivePaths) {
      const segs = resourceSegments(eff, item.pathKey);
      for (let i = 0; i < segs.length; i++) {
        if (!isCollectionAt(segs, i, listPaths.has(item.pathKey)) || verbOf(segs[i], segs[i + 1], VERBS) !== undefined) continue;
        if (formOf(segs[i]) !== 'singular') continue;
        singular.add(segs[i]);
        if (isReportAt(model, segs, i)) reports.set(segs[i], eff);
        else judgedElsewhere.add(segs[i]);
      }
    }
  for (const seg of judgedElsewhere) reports.delete(seg);
  return { singular: singular.size, reports: [...reports.values()] };
});

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
    (model, set) => {
      const o = settle(model, set);
      if (o.form === 'either' && o.case === 'any') return [];
      const out: Finding[] = [];
      const listPaths = listPathsOf(model);
      for (const item of model.pathItems) {
        let message: string | undefined;
        for (const eff of item.effectivePaths) {
          const segs = resourceSegments(eff, item.pathKey);
          for (let i = 0; i < segs.length && message === undefined; i++) {
            if (!isCollectionAt(segs, i, listPaths.has(item.pathKey))) continue;
            if (set.reports && isReportAt(model, segs, i)) continue;
            message = namingProblem(segs[i], eff, segs[i + 1], o);
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
