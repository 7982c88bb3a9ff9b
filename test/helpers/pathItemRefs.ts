/**
 * A small multi-file project per OpenAPI version whose path items are `$ref`'d from other files (the
 * Redocly starter layout: `paths: {/users: {$ref: paths/users.yaml}}`), beside one written inline. Each path key
 * draws path-level findings (path-no-verbs, path-collection-plural, path-api-prefix, path-resource-nesting,
 * version-path-format): they belong at the key in the root document, the line `lines[key]` says.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export type Version = '2.0' | '3.0' | '3.1';
export const VERSIONS: Version[] = ['2.0', '3.0', '3.1'];

/** The path-level rules: their findings are on a path key. */
export const PATH_RULES = ['path-no-verbs', 'path-collection-plural', 'path-api-prefix', 'path-resource-nesting', 'version-path-format'];

/** Path key → the file its path item is written in (undefined: inline in the root). */
const KEYS: [string, string | undefined][] = [
  ['/v1/getUsers', 'paths/getUsers.yaml'],
  ['/V2/person/{id}', 'paths/person.yaml'],
  ['/v1/order/{orderId}', undefined],
];

const operation = (summary: string) => ['  get:', `    summary: ${summary}`, '    responses:', "      '200':", '        description: OK'];

function pathItem(version: Version, key: string): string {
  const lines = ['# A path item in a file of its own.', ...operation(`Read ${key}`).map(l => l.slice(2))];
  const params = [...key.matchAll(/\{(\w+)\}/g)].map(m => m[1]);
  if (params.length === 0) return lines.join('\n') + '\n';
  const param = (name: string) =>
    version === '2.0'
      ? [`  - name: ${name}`, '    in: path', '    required: true', '    type: string']
      : [`  - name: ${name}`, '    in: path', '    required: true', '    schema:', '      type: string'];
  return [...lines, 'parameters:', ...params.flatMap(param)].join('\n') + '\n';
}

export interface PathItemRefsProject {
  dir: string;
  root: string;
  text: string;
  /** Path key → its line (0-based) in the root document. */
  lines: Record<string, number>;
  /** Path key → the file its path item is written in, for the `$ref`'d ones. */
  files: Record<string, string>;
}

export function pathItemRefsProject(version: Version): PathItemRefsProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-path-refs-'));
  fs.mkdirSync(path.join(dir, 'paths'));
  const head =
    version === '2.0'
      ? ['swagger: "2.0"', 'info:', '  title: Path refs', '  version: "1.0"', 'host: api.example.com', 'schemes: [https]']
      : [
          `openapi: ${version === '3.0' ? '3.0.3' : '3.1.0'}`,
          'info:',
          '  title: Path refs',
          '  version: "1.0"',
          'servers:',
          '  - url: https://api.example.com',
        ];
  const lines: string[] = [...head, 'paths:'];
  const at: Record<string, number> = {};
  const files: Record<string, string> = {};
  for (const [key, file] of KEYS) {
    at[key] = lines.length;
    if (file === undefined) {
      lines.push(
        `  ${key}:`,
        ...operation(`Read ${key}`).map(l => `  ${l}`),
        '    parameters:',
        '      - name: orderId',
        '        in: path',
        '        required: true',
      );
      lines.push(...(version === '2.0' ? ['        type: string'] : ['        schema:', '          type: string']));
    } else {
      lines.push(`  ${key}:`, `    $ref: ${file}`);
      files[key] = path.join(dir, file);
      fs.writeFileSync(files[key], pathItem(version, key));
    }
  }
  const text = lines.join('\n') + '\n';
  const root = path.join(dir, 'api.yaml');
  fs.writeFileSync(root, text);
  return { dir, root, text, lines: at, files };
}
