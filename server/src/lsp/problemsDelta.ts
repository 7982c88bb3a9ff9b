/**
 * A lint's findings on their way back from the lint worker: whole the first time, then as what changed since the
 * list the main thread holds. A reply is a copy: every keystroke in a big document copied its thousands of findings
 * out of the worker and into the main thread, although an edit changes a few of them.
 *
 * The worker's finish stage gives a finding that did not change as the same object (engine/finish/finishMemo.ts).
 * The worker (SentProblems) keeps the last lists it sent of each document under an id; a task names the id of the
 * list the main thread holds (ReceivedProblems), and the reply gives each finding of that list as its index there,
 * the others whole. A worker that does not hold the named list (another worker, started since) sends the list whole.
 * Replies the main thread drops (a cancelled lint's) change nothing: the next task names what it does hold.
 */
import { sameProblem, type LintProblem } from '../engine';

/** A finding of the list the reply is based on (its index there), or a finding given whole. */
export type ProblemItem = LintProblem | number;

/** A document's findings as a reply carries them. */
export interface ProblemsDelta {
  /** This list's id: the next task names it when the main thread holds it */
  id: string;
  /** The list the numbers in `items` index (omitted: every item is whole) */
  base?: string;
  items: ProblemItem[];
}

/** How many lists of a document each side keeps: the last one sent may be a reply the main thread dropped. */
const KEPT_LISTS = 2;

/** The worker's side: the lists of each document it sent last, by id. */
export class SentProblems {
  private readonly lists = new Map<string, Map<string, readonly LintProblem[]>>();
  private next = 0;

  /** `prefix` makes the ids of one worker unlike another's (its thread id). */
  constructor(private readonly prefix: string) {}

  /** `problems` of `file` as they are sent, given that the main thread holds the list `base`. */
  encode(file: string, problems: readonly LintProblem[], base: string | undefined): ProblemsDelta {
    let kept = this.lists.get(file);
    if (!kept) this.lists.set(file, (kept = new Map()));
    const id = `${this.prefix}.${++this.next}`;
    const from = base === undefined ? undefined : kept.get(base);
    kept.set(id, problems);
    for (const old of kept.keys()) {
      if (kept.size <= KEPT_LISTS) break;
      kept.delete(old);
    }
    if (!from) return { id, items: [...problems] };
    const index = new Map<LintProblem, number>();
    for (let i = 0; i < from.length; i++) index.set(from[i]!, i);
    return { id, base, items: problems.map(p => index.get(p) ?? p) };
  }

  /**
   * The list `id` of `file` as another lint of the same text gave it (a one-shot first lint's, then the incremental
   * linter's that the next relints keep objects of): the same findings as other objects. Findings that differ drop the
   * list (the next reply is sent whole).
   */
  replace(file: string, id: string, problems: readonly LintProblem[]): void {
    const kept = this.lists.get(file);
    const sent = kept?.get(id);
    if (!kept || !sent) return;
    const same = sent.length === problems.length && sent.every((p, i) => sameProblem(p, problems[i]!));
    if (same) kept.set(id, problems);
    else kept.delete(id);
  }

  /** The document was closed. */
  forget(file: string): void {
    this.lists.delete(file);
  }
}

/** The main thread's side: the last lists of each document it took from replies. */
export class ReceivedProblems {
  private readonly held = new Map<string, Map<string, readonly LintProblem[]>>();

  /** The id of the list of `file` taken last, for the next task to name. */
  baseOf(file: string): string | undefined {
    let last: string | undefined;
    for (const id of this.held.get(file)?.keys() ?? []) last = id;
    return last;
  }

  /** The findings `delta` stands for; undefined when it is based on a list not held here. */
  decode(file: string, delta: ProblemsDelta): LintProblem[] | undefined {
    let problems: LintProblem[];
    let held = this.held.get(file);
    if (delta.base === undefined) problems = delta.items as LintProblem[];
    else {
      const from = held?.get(delta.base);
      if (!from) return undefined;
      problems = new Array<LintProblem>(delta.items.length);
      for (let i = 0; i < delta.items.length; i++) {
        const item = delta.items[i]!;
        if (typeof item !== 'number') problems[i] = item;
        else {
          const p = from[item];
          if (p === undefined) return undefined;
          problems[i] = p;
        }
      }
    }
    if (!held) this.held.set(file, (held = new Map()));
    held.set(delta.id, problems);
    for (const old of held.keys()) {
      if (held.size <= KEPT_LISTS) break;
      held.delete(old);
    }
    return problems;
  }

  /** The document was closed. */
  forget(file: string): void {
    this.held.delete(file);
  }
}
