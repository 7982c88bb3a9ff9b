#!/usr/bin/env node
// The GitHub Action's entry (action.yml): runs apiconv on the given paths and writes what GitHub shows —
// a SARIF file for code scanning (uploaded by the next step of action.yml), annotations (workflow commands on
// stdout), the Markdown summary appended to $GITHUB_STEP_SUMMARY — and the outputs to $GITHUB_OUTPUT.
// Exits 1 when a finding is at or above `fail-severity`, 2 on a usage or config error (apiconv's codes).
//
// Which apiconv: $APICONV_CLI (a script or binary), else the action checkout's own build (server/out/cli.js),
// else the npm package `package` (default: apiconv@<the action's version>) installed into $RUNNER_TEMP.
// No network request is made unless that install is needed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ACTION_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SEVERITIES = ['error', 'warn', 'info', 'hint'];

function input(name, fallback = '') {
  const v = process.env[`INPUT_${name.toUpperCase()}`] ?? process.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}
const bool = name => !/^(false|0|no|off)$/i.test(input(name, 'true'));

function fail(message, code = 2) {
  process.stdout.write(`::error title=apiconv::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
  process.exit(code);
}

function appendFile(file, text) {
  if (file) fs.appendFileSync(file, text);
}

function setOutput(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (file) appendFile(file, `${name}=${value}\n`);
}

/** The command that runs apiconv: [executable, ...leading args]. */
function apiconvCommand() {
  const explicit = process.env.APICONV_CLI;
  if (explicit) return /\.(c|m)?js$/.test(explicit) ? [process.execPath, explicit] : [explicit];
  const own = path.join(ACTION_ROOT, 'server', 'out', 'cli.js');
  if (fs.existsSync(own)) return [process.execPath, own];
  const version = JSON.parse(fs.readFileSync(path.join(ACTION_ROOT, 'package.json'), 'utf8')).version;
  const spec = input('package', `apiconv@${version}`);
  const prefix = path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'apiconv-action');
  console.log(`apiconv: installing ${spec}`);
  const r = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', spec], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) fail(`could not install ${spec} with npm (exit ${r.status})`);
  return [path.join(prefix, 'bin', 'apiconv')];
}

const paths = input('paths', '.').split(/\s+/).filter(Boolean);
const ruleset = input('ruleset');
const failSeverity = input('fail-severity', 'error');
if (failSeverity !== 'never' && !SEVERITIES.includes(failSeverity)) fail(`fail-severity must be one of ${SEVERITIES.join(', ')} or never, not "${failSeverity}"`);
const cwd = process.env.GITHUB_WORKSPACE || process.cwd();
const [exe, ...lead] = apiconvCommand();

/** One apiconv run; its stdout is returned (or passed through), stderr always passes through. */
function run(args, { passThrough = false } = {}) {
  const full = [...lead, 'lint', '--no-progress', ...(ruleset ? ['--ruleset', ruleset] : []), '--fail-severity', failSeverity === 'never' ? 'error' : failSeverity, ...args, ...paths];
  const r = spawnSync(exe, full, { cwd, encoding: 'utf8', stdio: ['ignore', passThrough ? 'inherit' : 'pipe', 'inherit'], maxBuffer: 512 * 1024 * 1024 });
  if (r.error) fail(`could not run apiconv: ${r.error.message}`);
  return { code: r.status ?? 2, stdout: r.stdout ?? '' };
}

// Each output is one run of apiconv (they give the same findings; documents parse again, the CLI is quick to start).
// The log: annotations (GitHub turns the workflow commands into them) or the stylish report; its exit code counts.
const code = run(['--format', bool('annotations') ? 'github' : 'stylish'], { passThrough: true }).code;
const temp = process.env.RUNNER_TEMP || os.tmpdir();
if (bool('sarif') && code !== 2) {
  const sarif = path.join(temp, 'apiconv.sarif');
  if (run(['--format', 'sarif', '--output', sarif]).code !== 2) setOutput('sarif-file', sarif);
}
if (bool('summary') && code !== 2) {
  const md = run(['--format', 'markdown']).stdout;
  if (process.env.GITHUB_STEP_SUMMARY) appendFile(process.env.GITHUB_STEP_SUMMARY, md + '\n');
  else process.stdout.write(md);
}
setOutput('exit-code', String(code));
if (code === 1 && failSeverity === 'never') process.exit(0);
process.exit(code);
