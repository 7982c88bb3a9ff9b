/** The path conventions an API follows (engine/infer.ts): its prefix, collection case, actions and version format (its nesting: inferNesting.ts). */
import { segments, type Model } from '../../../rules/_lib/oas';
import { ALL_DEFAULT_VERBS, takesOnlyPost, verbOf } from '../../../rules/path-no-verbs';
import { collectionCaseTally, collectionFormTally, singularReports } from '../../../rules/path-collection-plural';
import { majorityPrefix } from '../../../rules/path-api-prefix';
import { versionFormatTally } from '../../../rules/version-path-format';
import { majorityOf, sumTallies, tallyText } from '../../../rules/_lib/majority';
import { hasTemplate, resourceSegments } from '../../../rules/_lib/paths';
import { bump, ranked_, tally, type Inference } from './inferTally';

export function inferPrefix(models: Model[]): Inference | undefined {
  const effective = models.flatMap(m => m.pathItems.map(p => p.effectivePaths[0]).filter((e): e is string => e !== undefined));
  if (effective.length === 0) return undefined;
  const majority = majorityPrefix(effective);
  if (majority?.prefix === '/api') return undefined;
  if (majority)
    return {
      rule: 'path-api-prefix',
      options: { prefix: majority.prefix },
      evidence: [`${majority.prefix}/ starts ${majority.count} of ${effective.length} paths`],
    };
  const firsts = new Map<string, number>();
  for (const e of effective) bump(firsts, `/${e.split('/').filter(s => s !== '')[0] ?? ''}`);
  const [top] = ranked_(firsts);
  return {
    rule: 'path-api-prefix',
    off: true,
    evidence: [`no prefix: no first segment is shared by more than half of the ${effective.length} paths (the most common, ${top[0]}, starts ${top[1]})`],
  };
}

/** The case most collection segments (those path-collection-plural judges) that show one are written in, when more than half do. */
export function inferCollectionCase(models: Model[]): Inference | undefined {
  const t = sumTallies(models.map(collectionCaseTally));
  const top = majorityOf(t);
  if (top === undefined) return undefined;
  return { rule: 'path-collection-plural', options: { case: top.value }, evidence: [`collection segments: ${tallyText(t)}`] };
}

/** Fewer collection names than this say too little of a number to set it. */
const FORM_MIN_NAMES = 4;

/**
 * The number the API's collection names are in (those that show one: `data` or `health` show none): singular when
 * most are, `either` when neither number has a majority (a split API holds none to the other). A plural majority
 * is the seed's default and needs no option.
 */
export function inferCollectionForm(models: Model[]): Inference | undefined {
  const t = sumTallies(models.map(collectionFormTally));
  if (t.total < FORM_MIN_NAMES) return undefined;
  const top = majorityOf(t);
  if (top?.value === 'plural') return undefined;
  return {
    rule: 'path-collection-plural',
    options: { form: top?.value ?? 'either' },
    evidence: [`collection names: ${tallyText(t)}${top === undefined ? ' (no number is kept by more than half)' : ''}`],
  };
}

/**
 * Whether the API's singular names that end a list are reports or views of what comes before them (GitHub's
 * /stats/code_frequency, Twilio's /Usage/Records/Yesterday.json): at least three, and a quarter, of its singular
 * collection names end a list and never have an item below them, which is then a practice rather than an oddity (as
 * method-path-fit's kinds of path are inferred). The singular names that have items stay what the rule reports.
 */
export function inferReports(models: Model[]): Inference | undefined {
  const found = models.map(singularReports);
  const singular = found.reduce((n, f) => n + f.singular, 0);
  const reports = found.flatMap(f => f.reports);
  if (reports.length < 3 || reports.length * 4 < singular) return undefined;
  return {
    rule: 'path-collection-plural',
    options: { reports: true },
    evidence: [
      `singular collection names: ${reports.length} of ${singular} only end a list with no item below them (a report or a view), as ${reports.slice(0, 2).join(' and ')}`,
    ],
  };
}

/**
 * Whether the API names its actions with a verb ending a POST-only path (POST /invoices/{id}/pay): most of the
 * path items with a verb in them have it there. A verb elsewhere stays what path-no-verbs reports.
 */
export function inferActions(models: Model[]): Inference | undefined {
  const verbs = new Set(ALL_DEFAULT_VERBS);
  let actions = 0;
  let others = 0;
  for (const m of models)
    for (const item of m.pathItems) {
      const segs = segments(item.pathKey);
      const at = segs.map((seg, i) => verbOf(seg, segs[i + 1], verbs) !== undefined).flatMap((v, i) => (v ? [i] : []));
      if (at.length === 0) continue;
      if (at.length === 1 && at[0] === segs.length - 1 && takesOnlyPost(item)) actions++;
      else others++;
    }
  if (actions * 2 <= actions + others) return undefined;
  return {
    rule: 'path-no-verbs',
    options: { actions: 'post' },
    evidence: [`a verb ends a POST-only path in ${actions} of ${actions + others} paths with a verb (an action on what comes before it)`],
  };
}

/**
 * Verbs that name a group of paths rather than an action (Spotify's /browse/categories, Plaid's /protect/compute):
 * a verb that starts at least two paths which go on with a literal segment, and ends none. path-no-verbs' allowed.
 */
export function inferVerbGroups(models: Model[]): Inference | undefined {
  const verbs = new Set(ALL_DEFAULT_VERBS);
  const groups = new Map<string, number>();
  const ending = new Set<string>();
  for (const m of models)
    for (const item of m.pathItems) {
      const segs = resourceSegments(item.effectivePaths[0] ?? item.pathKey, item.pathKey);
      const verb = segs.length > 0 ? verbOf(segs[0], segs[1], verbs) : undefined;
      if (verb === undefined || verb !== segs[0].toLowerCase()) continue;
      if (segs.length === 1) ending.add(verb);
      else if (!hasTemplate(segs[1])) bump(groups, verb);
    }
  const allowed = [...groups]
    .filter(([verb, n]) => n >= 2 && !ending.has(verb))
    .map(([verb]) => verb)
    .sort();
  if (allowed.length === 0) return undefined;
  return {
    rule: 'path-no-verbs',
    options: { allowed },
    evidence: [`verbs that start a group of paths, never an action: ${allowed.map(v => `${v} (${groups.get(v)} paths)`).join(', ')}`],
  };
}

/** The format most path items write their version segment in (`v1`, `2010-04-01`, `1.0`). */
export function inferVersionFormat(models: Model[]): Inference | undefined {
  const { counts, total, what } = sumTallies(models.map(versionFormatTally));
  const [top] = ranked_(counts);
  if (top === undefined || top[0] === 'v<n>' || top[0] === 'other' || top[1] * 2 <= total) return undefined;
  return { rule: 'version-path-format', options: { formats: [top[0]] }, evidence: [`version segments: ${tally(counts, total, what)}`] };
}
