/**
 * Fixes: from a finding to minimal text edits, and fix-all loops.
 *
 * Rule modules describe a fix as FixOps on JSON paths of the file the finding
 * is in (rules/types.ts); `applyOps` turns them into offset edits computed on
 * the YAML (`yaml`) or JSON (`jsonc-parser`) syntax tree of that file.
 */
import type { Ruleset } from '@stoplight/spectral-core';
import { getNodeValue } from 'jsonc-parser';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FixContext, FixOp, Spec } from '../../../../rules/types';
import { isStoppedRuleMessage } from '../../../../rules/_lib/budget';
import type { LintProblem, LintResult } from '../problem';
import { IncrementalLinter } from '../pipeline/linter';
import type { FileReader } from '../spectralResolver';
import type { RefPolicy } from '../refFiles';
import { withFunctionBudget, type FunctionBudget } from '../functionBudget';
import { isJsonText } from '../sniff';
import { fixableOf, getRule } from '../ruleset';
import { EditComposer, applyOffsetEdits, type ComputedFix, type OffsetEdit, type TextEdit } from './edits';
import { jsonOpEdits, parseJsonTree } from './jsonOps';
import { yamlData as yamlDataOf, yamlOpEdit, yamlParses, yamlPieceData } from './yamlOps';
import { deepFreeze, memoByText } from './memo';
import { isNumberKeyProblem } from '../finish/numberKeys';
import { quoteKeyFix } from './quoteKeys';
import { defaultOptions, fixOptions, type OptionsOf } from './options';

export { unifiedDiff } from './diff';
export { isNumberKeyProblem } from '../finish/numberKeys';
export { quoteKeyFix } from './quoteKeys';
export { applyOffsetEdits, type ComputedFix, type OffsetEdit, type TextEdit } from './edits';
export { defaultOptions, fixOptions, type OptionsOf } from './options';

export type TextFormat = 'yaml' | 'json';

export function formatOf(text: string, file?: string): TextFormat {
  if (file && /\.ya?ml$/i.test(file)) return 'yaml';
  return isJsonText(text, file) ? 'json' : 'yaml';
}

/** The parsed data of a YAML or JSON text; undefined when it does not parse. Memoized and frozen (memo.ts). */
export function parseData(text: string, format: TextFormat): unknown {
  return format === 'json' ? jsonData(text) : yamlData(text);
}
/**
 * parseData for a feature that answers while the user types (completion): 'broken' when one of a YAML text's pieces
 * has a syntax error, found without the whole text's parse — which, for a big document, held the server's main thread
 * for seconds to find the error again at every keystroke.
 */
export function parseDataOrBroken(text: string, format: TextFormat): { data: unknown } | 'broken' {
  const pieces = format === 'yaml' ? yamlPieceData(text) : undefined;
  return pieces ?? { data: parseData(text, format) };
}
/** Whether one of a YAML text's pieces has a syntax error (the text has one then), found without the whole text's parse. */
export function hasBrokenPiece(text: string): boolean {
  return yamlPieceData(text) === 'broken';
}
const jsonData = memoByText(t => deepFreeze(parseDataOnce(t, 'json')));
const yamlData = memoByText(t => parseDataOnce(t, 'yaml'));

function parseDataOnce(text: string, format: TextFormat): unknown {
  if (format === 'json') {
    const tree = parseJsonTree(text);
    return tree ? getNodeValue(tree) : undefined;
  }
  // From the text's pieces (yamlOps.ts pieceView): after a round of fixes, only the pieces they changed are parsed.
  return yamlDataOf(text);
}

function parses(text: string, format: TextFormat): boolean {
  return format === 'json' ? parseJsonTree(text) !== undefined : yamlParses(text);
}

