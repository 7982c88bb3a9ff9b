/**
 * Which strings a schema takes (its `pattern`, `minLength` and `maxLength` together),
 * compared between versions as languages: whether every string the base took the head
 * takes too, and if not, one it refuses. The regular expressions become finite automata
 * (refa); what refa cannot model (a lookaround inside the pattern, a backreference it
 * cannot expand) or what grows past a node budget is tried on a few plain strings, and
 * left undecided, never guessed, when none of them tells the two apart.
 */
import { BudgetSpent } from '../../../../rules/_lib/budget';
import { boundedPattern, type PatternTest } from '../../../../rules/_lib/boundedRegExp';
import type { CharSet, DFA, Expression, NFA, NoParent, ReadonlyNFA, Transformer, TransitionIterable } from 'refa';

/**
 * refa, loaded on the first pattern compared: it is a megabyte of code that a lint, or a
 * diff in which no pattern changed, never needs.
 */
let loaded: { refa: typeof import('refa'); simplify: Transformer; dropEdges: Transformer } | undefined;
function lib() {
  if (!loaded) {
    const refa = require('refa') as typeof import('refa');
    loaded = {
      refa,
      simplify: refa.Transformers.simplify({ ignoreAmbiguity: true, ignoreOrder: true }),
      dropEdges: refa.Transformers.patternEdgeAssertions({ inline: false, remove: true }),
    };
  }
  return loaded;
}

