/**
 * Word helpers for the path rules: splitting a path segment into words in any
 * casing style, the default action-verb list, and a simple English plural
 * heuristic.
 */
import { LEXICON_ADJECTIVES, LEXICON_MASS_NOUNS } from './lexicon-words';

/** The words of a segment: `getUsers`, `get-users`, `get_users`, `GetUsers`, `get.users` → ['get', 'users']. */
export function splitWords(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(w => w !== '')
    .map(w => w.toLowerCase());
}

/**
 * Action verbs that make a path segment an RPC call. Words that are just as
 * often nouns in API paths (`search`, `query`, `count`, `import`, `export`,
 * `login`, `check`, `lock`, `status`…) are left out; add them through the rule options.
 */
export const DEFAULT_VERBS: readonly string[] = [
  'get',
  'list',
  'fetch',
  'retrieve',
  'read',
  'find',
  'lookup',
  'create',
  'add',
  'insert',
  'make',
  'new',
  'update',
  'modify',
  'edit',
  'change',
  'set',
  'put',
  'patch',
  'post',
  'save',
  'replace',
  'rename',
  'delete',
  'remove',
  'destroy',
  'erase',
  'purge',
  'drop',
  'clear',
  'activate',
  'deactivate',
  'enable',
  'disable',
  'approve',
  'reject',
  'confirm',
  'cancel',
  'submit',
  'send',
  'execute',
  'exec',
  'run',
  'invoke',
  'call',
  'perform',
  'process',
  'calculate',
  'compute',
  'do',
  'start',
  'stop',
  'restart',
  'reset',
  'validate',
  'verify',
  'generate',
  'assign',
  'unassign',
  'attach',
  'detach',
  'mark',
  'toggle',
  'increment',
  'decrement',
  'copy',
  'move',
  'duplicate',
  'clone',
  'upsert',
];

const ADJECTIVES = new Set(LEXICON_ADJECTIVES);

/** True when the lexicon's most likely reading of `word` (lower case) is an adjective (`sick`, `local`, `annual`). */
export function isAdjective(word: string): boolean {
  return ADJECTIVES.has(word.toLowerCase());
}

/** Words that are neither singular nor plural nouns in the usual sense, or have no distinct plural. */
const UNCOUNTABLE = new Set([
  'data',
  'metadata',
  'information',
  'info',
  'media',
  'multimedia',
  'news',
  'equipment',
  'feedback',
  'software',
  'hardware',
  'firmware',
  'middleware',
  'staff',
  'series',
  'species',
  'content',
  'sheep',
  'fish',
  'deer',
  'moose',
  'aircraft',
  'money',
  'music',
  'advice',
  'evidence',
  'traffic',
  'inventory',
  'audio',
  'billing',
  'shipping',
  'analytics',
  'stats',
  'statistics',
  'metrics',
  'history',
  'mail',
  'auth',
  'oauth',
  'oauth2',
  'admin',
  'me',
  'self',
  'public',
  'internal',
  'api',
  'apis',
  'graphql',
  'health',
  'search',
  'access',
  'config',
  'configuration',
  'settings',
  'usage',
  'storage',
  'security',
  'knowledge',
  'research',
  'weather',
  'luggage',
  'baggage',
  'furniture',
  'homework',
  'rice',
  'cash',
  'trash',
  'spam',
  'bulk',
  'batch',
  'current',
  'latest',
  'default',
  'preferences',
  'personnel',
  'police',
  'offspring',
  'pants',
  'scissors',
  'meta',
  'code',
  'source',
  'feed',
  'export',
  'import',
]);

/** Irregular singular → plural. */
const IRREGULAR: Record<string, string> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  ox: 'oxen',
  index: 'indexes',
  matrix: 'matrices',
  vertex: 'vertices',
  criterion: 'criteria',
  phenomenon: 'phenomena',
  datum: 'data',
  medium: 'media',
  analysis: 'analyses',
  thesis: 'theses',
  crisis: 'crises',
  diagnosis: 'diagnoses',
  basis: 'bases',
  axis: 'axes',
  cactus: 'cacti',
  fungus: 'fungi',
  radius: 'radii',
  alumnus: 'alumni',
  leaf: 'leaves',
  knife: 'knives',
  life: 'lives',
  wife: 'wives',
  half: 'halves',
  shelf: 'shelves',
  wolf: 'wolves',
  calf: 'calves',
  quiz: 'quizzes',
  appendix: 'appendices',
  schema: 'schemas',
  status: 'statuses',
};
const IRREGULAR_PLURALS = new Set(Object.values(IRREGULAR).concat(['indices', 'schemata', 'octopi', 'cacti', 'syllabi']));

const MASS_NOUNS = new Set(LEXICON_MASS_NOUNS);

/**
 * Singulars in -is that are not a Greek -sis / -xis / -itis word: everything else in -is is the plural of a
 * word in -i, mostly abbreviations (`uris`, `apis`, `kpis`, `guis`).
 */
const SINGULAR_IN_IS = new Set(['iris', 'tennis', 'chassis', 'trellis', 'metropolis', 'aegis', 'pelvis', 'mantis', 'marquis', 'debris', 'redis', 'this']);

/** True when `word` (lower case) looks like an English plural noun or has no plural (uncountable, irregular). */
export function isPluralOrUncountable(word: string): boolean {
  const w = word.toLowerCase();
  if (UNCOUNTABLE.has(w) || MASS_NOUNS.has(w) || IRREGULAR_PLURALS.has(w)) return true;
  if (IRREGULAR[w] !== undefined) return false;
  if (/(ss|us)$/.test(w)) return false;
  if (w.endsWith('is')) return !(/(sis|xis|itis)$/.test(w) || SINGULAR_IN_IS.has(w));
  return w.endsWith('s');
}

/** True when `word` (lower case) looks like an English plural noun: not a singular, not an uncountable. */
export function isPlural(word: string): boolean {
  const w = word.toLowerCase();
  return !UNCOUNTABLE.has(w) && !MASS_NOUNS.has(w) && isPluralOrUncountable(w);
}

const SINGULAR_OF = new Map(Object.entries(IRREGULAR).map(([one, many]) => [many, one]));

/** The English singular of a plural noun (the inverse of `pluralize`). */
export function singularize(word: string): string {
  const w = word.toLowerCase();
  const irregular = SINGULAR_OF.get(w);
  if (irregular !== undefined) return irregular;
  if (/[^aeiou]ies$/.test(w)) return w.slice(0, -3) + 'y';
  if (/(ss|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

/** True when the plural heuristic can judge the word (English letters only, long enough). */
export function isJudgeableWord(word: string): boolean {
  // Participles and adjectives (`following`, `starred`) are not nouns: not judged.
  return /^[a-z]{3,}$/.test(word) && !/(ing|ed)$/.test(word);
}

/** The English plural of a singular noun (simple rules + irregulars). */
export function pluralize(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR[w] !== undefined) return IRREGULAR[w];
  if (/[^aeiou]y$/.test(w)) return w.slice(0, -1) + 'ies';
  if (/(s|x|z|ch|sh)$/.test(w)) return w + 'es';
  return w + 's';
}
