/**
 * SARIF 2.1.0 for GitHub code scanning: rules with help text and helpUri,
 * results with 1-based regions, artifact URIs relative to `%SRCROOT%` (cwd).
 */
import { pathToFileURL } from 'node:url';
import * as path from 'node:path';
import type { Formatter } from './types';
import { ruleInfoOrCustom } from '../../engine';
import { isInside, ITEMS_PLACE, jsonPieces } from './util';

const LEVEL = ['error', 'warning', 'note', 'note'] as const;

/** A `file:` URI of an absolute path (`file:///C:/api/a%20b.yaml` on Windows). `p`: the platform's path rules. */
export function fileUri(file: string, p: path.PlatformPath = path): string {
  return pathToFileURL(file, { windows: p === path.win32 }).href;
}

/** Where a finding's file is: relative to %SRCROOT% (cwd), with `/` and each name percent-encoded, when inside it; else its URI. */
export function artifactLocation(file: string, cwd: string, p: path.PlatformPath = path): { uri: string; uriBaseId?: string } {
  return isInside(file, cwd, p)
    ? { uri: p.relative(cwd, file).split(p.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' }
    : { uri: fileUri(file, p) };
}

function stripFrontMatter(md: string): string {
  return md.replace(/^---\n[\s\S]*?\n---\n/, '');
}

/**
 * A rule's `name`: SARIF wants a readable identifier that differs from the id
 * (SARIF1001), in PascalCase (SARIF2012): `path-no-verbs` → `PathNoVerbs`.
 */
export function sarifRuleName(id: string): string {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(w => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return name === '' || name === id ? `${name || 'Apiconv'}Rule` : /^[0-9]/.test(name) ? `Rule${name}` : name;
}

export const sarif: Formatter = function* (problems, ctx) {
  const ids = [...new Set(problems.map(p => p.code))].sort();
  const rules = ids.map(id => {
    const info = ruleInfoOrCustom(id);
    const markdown = info.markdown ? stripFrontMatter(info.markdown) : `${info.description}\n\nSee ${info.helpUri}`;
    return {
      id,
      name: sarifRuleName(id),
      shortDescription: { text: info.description },
      fullDescription: { text: info.description },
      helpUri: info.helpUri,
      help: { text: info.markdown ? `${info.description}\n\nSee ${info.helpUri}` : `${info.description} See ${info.helpUri}`, markdown },
      defaultConfiguration: { level: LEVEL[['error', 'warn', 'info', 'hint'].indexOf(info.severity ?? 'warn')] ?? 'warning' },
      properties: { tags: ['openapi', info.origin], ...(info.fixable ? { fixable: info.fixable } : {}) },
    };
  });
  const index = new Map(ids.map((id, i) => [id, i]));
  const srcroot = fileUri(ctx.cwd + path.sep);
  const locations = new Map<string, ReturnType<typeof artifactLocation>>();
  const locationOf = (file: string) => {
    let at = locations.get(file);
    if (at === undefined) locations.set(file, (at = artifactLocation(file, ctx.cwd)));
    return at;
  };
  // The results, one at a time (jsonPieces): the log's one part that grows with the findings.
  const results = (function* () {
    for (const p of problems)
      yield {
        ruleId: p.code,
        ruleIndex: index.get(p.code)!,
        level: LEVEL[p.severity] ?? 'error',
        message: { text: p.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: locationOf(p.source),
              region: {
                startLine: p.range.start.line + 1,
                startColumn: p.range.start.character + 1,
                endLine: p.range.end.line + 1,
                endColumn: p.range.end.character + 1,
              },
            },
            logicalLocations: p.path.length ? [{ fullyQualifiedName: p.path.map(String).join('.'), kind: 'member' }] : undefined,
          },
        ],
        partialFingerprints: { 'apiconvPath/v1': `${p.code}:${p.path.map(String).join('/')}` },
      };
  })();
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'apiconv', version: ctx.version, semanticVersion: ctx.version, informationUri: 'https://github.com/apiconv/apiconv', rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: srcroot } },
        artifacts: [...new Set(problems.map(p => p.source))].map(f => ({ location: locationOf(f) })),
        results: ITEMS_PLACE,
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
  yield* jsonPieces(log, results);
  yield '\n';
};
