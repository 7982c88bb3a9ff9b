/**
 * The GitHub Action (action.yml + action/run.mjs) run locally with a fake GitHub environment (GITHUB_WORKSPACE,
 * GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, RUNNER_TEMP, INPUT_*); no network: apiconv is this checkout's build, or the
 * packed tarball installed the way the action installs its npm package.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { BAD_DOC, ROOT, WARN_DOC, ensureBuilt } from '../cli/helpers';
import { TWO_RULES, runAction } from './helpers';

describe('GitHub Action', () => {
  before(() => ensureBuilt());

  it('action.yml: a composite action passing every input to run.mjs, then uploading the SARIF file', () => {
    const action = parseYaml(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { default: string }>;
      outputs: Record<string, { value: string }>;
      runs: { using: string; steps: { id?: string; run?: string; uses?: string; if?: string; env?: Record<string, string>; with?: Record<string, string> }[] };
    };
    assert.equal(action.runs.using, 'composite');
    const [lint, upload] = action.runs.steps;
    assert.match(lint.run!, /node "\$GITHUB_ACTION_PATH\/action\/run\.mjs"/);
    for (const name of Object.keys(action.inputs)) assert.equal(lint.env![`INPUT_${name.toUpperCase().replace(/-/g, '_')}`], `\${{ inputs.${name} }}`, name);
    const script = fs.readFileSync(path.join(ROOT, 'action', 'run.mjs'), 'utf8');
    for (const name of Object.keys(action.inputs)) assert.ok(script.includes(`'${name}'`), `run.mjs reads ${name}`);
    assert.match(upload.uses!, /^github\/codeql-action\/upload-sarif@v\d+$/);
    assert.equal(upload.with!.sarif_file, '${{ steps.lint.outputs.sarif-file }}');
    assert.match(upload.if!, /steps\.lint\.outputs\.upload-sarif == 'true'/);
    assert.deepEqual(Object.keys(action.outputs).sort(), ['exit-code', 'sarif-file', 'upload-sarif']);
    assert.equal(action.inputs['fail-severity'].default, 'error');
  });

  it("the README's example workflow uses this action with inputs it has", () => {
    const action = parseYaml(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const block = /```yaml\n# \.github\/workflows\/apiconv\.yml[^\n]*\n([\s\S]*?)```/.exec(readme);
    assert.ok(block, 'README has the example workflow');
    const wf = parseYaml(block[1]) as {
      permissions: Record<string, string>;
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const step = Object.values(wf.jobs)[0].steps.find(x => x.uses?.startsWith('apiconv/apiconv@'));
    assert.ok(step, 'a step uses apiconv/apiconv');
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
    assert.equal(step.uses, `apiconv/apiconv@v${version}`);
    for (const k of Object.keys(step.with ?? {})) assert.ok(k in action.inputs, k);
    assert.equal(wf.permissions['security-events'], 'write');
  });

  it('defaults: annotations on stdout, SARIF written, the markdown summary appended, exit 1 on an error', () => {
    const r = runAction({ paths: 'specs' });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^::error file=specs\/bad\.yaml,line=8,col=3,endLine=8,endColumn=12,title=path-no-verbs::/m);
    assert.match(r.stdout, /^::warning file=specs\/warn\.yaml,.*title=path-api-prefix::/m);
    assert.equal(r.outputs['exit-code'], '1');
    assert.equal(path.basename(r.outputs['sarif-file']), 'apiconv.sarif');
    assert.ok(r.outputs['sarif-file'].startsWith(r.temp + path.sep));
    const sarif = JSON.parse(fs.readFileSync(r.outputs['sarif-file'], 'utf8'));
    assert.equal(sarif.version, '2.1.0');
    const locations = sarif.runs[0].results.map(
      (x: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => x.locations[0].physicalLocation.artifactLocation.uri,
    );
    assert.deepEqual([...new Set(locations)].sort(), ['specs/bad.yaml', 'specs/warn.yaml']);
    assert.match(r.summary, /^## apiconv: 1 error, \d+ warnings?/m);
    assert.match(r.summary, /2 documents linted, 2 with findings\./);
    assert.match(r.summary, /\[`path-no-verbs`\]\(https:\/\/github\.com\/apiconv\/apiconv\/blob\/main\/rules\/path-no-verbs\.md\)/);
    assert.match(r.summary, /\[8\]\(https:\/\/github\.com\/octo\/shop\/blob\/0123456789abcdef\/specs\/bad\.yaml#L8\)/);
  });

  it('fail-severity: warn fails on warnings only, never reports without failing; a clean run passes', () => {
    const warnOnly = { '.apiconv.yaml': TWO_RULES, 'specs/warn.yaml': WARN_DOC };
    assert.equal(runAction({ paths: 'specs' }, { files: warnOnly }).code, 0);
    const warn = runAction({ paths: 'specs', 'fail-severity': 'warn' }, { files: warnOnly });
    assert.equal(warn.code, 1);
    assert.equal(warn.outputs['exit-code'], '1');
    const never = runAction({ paths: 'specs', 'fail-severity': 'never' });
    assert.equal(never.code, 0);
    assert.match(never.summary, /1 error/);
    const clean = runAction({ paths: '.' }, { files: { 'api.yaml': fs.readFileSync(path.join(ROOT, 'examples', 'conventional.yaml'), 'utf8') } });
    assert.equal(clean.code, 0);
    assert.equal(clean.stdout, '');
    assert.match(clean.summary, /^## apiconv: no findings$/m);
    assert.match(runAction({ 'fail-severity': 'sometimes' }).stdout, /^::error title=apiconv::fail-severity must be one of/m);
  });

  it('sarif, annotations and summary off: the stylish report, no SARIF, no summary; several paths and a ruleset', () => {
    const r = runAction(
      { paths: 'specs/bad.yaml\nspecs/warn.yaml', sarif: 'false', annotations: 'false', summary: 'false', ruleset: 'rules.yaml' },
      { files: { 'specs/bad.yaml': BAD_DOC, 'specs/warn.yaml': WARN_DOC, 'rules.yaml': TWO_RULES.replace('path-no-verbs: error', 'path-no-verbs: warn') } },
    );
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /specs\/bad\.yaml/);
    assert.match(r.stdout, /warn\s+path-no-verbs/);
    assert.doesNotMatch(r.stdout, /^::/m);
    assert.equal(r.outputs['sarif-file'], undefined);
    assert.equal(r.summary, '');
  });

  it('a broken config: exit 2, the error on stderr, no summary', () => {
    const r = runAction({ paths: 'specs' }, { files: { 'specs/bad.yaml': BAD_DOC, '.apiconv.yaml': 'rules:\n  no-such-rule: error\n' } });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no-such-rule/);
    assert.equal(r.summary, '');
    assert.equal(r.outputs['exit-code'], '2');
  });

  it('without a build in its checkout, it installs the npm package (here the packed tarball, offline) and runs it', () => {
    const pack = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-action-pack-'));
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
    const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', pack], { cwd: ROOT, env, encoding: 'utf8' });
    assert.equal(packed.status, 0, packed.stderr);
    const tgz = path.join(pack, (JSON.parse(packed.stdout) as { filename: string }[])[0].filename);
    // The action as GitHub checks it out from a tag without a build: action.yml, action/run.mjs, package.json.
    const checkout = path.join(pack, 'action-checkout');
    fs.mkdirSync(path.join(checkout, 'action'), { recursive: true });
    for (const f of fs.readdirSync(path.join(ROOT, 'action'))) fs.copyFileSync(path.join(ROOT, 'action', f), path.join(checkout, 'action', f));
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(checkout, 'package.json'));
    const r = runAction(
      { paths: 'specs', package: tgz },
      { script: path.join(checkout, 'action', 'run.mjs'), env: { APICONV_CLI: '', npm_config_offline: 'true' } },
    );
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /apiconv: installing .*\.tgz/);
    assert.ok(fs.existsSync(path.join(r.temp, 'apiconv-action', 'bin', 'apiconv')));
    assert.match(r.stdout, /^::error file=specs\/bad\.yaml,.*title=path-no-verbs::/m);
    assert.match(r.summary, /^## apiconv: 1 error/m);
  });
});
