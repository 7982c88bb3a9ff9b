/**
 * The single executable (dist/apiconv-linux-x64, `npm run build:sea`): runs without Node on the PATH and gives the
 * npm CLI's findings on the examples and on real documents (multi-file included), in every format that carries
 * them. Skipped, saying so, when the binary has not been built (CI builds it: .ci/run).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT, runCli } from '../cli/helpers';
import { VENDORED_CORPUS } from '../helpers/corpus';

const SEA = path.join(ROOT, 'dist', `apiconv-${process.platform}-${process.arch}`);
const skip = fs.existsSync(SEA) ? false : `skipped: ${path.relative(ROOT, SEA)} is not built (npm run build:sea)`;
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

function sea(args: string[], cwd = ROOT) {
  // No Node on the PATH: the binary carries its own.
  const r = spawnSync(SEA, args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: '/nonexistent', HOME: os.tmpdir(), NO_COLOR: '1' },
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const DOCS = [
  'examples/unconventional.yaml',
  'examples/swagger2.json',
  'examples/conventional.yaml',
  path.relative(ROOT, path.join(VENDORED_CORPUS, 'oai-petstore-separate-v2', 'spec', 'swagger.yaml')),
  path.relative(ROOT, path.join(VENDORED_CORPUS, 'redocly-museum', 'openapi.yaml')),
];

describe('single executable', { skip }, () => {
  it('--version and --help without Node on the PATH; no warning on stderr', () => {
    const v = sea(['--version']);
    assert.equal(v.stdout, `${pkg.version}\n`);
    assert.equal(v.stderr, '');
    assert.match(sea(['--help']).stdout, /apiconv lint/);
  });

  for (const doc of DOCS) {
    it(`${doc}: the npm CLI's findings and exit code (json, sarif)`, () => {
      for (const format of ['json', 'sarif']) {
        const a = sea(['lint', '-f', format, doc]);
        const b = runCli(['lint', '-f', format, doc]);
        assert.equal(a.stderr, '', a.stderr);
        assert.equal(a.code, b.code);
        if (format === 'json') assert.equal(a.stdout, b.stdout, 'different findings: is the binary stale? npm run build:sea');
        else assert.deepEqual(JSON.parse(a.stdout).runs[0].results, JSON.parse(b.stdout).runs[0].results);
      }
    });
  }

  it('a whole folder with --jobs (serial in the binary), a config with rule options, --fix-dry-run', () => {
    const a = sea(['lint', '-f', 'json', '--jobs', '2', 'examples/']);
    const b = runCli(['lint', '-f', 'json', 'examples/']);
    assert.equal(a.stdout, b.stdout);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-sea-'));
    fs.copyFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), path.join(dir, 'api.yaml'));
    fs.writeFileSync(
      path.join(dir, '.apiconv.yaml'),
      'extends: apiconv:recommended\nrules:\n  servers-https: off\n  path-no-verbs:\n    then:\n      functionOptions: { allowed: [get, create] }\n',
    );
    const c = sea(['lint', '-f', 'json', 'api.yaml'], dir);
    assert.equal(c.stdout, runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: dir }).stdout);
    assert.ok(!c.stdout.includes('"servers-https"'));
    assert.equal(sea(['lint', '--fix-dry-run', 'api.yaml'], dir).stdout, runCli(['lint', '--fix-dry-run', 'api.yaml'], { cwd: dir }).stdout);
  });

  it("a core function's bad option names the function, as the npm CLI does (the build is minified)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-sea-'));
    fs.copyFileSync(path.join(ROOT, 'examples', 'unconventional.yaml'), path.join(dir, 'api.yaml'));
    fs.writeFileSync(
      path.join(dir, '.apiconv.yaml'),
      'extends: apiconv:recommended\nrules:\n  pat-rule:\n    given: $.info\n    then:\n      function: pattern\n      functionOptions: { nope: 1 }\n',
    );
    const a = sea(['lint', 'api.yaml'], dir);
    assert.equal(a.code, 2);
    assert.match(a.stderr, /rules\.pat-rule\.then\.functionOptions\.nope: "pattern" function does not support "nope" option/);
    assert.equal(a.stderr, runCli(['lint', 'api.yaml'], { cwd: dir }).stderr);
  });
});
