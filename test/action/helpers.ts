/** Runs the GitHub Action's entry (action/run.mjs) with the environment GitHub sets, in a fresh workspace. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BAD_DOC, ROOT, WARN_DOC } from '../cli/helpers';

const CLI = path.join(ROOT, 'server', 'out', 'cli.js');
// Two rules only (as in the CLI tests), so that the expectations do not move when rules are added.
export const TWO_RULES = 'extends: [[apiconv:recommended, off]]\nrules:\n  path-api-prefix: warn\n  path-no-verbs: error\n';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  summary: string;
  outputs: Record<string, string>;
  ws: string;
  temp: string;
}

export function runAction(
  inputs: Record<string, string>,
  opts: { files?: Record<string, string>; script?: string; env?: Record<string, string>; beforeRun?: (ws: string) => Record<string, string> } = {},
): Run {
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-action-ws-'));
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-action-tmp-'));
  for (const [rel, text] of Object.entries(
    opts.files ?? { '.apiconv.yaml': TWO_RULES, 'specs/bad.yaml': BAD_DOC, 'specs/warn.yaml': WARN_DOC, 'README.md': '# not an API\n' },
  )) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  }
  const summaryFile = path.join(temp, 'step_summary.md');
  const outputFile = path.join(temp, 'output.txt');
  fs.writeFileSync(summaryFile, '');
  fs.writeFileSync(outputFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: os.tmpdir(),
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: ws,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: temp,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'octo/shop',
    GITHUB_SHA: '0123456789abcdef',
    APICONV_CLI: CLI,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase().replace(/-/g, '_')}`, v])),
    ...opts.env,
    // A workspace made a git repository (and the event that names its commits) once its files are written.
    ...opts.beforeRun?.(ws),
  };
  const r = spawnSync(process.execPath, [opts.script ?? path.join(ROOT, 'action', 'run.mjs')], { cwd: ws, env, encoding: 'utf8', timeout: 180_000 });
  const outputs = Object.fromEntries(
    fs
      .readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(l => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, summary: fs.readFileSync(summaryFile, 'utf8'), outputs, ws, temp };
}
