/**
 * The incremental engine: lints one document over and over as it is edited, with
 * exactly the output of `lintWithSpectral()` (../lint.ts) for the same text, doing only the
 * work an edit calls for:
 * - parse/parser.ts re-parses the units whose text changed and keeps the others' values;
 * - resolve/resolver.ts re-resolves what those units reach and keeps the rest;
 * - run/runner.ts re-runs the local rules on changed units only (the document-wide
 *   rules run every time, as in Spectral).
 * Whenever a step cannot show that its shortcut is exact, it does the full work.
 * One linter per document (the language server keeps one per open document);
 * `lint()` (../lint.ts) is a fresh linter in one-shot mode (cold.ts), and
 * `lintWithSpectral()` the reference the tests compare both with.
 */
import { operationCount } from '../apiSize';
import * as path from 'node:path';
import { getDiagnosticSeverity, type Ruleset } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { LintSuperseded, type LintOptions } from '../lintOptions';
import { checkInput, withLineFeeds } from '../inputCheck';
import { finishLint, type EngineResult } from '../finish/finishLint';
import { FinishMemo } from '../finish/finishMemo';
import { isJsonText } from '../sniff';
import { lintWithSpectral } from '../spectralReference';
import type { LintResult } from '../problem';
import { getDefaultRuleset } from '../ruleset';
import type { FileReader } from '../spectralResolver';
import { OPEN_REF_POLICY, samePolicy, type RefPolicy } from '../refFiles';
import { clearSeverityCaps } from '../../../../rules/_lib/severity';
import { parsedSkip } from '../skip';
import { IncrementalParser, type ParsedDoc } from '../parse/parser';
import { IncrementalResolver } from '../resolve/resolver';
import type { SharedObjects } from '../resolve/types';
import { Inventory, type RefGraph } from '../resolve/inventory';
import { IncrementalRunner } from '../run/runner';
import { InputChecks } from './input';
import { dropReadAhead } from '../parse/readAhead';
import { collectAfter } from './garbageCollection';
import type { DocLike, RunnerResult } from '../run/types';

export interface LintStats {
  parseFull: boolean;
  unitsRun: number;
  unitsReused: number;
  /** Units re-run where one value changed: only the matches on the way down to it ran again (run/runner.ts). */
  unitsReplayed: number;
  /** The conventions (model rules) gave their last results: nothing they read had changed. */
  conventionsReused: boolean;
  ms: { parse: number; resolve: number; rules: number; finish: number };
  /** Where the rules' time went (run/runner.ts). */
  runner?: Record<string, number>;
}

export class IncrementalLinter {
  private readonly file: string;
  private parser: IncrementalParser | undefined;
  private parserKind: 'yaml' | 'json' | undefined;
  private resolver: IncrementalResolver | undefined;
  private resolverRemote: boolean | undefined;
  private resolverPolicy: RefPolicy | undefined;
  private readFile: FileReader | undefined;
  private readonly runner = new IncrementalRunner();
  /** The findings of the last lint, by the rule results they were made of (none kept by a one-shot linter). */
  private readonly finishMemo: FinishMemo | undefined;
  /** What the input checks and the finish stage keep of the last text (input.ts). */
  private inputs: InputChecks;
  /** The last lint's timings and reuse (for benchmarks and logs). */
  stats: LintStats | undefined;
  /** How many lints fell back to the full engine because of an error (tests assert 0). */
  failures = 0;

  /** One-shot: this linter lints one text and is dropped (cold.ts); it keeps nothing for a next edit. */
  private readonly oneShot: boolean;

  constructor(file: string, opts: { oneShot?: boolean } = {}) {
    this.file = path.resolve(file);
    this.oneShot = opts.oneShot === true;
    this.inputs = new InputChecks({ oneShot: this.oneShot });
    this.finishMemo = this.oneShot ? undefined : new FinishMemo();
  }