export interface StringRule {
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

export type StringComparison =
  /** The head takes every string the base took (a pattern loosened, or rewritten alike). */
  | { kept: true }
  /** The head refuses `refused` (one example), which the base took; `gained`: it also takes strings the base refused. */
  | { kept: false; refused: string; gained: boolean }
  /** Not decided: why. */
  | { kept: undefined; reason: string };

/**
 * The states one automaton may have. The pattern of an API value (an id, a date, a hex
 * digest, a slug) needs a few dozen; a long counted repetition (`{1,5000}`) thousands, and
 * the comparison is then left undecided rather than slowing the diff down.
 */
const MAX_NODES = 4000;

/**
 * The longest `minLength`/`maxLength` the caller folds into the comparison: a bound of n
 * characters takes n states in each automaton it meets. Longer ones are compared as numbers.
 */
export const LENGTH_MODELLED = 256;

class Undecided extends Error {}

/** One side: its pattern over whole strings (absent: any string) and its length range. */
interface Side {
  pattern?: NFA;
  min: number;
  max: number;
}

/**
 * The expression with its assertions resolved against whole strings: `^`, `$` and `\b`
 * folded by refa's simplification into what surrounds them; what is left at the edges of
 * the string is negated (nothing lies beyond, so it holds) and removed. A lookaround that
 * still asserts something is not modelled.
 */
function automaton(source: string, flags: string): NFA {
  const { refa, simplify, dropEdges } = lib();
  const { JS, NFA, transform, visitAst } = refa;
  const { expression, maxCharacter } = JS.Parser.fromLiteral({ source, flags }).parse({ maxNodes: MAX_NODES });
  const simple = transform(simplify, expression);
  visitAst(simple, {
    onAssertionEnter(a) {
      if (!a.negate) throw new Undecided('a pattern has a lookahead or lookbehind');
    },
  });
  const whole: NoParent<Expression> = transform(dropEdges, simple);
  return NFA.fromRegex(whole, { maxCharacter }, {}, new NFA.LimitedNodeFactory(MAX_NODES));
}

function side(rule: StringRule, flags: string): Side {
  // A JSON Schema pattern is searched for anywhere in the string: it is not anchored.
  const pattern = rule.pattern === undefined ? undefined : automaton(`[^]*?(?:${rule.pattern})[^]*`, flags);
  return { pattern, min: rule.minLength ?? 0, max: rule.maxLength ?? Infinity };
}

const lengths = (min: number, max: number, flags: string) => automaton(`[^]{${min},${max === Infinity ? '' : max}}`, flags);

/** The strings of a length outside [min, max]. */
function lengthsOutside(min: number, max: number, flags: string): NFA {
  const source = [min > 0 ? `[^]{0,${min - 1}}` : '', max < Infinity ? `[^]{${max + 1},}` : ''].filter(Boolean).join('|');
  return automaton(source || '[]', flags);
}

function both<L, R>(a: TransitionIterable<L>, b: TransitionIterable<R>): NFA {
  const { NFA } = lib().refa;
  return NFA.fromIntersection(a, b, new NFA.LimitedNodeFactory(MAX_NODES));
}

function complement(fa: NFA): DFA {
  const { DFA } = lib().refa;
  const d = DFA.fromFA(fa, new DFA.LimitedNodeFactory(MAX_NODES));
  d.complement();
  return d;
}

/** A representative of each set of characters along an example: a readable one where there is one. */
function pick(set: CharSet): number {
  for (const c of 'a0A-_ .') if (set.has(c.codePointAt(0)!)) return c.codePointAt(0)!;
  return set.ranges[0].min;
}

/** A shortest string the automaton takes (breadth first), or undefined if it takes none. */
function shortestWord(fa: ReadonlyNFA): string | undefined {
  const back = new Map<NFA.ReadonlyNode, [NFA.ReadonlyNode, CharSet] | undefined>([[fa.initial, undefined]]);
  for (let layer: NFA.ReadonlyNode[] = [fa.initial]; layer.length > 0;) {
    const next: NFA.ReadonlyNode[] = [];
    for (const node of layer) {
      if (fa.finals.has(node)) {
        const word: number[] = [];
        for (let at = back.get(node); at; at = back.get(at[0])) word.unshift(pick(at[1]));
        return String.fromCodePoint(...word);
      }
      for (const [to, via] of node.out)
        if (!back.has(to)) {
          back.set(to, [node, via]);
          next.push(to);
        }
    }
    layer = next;
  }
  return undefined;
}

/** A string `from` takes and `to` refuses, or undefined if `to` takes all `from` takes. */
function lost(from: Side, to: Side, flags: string): string | undefined {
  const bounded = from.min > 0 || from.max < Infinity;
  const taken = from.pattern && bounded ? both(from.pattern, lengths(from.min, from.max, flags)) : (from.pattern ?? lengths(from.min, from.max, flags));
  if (to.pattern) {
    const word = shortestWord(both(taken, complement(to.pattern)));
    if (word !== undefined) return word;
  }
  if (from.min >= to.min && from.max <= to.max) return undefined;
  return shortestWord(both(taken, lengthsOutside(to.min, to.max, flags)));
}

function decide(base: StringRule, head: StringRule, flags: string): StringComparison {
  // Checked by the engine the patterns run on: a pattern invalid with these flags throws a SyntaxError.
  for (const p of [base.pattern, head.pattern]) if (p !== undefined) new RegExp(p, flags);
  const b = side(base, flags);
  const h = side(head, flags);
  const refused = lost(b, h, flags);
  if (refused === undefined) return { kept: true };
  return { kept: false, refused, gained: lost(h, b, flags) !== undefined };
}

function undecidedReason(e: unknown): string {
  if (e instanceof Undecided) return e.message;
  if (e instanceof lib().refa.TooManyNodesError) return 'the patterns are too large to compare';
  const message = e instanceof Error ? e.message : '';
  if (/backreference/i.test(message)) return 'a pattern has a backreference';
  if (/assertion/i.test(message)) return 'a pattern has a lookahead or lookbehind';
  return 'apiconv cannot model a pattern';
}

/** Characters a witness is made of: a letter, a digit, a capital, a space, punctuation, a non-ASCII letter, a line break. */
const WITNESS_CHARACTERS = ['a', '0', 'A', ' ', '-', '_', '.', '!', '\u00e9', '\n'];

/**
 * When the automata cannot decide, the patterns' own engine may: a string the base takes
 * and the head refuses, found among a few plain ones (each character repeated to a length
 * the base allows, short ones first, then one longer than any counted repetition models),
 * proves the head takes less. No witness found leaves the comparison undecided.
 */
function witness(base: StringRule, head: StringRule, flags: string): string | undefined {
  const takes = (rule: StringRule, re: PatternTest | undefined, s: string) =>
    s.length >= (rule.minLength ?? 0) && s.length <= (rule.maxLength ?? Infinity) && (re === undefined || re.test(s));
  const b = base.pattern === undefined ? undefined : boundedPattern(new RegExp(base.pattern, flags));
  const h = head.pattern === undefined ? undefined : boundedPattern(new RegExp(head.pattern, flags));
  const min = base.minLength ?? 0;
  const lengths = new Set([min, min + 1, min + 2, min + 8, base.maxLength ?? min + 10_000]);
  for (const length of [...lengths].sort((x, y) => x - y))
    for (const c of WITNESS_CHARACTERS) {
      const s = c.repeat(length);
      if (takes(base, b, s) && !takes(head, h, s)) return s;
    }
  return undefined;
}

const memo = new Map<string, StringComparison>();

/** Compares what two string rules take (memoized: an API repeats its patterns). */
export function compareStrings(base: StringRule, head: StringRule): StringComparison {
  const key = JSON.stringify([base.pattern, base.minLength, base.maxLength, head.pattern, head.minLength, head.maxLength]);
  let result = memo.get(key);
  if (result) return result;
  result = { kept: undefined, reason: 'a pattern is not a valid regular expression' };
  // With the `u` flag, as JSON Schema validators compile patterns; else without it, for patterns only valid so.
  for (const flags of ['u', '']) {
    try {
      result = decide(base, head, flags);
    } catch (e) {
      if (e instanceof SyntaxError) continue;
      result = { kept: undefined, reason: undecidedReason(e) };
      try {
        const refused = witness(base, head, flags);
        if (refused !== undefined) result = { kept: false, refused, gained: witness(head, base, flags) !== undefined };
      } catch (stopped) {
        // A pattern whose match runs away on a witness (the example rules' bound stops it) decides nothing.
        if (!(stopped instanceof BudgetSpent)) throw stopped;
      }
    }
    break;
  }
  if (memo.size > 1000) memo.clear();
  memo.set(key, result);
  return result;
}
