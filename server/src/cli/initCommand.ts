/**
 * `apiconv init [<dir>] [--ci github]`: a commented `.apiconv.yaml` that extends `apiconv:recommended` and,
 * with `--ci github`, a GitHub Actions workflow running the apiconv action. It writes what is missing and keeps
 * what exists, saying so: a second `init --ci github` after `init` adds the workflow. A Spectral config that is
 * there already is extended by the new `.apiconv.yaml`, so its rules keep applying (apiconv reads `.apiconv.*`
 * first and would otherwise ignore it).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_FILES, schemaUrl } from '../engine';
import { displayPath } from './formatters/util';

/**
 * Where the config's modeline points: the schema this apiconv ships, relative to the config, when it is inside
 * the project (a local install: node_modules/apiconv/schema/…); else the schema of this version online.
 */
export function schemaRef(dir: string, version: string, shipped = path.join(__dirname, '..', '..', 'schema', 'apiconv-config.schema.json')): string {
  const rel = path.relative(dir, shipped);
  if (fs.existsSync(shipped) && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  return schemaUrl(version);
}

export function configTemplate(schema: string, spectralConfig?: string): string {
  const extendsLine = spectralConfig
    ? `# ${spectralConfig}'s rules keep applying: they come after (and so over) apiconv:recommended.\nextends: [apiconv:recommended, ./${spectralConfig}]`
    : 'extends: apiconv:recommended';
  return `# apiconv configuration: a Spectral ruleset (.spectral.yaml syntax works here too).
# Rules and their docs: \`apiconv rules\`, \`apiconv rules <rule-id>\`.
# yaml-language-server: $schema=${schema}

# apiconv:recommended: the conventions plus Spectral's structural OpenAPI rules;
# apiconv:all adds every spectral:oas rule.
${extendsLine}

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
}

export function workflowTemplate(version: string, branch = 'main'): string {
  return `# Lints the OpenAPI documents with apiconv: findings as code-scanning alerts (SARIF) and
# pull-request annotations, a summary on the run's page; the job fails on errors.
name: apiconv

on:
  push:
    branches: [${JSON.stringify(branch)}]
  pull_request:

permissions:
  contents: read
  security-events: write   # SARIF upload to code scanning

jobs:
  apiconv:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 2   # a pull request's changed files, for its annotations
      - uses: apiconv/apiconv@v${version}
        with:
          paths: .
          fail-severity: error
`;
}

export interface InitResult {
  written: string[];
  /** Files that exist and were kept. */
  kept: string[];
  /** The Spectral config the new `.apiconv.yaml` extends. */
  extended?: string;
}

function git(args: string[], cwd: string): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() !== '' ? r.stdout.trim() : undefined;
}

/** The repository's default branch: origin's HEAD, else the branch checked out, else git's default for new ones. */
export function defaultBranch(dir: string): string {
  const remote = git(['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], dir);
  if (remote) return remote.replace(/^origin\//, '');
  return git(['branch', '--show-current'], dir) ?? git(['config', 'init.defaultBranch'], dir) ?? 'main';
}

export function initCommand(dir: string, opts: { ci?: 'github'; version: string }): InitResult {
  const result: InitResult = { written: [], kept: [] };
  const write = (file: string, text: () => string) => {
    if (fs.existsSync(file)) {
      result.kept.push(file);
      return;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text(), { flag: 'wx' });
    result.written.push(file);
  };
  // Any config apiconv finds in this folder counts: an `.apiconv.*` is kept; a Spectral one in data is extended.
  const present = CONFIG_FILES.filter(n => fs.existsSync(path.join(dir, n)));
  const own = present.find(n => n.startsWith('.apiconv.'));
  const spectral = present.find(n => /^\.spectral\.(ya?ml|json)$/.test(n));
  if (own) result.kept.push(path.join(dir, own));
  else if (present.length > 0 && !spectral) result.kept.push(path.join(dir, present[0]!));
  else {
    result.extended = spectral;
    write(path.join(dir, '.apiconv.yaml'), () => configTemplate(schemaRef(dir, opts.version), spectral));
  }
  if (opts.ci === 'github') write(path.join(dir, '.github', 'workflows', 'apiconv.yml'), () => workflowTemplate(opts.version, defaultBranch(dir)));
  return result;
}

export function initMessage(r: InitResult, cwd: string): string {
  const lines = r.kept.map(f => `apiconv: ${displayPath(f, cwd)} exists: kept as it is`);
  for (const f of r.written)
    lines.push(`apiconv: wrote ${displayPath(f, cwd)}${r.extended && f.endsWith('.apiconv.yaml') ? ` (it extends ${r.extended})` : ''}`);
  return lines.join('\n');
}
