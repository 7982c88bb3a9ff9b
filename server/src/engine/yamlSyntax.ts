/**
 * YAML syntax errors that Spectral's YAML parser (@stoplight/yaml, on
 * yaml-ast-parser) lets through but YAML itself rejects — as do the `yaml`
 * package the fixers edit with, PyYAML and every editor's YAML support.
 *
 * One today: a block mapping entry that starts on the line where the previous
 * entry's value ends, `info: { title: T, version: '1' } x: []` (what an
 * editor's bracket auto-close easily leaves). yaml-ast-parser reads it as two
 * entries; YAML reads no document at all, so no fix can be computed on it.
 * Without a `parser` finding the user would only see the quick fixes vanish.
 *
 * `parseYamlChecked` is Spectral's `Parsers.Yaml.parse` plus these errors, in
 * the parser's own diagnostic form (Spectral's Document turns them into
 * `parser` findings), so that the full engine (lint.ts) and the incremental one
 * (parse/parser.ts) report the same. It walks the syntax tree the parser
 * already built; it does not parse the text again.
 */
import * as Parsers from '@stoplight/spectral-parsers';
import { DiagnosticSeverity, type IDiagnostic } from '@stoplight/types';
import { LineIndex } from './lineIndex';
import { treeSameLineEntries } from './parse/yamlDocument';

type YamlResult = ReturnType<typeof Parsers.parseYaml>;

import { MAP, MAPPING, SEQ, asAstNode as node, type YamlAstNode as AstNode } from './parse/yamlAst';

export const SAME_LINE_ENTRY_MESSAGE =
  'YAML syntax error: a mapping entry must start on a new line, not after the previous value on its line. YAML parsers (and the quick fixes) cannot read this document until it is fixed';

/** Offsets of block mapping entries (their keys) that start on the line of the previous entry's end. */
export function sameLineEntries(text: string, ast: unknown): number[] {
  const out: number[] = [];
  const root = node(ast);
  if (root === null) return out;
  const stack: AstNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === MAP) {
      const ms = n.mappings ?? [];
      const block = text[n.startPosition] !== '{';
      for (let i = 0; i < ms.length; i++) {
        const m = ms[i];
        if (!m) continue;
        stack.push(m);
        const prev = ms[i - 1];
        if (!block || !prev || prev.endPosition < 0 || m.startPosition <= prev.endPosition) continue;
        // no line break between the previous entry's last character and this key (indexOf: no copy of the text
        // between them); an entry without a value (`? a`) ends past its line break
        const br = text.indexOf('\n', prev.endPosition - 1);
        if (br === -1 || br >= m.startPosition) out.push(m.startPosition);
      }
    } else if (n.kind === MAPPING) {
      const k = node(n.key);
      const v = node(n.value);
      if (k) stack.push(k);
      if (v) stack.push(v);
    } else if (n.kind === SEQ) {
      for (const it of n.items ?? []) if (it) stack.push(it);
    }
  }
  return out.sort((a, b) => a - b);
}

/** `Parsers.Yaml.parse(text)` with the syntax errors it misses added to its diagnostics (a new array; the result is otherwise the parser's). */
export function parseYamlChecked(text: string): YamlResult {
  return withSyntaxChecks(text, Parsers.Yaml.parse(text) as YamlResult);
}

/** The parser's warning for a tab in an indentation, which YAML (and the `yaml` package the fixes edit with) rejects. */
const TAB_WARNING = 'Using tabs can lead to unpredictable results';
export const TAB_INDENT_MESSAGE =
  'YAML syntax error: a tab in the indentation (YAML indents with spaces only): what follows is not read as it is laid out, so findings about it are not to be trusted until it is fixed';

/** A YAML parse result (Spectral's parser, or the engine's yamlDocument on the same syntax tree) with the syntax errors it misses added. */
export function withSyntaxChecks(text: string, result: YamlResult): YamlResult {
  // A tab in an indentation is the parser's warning: an error, at the tab, said as one (the parser reads such a
  // document as a different one, whose findings — "paths must be object" — point elsewhere).
  if (result.diagnostics.some(d => d.message === TAB_WARNING)) {
    result = {
      ...result,
      diagnostics: result.diagnostics.map(d => (d.message === TAB_WARNING ? { ...d, message: TAB_INDENT_MESSAGE, severity: DiagnosticSeverity.Error } : d)),
    };
  }
  const offsets = treeSameLineEntries(result) ?? sameLineEntries(text, result.ast); // the tree parse found them on its way
  if (offsets.length === 0) return result;
  const lines = new LineIndex(text);
  const extra: IDiagnostic[] = offsets.map(o => {
    let end = o;
    while (end < text.length && text[end] !== '\n' && text[end] !== ':') end++;
    return { code: 'YAMLException', message: SAME_LINE_ENTRY_MESSAGE, severity: DiagnosticSeverity.Error, range: lines.range(o, end) };
  });
  return { ...result, diagnostics: [...result.diagnostics, ...extra] };
}

/** Spectral's YAML parser with `parseYamlChecked` as its parse (for `new Document(text, parser)`). */
export const CheckedYaml: typeof Parsers.Yaml = { ...Parsers.Yaml, parse: parseYamlChecked } as typeof Parsers.Yaml;
