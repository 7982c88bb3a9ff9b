/**
 * `lintWithSpectral()`: Spectral's own `Spectral.run`, the reference the engine is tested against and the engine's
 * fallback when one of its shortcuts throws. A fresh `Spectral` instance and a fresh `$ref` resolver for every call
 * (Spectral's resolver caches documents across runs, which makes a reused instance report wrong `invalid-ref` errors
 * and grow in memory); the ruleset is shared.
 */
import { operationCount } from './apiSize';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import * as path from 'node:path';
import type { LintResult } from './problem';
import { CheckedYaml } from './yamlSyntax';
import { createResolver, type FileReader } from './spectralResolver';
import { getDefaultRuleset } from './ruleset';
import { clearSeverityCaps, severityCapOf } from '../../../rules/_lib/severity';
import { OPEN_REF_POLICY, readRefFile, type RefPolicy } from './refFiles';
import { parsedSkip } from './skip';
import { checkInput, withLineFeeds } from './inputCheck';
import { isJsonText } from './sniff';
import { finishLint } from './finish/finishLint';
import type { LintOptions } from './lintOptions';

/** Lint one document with Spectral's own runner (`Spectral.run`): the reference the engine is tested against. */
export async function lintWithSpectral(text: string, file: string, options: LintOptions = {}): Promise<LintResult> {
  const absFile = path.resolve(file);
  // A BOM is linted as without it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = withLineFeeds(text);
  const refused = checkInput(text, absFile, options);
  if (refused) return refused;

  // `!!binary` crashes Spectral's YAML parser (`data.replace is not a function`): read the value as the plain
  // base64 string it is written as (the tag blanked out, so every offset stays); any other parser crash is a finding.
  if (text.includes('!!binary')) text = blankBinaryTags(text);
  let document: Document<unknown, never>;
  try {
    document = new Document<unknown, never>(text, (isJsonText(text, absFile) ? Parsers.Json : CheckedYaml) as never, absFile);
  } catch (e) {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return {
      problems: [
        { code: 'parser', message: `The parser failed: ${e instanceof Error ? e.message : String(e)}`, severity: 0, path: [], range, source: absFile },
      ],
      files: [absFile],
    };
  }
  const skip = parsedSkip(text, absFile, document.data, document.diagnostics);
  if (skip) return skip;

  const files = new Set<string>([absFile]);
  const refPolicy = options.refPolicy ?? OPEN_REF_POLICY;
  // The texts of every file read (for ranges and suppressions): no file is read twice.
  const texts = new Map<string, string>([[absFile, text]]);
  const readFile: FileReader = async f => {
    const overlay = options.readFile ? await options.readFile(f) : undefined;
    const t = overlay ?? readTextSync(f, refPolicy);
    if (t !== undefined) texts.set(f, t);
    return t;
  };
  const resolver = createResolver({ readFile, allowRemoteRefs: options.allowRemoteRefs === true, refPolicy, onRead: f => files.add(f) });
  const spectral = new Spectral({ resolver });
  const ruleset = options.ruleset ?? getDefaultRuleset();
  spectral.setRuleset(ruleset);
  const { results, resolved } = await spectral.runWithResolved(document, { ignoreUnknownFormat: true });
  const capped = results.map(r => ({ ...r, cap: severityCapOf(document, String(r.code), r.message, [...r.path]) }));
  clearSeverityCaps(document);
  return { ...finishLint(capped, absFile, ruleset, texts, [...files]), operations: operationCount(resolved) };
}

/**
 * Files are read synchronously on purpose: json-ref-resolver's outcome on a multi-file
 * document depends on the order in which its reads complete (e.g. digitalocean: which of the
 * places reaching a shared file is resolved first). Reads that complete in the order they are
 * asked make the result the same on every run.
 */
function readTextSync(file: string, policy: RefPolicy): string | undefined {
  try {
    // Regular files of bounded size inside the project only (refFiles.ts); a refusal is reported by the resolver.
    return readRefFile(file, policy);
  } catch {
    return undefined;
  }
}

/** `!!binary` tags replaced by as many spaces (see lintWithSpectral). */
export function blankBinaryTags(text: string): string {
  return text.replace(/(^|[\s:,[{-])!!binary(?=[\s,\]}]|$)/gm, (_m, pre: string) => `${pre}        `);
}
