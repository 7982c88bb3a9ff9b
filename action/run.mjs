#!/usr/bin/env node
// The GitHub Action's entry (action.yml): one lint of the given paths, whose findings feed every output — the
// annotations (workflow commands on stdout, capped at what GitHub shows; on a pull request only on the files it
// changes), the SARIF file for code scanning (uploaded by the next step of action.yml where that can succeed), the
// Markdown summary appended to $GITHUB_STEP_SUMMARY — and the outputs to $GITHUB_OUTPUT.
// Exits 1 when a finding is at or above `fail-severity`, 2 on a usage or config error (apiconv's codes).
//
// Which apiconv: $APICONV_CLI (a script or binary), else the action checkout's own build (server/out/cli.js),
// else the npm package `package` (default: apiconv@<the action's version>) installed into $RUNNER_TEMP.
// No network request is made unless that install is needed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedFiles, readEvent, repositoryRoot } from './event.mjs';

const ACTION_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEVERITIES = ['error', 'warn', 'info', 'hint'];
/** GitHub shows about ten annotations of each kind per step; the others are counted in the summary. */
export const MAX_ANNOTATIONS = 10;
const ANNOTATION = ['error', 'warning', 'notice', 'notice'];

function input(name, fallback = '') {
  const v = process.env[`INPUT_${name.toUpperCase()}`] ?? process.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

/** The one reading of a yes/no input (YAML 1.2's words, as GitHub's own actions take them). */
function choice(name, fallback, extra = []) {
  const v = input(name, fallback).toLowerCase();
  if (/^(true|yes|on|1)$/.test(v)) return true;
  if (/^(false|no|off|0)$/.test(v)) return false;
  if (extra.includes(v)) return v;
  fail(`${name} must be true or false${extra.map(e => ` or ${e}`).join('')}, not "${v}"`);
}

const escapeData = s => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = s => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function fail(message, code = 2) {
  process.stdout.write(`::error title=apiconv::${escapeData(message)}\n`);
  setOutput('exit-code', String(code));
  process.exit(code);
}

function setOutput(name, value) {
  if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, `${name}=${value}\n`);
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
  // npm is a .cmd on Windows: run through the shell there.
  const r = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', spec], {
    stdio: ['ignore', 'inherit', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (r.status !== 0) fail(`could not install ${spec} with npm (exit ${r.status})`);
  return process.platform === 'win32' ? [path.join(prefix, 'apiconv.cmd')] : [path.join(prefix, 'bin', 'apiconv')];
}

const paths = input('paths', '.').split(/\s+/).filter(Boolean);
const ruleset = input('ruleset');
const failSeverity = input('fail-severity', 'error');
if (failSeverity !== 'never' && !SEVERITIES.includes(failSeverity))
  fail(`fail-severity must be one of ${SEVERITIES.join(', ')} or never, not "${failSeverity}"`);
const sarif = choice('sarif', 'auto', ['auto']);
const annotate = choice('annotations', 'true');
const summarize = choice('summary', 'true');
const onlyNew = choice('only-new', 'false');
const cwd = process.env.GITHUB_WORKSPACE || process.cwd();
const temp = fs.mkdtempSync(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'apiconv-'));
const event = readEvent();
const pr = event.pullRequest;

// Where code scanning can take the SARIF file: not from a fork's pull request (a read-only token), and in a private
// repository only when asked (code scanning needs GitHub Advanced Security there).
const notes = [];
let upload = sarif !== false;
if (upload && pr?.fork) {
  upload = false;
  notes.push('SARIF not uploaded: this pull request comes from a fork, whose token cannot write code-scanning results.');
} else if (sarif === 'auto' && event.privateRepository) {
  upload = false;
  notes.push('SARIF not uploaded: the repository is private (code scanning needs GitHub Advanced Security there); set `sarif: true` to upload.');
}

// The one lint: every report from the same findings.
const files = { json: path.join(temp, 'apiconv.json'), markdown: path.join(temp, 'summary.md'), sarif: path.join(temp, 'apiconv.sarif') };
const formats = [
  `json:${files.json}`,
  ...(summarize ? [`markdown:${files.markdown}`] : []),
  ...(sarif !== false ? [`sarif:${files.sarif}`] : []),
  ...(annotate ? [] : ['stylish']),
];
const [exe, ...lead] = apiconvCommand();
// On a pull request, only-new reports the findings on what it adds or changes (apiconv lint --since its base).
const since = onlyNew && pr?.baseSha ? ['--since', pr.baseSha] : [];
if (onlyNew && pr && !pr.baseSha) notes.push('only-new: the base of this pull request is unknown: every finding is reported.');
const args = [
  ...lead,
  'lint',
  '--no-progress',
  ...since,
  ...(ruleset ? ['--ruleset', ruleset] : []),
  '--fail-severity',
  failSeverity === 'never' ? 'error' : failSeverity,
  ...formats.flatMap(f => ['-f', f]),
  ...paths,
];
const run = spawnSync(exe, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32' && /\.cmd$/i.test(exe) });
if (run.error) fail(`could not run apiconv: ${run.error.message}`);
const code = run.status ?? 2;
setOutput('exit-code', String(code));
if (code === 2) process.exit(2);

/** A finding's file as git and GitHub name it: relative to the workspace, with `/`. */
const relative = file => path.relative(cwd, file).split(path.sep).join('/');
const findings = JSON.parse(fs.readFileSync(files.json, 'utf8'));

if (annotate) {
  // On a pull request, only the files it changes are annotated (paths relative to the repository's root).
  let shown = findings;
  if (pr) {
    const changed = changedFiles(pr.baseSha, cwd);
    const root = repositoryRoot(cwd) ?? cwd;
    if (changed === undefined)
      notes.push('The files this pull request changes are unknown (check out with `fetch-depth: 2` or more): every file is annotated.');
    else {
      shown = findings.filter(f => changed.has(path.relative(root, f.source).split(path.sep).join('/')));
      if (shown.length < findings.length)
        notes.push(`${findings.length - shown.length} finding(s) in files this pull request does not change are not annotated.`);
    }
  }
  const perKind = new Map();
  let left = 0;
  for (const f of shown) {
    const kind = ANNOTATION[f.severity] ?? 'error';
    const n = perKind.get(kind) ?? 0;
    if (n >= MAX_ANNOTATIONS) {
      left++;
      continue;
    }
    perKind.set(kind, n + 1);
    const { start, end } = f.range;
    const props = {
      file: relative(f.source),
      line: start.line + 1,
      col: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      title: f.code,
    };
    const list = Object.entries(props).map(([k, v]) => `${k}=${escapeProperty(String(v))}`);
    process.stdout.write(`::${kind} ${list.join(',')}::${escapeData(f.message)}\n`);
  }
  if (left > 0)
    notes.push(
      `${left} more finding(s) are not annotated (GitHub shows ${MAX_ANNOTATIONS} annotations of each kind per step): they are in the table below${sarif !== false ? ' and in the SARIF file' : ''}.`,
    );
}

if (sarif !== false) setOutput('sarif-file', files.sarif);
setOutput('upload-sarif', String(upload));
if (summarize) {
  const md = fs.readFileSync(files.markdown, 'utf8');
  const text = notes.length ? md.replace(/\n/, `\n${notes.map(n => `> ${n}`).join('\n')}\n\n`) : md;
  if (process.env.GITHUB_STEP_SUMMARY) fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, text + '\n');
  else process.stdout.write(text);
} else {
  for (const n of notes) console.log(`apiconv: ${n}`);
}
if (code === 1 && failSeverity === 'never') process.exit(0);
process.exit(code);
