/** The list conventions an API follows (engine/infer.ts): its list parameters' names, how its lists are paged and bounded. */
import { resolveLocal, responseHeaderNames, type Model } from '../../../rules/_lib/oas';
import { LIST_PARAMS, conventionalName, isListOperation, listParamKind, queryParams, returnsPage, type ListParam } from '../../../rules/_lib/lists';
import { isBounded } from '../../../rules/list-pagination';
import { listParamNameTallies } from '../../../rules/list-param-names';
import { sumTallies } from '../../../rules/_lib/majority';
import { bump, defaultOption, ranked_, tally, type Inference } from './inferTally';

export function inferListNames(models: Model[]): Inference | undefined {
  const tallies = models.map(listParamNameTallies);
  const lists = tallies.reduce((n, t) => n + t.lists, 0);
  const defaults = defaultOption('list-param-names', 'names') as Record<ListParam, string>;
  const names: Record<string, string> = { ...defaults };
  const evidence: string[] = [];
  let changed = false;
  for (const kind of LIST_PARAMS) {
    const { counts } = sumTallies(tallies.map(t => t.byKind[kind]));
    if (counts.size === 0) continue;
    const ranked = ranked_(counts);
    const tied = ranked.length > 1 && ranked[0][1] === ranked[1][1];
    evidence.push(`${kind}: ${tally(counts, lists, 'list operations')}${tied ? ' (a tie: the default stays)' : ''}`);
    if (tied || ranked[0][0] === defaults[kind]) continue;
    names[kind] = ranked[0][0];
    changed = true;
  }
  return changed ? { rule: 'list-param-names', options: { names }, evidence } : undefined;
}

/** What each paging parameter is called in APIs, by role (list-pagination's names): any case. */
const PAGING_ROLES: Record<'page' | 'limit' | 'offset' | 'cursor', (name: string) => boolean> = {
  page: n => listParamKind(n) === 'page',
  limit: n => listParamKind(n) === 'limit',
  offset: n => /^(offset|skip|start|start_?index)$/i.test(n),
  cursor: n =>
    /^(cursor|after|before|starting_?after|ending_?before|marker|page_?token|next_?token|continuation_?token|next_?cursor|next_?page_?token)$/i.test(n),
};

type PagingRole = keyof typeof PAGING_ROLES;

const STYLE_ROLES: Record<'page' | 'offset' | 'cursor', PagingRole> = { page: 'page', offset: 'offset', cursor: 'cursor' };

/**
 * How most of the API's list operations are paged (list-pagination's styles and names): the style most paged
 * lists use, when more than half of them do, each of its parameters under the name most of them give it. The
 * lists paged otherwise, or not at all, are what the rule reports; off when most lists are not paged at all. The
 * lists bounded by what they require (`bounds`) are left out.
 */
export function inferPagination(models: Model[], bounds: Inference | undefined): Inference | undefined {
  const boundedBy = (bounds?.options?.boundedBy ?? []) as string[];
  const styles = new Map<string, number>();
  const names: Record<PagingRole, Map<string, number>> = { page: new Map(), limit: new Map(), offset: new Map(), cursor: new Map() };
  let lists = 0;
  let paged = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (!isListOperation(op, m) || isBounded(op, boundedBy)) continue;
      lists++;
      const params = [...new Set(queryParams(op).map(p => p.name))];
      const named = (role: PagingRole) => params.filter(PAGING_ROLES[role]);
      const met: string[] = [];
      if (named('limit').length > 0) for (const [style, role] of Object.entries(STYLE_ROLES)) if (named(role).length > 0) met.push(style);
      if (responseHeaderNames(resolveLocal(m.root, op.responses?.['200'])).includes('link')) met.push('link');
      if (met.length === 0) continue;
      paged++;
      for (const style of met) bump(styles, style);
      for (const role of Object.keys(names) as PagingRole[]) for (const n of named(role)) bump(names[role], n);
    }
  // The seed's lists "may take" page and limit: an API that pages fewer than half of its lists does not page them.
  if (lists >= 3 && paged * 2 < lists) return { rule: 'list-pagination', off: true, evidence: [`${paged} of ${lists} list operations are paged`] };
  const [top] = ranked_(styles);
  if (top === undefined || top[1] * 2 <= paged) return undefined;
  // A tie with the seed's style (lists that take a page and a page token) keeps the seed's.
  const style = styles.get('page') === top[1] ? 'page' : top[0];
  const defaults = defaultOption('list-pagination', 'names') as Record<PagingRole, string>;
  const chosen: Record<string, string> = {};
  if (style !== 'link')
    for (const role of [STYLE_ROLES[style as keyof typeof STYLE_ROLES], 'limit'] as PagingRole[]) {
      const [name] = ranked_(names[role]);
      // The seed's names accept their known others (per_page for limit): a majority of those needs no option.
      if (name !== undefined && name[0] !== defaults[role] && conventionalName(name[0]) !== defaults[role]) chosen[role] = name[0];
    }
  if (style === 'page' && Object.keys(chosen).length === 0) return undefined;
  const evidence = [`paged lists: ${tally(styles, paged, `paged list operations (of ${lists})`)}`];
  for (const role of Object.keys(chosen)) evidence.push(`${role}: ${tally(names[role as PagingRole], paged, 'paged list operations')}`);
  return { rule: 'list-pagination', options: { styles: [style], ...(Object.keys(chosen).length > 0 ? { names: chosen } : {}) }, evidence };
}

