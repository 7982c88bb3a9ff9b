/**
 * A 0–100 score of an API's conventions, per category and overall, with an A–F grade: teams compare APIs and
 * follow their progress by it, and CI can gate on it. A category's score falls with its findings' weight per
 * operation, so that a large API is not graded down for its size, and halves at HALVING_DENSITY.
 */
import type { LintProblem } from './problem';

export interface ScoreCategory {
  id: string;
  title: string;
  rules: readonly string[];
}

/**
 * Every convention rule of apiconv:recommended is in exactly one category (test/engine/score.test.ts checks the
 * registry against it). The rules of apiconv:all only judge the description's housekeeping, not the API's
 * conventions: their findings are counted apart, as those of Spectral's rules.
 */
export const SCORE_CATEGORIES: readonly ScoreCategory[] = [
  {
    id: 'naming',
    title: 'Naming and paths',
    rules: ['path-api-prefix', 'path-collection-plural', 'path-no-verb-query', 'path-no-verbs', 'path-resource-nesting'],
  },
  {
    id: 'methods',
    title: 'Methods and statuses',
    rules: [
      'delete-no-request-body',
      'delete-success-204',
      'get-no-request-body',
      'get-success-200',
      'json-media-type',
      'method-path-fit',
      'no-body-204-304',
      'patch-request-body',
      'post-create-201',
      'post-request-body',
      'put-request-body',
      'put-success-200-204',
      'status-code-standard',
    ],
  },
  { id: 'errors', title: 'Errors', rules: ['delete-404', 'error-400', 'error-404-item', 'error-422', 'error-500', 'error-schema', 'error-schema-consistent'] },
  {
    id: 'security',
    title: 'Security',
    rules: ['security-401', 'security-403', 'security-key-in-query', 'security-required', 'security-scheme-conventional', 'servers-https'],
  },
  {
    id: 'versioning',
    title: 'Versioning and lifecycle',
    rules: ['deprecation-headers', 'sunset-http-date', 'version-declared', 'version-param-400', 'version-path-format', 'version-single-strategy'],
  },
  { id: 'caching', title: 'Caching', rules: ['cache-control-get', 'etag-conditional-get'] },
  { id: 'lists', title: 'Lists', rules: ['list-pagination', 'list-param-names', 'list-param-schema'] },
];

/** A finding's weight by severity (error, warn, info, hint). */
const SEVERITY_WEIGHT = [1, 0.5, 0.2, 0.05];
/** The weight of findings per operation at which a category's score is 50. */
const HALVING_DENSITY = 0.5;

export const GRADES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type Grade = (typeof GRADES)[number];
/** The lowest score of each grade but F. */
const GRADE_FLOORS = [90, 80, 70, 60, 50];

export interface CategoryScore {
  id: string;
  title: string;
  score: number;
  findings: number;
}

/** A rule whose findings, all fixed, would raise the score the most. */
export interface Opportunity {
  rule: string;
  category: string;
  findings: number;
  /** Of which `--fix` fixes. */
  fixable: number;
  /** Points the overall score would gain. */
  gain: number;
}

export interface ApiScore {
  score: number;
  grade: Grade;
  /** The size the score is scaled by. */
  operations: number;
  categories: CategoryScore[];
  /** Best first. */
  opportunities: Opportunity[];
  /** Findings of rules outside the categories (Spectral's OpenAPI rules, custom rules, parse errors): not scored. */
  unscored: number;
}

const CATEGORY_OF = new Map(SCORE_CATEGORIES.flatMap(c => c.rules.map(r => [r, c.id] as const)));

export function categoryOf(rule: string): string | undefined {
  return CATEGORY_OF.get(rule);
}

export function gradeOf(score: number): Grade {
  const i = GRADE_FLOORS.findIndex(floor => score >= floor);
  return GRADES[i === -1 ? GRADES.length - 1 : i]!;
}

/** Whether `grade` is `min` or better. */
export function meetsGrade(grade: Grade, min: Grade): boolean {
  return GRADES.indexOf(grade) <= GRADES.indexOf(min);
}

function categoryScore(weight: number, operations: number): number {
  return 100 * Math.pow(2, -weight / Math.max(1, operations) / HALVING_DENSITY);
}

function overall(weights: ReadonlyMap<string, number>, operations: number): number {
  let sum = 0;
  for (const c of SCORE_CATEGORIES) sum += categoryScore(weights.get(c.id) ?? 0, operations);
  return sum / SCORE_CATEGORIES.length;
}

/** One decimal: what the reports show, and what a gate compares. */
function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * The score of findings in an API of `operations` operations. Suppressed findings are not given: a team that
 * silenced one has decided about it. Baselined findings are: they are still in the API.
 */
export function scoreFindings(problems: readonly LintProblem[], operations: number, maxOpportunities = 5): ApiScore {
  const weights = new Map<string, number>();
  const counts = new Map<string, number>();
  const byRule = new Map<string, { weight: number; findings: number; fixable: number }>();
  let unscored = 0;
  for (const p of problems) {
    const category = CATEGORY_OF.get(p.code);
    if (category === undefined) {
      unscored++;
      continue;
    }
    const w = SEVERITY_WEIGHT[p.severity] ?? 1;
    weights.set(category, (weights.get(category) ?? 0) + w);
    counts.set(category, (counts.get(category) ?? 0) + 1);
    const r = byRule.get(p.code) ?? { weight: 0, findings: 0, fixable: 0 };
    r.weight += w;
    r.findings++;
    if (p.fixable === 'safe') r.fixable++;
    byRule.set(p.code, r);
  }
  const score = overall(weights, operations);
  const opportunities: Opportunity[] = [];
  for (const [rule, r] of byRule) {
    const category = CATEGORY_OF.get(rule)!;
    const without = new Map(weights);
    without.set(category, without.get(category)! - r.weight);
    opportunities.push({ rule, category, findings: r.findings, fixable: r.fixable, gain: round1(overall(without, operations) - score) });
  }
  opportunities.sort((a, b) => b.gain - a.gain || b.findings - a.findings || a.rule.localeCompare(b.rule));
  const rounded = round1(score);
  return {
    score: rounded,
    grade: gradeOf(rounded),
    operations,
    categories: SCORE_CATEGORIES.map(c => ({
      id: c.id,
      title: c.title,
      score: round1(categoryScore(weights.get(c.id) ?? 0, operations)),
      findings: counts.get(c.id) ?? 0,
    })),
    opportunities: opportunities.slice(0, maxOpportunities),
    unscored,
  };
}