/** 'oas2' for a Swagger 2.0 text, else 'oas3'. */
export function specOf(text: string, file?: string): Spec {
  const data = parseData(text, formatOf(text, file));
  if (typeof data === 'object' && data !== null && 'swagger' in data) return 'oas2';
  if (data === undefined && /^\s*["']?swagger["']?\s*:/m.test(text)) return 'oas2';
  return 'oas3';
}

/**
 * The offset edits (of `text`) that carry out `ops` one after another.
 * An op whose result already holds adds nothing; an op that cannot apply (a
 * scalar in the way, a parse error) is skipped. Returns [] when the result
 * would not parse.
 */
export function applyOps(text: string, format: TextFormat, ops: readonly FixOp[], validate = true): OffsetEdit[] {
  const composer = new EditComposer(text);
  const done: FixOp[] = [];
  for (const op of ops) {
    // An op on a path apart from the earlier ops' is computed on the original text (parsed once for
    // the whole pass, memo.ts) and moved past their edits: a parse of the whole text per op is what
    // made --fix slow. Where it could interact with them, it runs on the current text.
    // A rename moves the paths below its parent, so nothing after one is computed on the original text.
    if (composer.changed && done.every(d => d.kind !== 'rename' && apart(d.path, op.path)) && onOriginal(composer, text, format, op)) {
      done.push(op);
      continue;
    }
    done.push(op);
    try {
      if (format === 'json') composer.addAll(jsonOpEdits(composer.text, op));
      else {
        const e = yamlOpEdit(composer.text, op);
        if (e) composer.add(e);
      }
    } catch {
      /* an op that cannot apply is skipped */
    }
  }
  if (!composer.changed || (validate && !parses(composer.text, format))) return [];
  return composer.result();
}

/** Neither path is a prefix of the other. */
function apart(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (String(a[i]) !== String(b[i])) return true;
  return false;
}

/** `op` computed on the original text and added to `composer` when its edits touch none made so far; false otherwise. */
function onOriginal(composer: EditComposer, text: string, format: TextFormat, op: FixOp): boolean {
  let edits: OffsetEdit[];
  try {
    if (format === 'json') edits = jsonOpEdits(text, op);
    else {
      const e = yamlOpEdit(text, op);
      edits = e ? [e] : [];
    }
  } catch {
    return false;
  }
  // Nothing to do on the original (or several edits): computed on the current text instead, which is always right.
  if (edits.length !== 1) return false;
  return composer.addOnOriginal(edits[0]!);
}

/** The root document of a lint: its file and its current text. */
export interface RootDocument {
  file: string;
  text: string;
}

/** The root document as a fix in `file`, a `$ref`'d file, sees it (FixContext.root): its data, and a relative `$ref` to it. */
export function rootSeenFrom(file: string, rootFile: string, rootData: unknown): FixContext['root'] {
  const ref = path.relative(path.dirname(file), rootFile).split(path.sep).join('/');
  return { data: rootData, ref: ref.startsWith('.') ? ref : `./${ref}` };
}

/**
 * The fix of one problem, computed on the text of the file it is in; undefined when it has none (or nothing to change).
 * `optionsOf`: the rules' options for the document (fixOptions); default: the defaults of apiconv:recommended.
 */
export function computeFix(
  fileText: string,
  problem: LintProblem,
  rootSpec: Spec,
  root: RootDocument,
  optionsOf: OptionsOf = defaultOptions,
  validate = true,
): ComputedFix | undefined {
  if (isNumberKeyProblem(problem)) return quoteKeyFix(fileText, problem);
  const rule = getRule(problem.code);
  // A rule the budget stopped found nothing there to fix.
  if (!rule?.fix || !rule.meta.fixable || isStoppedRuleMessage(problem.message)) return undefined;
  const format = formatOf(fileText, problem.source);
  const data = parseData(fileText, format);
  if (data === undefined) return undefined;
  const isRoot = problem.source === root.file;
  const rootSeen = isRoot ? undefined : rootSeenFrom(problem.source, root.file, parseData(root.text, formatOf(root.text, root.file)));
  let result;
  try {
    result = rule.fix({ data, isRoot, root: rootSeen, spec: rootSpec, path: problem.path, message: problem.message, options: optionsOf(rule.id), optionsOf });
  } catch {
    return undefined;
  }
  if (!result || result.ops.length === 0) return undefined;
  const edits = applyOps(fileText, format, result.ops, validate);
  if (edits.length === 0) return undefined;
  return { title: result.title, safe: rule.meta.fixable === 'safe', edits: edits.map(e => ({ file: problem.source, ...e })) };
}

export interface FixTextOptions {
  ruleset?: Ruleset;
  /** Only safe fixes (what `--fix` and fix-on-save apply). Default true. */
  safeOnly?: boolean;
  /** Only problems this returns true for. */
  filter?: (p: LintProblem) => boolean;
  readFile?: FileReader;
  /** How `$ref`'d files are read from the disk (refFiles.ts); default OPEN_REF_POLICY. */
  refPolicy?: RefPolicy;
  /**
   * Each lint of the passes has this budget (functionBudget.ts); a rule stopped in one pass is skipped in the next
   * ones and named in FixFileResult.stopped. Undefined: the passes run unbudgeted (or in the caller's scope).
   */
  functionBudget?: FunctionBudget;
  /**
   * The passes lint only the rules whose fixes are taken (LintOptions.onlyRules): what a caller that never reports
   * the fixed texts' findings needs (`--fix-dry-run` prints the diff alone). The same fixes, in the same order (each
   * rule's findings are those of a whole lint); no `final` is returned unless `finalLint`.
   */
  lintFixableOnly?: boolean;
  /**
   * With `lintFixableOnly`: the first pass lints the fixable rules only, the passes after it every rule, and the
   * lint of the pass that leaves nothing to fix is `final` (what `--fix` reports). When the first pass already
   * leaves nothing to fix, its text is linted once more with every rule (the parse and the resolution are kept).
   */
  finalLint?: boolean;
}

function conflicts(a: OffsetEdit, b: OffsetEdit): boolean {
  const aEnd = a.offset + a.length;
  const bEnd = b.offset + b.length;
  if (a.offset === b.offset) return true;
  if (Math.max(a.offset, b.offset) < Math.min(aEnd, bEnd)) return true;
  if (a.length === 0 && b.offset < a.offset && a.offset < bEnd) return true;
  if (b.length === 0 && a.offset < b.offset && b.offset < aEnd) return true;
  return false;
}

function sameEdit(a: OffsetEdit, b: OffsetEdit): boolean {
  return a.offset === b.offset && a.length === b.length && a.newText === b.newText;
}

async function readText(file: string, reader?: FileReader): Promise<string | undefined> {
  try {
    const overlay = reader ? await reader(file) : undefined;
    if (overlay !== undefined) return overlay;
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export interface FixFileResult {
  /** The new texts of the changed files. */
  files: Map<string, string>;
  applied: number;
  /** Fixes applied per file (a file whose fixes cancel out is in here but not in `files`). */
  perFile: Map<string, number>;
  /** The lint of the fixed texts, when the last pass ended with nothing more to fix (the CLI reports it rather than linting again). */
  final?: LintResult;
  /** The rules stopped by the function budget (FixTextOptions.functionBudget), those skipped from the start included. */
  stopped: string[];
}

/** Passes of lint + fix-all: a fix's result may call for another fix (a new finding), rarely more than two. */
/** Rounds of waiting fixes within a pass (see fixFile). */
const MAX_ROUNDS = 10;
const MAX_PASSES = 10;

/**
 * The fixes (groups of edits, one per finding) of one file that together give a text that parses:
 * all of them when their combined result parses (one parse: the usual case); else each one that
 * parses alone, added one at a time while the result still parses.
 */
function applyGroups(before: string, file: string, groups: OffsetEdit[][]): { after: string; count: number } {
  const format = formatOf(before, file);
  const all = applyOffsetEdits(before, groups.flat());
  if (parses(all, format)) return { after: all, count: groups.length };
  const kept: OffsetEdit[] = [];
  let after = before;
  let count = 0;
  for (const g of groups) {
    if (!parses(applyOffsetEdits(before, g), format)) continue;
    const next = applyOffsetEdits(before, [...kept, ...g]);
    if (!parses(next, format)) continue;
    kept.push(...g);
    after = next;
    count++;
  }
  return { after, count };
}

/** Whether the fixes of rule `rule` are taken (safe ones only with `safeOnly`). */
function fixableRule(rule: string, safeOnly: boolean): boolean {
  const f = fixableOf(rule);
  return f !== undefined && (!safeOnly || f === 'safe');
}

/** Lint, fix, relint until nothing more is fixed (at most MAX_PASSES passes). Returns the new texts of every changed file. */
export async function fixFile(text: string, file: string, opts: FixTextOptions = {}): Promise<FixFileResult> {
  const root = path.resolve(file);
  const safeOnly = opts.safeOnly !== false;
  const originals = new Map<string, string>([[root, text]]);
  const texts = new Map<string, string>([[root, text]]);
  const reader: FileReader = async f => (texts.has(f) ? texts.get(f) : opts.readFile ? await opts.readFile(f) : undefined);
  let applied = 0;
  const perFile = new Map<string, number>();
  const linter = new IncrementalLinter(root);
  const optionsOf = fixOptions(opts.ruleset, root);
  // One function for every pass: the runner keeps its work from one pass to the next for the same rules.
  const onlyRules = opts.lintFixableOnly ? (rule: string) => fixableRule(rule, safeOnly) : undefined;
  let final: LintResult | undefined;
  const stopped = new Set(opts.functionBudget?.skip ?? []);
  const lintPass = async (rootText: string, only: ((rule: string) => boolean) | undefined): Promise<LintResult> => {
    const options = { ruleset: opts.ruleset, readFile: reader, refPolicy: opts.refPolicy, onlyRules: only };
    if (!opts.functionBudget) return linter.lint(rootText, options);
    const { value, stopped: now } = await withFunctionBudget({ ms: opts.functionBudget.ms, skip: [...stopped] }, () => linter.lint(rootText, options));
    for (const r of now) stopped.add(r);
    return value;
  };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const rootText = texts.get(root)!;
    // With finalLint, the lints after the first take every rule: the text of a pass that leaves nothing to fix (most
    // often the second) is then linted once, not once with the fixable rules and again with all of them
    // (one lint fewer). Its fixable findings are the same, in the same order (the runner's findings of a
    // rule do not depend on the other rules; fixFixableOnly.test.ts).
    const whole = onlyRules !== undefined && opts.finalLint === true && pass > 0;
    let result;
    try {
      // The incremental engine: a pass re-lints only what the last pass's fixes changed.
      result = await lintPass(rootText, whole ? undefined : onlyRules);
    } catch {
      break;
    }
    // A lint of some rules is no report of the fixed texts (a document skipped is: no rule ran).
    final = !onlyRules || whole || result.skipped ? result : undefined;
    if (result.skipped) break;
    // The pass's fixable findings. Fixes that collide with one taken before them (two insertions at one place: an
    // operation's missing 400, 422 and 500 responses) wait: they are computed again on the text with the others
    // applied, in rounds within the pass, instead of one relint each (spotify took five passes for them). Their
    // findings are the pass's: a finding the fixes before it settled gets no edit from its fix (the fix reads the
    // current text); a new one is the next pass's.
    const fixable = result.problems.filter(p => p.fixable && (!safeOnly || p.fixable === 'safe') && (!opts.filter || opts.filter(p)));
    const applyRounds = async (first: LintProblem[]): Promise<boolean> => {
      let pending = first;
      let changed = false;
      for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
        // Read from the parsed data on the first fixable finding: the last pass (nothing left to fix) needs no data.
        let rootSpec: Spec | undefined;
        // Every fix of the round is computed on the round's texts (parsed once, memo.ts) without a parse of
        // its own result; the combined result of each file is checked once below.
        const accepted = new Map<string, OffsetEdit[][]>();
        const waiting: LintProblem[] = [];
        for (const p of pending) {
          const src = p.source;
          if (!texts.has(src)) {
            const t = await readText(src, opts.readFile);
            if (t === undefined) continue;
            texts.set(src, t);
            originals.set(src, t);
          }
          rootSpec ??= specOf(texts.get(root)!, root);
          const fix = computeFix(texts.get(src)!, p, rootSpec, { file: root, text: texts.get(root)! }, optionsOf, false);
          if (!fix) continue;
          const groups = accepted.get(src) ?? [];
          const list = groups.flat();
          const fresh: OffsetEdit[] = [];
          let ok = true;
          for (const e of fix.edits) {
            if (list.some(a => sameEdit(a, e)) || fresh.some(a => sameEdit(a, e))) continue;
            if (list.some(a => conflicts(a, e)) || fresh.some(a => conflicts(a, e))) {
              ok = false;
              break;
            }
            fresh.push({ offset: e.offset, length: e.length, newText: e.newText });
          }
          if (!ok) waiting.push(p);
          if (!ok || fresh.length === 0) continue;
          groups.push(fresh);
          accepted.set(src, groups);
        }
        let roundChanged = false;
        for (const [src, groups] of accepted) {
          const before = texts.get(src)!;
          const { after, count } = applyGroups(before, src, groups);
          if (count > 0 && after !== before) {
            texts.set(src, after);
            roundChanged = true;
            applied += count;
            perFile.set(src, (perFile.get(src) ?? 0) + count);
          }
        }
        if (!roundChanged) break;
        changed = true;
        pending = waiting;
      }
      return changed;
    };
    // A fix that judges the whole document (a component nothing references) waits for a pass in which no other fix
    // changed the text: another fix may add a reference to what it would remove.
    const last = (p: LintProblem) => getRule(p.code)?.fixesLast === true;
    let changed = await applyRounds(fixable.filter(p => !last(p)));
    if (!changed) changed = await applyRounds(fixable.filter(last));
    if (!changed) {
      if (onlyRules && opts.finalLint && !whole && !result.skipped) {
        try {
          final = await lintPass(rootText, undefined);
        } catch {
          /* no final: the caller lints the fixed texts */
        }
      }
      break;
    }
    final = undefined;
  }
  const files = new Map<string, string>();
  for (const [f, t] of texts) if (t !== originals.get(f)) files.set(f, t);
  return { files, applied, perFile, final, stopped: [...stopped] };
}

export interface ProblemFix {
  problem: LintProblem;
  fix: ComputedFix;
}

/**
 * The fix of each problem (for code actions): `readText` gives the current
 * text of a file (the root document and any `$ref`'d file a problem is in).
 */
export function computeFixes(
  problems: readonly LintProblem[],
  rootFile: string,
  readText: (file: string) => string | undefined,
  ruleset?: Ruleset,
): ProblemFix[] {
  const root = path.resolve(rootFile);
  const optionsOf = fixOptions(ruleset, root);
  const rootText = readText(root);
  if (rootText === undefined) return [];
  const rootSpec = specOf(rootText, root);
  const out: ProblemFix[] = [];
  const cache = new Map<string, string | undefined>();
  for (const problem of problems) {
    if (!problem.fixable) continue;
    if (!cache.has(problem.source)) cache.set(problem.source, readText(problem.source));
    const text = cache.get(problem.source);
    if (text === undefined) continue;
    const fix = computeFix(text, problem, rootSpec, { file: root, text: rootText }, optionsOf);
    if (fix) out.push({ problem, fix });
  }
  return out;
}

/** Fix every finding of rule `ruleId` (safe or not) in the document and the files it references. */
export async function fixAllOfRule(text: string, file: string, ruleId: string, opts: Omit<FixTextOptions, 'filter' | 'safeOnly'> = {}) {
  return fixFile(text, file, { ...opts, safeOnly: false, filter: p => p.code === ruleId });
}

/** The `TextEdit`s (per file) that turn the original texts into the fixed ones: one whole-span edit per changed region. */
export function editsBetween(file: string, before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let q = 0;
  while (q < before.length - p && q < after.length - p && before[before.length - 1 - q] === after[after.length - 1 - q]) q++;
  return [{ file, offset: p, length: before.length - p - q, newText: after.slice(p, after.length - q) }];
}
