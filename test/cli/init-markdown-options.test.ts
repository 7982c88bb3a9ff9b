/**
 * The built CLI: `apiconv init` (config and workflow; what exists is kept), `--help`/`--version`, the `markdown`
 * format (job summaries), and rule options set from a YAML config (`then.functionOptions`).
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { BAD_DOC, ROOT, ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';
import { schemaRef } from '../../server/src/cli/initCommand';

const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('apiconv init', () => {
  before(() => ensureBuilt());

  it('writes a commented .apiconv.yaml extending apiconv:recommended, which lints as the default does', () => {
    const d = tempDir({ 'api.yaml': BAD_DOC });
    const r = runCli(['init'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /wrote \.apiconv\.yaml/);
    const text = fs.readFileSync(path.join(d, '.apiconv.yaml'), 'utf8');
    assert.match(text, /^# /m, 'commented');
    assert.deepEqual(parseYaml(text), { extends: 'apiconv:recommended' });
    assert.ok(!fs.existsSync(path.join(d, '.github')), 'no workflow without --ci');
    const withConfig = runCli(['lint', '-f', 'json', '--verbose', 'api.yaml'], { cwd: d });
    assert.match(withConfig.stderr, /ruleset \.apiconv\.yaml/);
    const plain = runCli(['lint', '-f', 'json', '--ruleset', 'apiconv:recommended', 'api.yaml'], { cwd: d });
    assert.equal(withConfig.stdout, plain.stdout);
    assert.ok(JSON.parse(withConfig.stdout).length > 0);
  });

  it('every commented example of the config works when uncommented', () => {
    const d = tempDir({ 'api.yaml': BAD_DOC });
    assert.equal(runCli(['init'], { cwd: d }).code, 0);
    const file = path.join(d, '.apiconv.yaml');
    const uncommented = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      // A commented YAML line (`# key: …`, `#   - …`), not prose (`# Other settings…:`) nor the modeline.
      .map(l => (/^#\s+([\w-]+:( |$)|- )/.test(l) && !/yaml-language-server/.test(l) ? l.replace(/^# /, '') : l))
      .join('\n');
    fs.writeFileSync(file, uncommented);
    const cfg = parseYaml(uncommented) as { rules: Record<string, unknown>; overrides: unknown[] };
    assert.ok(cfg.rules['path-no-verbs'] && cfg.overrides.length === 1, uncommented);
    const r = runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d });
    assert.equal(r.code, 1, r.stderr);
    const codes = (JSON.parse(r.stdout) as JsonFinding[]).map(f => `${f.code}:${f.severity}`);
    assert.ok(codes.includes('path-api-prefix:1'), `path-api-prefix at warn: ${codes}`);
    assert.ok(!codes.some(c => c.startsWith('path-collection-plural')));
  });

  it('--ci github also writes the workflow, which uses the action of this version', () => {
    const d = tempDir();
    const r = runCli(['init', '--ci', 'github'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    const wf = parseYaml(fs.readFileSync(path.join(d, '.github', 'workflows', 'apiconv.yml'), 'utf8')) as {
      permissions: Record<string, string>;
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const steps = wf.jobs.apiconv.steps;
    assert.equal(steps[1].uses, `apiconv/apiconv@v${version}`);
    assert.equal(steps[1].with?.['fail-severity'], 'error');
    assert.equal(wf.permissions['security-events'], 'write');
    assert.ok(fs.existsSync(path.join(d, '.apiconv.yaml')));
  });

  it('writes what is missing and keeps what exists, saying so: init --ci github after init adds the workflow', () => {
    const d = tempDir();
    assert.equal(runCli(['init'], { cwd: d }).code, 0);
    const config = fs.readFileSync(path.join(d, '.apiconv.yaml'), 'utf8');
    const r = runCli(['init', '--ci', 'github'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\.apiconv\.yaml exists: kept as it is/);
    assert.match(r.stderr, /wrote \.github\/workflows\/apiconv\.yml/);
    assert.equal(fs.readFileSync(path.join(d, '.apiconv.yaml'), 'utf8'), config);

    const w = tempDir({ '.github/workflows/apiconv.yml': 'name: mine\n' });
    const kept = runCli(['init', '--ci', 'github'], { cwd: w });
    assert.equal(kept.code, 0);
    assert.match(kept.stderr, /apiconv\.yml exists: kept as it is/);
    assert.equal(fs.readFileSync(path.join(w, '.github/workflows/apiconv.yml'), 'utf8'), 'name: mine\n');
    assert.ok(fs.existsSync(path.join(w, '.apiconv.yaml')));

    // A JavaScript Spectral config is kept as the config (apiconv reads it), not extended from YAML.
    const js = tempDir({ '.spectral.js': 'module.exports = { extends: [] };\n' });
    assert.match(runCli(['init'], { cwd: js }).stderr, /\.spectral\.js exists: kept as it is/);
    assert.ok(!fs.existsSync(path.join(js, '.apiconv.yaml')));
  });

  it('extends an existing .spectral.yaml: its rules keep applying, with the conventions', () => {
    const spectral =
      'extends: [[spectral:oas, recommended]]\nrules:\n  info-contact: error\n  owner-named:\n    given: $.info\n    then: { field: x-owner, function: truthy }\n    severity: warn\n';
    const d = tempDir({ '.spectral.yaml': spectral, 'api.yaml': BAD_DOC });
    const r = runCli(['init', '--ci', 'github'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /wrote \.apiconv\.yaml \(it extends \.spectral\.yaml\)/);
    assert.ok(fs.existsSync(path.join(d, '.github/workflows/apiconv.yml')));
    assert.deepEqual(parseYaml(fs.readFileSync(path.join(d, '.apiconv.yaml'), 'utf8')), { extends: ['apiconv:recommended', './.spectral.yaml'] });
    const codes = (JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d }).stdout) as JsonFinding[]).map(f => `${f.code}:${f.severity}`);
    assert.ok(codes.includes('info-contact:0'), `the Spectral config's severity: ${codes}`);
    assert.ok(codes.includes('owner-named:1'), `its own rule: ${codes}`);
    assert.ok(codes.includes('path-no-verbs:0'), `the conventions run: ${codes}`);
  });

  it("the workflow runs on the repository's default branch; the modeline names this version's schema", () => {
    const d = tempDir();
    const git = (...args: string[]) => spawnSync('git', args, { cwd: d, encoding: 'utf8' });
    git('init', '-q', '-b', 'trunk');
    assert.equal(runCli(['init', '--ci', 'github'], { cwd: d }).code, 0);
    const wf = parseYaml(fs.readFileSync(path.join(d, '.github', 'workflows', 'apiconv.yml'), 'utf8')) as { on: { push: { branches: string[] } } };
    assert.deepEqual(wf.on.push.branches, ['trunk']);
    const modeline = /# yaml-language-server: \$schema=(\S+)/.exec(fs.readFileSync(path.join(d, '.apiconv.yaml'), 'utf8'))![1];
    assert.equal(modeline, `https://raw.githubusercontent.com/apiconv/apiconv/v${version}/schema/apiconv-config.schema.json`);
    // Installed in the project (node_modules/apiconv), it names the schema it ships, relative to the config.
    const shipped = path.join(d, 'node_modules', 'apiconv', 'schema', 'apiconv-config.schema.json');
    fs.mkdirSync(path.dirname(shipped), { recursive: true });
    fs.writeFileSync(shipped, '{}');
    assert.equal(schemaRef(d, version, shipped), 'node_modules/apiconv/schema/apiconv-config.schema.json');
  });

  it('usage errors: an unknown --ci, --ci outside init, two folders', () => {
    assert.match(runCli(['init', '--ci', 'gitlab']).stderr, /--ci must be github/);
    assert.match(runCli(['lint', '--ci', 'github', 'x.yaml']).stderr, /--ci is an option of apiconv init/);
    assert.equal(runCli(['init', 'a', 'b']).code, 2);
  });

  it('--help names init and the markdown format; --version is the package version', () => {
    const h = runCli(['--help']);
    assert.match(h.stdout, /apiconv init \[<dir>\] \[--ci github\]/);
    assert.match(h.stdout, /markdown/);
    assert.equal(runCli(['-V']).stdout, `${version}\n`);
  });
});

describe('--format markdown', () => {
  it('counts, top rules linked to their docs, findings with lines; links lines in GitHub Actions', () => {
    const d = tempDir({ 'bad.yaml': BAD_DOC, 'clean.yaml': fs.readFileSync(path.join(ROOT, 'examples', 'conventional.yaml'), 'utf8') });
    const r = runCli(['lint', '-f', 'markdown', '.'], {
      cwd: d,
      env: { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'o/r', GITHUB_SHA: 'abc123' },
    });
    assert.equal(r.code, 1);
    const json = JSON.parse(runCli(['lint', '-f', 'json', '.'], { cwd: d }).stdout) as JsonFinding[];
    const errors = json.filter(f => f.severity === 0).length;
    const md = r.stdout;
    assert.match(md, new RegExp(`^## apiconv: ${errors} errors?`, 'm'));
    assert.match(md, /2 documents linted, 1 with findings\./);
    assert.match(md, new RegExp(`\\| 🔴 error \\| ${errors} \\|`));
    assert.match(md, /### Top rules/);
    assert.match(md, /\| \[`path-no-verbs`\]\(https:\/\/github\.com\/apiconv\/apiconv\/blob\/main\/rules\/path-no-verbs\.md\) \| error \| 1 \|/);
    assert.match(md, /\| 🔴 \| bad\.yaml \| \[8\]\(https:\/\/github\.com\/o\/r\/blob\/abc123\/bad\.yaml#L8\) \| `path-no-verbs` \|/);
    assert.equal(
      md.split('\n').filter(l => l.startsWith('| 🔴 |') || l.startsWith('| 🟠 |') || l.startsWith('| 🔵 |') || l.startsWith('| ⚪ |')).length,
      json.length,
    );
  });

  it('no findings: says so; without GitHub variables, lines are plain', () => {
    const d = tempDir({ 'clean.yaml': fs.readFileSync(path.join(ROOT, 'examples', 'conventional.yaml'), 'utf8'), 'bad.yaml': BAD_DOC });
    const clean = runCli(['lint', '-f', 'markdown', 'clean.yaml'], { cwd: d, env: { GITHUB_SERVER_URL: '', GITHUB_REPOSITORY: '', GITHUB_SHA: '' } });
    assert.equal(clean.code, 0);
    assert.match(clean.stdout, /^## apiconv: no findings$/m);
    assert.doesNotMatch(clean.stdout, /### Findings/);
    const bad = runCli(['lint', '-f', 'markdown', 'bad.yaml'], { cwd: d, env: { GITHUB_SERVER_URL: '', GITHUB_REPOSITORY: '', GITHUB_SHA: '' } });
    assert.match(bad.stdout, /\| bad\.yaml \| 8 \| `path-no-verbs` \|/);
  });
});

describe('rule options from a YAML config', () => {
  const DOC = `openapi: 3.0.3
info: { title: Shop, version: '1' }
paths:
  /api/v1/search:
    get:
      responses:
        '200': { description: OK }
  /api/v1/getUsers:
    get:
      responses:
        '200': { description: OK }
`;
  const verbs = (cfg: string) => {
    const d = tempDir({ 'api.yaml': DOC, '.apiconv.yaml': cfg });
    const r = runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d });
    return {
      code: r.code,
      stderr: r.stderr,
      found: r.code === 2 ? [] : (JSON.parse(r.stdout) as JsonFinding[]).filter(f => f.code === 'path-no-verbs').map(f => `${f.path[1]}:${f.severity}`),
    };
  };

  it('default: only getUsers', () => {
    assert.deepEqual(verbs('extends: apiconv:recommended\n').found, ['/api/v1/getUsers:0']);
  });

  it('then.functionOptions alone: extraVerbs and allowed apply, the severity stays', () => {
    const r = verbs(
      'extends: apiconv:recommended\nrules:\n  path-no-verbs:\n    then:\n      functionOptions:\n        extraVerbs: [search]\n        allowed: [get]\n',
    );
    assert.deepEqual(r.found, ['/api/v1/search:0']);
  });

  it('with a severity, and naming the function as in a JavaScript ruleset', () => {
    const r = verbs(
      'extends: apiconv:recommended\nrules:\n  path-no-verbs:\n    severity: warn\n    then:\n      function: apiconvPathNoVerbs\n      functionOptions: { extraVerbs: [search] }\n',
    );
    assert.deepEqual(r.found.sort(), ['/api/v1/getUsers:1', '/api/v1/search:1']);
  });

  it('in overrides too', () => {
    const r = verbs(
      'extends: apiconv:recommended\noverrides:\n  - files: ["api.yaml"]\n    rules:\n      path-no-verbs:\n        then:\n          functionOptions: { verbs: [search] }\n',
    );
    assert.deepEqual(r.found, ['/api/v1/search:0']);
  });

  it('an unknown option is a config error naming it, at its line (exit 2)', () => {
    const r = verbs('extends: apiconv:recommended\nrules:\n  path-no-verbs:\n    then:\n      functionOptions: { extraVerb: [search] }\n');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /\.apiconv\.yaml:5:26: "path-no-verbs" has no option "extraVerb" \(did you mean "extraVerbs"\?\)/);
  });
});
