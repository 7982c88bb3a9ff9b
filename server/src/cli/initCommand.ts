/**
 * `apiconv init [<dir>] [--ci github]`: a commented `.apiconv.yaml` that extends `apiconv:recommended` and,
 * with `--ci github`, a GitHub Actions workflow running the apiconv action. Never overwrites a file: when
 * one of them exists, nothing is written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_FILES } from '../engine';
import { displayPath } from './formatters/util';

export const SCHEMA_URL = 'https://raw.githubusercontent.com/apiconv/apiconv/main/schema/apiconv-config.schema.json';

export const CONFIG_TEMPLATE = `# apiconv configuration: a Spectral ruleset (.spectral.yaml syntax works here too).
# Rules and their docs: \`apiconv rules\`, \`apiconv rules <rule-id>\`.
# yaml-language-server: $schema=${SCHEMA_URL}

# apiconv:recommended: the conventions plus Spectral's structural OpenAPI rules;
# apiconv:all adds every spectral:oas rule.
extends: apiconv:recommended

# Uncomment to change rules (\`apiconv rules <rule-id>\` tells what a rule checks and its options):
# rules:
#   path-api-prefix: warn          # a rule's severity: error, warn, info or hint
#   path-collection-plural: off    # a rule turned off
#   path-no-verbs:                 # rule options, as Spectral function options
#     then:
#       functionOptions:
#         extraVerbs: [search, login]
#         allowed: [reset]

# Other settings for some files only:
# overrides:
#   - files: ["legacy/**"]
#     rules:
#       security-required: off
`;

export function workflowTemplate(version: string): string {
  return `# Lints the OpenAPI documents with apiconv: findings as code-scanning alerts (SARIF) and
# pull-request annotations, a summary on the run's page; the job fails on errors.
name: apiconv

on:
  push:
    branches: [main]
  pull_request:

permissions:
  contents: read
  security-events: write   # SARIF upload to code scanning

jobs:
  apiconv:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: apiconv/apiconv@v${version}
        with:
          paths: .
          fail-severity: error
`;
}

export interface InitResult {
  written: string[];
  /** Set when nothing was written because a file is in the way. */
  refused?: string;
}

export function initCommand(dir: string, opts: { ci?: 'github'; version: string }): InitResult {
  const config = path.join(dir, '.apiconv.yaml');
  const files: [string, string][] = [[config, CONFIG_TEMPLATE]];
  if (opts.ci === 'github') files.push([path.join(dir, '.github', 'workflows', 'apiconv.yml'), workflowTemplate(opts.version)]);
  // Any config apiconv would find in this folder counts: a second one would be ignored (`.apiconv.*` first).
  const existing = [...CONFIG_FILES.map(n => path.join(dir, n)), ...files.slice(1).map(f => f[0])].find(f => fs.existsSync(f));
  if (existing) return { written: [], refused: existing };
  for (const [file, text] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text, { flag: 'wx' });
  }
  return { written: files.map(f => f[0]) };
}

export function initMessage(r: InitResult, cwd: string): string {
  if (r.refused) return `apiconv: ${displayPath(r.refused, cwd)} exists; nothing written (apiconv init never overwrites a file)`;
  return r.written.map(f => `apiconv: wrote ${displayPath(f, cwd)}`).join('\n');
}