/** Names of a required query parameter that bounds a list: the ids looked up (`ids`, `user_ids`), a time window. */
const BOUNDING = /^(ids|\w+_ids|\w+Ids|start|end|from|to|since|until|start_?(time|date)|end_?(time|date)|(start|end)(Time|Date))$/;

/**
 * The required query parameters that bound the API's unpaged lists (list-pagination's boundedBy): a GET that
 * looks items up by the ids it is given (Spotify's GET /albums?ids=…) or reads a time window of metrics returns
 * what was asked for, not a collection to page through. A name counts when at least two unpaged lists require
 * it and no paged one does.
 */
export function inferBoundedLists(models: Model[]): Inference | undefined {
  const unpaged = new Map<string, number>();
  const onPaged = new Set<string>();
  let lists = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (!isListOperation(op, m)) continue;
      lists++;
      const params = queryParams(op);
      const paged = params.some(p => Object.values(PAGING_ROLES).some(role => role(p.name)));
      for (const p of new Set(params.filter(p => p.value.required === true && BOUNDING.test(p.name)).map(p => p.name))) {
        if (paged) onPaged.add(p);
        else bump(unpaged, p);
      }
    }
  const names = ranked_(unpaged)
    .filter(([n, c]) => c >= 2 && !onPaged.has(n))
    .map(([n]) => n)
    .sort();
  if (names.length === 0) return undefined;
  return {
    rule: 'list-pagination',
    options: { boundedBy: names },
    evidence: [`unpaged lists that require a bound: ${tally(new Map(names.map(n => [n, unpaged.get(n)!])), lists, 'list operations')}`],
  };
}

/**
 * Whether the API's lists that are not paged are whole lists (list-pagination's wholeLists): its paged lists answer
 * with a page (a body with total, next, offset…), at least three and most of them, and some unpaged ones answer with
 * no page at all (Spotify's top tracks of an artist, its markets): a list of a fixed size, not one left unpaged.
 */
export function inferWholeLists(models: Model[], bounds: Inference | undefined): Inference | undefined {
  const boundedBy = (bounds?.options?.boundedBy ?? []) as string[];
  let paged = 0;
  let pages = 0;
  let whole = 0;
  for (const m of models)
    for (const op of m.operations) {
      if (!isListOperation(op, m) || isBounded(op, boundedBy)) continue;
      const page = returnsPage(op, m);
      if (queryParams(op).some(p => Object.values(PAGING_ROLES).some(role => role(p.name)))) {
        paged++;
        if (page) pages++;
      } else if (!page) whole++;
    }
  if (pages < 3 || pages * 2 <= paged || whole === 0) return undefined;
  return {
    rule: 'list-pagination',
    options: { wholeLists: true },
    evidence: [`paged lists that answer with a page: ${pages} of ${paged}; unpaged lists that answer with the whole list: ${whole}`],
  };
}
