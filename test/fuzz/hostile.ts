/**
 * Hostile and broken inputs (a table of them and more), as files to write into a
 * fresh folder. Shared by the fuzz suite (fuzz.test.ts, run.ts) and the table
 * script (table.ts) that measures each row through the built CLI.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const HEAD = `openapi: 3.0.3
info:
  title: Hostile
  version: '1'
servers:
  - url: https://x.example.com/api/v1
`;

export type FileSpec = string | Buffer | { symlink: string } | { fifo: true } | { dir: true };

export interface HostileCase {
  name: string;
  /** Files relative to the case folder. The document to lint is `root`. */
  files: Record<string, FileSpec>;
  root: string;
  /** Extra CLI arguments. */
  args?: string[];
  /** What the answer must show (a regex on the CLI's stdout + stderr), and which finding codes. */
  expect: { output: RegExp; codes?: string[]; exit?: number[] };
  /** Only where mkfifo and /dev/zero exist. */
  posixOnly?: boolean;
  /** Large: left out of the quick suite. */
  slow?: boolean;
  /** Its own time budget (ms), where it is tighter than the suite's. */
  budgetMs?: number;
}

/** "Billion laughs": each level refers to the previous one `fan` times. */
export function aliasBomb(levels = 12, fan = 9): string {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: fan }, () => `*a${i - 1}`).join(', ')}]`);
  return lines.join('\n');
}

export function deepYamlBlock(depth: number): string {
  let s = `${HEAD}paths: {}\nx-deep:\n`;
  for (let i = 1; i <= depth; i++) s += `${' '.repeat(i)}k${i}:\n`;
  return s + `${' '.repeat(depth + 1)}end: 1\n`;
}

export function deepYamlFlow(depth: number): string {
  return `${HEAD}paths: {}\nx-deep: ${'['.repeat(depth)}1${']'.repeat(depth)}\n`;
}

export function deepJson(depth: number): string {
  return `{"openapi": "3.0.3", "info": {"title": "x", "version": "1"}, "paths": {}, "x-deep": ${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}\n`;
}

/** A valid OpenAPI document of about `mb` megabytes (many small paths). */
export function bigDocument(mb: number): string {
  const parts = [HEAD, 'paths:\n'];
  let size = HEAD.length;
  for (let i = 0; size < mb * 1024 * 1024; i++) {
    const p = `  /items${i}:\n    get:\n      operationId: getItems${i}\n      summary: Get items ${i}\n      responses:\n        '200':\n          description: ok\n`;
    parts.push(p);
    size += p.length;
  }
  return parts.join('');
}

/** A chain of `n` local refs: an operation's schema -> S0 -> S1 -> ... -> S(n-1), an object. */
export function refChain(n: number): string {
  const parts = [
    HEAD,
    "paths:\n  /things:\n    get:\n      operationId: getThings\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/S0'\ncomponents:\n  schemas:\n",
  ];
  for (let i = 0; i < n - 1; i++) parts.push(`    S${i}:\n      $ref: '#/components/schemas/S${i + 1}'\n`);
  parts.push(`    S${n - 1}:\n      type: object\n`);
  return parts.join('');
}

/** A chain of `n` schemas through properties: S0.properties.next -> S1 ... -> S(n-1), three levels deeper per link once resolved. */
export function propertyChain(n: number): string {
  const parts = [
    HEAD,
    "paths:\n  /things:\n    get:\n      operationId: getThings\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/S0'\ncomponents:\n  schemas:\n",
  ];
  for (let i = 0; i < n - 1; i++)
    parts.push(`    S${i}:\n      type: object\n      properties:\n        next:\n          $ref: '#/components/schemas/S${i + 1}'\n`);
  parts.push(`    S${n - 1}:\n      type: object\n`);
  return parts.join('');
}

/** `n` path items of one operation each (200,000: 14 MB, under the size limit). */
export function manyPaths(n: number): string {
  const parts = [HEAD, 'paths:\n'];
  for (let i = 0; i < n; i++) parts.push(`  /p${i}:\n    get:\n      responses:\n        '200': {description: ok}\n`);
  return parts.join('');
}

const refDoc = (ref: string) =>
  `${HEAD}paths:\n  /things:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '${ref}'\n`;

/** A `$ref` cycle, A -> B -> A, reached from an operation (it hung the CLI, the server and Spectral). */
export const REF_CYCLE = `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /api/v1/items:
    get:
      operationId: listItems
      responses:
        '200':
          $ref: '#/components/responses/A'
components:
  responses:
    A: {$ref: '#/components/responses/B'}
    B: {$ref: '#/components/responses/A'}
`;

/** The same across two files: api.yaml -> a.yaml#/R -> b.yaml#/R -> a.yaml#/R. */
export const REF_CYCLE_ACROSS = `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /api/v1/items:
    get:
      operationId: listItems
      responses:
        '200':
          $ref: 'a.yaml#/R'
`;

export const REF_CYCLE_A = "R:\n  $ref: 'b.yaml#/R'\n";
export const REF_CYCLE_B = "R:\n  $ref: 'a.yaml#/R'\n";

/** A document with one finding everyone sees: a verb in a path. */
const VERB_DOC = `${HEAD}paths:\n  /getUsers:\n    get:\n      responses:\n        '200':\n          description: ok\n`;

/**
 * A schema whose `pattern` backtracks catastrophically on its example (`(a+)+$` on forty `a`s and a `!`): the example
 * rule's match never ended, and the lint with it.
 */
export function catastrophicPattern(): string {
  return `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /api/v1/items:
    get:
      operationId: listItems
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: string
                pattern: '^(a+)+$'
                example: '${'a'.repeat(40)}!'
`;
}

/** A response schema of `type` whose `enum` holds `values` (written as YAML flow items), with an example when given. */
export function enumDocument(values: readonly string[], opts: { type?: string; example?: string } = {}): string {
  const example = opts.example === undefined ? '' : `                example: ${opts.example}\n`;
  return `${HEAD}paths:\n  /things:\n    get:\n      operationId: getThings\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: ${opts.type ?? 'string'}\n                enum: [${values.join(', ')}]\n${example}`;
}

/** `n` values: v0, v1, … */
const enumValues = (n: number, text = (i: number) => `v${i}`) => Array.from({ length: n }, (_, i) => text(i));

/** A schema with an enum of `n` values, `$ref`'d by `uses` properties of one response schema. */
export function sharedEnum(uses: number, n: number): string {
  const props = Array.from({ length: uses }, (_, i) => `                  p${i}: {$ref: '#/components/schemas/E'}\n`).join('');
  return `${HEAD}paths:\n  /things:\n    get:\n      operationId: getThings\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: object\n                properties:\n${props}components:\n  schemas:\n    E:\n      type: string\n      example: v0\n      enum: [${enumValues(n).join(', ')}]\n`;
}

/** ../ enough times to reach / from any temp folder. */
const UP = '../'.repeat(24);

export function hostileCases(): HostileCase[] {
  const cases: HostileCase[] = [
    {
      name: 'alias bomb in the root',
      files: { 'a.yaml': `${HEAD}paths: {}\nx-bomb:\n${aliasBomb().replace(/^/gm, '  ')}\n` },
      root: 'a.yaml',
      expect: { output: /alias/i, codes: ['parser'] },
    },
    {
      name: 'alias bomb in a schema',
      files: {
        'a.yaml': `${HEAD}paths: {}\ncomponents:\n  schemas:\n    Bomb:\n      type: object\n      example:\n${aliasBomb().replace(/^/gm, '        ')}\n`,
      },
      root: 'a.yaml',
      expect: { output: /alias/i, codes: ['parser'] },
    },
    { name: 'a 50 MB document', files: { 'a.yaml': bigDocument(50) }, root: 'a.yaml', expect: { output: /over the size limit/ }, slow: true },
    { name: 'nesting 3,000 deep (YAML block)', files: { 'a.yaml': deepYamlBlock(3000) }, root: 'a.yaml', expect: { output: /nest/i, codes: ['parser'] } },
    { name: 'nesting 100,000 deep (YAML flow)', files: { 'a.yaml': deepYamlFlow(100_000) }, root: 'a.yaml', expect: { output: /nest/i, codes: ['parser'] } },
    { name: 'nesting 100,000 deep (JSON)', files: { 'a.json': deepJson(100_000) }, root: 'a.json', expect: { output: /nest/i, codes: ['parser'] } },
    {
      name: '$ref: ../../dev/zero',
      files: { 'a.yaml': refDoc(`${UP}dev/zero`) },
      root: 'a.yaml',
      expect: { output: /not a regular file|outside/i, codes: ['invalid-ref'] },
      posixOnly: true,
    },
    {
      name: '$ref: ../../dev/urandom',
      files: { 'a.yaml': refDoc(`${UP}dev/urandom`) },
      root: 'a.yaml',
      expect: { output: /not a regular file|outside/i, codes: ['invalid-ref'] },
      posixOnly: true,
    },
    {
      name: "$ref'd symlink to /dev/zero",
      files: { 'a.yaml': refDoc('zero.yaml'), 'zero.yaml': { symlink: '/dev/zero' } },
      root: 'a.yaml',
      expect: { output: /not a regular file|outside/i, codes: ['invalid-ref'] },
      posixOnly: true,
    },
    // json-ref-resolver reads a `file:` URI as a path below the document's folder: never /dev/zero itself.
    {
      name: '$ref: file:///dev/zero',
      files: { 'a.yaml': refDoc('file:///dev/zero') },
      root: 'a.yaml',
      expect: { output: /invalid-ref/, codes: ['invalid-ref'] },
      posixOnly: true,
    },
    {
      name: '$ref to a FIFO',
      files: { 'a.yaml': refDoc('pipe.yaml'), 'pipe.yaml': { fifo: true } },
      root: 'a.yaml',
      expect: { output: /not a regular file/i, codes: ['invalid-ref'] },
      posixOnly: true,
    },
    {
      name: '$ref to a directory',
      files: { 'a.yaml': refDoc('sub'), 'sub/x.txt': 'x' },
      root: 'a.yaml',
      expect: { output: /not a regular file|directory/i, codes: ['invalid-ref'] },
    },
    {
      name: 'a folder holding a *.yaml symlink to a FIFO',
      files: { 'ok.yaml': `${HEAD}paths: {}\n`, pipe: { fifo: true }, 'link.yaml': { symlink: 'pipe' } },
      root: '.',
      expect: { output: /link\.yaml.*(not a regular file|skipped)/i },
      posixOnly: true,
    },
    {
      name: '$ref to a file outside the project',
      files: { 'api/a.yaml': refDoc('../secret'), secret: 'password: hunter2\n' },
      root: 'api/a.yaml',
      expect: { output: /outside/i, codes: ['invalid-ref'] },
    },
    // Said as of an existing file: whether a file outside exists is not for the findings (and CI logs) to tell.
    {
      name: '$ref to a link to a missing file outside the project',
      files: { 'api/a.yaml': refDoc('link.yaml'), 'api/link.yaml': { symlink: '../no-such.yaml' } },
      root: 'api/a.yaml',
      expect: { output: /link\.yaml \(a link to .*no-such\.yaml\) is outside the project/, codes: ['invalid-ref'] },
      posixOnly: true,
    },
    {
      name: 'a YAML document behind a UTF-8 BOM',
      files: { 'a.yaml': `\uFEFF${VERB_DOC}` },
      root: 'a.yaml',
      expect: { output: /path-no-verbs/ },
    },
    {
      name: 'CRLF line endings',
      files: { 'a.yaml': VERB_DOC.replace(/\n/g, '\r\n') },
      root: 'a.yaml',
      expect: { output: /path-no-verbs/ },
    },
    {
      name: 'a dedent error',
      files: { 'a.yaml': `${HEAD}paths:\n  /users:\n    get:\n      responses:\n        '200':\n          description: ok\n   bad: 1\n` },
      root: 'a.yaml',
      expect: { output: /parser/, codes: ['parser'] },
    },
    {
      name: 'a YAML !!binary tag',
      files: { 'a.yaml': `${HEAD}paths: {}\nx-logo: !!binary |\n  R0lGODlhDAAMAIQAAP//9/X17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5\n` },
      root: 'a.yaml',
      expect: { output: /^\[|a\.yaml/m, exit: [0, 1] },
    },
    { name: 'an empty file', files: { 'a.yaml': '' }, root: 'a.yaml', expect: { output: /skipped/i, exit: [2] } },
    {
      name: 'a binary file',
      files: { 'a.yaml': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]) },
      root: 'a.yaml',
      expect: { output: /skipped.*binary/i, exit: [2] },
    },
    {
      name: 'a document with one NUL byte',
      files: { 'a.yaml': `${HEAD}paths: {}\nx-note: a\u0000b\n` },
      root: 'a.yaml',
      expect: { output: /NUL/, codes: ['parser'], exit: [1] },
    },
    {
      name: 'a folder with no OpenAPI document',
      files: { 'specs/x.yaml': 'a: 1\n', 'specs/y.json': '{"b": 2}\n' },
      root: 'specs',
      expect: { output: /no OpenAPI document was linted/, exit: [2] },
    },
    {
      name: 'an AsyncAPI document',
      files: { 'a.yaml': "asyncapi: 2.6.0\ninfo:\n  title: T\n  version: '1'\nchannels: {}\n" },
      root: 'a.yaml',
      expect: { output: /AsyncAPI/, exit: [2] },
    },
    {
      name: 'tab indentation',
      files: { 'a.yaml': `${HEAD}paths:\n\t/users:\n    get: {}\n` },
      root: 'a.yaml',
      expect: { output: /a tab in the indentation/, codes: ['parser'], exit: [1] },
    },
    {
      name: 'CR-only line ends',
      files: { 'a.yaml': VERB_DOC.replace(/\n/g, '\r') },
      root: 'a.yaml',
      expect: { output: /path-no-verbs/, exit: [1] },
    },
    {
      name: 'a UTF-16 document',
      files: { 'a.yaml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEAD}paths: {}\n`, 'utf16le')]) },
      root: 'a.yaml',
      expect: { output: /skipped.*UTF-16/i },
    },
    { name: 'openapi: 4.0.0', files: { 'a.yaml': HEAD.replace('3.0.3', '4.0.0') + 'paths: {}\n' }, root: 'a.yaml', expect: { output: /skipped.*4\.0\.0/i } },
    { name: 'a $ref cycle (A -> B -> A)', files: { 'api.yaml': REF_CYCLE }, root: 'api.yaml', expect: { output: /error-500/, exit: [1] } },
    {
      name: 'a $ref cycle across two files',
      files: { 'api.yaml': REF_CYCLE_ACROSS, 'a.yaml': REF_CYCLE_A, 'b.yaml': REF_CYCLE_B },
      root: 'api.yaml',
      expect: { output: /error-500/, exit: [1] },
    },
    // A chain of refs cost its length squared (thousands of refs took tens of seconds and gigabytes).
    {
      name: 'a chain of 4,000 local $refs',
      files: { 'api.yaml': refChain(4000) },
      root: 'api.yaml',
      expect: { output: /security-required/, exit: [0, 1] },
      budgetMs: 15_000,
    },
    {
      name: 'a chain of 10,000 local $refs',
      files: { 'api.yaml': refChain(10_000) },
      root: 'api.yaml',
      expect: { output: /security-required/, exit: [0, 1] },
      slow: true,
      budgetMs: 2_000,
    },
    {
      name: 'a chain of 10,000 local $refs, no rules (the resolver alone)',
      files: { 'api.yaml': refChain(10_000), 'none.yaml': 'rules: {}\n' },
      root: 'api.yaml',
      args: ['-r', 'none.yaml'],
      expect: { output: /^\[\]/, exit: [0] },
      slow: true,
      budgetMs: 2_000,
    },
    // Each link nests the resolved document three levels deeper: 2,000 overflowed the stack ("No OpenAPI documents found").
    {
      name: 'a chain of 2,000 schemas through properties',
      files: { 'api.yaml': propertyChain(2000) },
      root: 'api.yaml',
      expect: { output: /nest the resolved document more than 1000 levels deep/, codes: ['invalid-ref', 'security-required'], exit: [1] },
      budgetMs: 15_000,
    },
    {
      name: 'a chain of 10,000 schemas through properties',
      files: { 'api.yaml': propertyChain(10_000) },
      root: 'api.yaml',
      expect: { output: /nest the resolved document more than 1000 levels deep/, codes: ['invalid-ref', 'security-required'], exit: [1] },
      slow: true,
      budgetMs: 5_000,
    },
    {
      name: '200,000 paths',
      files: { 'api.yaml': manyPaths(200_000) },
      root: 'api.yaml',
      expect: { output: /"code"/, exit: [0, 1] },
      slow: true,
      budgetMs: 20_000,
    },
    {
      name: 'a pattern that backtracks catastrophically on its example',
      files: { 'api.yaml': catastrophicPattern() },
      root: 'api.yaml',
      // The CLI's own thread has no budget: the pattern test's own time limit stops the rule.
      expect: {
        output: /oas3-valid-schema-example.*ran past the time limit of a pattern test/,
        codes: ['oas3-valid-schema-example', 'security-required'],
        exit: [1],
      },
    },
    // A huge enum: its duplicates were looked for pair by pair (an enum of objects, or one with a duplicate near its
    // start, never ended), and each value not of the schema's type was a finding (100,000 of them).
    {
      name: 'an enum of 100,000 values with an example',
      files: { 'api.yaml': enumDocument(enumValues(100_000), { example: 'v99999' }) },
      root: 'api.yaml',
      expect: { output: /security-required/, exit: [1] },
    },
    {
      name: 'an enum of 100,000 values, its first two equal',
      files: { 'api.yaml': enumDocument(['v0', ...enumValues(99_999)]) },
      root: 'api.yaml',
      expect: { output: /items ## 0 and 1 are identical/, codes: ['duplicated-entry-in-enum', 'security-required'], exit: [1] },
    },
    {
      name: 'an enum of 100,000 objects',
      files: {
        'api.yaml': enumDocument(
          enumValues(100_000, i => `{id: ${i}}`),
          { type: 'object', example: '{id: 7}' },
        ),
      },
      root: 'api.yaml',
      expect: { output: /security-required/, exit: [1] },
    },
    {
      name: "an enum of 100,000 values not of the schema's type",
      files: { 'api.yaml': enumDocument(enumValues(100_000, i => String(i))) },
      root: 'api.yaml',
      expect: { output: /99,980 more enum values are not of the schema's type/, codes: ['typed-enum', 'security-required'], exit: [1] },
    },
    {
      name: "an enum of 1,000 values $ref'd 1,000 times",
      files: { 'api.yaml': sharedEnum(1000, 1000) },
      root: 'api.yaml',
      expect: { output: /security-required/, exit: [1] },
    },
    {
      name: 'an enum of 1,000 strings of 10 KB',
      files: {
        'api.yaml': enumDocument(
          enumValues(1000, i => `v${i}-${'x'.repeat(10_000)}`),
          { example: `v999-${'x'.repeat(10_000)}` },
        ),
      },
      root: 'api.yaml',
      expect: { output: /security-required/, exit: [1] },
      slow: true,
      budgetMs: 5_000,
    },
    {
      name: 'an enum of 1,000,000 values with an example',
      files: { 'api.yaml': enumDocument(enumValues(1_000_000), { example: 'v999999' }) },
      root: 'api.yaml',
      expect: { output: /security-required/, exit: [1] },
      slow: true,
      budgetMs: 5_000,
    },
    {
      name: 'swagger: "1.2"',
      files: { 'a.yaml': `swagger: "1.2"\ninfo:\n  title: x\n  version: '1'\npaths: {}\n` },
      root: 'a.yaml',
      expect: { output: /skipped.*1\.2/i },
    },
    // The search for a config ends at the repository root: a .spectral.js above it (no rules) is not run.
    {
      name: 'a .spectral.js above the repository',
      files: { '.spectral.js': 'module.exports = { rules: {} };\n', 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/a.yaml': VERB_DOC },
      root: 'repo/a.yaml',
      expect: { output: /path-no-verbs/, codes: ['path-no-verbs'], exit: [1] },
    },
    {
      name: 'an unknown name in formats:',
      files: { '.spectral.yaml': "extends: ['apiconv:recommended']\nformats: [oas3.7]\n", 'a.yaml': VERB_DOC },
      root: 'a.yaml',
      expect: { output: /unknown format "oas3\.7"/, exit: [2] },
    },
  ];
  return cases;
}

/** Writes a case's files into `dir` (which must exist). */
export function materialize(dir: string, files: Record<string, FileSpec>): void {
  for (const [rel, spec] of Object.entries(files)) {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    if (typeof spec === 'string' || Buffer.isBuffer(spec)) fs.writeFileSync(p, spec);
    else if ('symlink' in spec) fs.symlinkSync(spec.symlink, p);
    else if ('fifo' in spec) execFileSync('mkfifo', [p]);
    else fs.mkdirSync(p, { recursive: true });
  }
}
