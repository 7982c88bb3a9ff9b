/** Suppressions: `# apiconv-ignore` comments, `# apiconv-ignore-file`, `x-apiconv-ignore` keys, $ref'd files, unknown rule ids. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { collectDirectives, UNKNOWN_RULE_CODE } from '../../server/src/engine/suppress';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';

const base = (extra = '') => `openapi: 3.0.3
info:
  title: Pets
  version: '1.0'
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
  /toys:
    get:
      responses:
        '200':
          description: ok
${extra}`;

function tmp(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-suppress-'));
  for (const [n, t] of Object.entries(files)) fs.writeFileSync(path.join(dir, n), t);
  return dir;
}

async function run(text: string, name = 'doc.yaml', files: Record<string, string> = {}) {
  const dir = tmp({ [name]: text, ...files });
  const file = path.join(dir, name);
  const r = await lint(text, file);
  return { ...r, file, dir };
}

const prefixPaths = (ps: { code: string; path: (string | number)[] }[]) => ps.filter(p => p.code === 'path-api-prefix').map(p => p.path.join('.'));

describe('suppressions', () => {
  it('without directives both paths are reported', async () => {
    const r = await run(base());
    assert.deepEqual(prefixPaths(r.problems), ['paths./pets', 'paths./toys']);
    assert.deepEqual(r.suppressed ?? [], []);
  });

  it('a comment on the line above a node silences that rule for the node and its children', async () => {
    const r = await run(base().replace('  /pets:\n', '  # apiconv-ignore path-api-prefix legacy path, kept for old clients\n  /pets:\n'));
    assert.deepEqual(prefixPaths(r.problems), ['paths./toys']);
    assert.deepEqual(prefixPaths(r.suppressed!), ['paths./pets']);
  });

  it('a comment at the end of the node line works too, and other rules still report', async () => {
    const r = await run(base().replace('  /toys:\n', '  /toys: # apiconv-ignore path-api-prefix\n'));
    assert.deepEqual(prefixPaths(r.problems), ['paths./pets']);
    assert.equal(r.suppressed!.length, 1);
  });

  it('a comment above a parent silences findings on its children; a sibling is untouched', async () => {
    const r = await run(base().replace('paths:\n', '# apiconv-ignore path-api-prefix\npaths:\n'));
    assert.deepEqual(prefixPaths(r.problems), []);
    assert.equal(r.suppressed!.length, 2);
  });

  it('apiconv-ignore-file before the first key silences the rule in the whole file; later in the file it does nothing', async () => {
    const top = await run('# apiconv-ignore-file path-api-prefix\n' + base());
    assert.deepEqual(prefixPaths(top.problems), []);
    const late = await run(base('# apiconv-ignore-file path-api-prefix\n'));
    assert.deepEqual(prefixPaths(late.problems), ['paths./pets', 'paths./toys']);
  });

  it('an unknown rule id is reported at the comment and silences nothing', async () => {
    const text = base().replace('  /pets:\n', '  # apiconv-ignore path-api-prefx\n  /pets:\n');
    const r = await run(text);
    assert.deepEqual(prefixPaths(r.problems), ['paths./pets', 'paths./toys']);
    const unknown = r.problems.filter(p => p.code === UNKNOWN_RULE_CODE);
    assert.equal(unknown.length, 1);
    assert.equal(unknown[0].severity, 1);
    assert.match(unknown[0].message, /path-api-prefx/);
    const line = text.split('\n')[unknown[0].range.start.line];
    assert.equal(line.slice(unknown[0].range.start.character, unknown[0].range.end.character), 'path-api-prefx');
  });

  it('several ids separated by commas; parser and invalid-ref are known ids', async () => {
    const r = await run(base().replace('paths:\n', '# apiconv-ignore path-api-prefix,invalid-ref,parser\npaths:\n'));
    assert.deepEqual(
      r.problems.filter(p => p.code === UNKNOWN_RULE_CODE),
      [],
    );
    assert.deepEqual(prefixPaths(r.problems), []);
  });

  it('JSON: x-apiconv-ignore on an object silences those rules below it, without oas3-schema errors', async () => {
    const doc = JSON.parse(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Pets', version: '1.0' },
        paths: {
          '/pets': { 'x-apiconv-ignore': ['path-api-prefix'], get: { responses: { '200': { description: 'ok' } } } },
          '/toys': { get: { responses: { '200': { description: 'ok' } } } },
        },
      }),
    );
    const text = JSON.stringify(doc, null, 2);
    const r = await run(text, 'doc.json');
    assert.deepEqual(prefixPaths(r.problems), ['paths./toys']);
    assert.deepEqual(prefixPaths(r.suppressed!), ['paths./pets']);
    assert.deepEqual(
      r.problems.filter(p => /schema/.test(p.code) && p.severity === 0),
      [],
    );
  });

  it('JSON: an unknown id in x-apiconv-ignore is reported at the string', async () => {
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'P', version: '1', 'x-apiconv-ignore': ['nope'] }, paths: {} }, null, 2);
    const r = await run(text, 'doc.json');
    const unknown = r.problems.filter(p => p.code === UNKNOWN_RULE_CODE);
    assert.equal(unknown.length, 1);
    assert.deepEqual(unknown[0].path, ['info']);
    const line = text.split('\n')[unknown[0].range.start.line];
    assert.equal(line.slice(unknown[0].range.start.character, unknown[0].range.end.character), 'nope');
  });

  it("uses the comments of a $ref'd file for findings in that file", async () => {
    const root = `openapi: 3.0.3
info:
  title: Pets
  version: '1.0'
paths:
  /api/pets:
    $ref: './pets.yaml'
`;
    const pets = `get:
  parameters:
    # apiconv-ignore version-param-400 the gateway answers 400
    - name: api-version
      in: header
      schema:
        type: string
  responses:
    '200':
      description: ok
`;
    const plain = await run(root, 'root.yaml', { 'pets.yaml': pets.replace(/ *# apiconv-ignore.*\n/, '') });
    assert.equal(plain.problems.filter(p => p.code === 'version-param-400').length, 1, 'reported without the comment');
    const finding = plain.problems.find(p => p.code === 'version-param-400')!;
    // The finding is on the responses; ignore it there.
    const ignored = pets
      .replace('  responses:\n', '  # apiconv-ignore version-param-400\n  responses:\n')
      .replace(/ *# apiconv-ignore version-param-400 the.*\n/, '');
    const r = await run(root, 'root.yaml', { 'pets.yaml': ignored });
    assert.deepEqual(finding.path, ['get', 'responses']);
    assert.deepEqual(
      r.problems.filter(p => p.code === 'version-param-400'),
      [],
    );
    assert.equal(r.suppressed!.filter(p => p.code === 'version-param-400').length, 1);
  });

  it('a relint sees a directive typed in, split, rejoined and removed (the text is read only around each edit)', async () => {
    const { file } = await run(base());
    const linter = new IncrementalLinter(file);
    const steps = [
      base(),
      base().replace('  /pets:', '  # apiconv-ignore path-api-prefix\n  /pets:'),
      base().replace('  /pets:', '  # apiconv-ign ore path-api-prefix\n  /pets:'),
      base().replace('  /pets:', '  # apiconv-ignore path-api-prefix\n  /pets:'),
      base().replace('  /toys:', '  # apiconv-ignore path-api-prefix\n  /toys:'),
      base(),
    ];
    for (const [i, text] of steps.entries()) {
      const relint = await linter.lint(text);
      const cold = await lint(text, file);
      assert.deepEqual(prefixPaths(relint.problems), prefixPaths(cold.problems), `step ${i}`);
      assert.deepEqual(
        relint.suppressed?.map(p => p.path.join('.')),
        cold.suppressed?.map(p => p.path.join('.')),
        `step ${i}`,
      );
    }
    // What the steps show: the directive silences /pets, then nothing (split), then /pets again, then /toys.
    const shown = [];
    for (const text of steps) shown.push(prefixPaths((await linter.lint(text)).problems).join(' '));
    assert.deepEqual(shown, ['paths./pets paths./toys', 'paths./toys', 'paths./pets paths./toys', 'paths./toys', 'paths./pets', 'paths./pets paths./toys']);
  });

  it('bad input never throws', () => {
    assert.deepEqual(collectDirectives('a: [\n# apiconv-ignore x\n', '/x.yaml', false).length >= 0, true);
    assert.deepEqual(collectDirectives('{"x-apiconv-ignore": [1, ', '/x.json', true), []);
    assert.deepEqual(
      collectDirectives('# apiconv-ignore\nopenapi: 3.0.0\n', '/x.yaml', false).map(d => d.rule),
      [''],
    );
  });
});
