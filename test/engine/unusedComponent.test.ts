/**
 * The rule unused-component through the engine: under the incremental relint (an edit in the document or in a
 * file it `$ref`s makes a component used or unused), and in `--fix` beside the other rules' fixes (one of which may
 * add a `$ref` to a component this rule would remove).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { getBuiltinRuleset } from '../../server/src/engine/ruleset';
import { fixFile } from '../../server/src/engine/fix/index';
import type { LintOptions } from '../../server/src/engine/lintOptions';
import type { LintResult } from '../../server/src/engine/problem';
import { runCli } from '../cli/helpers';

const unused = (r: LintResult) => r.problems.filter(p => p.code === 'unused-component').map(p => p.path.join('.'));

describe('unused-component in the engine', () => {
  it("the incremental relint follows edits of the document and of a $ref'd file, as Spectral does", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-unused-'));
    const root = path.join(dir, 'api.yaml');
    const shared = path.join(dir, 'pets.yaml');
    const rootText = `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
  /owners:
    $ref: './pets.yaml#/owners'
components:
  schemas:
    Pet: { type: object }
    Owner: { type: object }
`;
    const sharedText = `owners:
  get:
    responses:
      '200':
        description: ok
        content:
          application/json:
            schema: { $ref: './api.yaml#/components/schemas/Owner' }
`;
    fs.writeFileSync(root, rootText);
    fs.writeFileSync(shared, sharedText);
    const linter = new IncrementalLinter(root);
    let overlay: string | undefined;
    const options: LintOptions = { ruleset: getBuiltinRuleset('apiconv:all'), readFile: f => (f === shared ? overlay : undefined) };
    const check = async (text: string, expected: string[], why: string) => {
      const got = await linter.lint(text, options);
      assert.deepEqual(unused(got), expected, why);
      assert.deepStrictEqual(got.problems, (await lintWithSpectral(text, root, options)).problems, `${why}: the same findings as Spectral's runner`);
    };
    await check(rootText, [], 'open: both used');
    const noPet = rootText.replace("schema: { $ref: '#/components/schemas/Pet' }", 'schema: { type: object }');
    await check(noPet, ['components.schemas.Pet'], 'the document no longer references Pet');
    await check(rootText, [], 'the reference is back');
    overlay = sharedText.replace('Owner', 'Pet');
    await check(rootText, ['components.schemas.Owner'], "the $ref'd file, changed in an editor buffer, references Pet instead of Owner");
    overlay = undefined;
    await check(rootText, [], 'the buffer is closed: the file on disk references Owner');
  });

  const withOtherFixes = `openapi: 3.0.3
info: { title: Shop, version: '1' }
paths:
  /orders:
    get:
      responses:
        '200':
          description: The orders.
components:
  schemas:
    Error:
      type: object
      required: [status, code, message]
      properties:
        status: { type: string }
        code: { type: integer }
        message: { type: string }
        errors: { type: object, additionalProperties: { type: string } }
    Legacy: { type: object }
  responses:
    InternalServerError:
      description: Internal server error
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Error'
`;

  it("--fix: a component another rule's fix starts to reference is kept, the others removed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-unused-fix-'));
    const file = path.join(dir, 'api.yaml');
    fs.writeFileSync(file, withOtherFixes);
    const before = await new IncrementalLinter(file).lint(withOtherFixes, { ruleset: getBuiltinRuleset('apiconv:all') });
    assert.deepEqual(unused(before), ['components.schemas.Error', 'components.schemas.Legacy', 'components.responses.InternalServerError']);
    const fixed = await fixFile(withOtherFixes, file, { ruleset: getBuiltinRuleset('apiconv:all') });
    const out = fixed.files.get(file)!;
    const data = parse(out) as { paths: Record<string, { get: { responses: Record<string, unknown> } }>; components: { schemas: object; responses: object } };
    // error-500's fix references the existing response, which references Error.
    assert.deepEqual(data.paths['/orders']!.get.responses['500'], { $ref: '#/components/responses/InternalServerError' });
    assert.deepEqual(Object.keys(data.components.schemas), ['Error']);
    assert.deepEqual(Object.keys(data.components.responses), ['InternalServerError']);
    const after = fixed.final ?? (await new IncrementalLinter(file).lint(out, { ruleset: getBuiltinRuleset('apiconv:all') }));
    assert.deepEqual(
      after.problems.filter(p => p.code === 'invalid-ref' || p.code === 'unused-component' || p.code === 'parser'),
      [],
    );
  });

  it('apiconv lint --fix (the built CLI) with the rule turned on in a config', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-unused-cli-'));
    fs.writeFileSync(path.join(dir, 'api.yaml'), withOtherFixes);
    fs.writeFileSync(path.join(dir, '.apiconv.yaml'), 'extends: apiconv:recommended\nrules:\n  unused-component: info\n');
    const before = runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: dir });
    assert.equal((JSON.parse(before.stdout) as { code: string }[]).filter(f => f.code === 'unused-component').length, 3);
    runCli(['lint', '--fix', 'api.yaml'], { cwd: dir });
    const out = fs.readFileSync(path.join(dir, 'api.yaml'), 'utf8');
    assert.doesNotMatch(out, /Legacy/);
    const after = JSON.parse(runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: dir }).stdout) as { code: string }[];
    assert.deepEqual(
      after.filter(f => ['unused-component', 'invalid-ref', 'parser'].includes(f.code)),
      [],
    );
  });
});
