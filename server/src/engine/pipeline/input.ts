/**
 * What a relint learns from the last text it linted, for the steps that read the whole text every time: the edit
 * between the two texts (their common prefix and suffix), the input checks (lint.ts checkInput: no NUL, the depth
 * scan of limits.ts) and the line index of the finish stage (lineIndex.ts). Each gives exactly what the whole-text
 * step gives: only the part of the text the edit changed is read again.
 */
import { commonPrefix, commonSuffix } from '../parse/window';
import { jsonTooDeep, newDepthState, scanYamlDepth, type DepthState } from '../limits';
import { jsonOffsetsFor } from '../parse/jsonOffsets';
import type { InputMemo } from '../inputCheck';
import { LineIndex } from '../lineIndex';
import { aliasCandidatesInScalars } from '../parse/yamlAliases';
import { yamlOffsetsFor } from '../parse/yamlOffsetsRanges';

/** Old text [a, bOld) became new text [a, bNew); the rest is the same. */
export interface TextEdit {
  a: number;
  bOld: number;
  bNew: number;
}

export function editBetween(prev: string, next: string): TextEdit {
  const a = commonPrefix(prev, next);
  const e = commonSuffix(prev, next, Math.min(prev.length, next.length) - a);
  return { a, bOld: prev.length - e, bNew: next.length - e };
}

/** Lines between two kept states of the depth scan. */
const CHECKPOINT_LINES = 256;

interface Checkpoint {
  pos: number;
  st: DepthState;
}

const copyState = (st: DepthState): DepthState => ({ indents: st.indents.slice(), flow: st.flow, quote: st.quote, blockScalarIndent: st.blockScalarIndent });

const sameState = (x: DepthState, y: DepthState): boolean =>
  x.flow === y.flow &&
  x.quote === y.quote &&
  x.blockScalarIndent === y.blockScalarIndent &&
  x.indents.length === y.indents.length &&
  x.indents.every((n, i) => n === y.indents[i]);

/**
 * The input checks' memory of one document (one per IncrementalLinter). `begin(text)` before each check: it finds the
 * edit from the last text checked; what the last check found is kept only when it found nothing (the usual case).
 */
export class InputChecks implements InputMemo {
  /** The text of the last begin(), and the one before it (what `edit` turned into it). */
  private text: string | undefined;
  private from: string | undefined;
  private edit: TextEdit | undefined;
  /** Per string looked for: the last text known not to hold it (lacks). */
  private lacking = new Map<string, string>();
  /** The depth scan of a text: its limit and its state every CHECKPOINT_LINES lines (it found nothing). */
  private depth: { text: string; max: number; checkpoints: Checkpoint[] } | undefined;
  private lines: LineIndex | undefined;
  /**
   * One-shot (a cold lint): the alias check's last pre-test reads the syntax tree the parse then takes
   * (parse/yamlAliases.ts) rather than running the `yaml` lexer over the text. Not for relints, whose parse reads
   * only the pieces an edit changed.
   */
  readonly aliasFree: ((text: string) => boolean) | undefined;

  /** One-shot: no next text, so the depth scan keeps no states to resume from. */
  private readonly oneShot: boolean;

  constructor(opts: { oneShot?: boolean } = {}) {
    this.oneShot = opts.oneShot === true;
    this.aliasFree = this.oneShot ? aliasCandidatesInScalars : undefined;
  }

  /** Before the checks of `text`: the edit from the last text (undefined: none known). */
  begin(text: string): TextEdit | undefined {
    if (this.text !== text) {
      this.from = this.text;
      this.text = text;
      this.edit = this.from !== undefined ? editBetween(this.from, text) : undefined;
    }
    return this.edit;
  }

  /** The edit that made `text` from `from`, when both are the texts of the last two begin()s (else undefined). */
  readonly editAfter = (from: string, text: string): TextEdit | undefined => this.editFrom(from, text);

  private editFrom(from: string | undefined, text: string): TextEdit | undefined {
    return from !== undefined && from === this.from && text === this.text ? this.edit : undefined;
  }

  hasNoNul(text: string): boolean {
    return this.lacks(text, '\u0000');
  }

