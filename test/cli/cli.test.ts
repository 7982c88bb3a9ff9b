/** End-to-end tests of the built CLI bundle: formats, exit codes, options, configs, usage errors. */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BAD_DOC, WARN_DOC, ROOT, ensureBuilt, findAll, parseXml, runCli, tempDir, type JsonFinding } from './helpers';
import { DIFF_CHECKS } from '../../server/src/engine/diff/checks';

const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function json(stdout: string): JsonFinding[] {
  return JSON.parse(stdout) as JsonFinding[];
}

describe('apiconv CLI', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = tempDir({
      // Two rules only, so that the expectations below do not move when rules are added.
      '.apiconv.yaml': 'extends: [[apiconv:recommended, off]]\nrules:\n  path-api-prefix: warn\n  path-no-verbs: error\n',
      'bad.yaml': BAD_DOC,
      'warn.yaml': WARN_DOC,
      'notes.yaml': 'title: not an API\nitems: [1, 2]\n',
      'package.json': '{ "name": "x" }',
      'node_modules/dep/openapi.yaml': BAD_DOC,
      'nested/deeper/bad.json': JSON.stringify(
        { openapi: '3.0.3', info: { title: 'j', version: '1' }, paths: { '/createOrder': { post: { responses: { '201': { description: 'ok' } } } } } },
        null,
        2,
      ),
    });
  });

  it('--version and --help', () => {
    const v = runCli(['--version']);
    assert.equal(v.code, 0);
    assert.equal(v.stdout.trim(), version);
    const h = runCli(['--help']);
    assert.equal(h.code, 0);
    assert.match(h.stdout, /apiconv lint/);
    assert.match(h.stdout, /--fail-severity/);
  });

  it('stylish (default): findings grouped by file, summary line, exit 1 on an error', () => {
    const r = runCli(['lint', 'bad.yaml'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^bad\.yaml$/m);
    assert.match(r.stdout, /^\s+8:3\s+error\s+path-no-verbs\s/m);
    assert.match(r.stdout, /^\s+8:3\s+warn\s+path-api-prefix\s/m);
    assert.match(r.stdout, /✖ \d+ problems \(\d+ errors?, \d+ warnings?/);
    assert.equal(r.stderr, '');
  });

  it('exit 0 when only warnings and the fail severity is error; exit 1 with --fail-severity warn', () => {
    const ok = runCli(['lint', 'warn.yaml', '-f', 'json'], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    const findings = json(ok.stdout);
    assert.ok(findings.some(f => f.code === 'path-api-prefix' && f.severity === 1));
    assert.ok(
      findings.every(f => f.severity >= 1),
      'no error in warn.yaml',
    );
    assert.equal(runCli(['lint', 'warn.yaml', '--fail-severity', 'warn'], { cwd: dir }).code, 1);
    assert.equal(runCli(['lint', 'warn.yaml', '--fail-severity=hint'], { cwd: dir }).code, 1);
  });

  it('json: the `spectral lint -f json` shape, absolute sources, 0-based ranges', () => {
    const r = runCli(['lint', '-f', 'json', 'bad.yaml'], { cwd: dir });
    assert.equal(r.code, 1);
    const findings = json(r.stdout);
    assert.ok(findings.length >= 2);
    for (const f of findings) {
      assert.deepEqual(Object.keys(f), ['code', 'path', 'message', 'severity', 'range', 'source']);
      assert.ok([0, 1, 2, 3].includes(f.severity));
    }
    const verb = findings.find(f => f.code === 'path-no-verbs')!;
    assert.equal(verb.severity, 0);
    assert.deepEqual(verb.path, ['paths', '/getUsers']);
    assert.deepEqual(verb.range.start, { line: 7, character: 2 });
    assert.equal(verb.source, fs.realpathSync(path.join(dir, 'bad.yaml')).replace(fs.realpathSync(dir), dir));
  });

  it('sarif: 2.1.0 with rules (id, helpUri, help) and 1-based regions relative to %SRCROOT%', () => {
    const r = runCli(['lint', '-f', 'sarif', 'bad.yaml', 'nested'], { cwd: dir });
    assert.equal(r.code, 1);
    const log = JSON.parse(r.stdout);
    assert.equal(log.version, '2.1.0');
    assert.match(log.$schema, /sarif-2\.1\.0/);
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'apiconv');
    assert.equal(run.tool.driver.version, version);
    const rules = run.tool.driver.rules as { id: string; helpUri: string; help: { text: string; markdown: string }; shortDescription: { text: string } }[];
    assert.ok(rules.length >= 2);
    for (const rule of rules) {
      assert.ok(rule.id);
      assert.match(rule.helpUri, /^https:\/\//);
      assert.ok(rule.help.text.length > 10 && rule.help.markdown.length > 10, `help of ${rule.id}`);
      assert.ok(rule.shortDescription.text);
    }
    const prefix = rules.find(x => x.id === 'path-api-prefix')!;
    assert.match(prefix.helpUri, /rules\/path-api-prefix\.md$/);
    assert.match(prefix.help.markdown, /## What it checks/, 'help embeds the rule docs');
    assert.equal(run.originalUriBaseIds['%SRCROOT%'].uri.startsWith('file:///'), true);
    const results = run.results as {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number; startColumn: number } } }[];
    }[];
    assert.ok(results.length >= 3);
    for (const res of results) {
      assert.equal(rules[res.ruleIndex].id, res.ruleId);
      assert.ok(['error', 'warning', 'note'].includes(res.level));
      const loc = res.locations[0].physicalLocation;
      assert.equal(loc.artifactLocation.uriBaseId, '%SRCROOT%');
      assert.ok(!path.isAbsolute(loc.artifactLocation.uri));
      assert.ok(loc.region.startLine >= 1 && loc.region.startColumn >= 1);
    }
    const verb = results.find(x => x.ruleId === 'path-no-verbs' && x.locations[0].physicalLocation.artifactLocation.uri === 'bad.yaml')!;
    assert.deepEqual(verb.locations[0].physicalLocation.region.startLine, 8);
    assert.equal(verb.level, 'error');
    assert.ok(results.some(x => x.locations[0].physicalLocation.artifactLocation.uri === 'nested/deeper/bad.json'));
  });

  it('junit: well-formed XML with testsuites/testsuite/testcase/failure', () => {
    const r = runCli(['lint', '-f', 'junit', 'bad.yaml', 'warn.yaml'], { cwd: dir });
    assert.equal(r.code, 1);
    const root = parseXml(r.stdout);
    assert.equal(root.name, 'testsuites');
    const suites = findAll(root, 'testsuite');
    assert.deepEqual(suites.map(s => s.attrs.name).sort(), ['bad.yaml', 'warn.yaml']);
    const failures = findAll(root, 'failure');
    assert.equal(Number(root.attrs.failures), failures.length);
    assert.ok(failures.some(f => f.attrs.type === 'path-no-verbs' && f.attrs.message.includes('getUsers')));
    for (const s of suites) assert.equal(Number(s.attrs.tests), findAll(s, 'testcase').length);
  });

  it('junit: a clean document is a passing test case; special characters are escaped', () => {
    const d = tempDir({ 'a&b.yaml': fs.readFileSync(path.join(ROOT, 'examples', 'conventional.yaml'), 'utf8') });
    const r = runCli(['lint', '-f', 'junit', '--quiet', 'a&b.yaml'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    const root = parseXml(r.stdout);
    const cases = findAll(root, 'testcase');
    assert.equal(cases.length, 1);
    assert.equal(cases[0].attrs.classname, 'a&b.yaml');
    assert.equal(findAll(root, 'failure').length, 0);
  });

  it('github: ::error/::warning workflow commands with file, line, col, endLine, endColumn, title', () => {
    const r = runCli(['lint', '-f', 'github', 'bad.yaml'], { cwd: dir });
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split('\n');
    for (const l of lines) assert.match(l, /^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^:]+::.+$/);
    assert.ok(lines.some(l => l.startsWith('::error file=bad.yaml,line=8,col=3,') && l.includes('title=path-no-verbs::')));
    assert.ok(lines.some(l => l.startsWith('::warning file=bad.yaml,line=8,col=3,') && l.includes('title=path-api-prefix::')));
  });

  it('summary: counts per rule and severity', () => {
    const r = runCli(['lint', '-f', 'summary', 'bad.yaml', 'warn.yaml'], { cwd: dir });
    assert.equal(r.code, 1);
    const expected = json(runCli(['lint', '-f', 'json', 'bad.yaml', 'warn.yaml'], { cwd: dir }).stdout);
    const prefixCount = expected.filter(f => f.code === 'path-api-prefix').length;
    assert.match(r.stdout, /^rule\s+error\s+warn\s+info\s+hint\s+suppressed\s+baselined\s+total$/m);
    assert.match(r.stdout, new RegExp(`^path-api-prefix\\s+0\\s+${prefixCount}\\s+0\\s+0\\s+0\\s+0\\s+${prefixCount}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^total\\s+.*\\s${expected.length}$`, 'm'));
    assert.match(r.stdout, /2 documents linted/);
  });

  it('--output writes the report to a file and nothing to stdout', () => {
    const out = path.join(dir, 'reports', 'out.json');
    const r = runCli(['lint', 'bad.yaml', '-f', 'json', '--output', out], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.ok(json(fs.readFileSync(out, 'utf8')).some(f => f.code === 'path-no-verbs'));
  });

  it('--quiet reports errors only', () => {
    const r = runCli(['lint', 'bad.yaml', '-f', 'json', '--quiet'], { cwd: dir });
    assert.equal(r.code, 1);
    const findings = json(r.stdout);
    assert.ok(findings.length > 0);
    assert.ok(findings.every(f => f.severity === 0));
  });

  it('--stdin with --stdin-filepath: config discovery, relative $refs and the reported path follow the given path', () => {
    const d = tempDir({
      'api/.apiconv.yaml': 'extends: apiconv:recommended\nrules:\n  path-api-prefix: error\n',
      'api/paths/users.yaml': 'get:\n  responses:\n    "200":\n      description: ok\n',
    });
    const doc = `openapi: 3.0.3\ninfo: { title: S, version: '1' }\npaths:\n  /users:\n    $ref: './paths/users.yaml'\n  /missing:\n    $ref: './paths/nope.yaml'\n`;
    const r = runCli(['lint', '--stdin', '--stdin-filepath', 'api/openapi.yaml', '-f', 'json'], { cwd: d, input: doc });
    assert.equal(r.code, 1, r.stderr);
    const findings = json(r.stdout);
    const prefix = findings.filter(f => f.code === 'path-api-prefix');
    assert.ok(prefix.length >= 1);
    assert.ok(
      prefix.every(f => f.severity === 0),
      'the severity override of api/.apiconv.yaml applies',
    );
    assert.ok(
      prefix.some(f => f.source === path.join(d, 'api', 'openapi.yaml')),
      'reported under the stdin file path',
    );
    assert.ok(
      findings.some(f => f.code === 'error-500' && f.source === path.join(d, 'api', 'paths', 'users.yaml')),
      "the $ref'd path item is resolved relative to it",
    );
    const missing = findings.find(f => f.code === 'invalid-ref');
    assert.ok(missing, 'the missing relative $ref is reported');
    assert.match(missing!.message, /nope\.yaml/);
    const plain = runCli(['lint', '--stdin'], { cwd: d, input: BAD_DOC });
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /^<stdin>$/m);
  });

  it('directories: OpenAPI documents are found, non-OpenAPI files and node_modules are skipped silently', () => {
    const r = runCli(['lint', '.', '-f', 'json'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, '');
    const sources = [...new Set(json(r.stdout).map(f => path.relative(dir, f.source)))].sort();
    assert.deepEqual(sources, ['bad.yaml', path.join('nested', 'deeper', 'bad.json'), 'warn.yaml']);
  });

  it('globs', () => {
    const r = runCli(['lint', '**/*.json', '-f', 'json'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    const sources = [...new Set(json(r.stdout).map(f => path.relative(dir, f.source)))];
    assert.deepEqual(sources, [path.join('nested', 'deeper', 'bad.json')]);
    const none = runCli(['lint', 'nowhere/**/*.yaml'], { cwd: dir });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /^apiconv: no files match nowhere\/\*\*\/\*\.yaml\n$/);
  });

  it('a config file: extends apiconv:recommended, severity override, off, overrides by glob', () => {
    const d = tempDir({
      '.apiconv.yaml': [
        'extends: apiconv:recommended',
        'rules:',
        '  path-api-prefix: error',
        '  path-no-verbs: off',
        'overrides:',
        '  - files: ["legacy/**"]',
        '    rules:',
        '      path-api-prefix: off',
        '',
      ].join('\n'),
      'bad.yaml': BAD_DOC,
      'legacy/bad.yaml': BAD_DOC,
    });
    const r = runCli(['lint', '-f', 'json', '.'], { cwd: d });
    assert.equal(r.code, 1, r.stderr);
    const findings = json(r.stdout);
    assert.ok(!findings.some(f => f.code === 'path-no-verbs'), 'off');
    const top = findings.filter(f => f.source === path.join(d, 'bad.yaml') && f.code === 'path-api-prefix');
    assert.equal(top.length, 1);
    assert.equal(top[0].severity, 0, 'severity override');
    assert.ok(!findings.some(f => f.source === path.join(d, 'legacy', 'bad.yaml') && f.code === 'path-api-prefix'), 'override by glob');
    // An explicit --ruleset wins over discovery.
    const explicit = runCli(['lint', '-f', 'json', '--ruleset', 'apiconv:recommended', 'bad.yaml'], { cwd: d });
    assert.ok(json(explicit.stdout).some(f => f.code === 'path-no-verbs'));
  });

  it('a .spectral.yaml is picked up; .apiconv.yaml wins in the same folder', () => {
    const d = tempDir({ '.spectral.yaml': 'extends: [[apiconv:recommended, off]]\nrules:\n  path-no-verbs: warn\n', 'bad.yaml': BAD_DOC });
    const r = runCli(['lint', '-f', 'json', 'bad.yaml'], { cwd: d });
    assert.equal(r.code, 0, r.stderr);
    const findings = json(r.stdout);
    assert.deepEqual([...new Set(findings.map(f => `${f.code}:${f.severity}`))], ['path-no-verbs:1']);
    fs.writeFileSync(path.join(d, '.apiconv.yaml'), 'extends: [[apiconv:recommended, off]]\nrules:\n  path-api-prefix: hint\n');
    const r2 = runCli(['lint', '-f', 'json', 'bad.yaml'], { cwd: d });
    assert.deepEqual([...new Set(json(r2.stdout).map(f => `${f.code}:${f.severity}`))], ['path-api-prefix:3']);
  });

  it('config errors: exit 2 and one line naming the file, no stack trace', () => {
    const d = tempDir({
      'syntax.yaml': 'extends: apiconv:recommended\nrules:\n  path-no-verbs: [\n',
      'unknown.yaml': 'extends: apiconv:recommended\nrules:\n  no-such-rule: error\n',
      'invalid.yaml': 'rules:\n  path-no-verbs: sometimes\n',
      'bad.yaml': BAD_DOC,
    });
    for (const [file, pattern] of [
      ['syntax.yaml', /syntax\.yaml:\d+:\d+: syntax error/],
      ['unknown.yaml', /unknown\.yaml: .*no-such-rule/],
      ['invalid.yaml', /invalid\.yaml: .*path-no-verbs/],
      ['missing.yaml', /ruleset not found: missing\.yaml/],
    ] as const) {
      const r = runCli(['lint', '--ruleset', file, 'bad.yaml'], { cwd: d });
      assert.equal(r.code, 2, file);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.trim().split('\n').length, 1, `one line: ${r.stderr}`);
      assert.match(r.stderr, pattern);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
    }
    // A broken discovered config stops the run too.
    fs.copyFileSync(path.join(d, 'syntax.yaml'), path.join(d, '.apiconv.yaml'));
    const r = runCli(['lint', 'bad.yaml'], { cwd: d });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /\.apiconv\.yaml:\d+:\d+: syntax error/);
  });

  it('usage and I/O errors: exit 2 with one line', () => {
    const cases: [string[], RegExp][] = [
      [[], /missing command/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['lint'], /needs at least one file/],
      [['lint', '--format', 'xml', 'bad.yaml'], /unknown format "xml"/],
      [['lint', '--fail-severity', 'fatal', 'bad.yaml'], /unknown fail severity "fatal"/],
      [['lint', '--bogus', 'bad.yaml'], /unknown option --bogus/],
      [['lint', 'bad.yaml', '--output'], /--output needs a value/],
      [['lint', 'nope.yaml'], /file not found: nope\.yaml/],
      [['lint', '--fix', '--fix-dry-run', 'bad.yaml'], /cannot be used together/],
      [['rules', 'no-such-rule'], /unknown rule "no-such-rule"/],
    ];
    for (const [args, pattern] of cases) {
      const r = runCli(args, { cwd: dir });
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, pattern);
    }
    const unwritable = runCli(['lint', 'bad.yaml', '--output', path.join(dir, 'bad.yaml', 'x.json')], { cwd: dir });
    assert.equal(unwritable.code, 2);
    assert.match(unwritable.stderr, /cannot write .*x\.json/);
  });

  it('a dangling symlink named on the command line: exit 2 naming it; found in a directory: skipped', () => {
    const d = tempDir({ 'bad.yaml': BAD_DOC });
    fs.symlinkSync(path.join(d, 'gone.yaml'), path.join(d, 'dangling.yaml'));
    const r = runCli(['lint', '-f', 'json', 'bad.yaml', 'dangling.yaml'], { cwd: d });
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'apiconv: file not found: dangling.yaml\n');
    const walk = runCli(['lint', '-f', 'json', '.'], { cwd: d });
    assert.equal(walk.code, 1);
    assert.equal(walk.stderr, '');
    assert.ok(json(walk.stdout).length > 0);
  });

  it('parallel (worker threads) and serial runs report identical results', () => {
    const docs: Record<string, string> = {};
    for (let i = 0; i < 6; i++) docs[`d${i}.yaml`] = (i % 2 ? BAD_DOC : WARN_DOC).replace(/title: \w+/, `title: Doc ${i}`);
    const d = tempDir(docs);
    const serial = runCli(['lint', '-f', 'json', '--jobs', '1', '.'], { cwd: d });
    const parallel = runCli(['lint', '-f', 'json', '--jobs', '3', '--verbose', '.'], { cwd: d });
    assert.match(parallel.stderr, /6 files to lint, 3 threads/);
    assert.equal(parallel.stdout, serial.stdout);
    assert.equal(parallel.code, serial.code);
    assert.equal(new Set(json(serial.stdout).map(f => f.source)).size, 6);
  });

  it('examples/: conventional.yaml is clean (recommended and all); the others have findings; exit 1', () => {
    const clean = runCli(['lint', '-f', 'json', 'examples/conventional.yaml']);
    assert.equal(clean.code, 0, clean.stdout);
    assert.deepEqual(JSON.parse(clean.stdout), []);
    assert.deepEqual(JSON.parse(runCli(['lint', '-f', 'json', '--ruleset', 'apiconv:all', 'examples/conventional.yaml']).stdout), []);
    const all = runCli(['lint', '-f', 'json', 'examples/']);
    assert.equal(all.code, 1);
    const sources = new Set(json(all.stdout).map(f => path.relative(ROOT, f.source)));
    assert.deepEqual([...sources].sort(), [path.join('examples', 'swagger2.json'), path.join('examples', 'unconventional.yaml')]);
  });

  it("rules: lists every rule with severity and fixability; prints a rule's docs; Spectral rules say so", () => {
    const list = runCli(['rules']);
    assert.equal(list.code, 0);
    assert.match(list.stdout, /^path-api-prefix\s+warn\s+-\s+Every effective path/m);
    assert.match(list.stdout, /^oas3-schema\s+\w+\s+-\s+.*Spectral/m);
    const asJson = JSON.parse(runCli(['rules', '--format', 'json']).stdout) as { id: string; origin: string }[];
    assert.ok(asJson.some(r => r.id === 'path-no-verbs' && r.origin === 'apiconv'));
    const checks = asJson.filter(r => r.origin === 'diff');
    assert.deepEqual(
      checks.map(r => r.id),
      DIFF_CHECKS.map(c => c.id),
      'the checks of apiconv diff follow the rules',
    );
    assert.ok(
      asJson.slice(asJson.findIndex(r => r.origin === 'diff')).every(r => r.origin === 'diff'),
      'after the rules',
    );
    const doc = runCli(['rules', 'path-api-prefix']);
    assert.equal(doc.code, 0);
    assert.match(doc.stdout, /^# path-api-prefix/m);
    assert.match(doc.stdout, /## Bad example/);
    const sp = runCli(['rules', 'path-params']);
    assert.equal(sp.code, 0);
    assert.match(sp.stdout, /Spectral's rule "path-params"/);
    // A reused rule that takes an apiconv option has a page of its own.
    const structure = runCli(['rules', 'oas3-schema']);
    assert.equal(structure.code, 0);
    assert.match(structure.stdout, /^# oas3-schema/m);
    assert.match(structure.stdout, /\| `refs` \|/);
  });
});
