/**
 * Several reports of one lint (-f name:file, -f/-o pairs): each gets every finding, none is dropped in silence;
 * GitLab Code Quality and the HTML report as their readers take them.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BAD_DOC, ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';
import { reportTargets, type ReportOption } from '../../server/src/cli/reportTargets';
import { UsageError } from '../../server/src/cli/usage';
import { html, escapeHtml } from '../../server/src/cli/formatters/html';
import { gitlab } from '../../server/src/cli/formatters/gitlab';
import { reportText } from '../../server/src/cli/formatters/types';
import type { LintProblem } from '../../server/src/engine/problem';

const opts = (...pairs: [ReportOption['option'], string][]): ReportOption[] => pairs.map(([option, value]) => ({ option, value }));

describe('report targets', () => {
  it('pairs -f with file, -o with the -f before it, and keeps the one -f/-o pair of old in either order', () => {
    assert.deepEqual(reportTargets([]), [{ format: 'stylish', output: undefined }]);
    assert.deepEqual(reportTargets(opts(['output', 'r.json'], ['format', 'json'])), [{ format: 'json', output: 'r.json' }]);
    assert.deepEqual(reportTargets(opts(['format', 'sarif:out.sarif'], ['format', 'json:out.json'])), [
      { format: 'sarif', output: 'out.sarif' },
      { format: 'json', output: 'out.json' },
    ]);
    assert.deepEqual(reportTargets(opts(['format', 'sarif'], ['output', 'a.sarif'], ['format', 'json'], ['output', 'b.json'], ['format', 'stylish'])), [
      { format: 'sarif', output: 'a.sarif' },
      { format: 'json', output: 'b.json' },
      { format: 'stylish' },
    ]);
    // A Windows path keeps its drive letter: the format ends at the first colon.
    assert.deepEqual(reportTargets(opts(['format', 'sarif:C:\\r\\out.sarif'])), [{ format: 'sarif', output: 'C:\\r\\out.sarif' }]);
  });

  it('refuses what would drop a report: two to stdout, two to one file, an -o with no -f, an unknown format', () => {
    assert.throws(() => reportTargets(opts(['format', 'sarif'], ['format', 'json'])), /sarif and json would both be written to stdout/);
    assert.throws(() => reportTargets(opts(['format', 'sarif:r.out'], ['format', 'json:./r.out'])), /both be written to/);
    assert.throws(() => reportTargets(opts(['output', 'a'], ['format', 'json:b'], ['output', 'c'])), UsageError);
    assert.throws(() => reportTargets(opts(['format', 'sarif:a'], ['format', 'nope:b'])), /unknown format "nope"/);
    assert.throws(() => reportTargets(opts(['format', 'json:'], ['format', 'sarif:x'])), /no file after the colon/);
  });
});

describe('several reports of one lint', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = tempDir({ 'api.yaml': BAD_DOC });
  });

  it('-f sarif:… -f json:… -f gitlab:… -f html:… and stylish on stdout, all from the same findings', () => {
    const r = runCli(
      ['lint', '-f', 'sarif:out/a.sarif', '-f', 'json', '-o', 'out/a.json', '-f', 'gitlab:out/gl.json', '-f', 'html:out/a.html', '-f', 'stylish', 'api.yaml'],
      { cwd: dir },
    );
    assert.equal(r.code, 1, r.stderr);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'out/a.json'), 'utf8')) as JsonFinding[];
    const sarif = JSON.parse(fs.readFileSync(path.join(dir, 'out/a.sarif'), 'utf8'));
    const gl = JSON.parse(fs.readFileSync(path.join(dir, 'out/gl.json'), 'utf8')) as { check_name: string }[];
    const page = fs.readFileSync(path.join(dir, 'out/a.html'), 'utf8');
    assert.ok(json.length >= 2);
    assert.equal(sarif.runs[0].results.length, json.length);
    assert.deepEqual(
      gl.map(g => g.check_name),
      json.map(f => f.code),
    );
    assert.equal((page.match(/class="finding s/g) ?? []).length, json.length);
    assert.match(r.stdout, /path-no-verbs/);
    assert.match(r.stdout, new RegExp(`${json.length} problems`));
  });

  it('two reports to stdout are a usage error, before any lint', () => {
    const r = runCli(['lint', '-f', 'sarif', '-f', 'json', 'api.yaml'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /would both be written to stdout/);
  });
});

const at = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 9 } });

describe('gitlab', () => {
  const ctx = { cwd: '/r', files: ['/r/api.yaml'], version: '1', color: false, suppressed: [], baselined: [] };
  const finding = (line: number, message = 'm'): LintProblem => ({
    code: 'path-no-verbs',
    message,
    severity: 1,
    path: ['paths', '/getUsers'],
    range: at(line),
    source: '/r/api.yaml',
  });

  it('Code Quality issues: 1-based lines, a relative path, severities GitLab knows, one fingerprint per finding', () => {
    const issues = JSON.parse(reportText(gitlab([finding(3), finding(3), { ...finding(5), severity: 0, code: 'x' }], ctx)));
    assert.deepEqual(issues[0].location, { path: 'api.yaml', lines: { begin: 4, end: 4 } });
    assert.deepEqual(
      issues.map((i: { severity: string }) => i.severity),
      ['minor', 'minor', 'major'],
    );
    for (const i of issues) for (const k of ['description', 'check_name', 'fingerprint', 'severity', 'location']) assert.ok(k in i, k);
    assert.equal(new Set(issues.map((i: { fingerprint: string }) => i.fingerprint)).size, 3);
  });

  it('a finding keeps its fingerprint when lines above it move', () => {
    const before = JSON.parse(reportText(gitlab([finding(3)], ctx)))[0].fingerprint;
    const after = JSON.parse(reportText(gitlab([finding(40)], ctx)))[0].fingerprint;
    assert.equal(after, before);
    assert.notEqual(JSON.parse(reportText(gitlab([finding(3, 'other')], ctx)))[0].fingerprint, before);
  });
});

describe('html', () => {
  it('escapes what the document and the messages hold, and lists suppressed and baselined findings in their tabs', () => {
    const text = 'openapi: 3.0.3\npaths:\n  /<script>alert(1)</script>:\n    get: {}\n';
    const p: LintProblem = { code: 'path-no-verbs', message: 'a <b> & "c"', severity: 0, path: ['paths'], range: at(2), source: '/r/api.yaml' };
    const page = reportText(
      html([p], {
        cwd: '/r',
        files: ['/r/api.yaml'],
        version: '1',
        color: false,
        suppressed: [{ ...p, code: 'error-400' }],
        baselined: [
          { ...p, code: 'error-500' },
          { ...p, code: 'error-500' },
        ],
        texts: new Map([['/r/api.yaml', text]]),
      }),
    );
    assert.ok(!page.includes('<script>alert'), 'the document text is escaped');
    assert.ok(page.includes(escapeHtml('a <b> & "c"')));
    assert.match(page, /<span class="hit"><em>3<\/em>  \/&#60;script&#62;/, 'the finding shows its line, marked');
    assert.match(page, /Suppressed \(1\)/);
    assert.match(page, /Baselined \(2\)/);
    assert.match(page, /id="rule-error-500"/, 'a rule with only baselined findings is listed with its docs');
    assert.match(page, /<h1>What it checks<\/h1>|<h2>What it checks<\/h2>/, 'the docs are rendered');
    assert.ok(!/(src|href)="https?:/.test(page.replace(/<div class="doc">[\s\S]*?<\/div><\/details>/g, '')), 'nothing is loaded from the network');
  });
});