  async lint(text: string, options: LintOptions = {}): Promise<LintResult> {
    text = withLineFeeds(text);
    try {
      return await this.lintIncrementally(text, options);
    } catch (e) {
      if (e instanceof LintSuperseded) throw e; // the stages' state is whole: the next lint builds on it
      // A bug in a shortcut must not cost the user their diagnostics: start over with the full engine.
      dropReadAhead(); // what the input checks read for a parse that did not take it
      this.reset();
      this.failures++;
      console.error(`apiconv: incremental lint of ${this.file} failed, linting in full: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      this.stats = undefined;
      return lintWithSpectral(text, this.file, options);
    }
  }

  /** Forget all state: the next lint starts from scratch. */
  reset(): void {
    this.inputs = new InputChecks({ oneShot: this.oneShot });
    this.parser = undefined;
    this.parserKind = undefined;
    this.resolver = undefined;
    this.resolverRemote = undefined;
    this.resolverPolicy = undefined;
    this.runner.reset();
    this.finishMemo?.reset();
  }

  /**
   * In an idle moment after a lint (the one of opening a document): what the next relint would build first, built now.
   * A relint reads the range of every finding from the pieces of the text; after a whole-text parse no piece has been
   * asked for one yet, and the first keystroke after opening looked them all up (a few hundred milliseconds on
   * stripe). `result` is that lint's.
   */
  prepareNextEdit(result: LintResult): void {
    const doc = this.parser?.piecesView();
    if (doc === undefined) return;
    for (const p of result.problems) if (p.source === this.file) doc.getRangeForJsonPath(p.path, true);
    for (const p of result.suppressed ?? []) if (p.source === this.file) doc.getRangeForJsonPath(p.path, true);
  }

  private async lintIncrementally(text: string, options: LintOptions): Promise<LintResult> {
    const absFile = this.file;
    // The input checks (skip.ts, limits.ts); a BOM and `!!binary` are handled by Spectral's runner (lintWithSpectral).
    // The checks that read the whole text read only what the edit changed (input.ts).
    this.inputs.begin(text);
    if (text.charCodeAt(0) === 0xfeff || !this.inputs.lacks(text, '!!binary')) return lintWithSpectral(text, absFile, options);
    const refused = checkInput(text, absFile, options, this.inputs);
    if (refused) {
      dropReadAhead(); // what the input checks read for the parse (yamlAliases.ts, input.ts), not parsed now
      return refused;
    }
    // A one-shot lint leaves the stages' scope before the finish: what only they used (the parse's offsets, the
    // resolved copy, the conventions' model, the units' tables) is garbage then, and the collection after them
    // gives it back before the finish builds the findings on top of the rules' results.
    const staged = await collectAfter(async () => {
      try {
        return await this.runStages(text, options);
      } finally {
        if (this.oneShot) this.dropStages();
      }
    });
    if ('problems' in staged) return staged;
    const { results, files, texts, operations, ms } = staged;
    const t3 = performance.now();

    const lineIndexes = new Map([[absFile, this.inputs.lineIndex(text)]]);
    const out = finishLint(
      results as unknown as EngineResult[],
      absFile,
      staged.ruleset,
      texts,
      files.length > 0 ? files : [absFile],
      lineIndexes,
      (t, s) => this.inputs.lacks(t, s),
      this.finishMemo,
    );
    out.operations = operations;
    this.stats = {
      runner: this.runner.stats.ms,
      parseFull: staged.parseFull,
      unitsRun: this.runner.stats.unitsRun,
      unitsReused: this.runner.stats.unitsReused,
      unitsReplayed: this.runner.stats.unitsReplayed,
      conventionsReused: this.runner.stats.modelReused,
      ms: { parse: ms.parse, resolve: ms.resolve, rules: ms.rules, finish: performance.now() - t3 },
    };
    return out;
  }

  /**
   * The parse, the resolve and the rules: their results and what the finish reads besides (the texts, the files
   * read); a parse that finds nothing to lint gives its answer instead.
   */
  private async runStages(text: string, options: LintOptions): Promise<StagedResults | LintResult> {
    const absFile = this.file;
    const t0 = performance.now();
    const kind = isJsonText(text, absFile) ? 'json' : 'yaml';
    if (!this.parser || this.parserKind !== kind) {
      this.parser = new IncrementalParser(absFile, kind, { oneShot: this.oneShot });
      this.parserKind = kind;
    }
    const parsed = this.parser.update(text, this.inputs.editAfter);
    const doc = parsed.doc;
    const skip = parsedSkip(text, absFile, doc.data, doc.diagnostics);
    if (skip) return skip;
    endIfSuperseded(options);
    const t1 = performance.now();

    const remote = options.allowRemoteRefs === true;
    const refPolicy = options.refPolicy ?? OPEN_REF_POLICY;
    this.readFile = options.readFile;
    // What the resolver keeps between edits holds for one way of reading files: another starts it afresh.
    if (!this.resolver || this.resolverRemote !== remote || !samePolicy(this.resolverPolicy!, refPolicy)) {
      this.resolver = new IncrementalResolver({
        readFile: f => (this.readFile ? this.readFile(f) : undefined),
        allowRemoteRefs: remote,
        refPolicy,
        oneShot: this.oneShot,
      });
      this.resolverRemote = remote;
      this.resolverPolicy = refPolicy;
    }
    const res = await this.resolver.resolve(doc, parsed.changedUnits);
    endIfSuperseded(options);
    const t2 = performance.now();

    const ruleset = (options.ruleset ?? getDefaultRuleset()).fromSource(absFile) as Ruleset;
    const parser = kind === 'json' ? Parsers.Json : Parsers.Yaml;
    const document: DocLike & { diagnostics: unknown[] } = {
      source: absFile,
      data: doc.data,
      diagnostics: doc.diagnostics,
      formats: undefined,
      getRangeForJsonPath: (p, closest) => doc.getRangeForJsonPath(p, closest),
      trapAccess: obj => parser.trapAccess(obj as never) as typeof obj,
    };
    const found = [...ruleset.formats].filter(format => format(res.resolved, absFile));
    document.formats = new Set(found);
    const referenced = res.referencedDocuments as unknown as Record<string, DocLike>;
    const inventory = new Inventory(document, res.resolved, res.graph as RefGraph, referenced);
    const pre = [...(res.diagnostics as RunnerResult[]), ...(res.errors as RunnerResult[]), ...filterParserErrors(doc, ruleset)];
    let results: RunnerResult[];
    try {
      results = await this.runner.run({
        ruleset,
        document,
        inventory,
        preResults: pre,
        oneShot: this.oneShot,
        only: options.onlyRules,
        shared: sharedFor(res.shared, doc),
      });
    } finally {
      clearSeverityCaps(document);
    }
    endIfSuperseded(options);
    const t3 = performance.now();

    const texts = new Map<string, string>([[absFile, text]]);
    for (const [src, d] of Object.entries(res.referencedDocuments)) {
      const t = textOf(d);
      if (t !== undefined) texts.set(src, t);
    }
    return {
      results,
      ruleset,
      files: res.files,
      texts,
      operations: operationCount(res.resolved),
      parseFull: parsed.full,
      ms: { parse: t1 - t0, resolve: t2 - t1, rules: t3 - t2 },
    };
  }

  /** One-shot: the parser, the resolver and the runner's tables are not needed past the rules. */
  private dropStages(): void {
    this.parser = undefined;
    this.resolver = undefined;
    this.readFile = undefined;
    this.runner.reset();
  }
}

/** What the rules' stages hand to the finish. */
interface StagedResults {
  results: RunnerResult[];
  ruleset: Ruleset;
  /** The files read: the root and those its `$ref`s reach. */
  files: string[];
  /** The text of each file read, by its name. */
  texts: Map<string, string>;
  operations: number;
  parseFull: boolean;
  ms: { parse: number; resolve: number; rules: number };
}

/**
 * Between two stages: a lint a newer version has made moot ends here. Each stage keeps the last text it saw whole and
 * compares the next one's units with it by identity (the parser keeps an unchanged unit's object), so a stage that a
 * stopped lint did not reach catches up on both edits at the next lint.
 */
function endIfSuperseded(options: LintOptions): void {
  if (options.superseded?.()) throw new LintSuperseded();
}

/** The resolve's shared objects, all of those met twice only where the parse knows the data has no YAML alias. */
function sharedFor(shared: SharedObjects | undefined, doc: ParsedDoc): SharedObjects | undefined {
  return shared && { objects: shared.objects, all: shared.all && doc.noAliases === true };
}

function textOf(d: unknown): string | undefined {
  const o = d as { text?: unknown; input?: unknown };
  if (typeof o.text === 'string') return o.text;
  if (typeof o.input === 'string') return o.input;
  return undefined;
}

/** Spectral's treatment of the root document's parser diagnostics (parserOptions: duplicate keys, non-string keys). */
function filterParserErrors(doc: ParsedDoc, ruleset: Ruleset): RunnerResult[] {
  const out: RunnerResult[] = [];
  const opts = (ruleset as unknown as { parserOptions: { incompatibleValues: unknown; duplicateKeys: unknown } }).parserOptions;
  for (const d of doc.diagnostics as unknown as RunnerResult[]) {
    if (d.code !== 'parser') continue;
    let severity: number;
    if (d.message.startsWith('Mapping key must be a string scalar rather than')) severity = getDiagnosticSeverity(opts.incompatibleValues as never);
    else if (d.message.startsWith('Duplicate key')) severity = getDiagnosticSeverity(opts.duplicateKeys as never);
    else {
      out.push(d);
      continue;
    }
    if (severity !== -1) out.push({ ...d, severity });
  }
  return out;
}