  /** Whether `text` does not hold `s`: when the last text did not, only around the edit is looked at. */
  lacks(text: string, s: string): boolean {
    const e = this.editFrom(this.lacking.get(s), text);
    const free = e ? text.slice(Math.max(0, e.a - s.length + 1), e.bNew + s.length - 1).indexOf(s) < 0 : text.indexOf(s) < 0;
    if (free) this.lacking.set(s, text);
    else this.lacking.delete(s);
    return free;
  }

  /**
   * limits.ts yamlTooDeep's answer: the last scan resumed from its last state before the edit, up to the first of
   * its states after the edit that the new scan meets again (the rest of the scan is the last one's, which found
   * nothing).
   */
  readonly tooDeepYaml = (text: string, max: number): number | undefined => {
    if (this.oneShot) {
      // A text the offsets parse reads (its parse is the one the lint takes: parse/yamlOffsetsRanges.ts yamlOffsetsFor) tells how
      // many levels the scan could count at most (scanBound); far below the limit, there is nothing to find. The
      // offsets parse gives up past OFFSETS_MAX_NESTING levels: a deeper text is scanned as before, and refused.
      const parsed = yamlOffsetsFor(text);
      if (parsed !== undefined && 2 * parsed.scanBound <= max) return undefined;
      return scanYamlDepth(text, max, newDepthState(), 0);
    }
    const last = this.depth;
    this.depth = undefined;
    const fresh: Checkpoint[] = [];
    let lines = 0;
    const record = (pos: number, st: DepthState): void => {
      if (lines++ % CHECKPOINT_LINES === 0) fresh.push({ pos, st: copyState(st) });
    };
    const e = last && last.max === max ? this.editFrom(last.text, text) : undefined;
    if (last && e) {
      const old = last.checkpoints;
      // The last kept state at or before the edit's start (the text before it is the same).
      let k = 0;
      while (k + 1 < old.length && old[k + 1]!.pos <= e.a) k++;
      const from = old[k]!;
      const delta = e.bNew - e.bOld;
      let next = k + 1;
      let joined = -1;
      const found = scanYamlDepth(text, max, copyState(from.st), from.pos, (pos, st) => {
        // Past the edit (the line break before `pos` unchanged too): the last scan's states, moved by the edit.
        if (pos > e.bNew) {
          while (next < old.length && old[next]!.pos + delta < pos) next++;
          if (next < old.length && old[next]!.pos + delta === pos && sameState(old[next]!.st, st)) {
            joined = next;
            return true;
          }
        }
        record(pos, st);
        return false;
      });
      if (found === undefined) {
        const tail = joined >= 0 ? old.slice(joined).map(c => ({ pos: c.pos + delta, st: c.st })) : [];
        this.depth = { text, max, checkpoints: [...old.slice(0, k), ...fresh, ...tail] };
      }
      return found;
    }
    const found = scanYamlDepth(text, max, newDepthState(), 0, (pos, st) => {
      record(pos, st);
      return false;
    });
    if (found === undefined) this.depth = { text, max, checkpoints: fresh };
    return found;
  };

  /**
   * limits.ts jsonTooDeep's answer. One-shot: the offsets parse (the lint's own, read first: parse/jsonOffsets.ts
   * jsonOffsetsFor) counts the same nesting the scan counts in a strict JSON text, so a text it reads within the limit
   * is not scanned. It gives up past OFFSETS_MAX_NESTING levels, and on any other text: the scan then.
   */
  readonly tooDeepJson = (text: string, max: number): number | undefined => {
    if (this.oneShot) {
      const parsed = jsonOffsetsFor(text);
      if (parsed !== undefined && parsed.depth <= max) return undefined;
    }
    return jsonTooDeep(text, max);
  };

  /** The line index ('\n' line breaks) of `text`: the last one's line starts, moved by the edit. */
  lineIndex(text: string): LineIndex {
    const last = this.lines;
    if (last?.text === text) return last;
    const e = last ? this.editFrom(last.text, text) : undefined;
    const index = last && e ? LineIndex.afterEdit(last, text, e) : new LineIndex(text);
    this.lines = index;
    return index;
  }
}
