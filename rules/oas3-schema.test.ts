/**
 * oas3-schema's `refs` option (rules/_lib/oasStructure.ts): by default Spectral's findings for a `$ref` where the
 * OpenAPI version takes none; with `anywhere` the object it points to is validated in its place.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../server/src/engine/lint';
import { getDefaultRuleset, loadRulesetFile } from '../server/src/engine/ruleset';
import { lintWithSpectral } from '../server/src/engine/spectralReference';
import type { Ruleset } from '@stoplight/spectral-core';

/** A document whose GET is written as a $ref to a file of its own, as DigitalOcean writes each of its operations. */
const project = (version: string, operation: string, extra = '') => ({
  'openapi.yaml': `openapi: ${version}
info: { title: t, version: '1' }
paths:
  /v2/account:
    get:
      $ref: 'resources/account_get.yml'
tags:
  - name: Account
    description:
      $ref: 'description.yml#/account'
${extra}`,
  'resources/account_get.yml': operation,
  'description.yml': 'account: Your account.\n',
});

const VALID_OPERATION = `operationId: account_get
responses:
  '200':
    description: The account.
`;
/** A response without its required description: what the bundled document would get wrong. */
const INVALID_OPERATION = `operationId: account_get
responses:
  '200':
    content: {}
`;

function write(files: Record<string, string>, config?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-oas3-schema-'));
  for (const [rel, text] of Object.entries({ ...files, ...(config ? { '.apiconv.yaml': config } : {}) })) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return path.join(dir, 'openapi.yaml');
}

/** The config of a team that bundles its documents before use. */
const bundled = { options: { refs: 'anywhere' } };
const ANYWHERE = `extends: apiconv:recommended\nrules:\n  oas3-schema:\n    then:\n      functionOptions: ${JSON.stringify(bundled.options)}\n`;

async function findings(file: string, ruleset: Ruleset) {
  const result = await lint(fs.readFileSync(file, 'utf8'), file, { ruleset });
  return result.problems.filter(p => p.code === 'oas3-schema').map(p => ({ path: p.path.join('.'), message: p.message }));
}

for (const version of ['3.0.3', '3.1.0']) {
  describe(`oas3-schema refs (${version})`, () => {
    it('default (spec): a $ref where the version takes none is reported, and what the object then lacks', async () => {
      const file = write(project(version, VALID_OPERATION));
      const got = await findings(file, getDefaultRuleset());
      assert.ok(
        // 3.0 refuses the `$ref` key; 3.1's schema (unevaluatedProperties) the operation object that has it.
        got.some(f => f.path.startsWith('paths./v2/account.get') && /"\$ref" is not expected|unevaluated properties/.test(f.message)),
        JSON.stringify(got),
      );
      assert.ok(
        got.some(f => f.path === 'tags.0.description'),
        JSON.stringify(got),
      );
    });

    it('anywhere: a $ref stands for its target; a valid target gives nothing, the same as Spectral', async () => {
      const file = write(project(version, VALID_OPERATION), ANYWHERE);
      const ruleset = await loadRulesetFile(path.join(path.dirname(file), '.apiconv.yaml'));
      assert.deepEqual(await findings(file, ruleset), []);
      const spectral = (await lintWithSpectral(fs.readFileSync(file, 'utf8'), file, { ruleset })).problems.filter(p => p.code === 'oas3-schema');
      assert.deepEqual(spectral, []);
    });

    it('anywhere: what the target gets wrong is reported, at the $ref that brings it in', async () => {
      const file = write(project(version, INVALID_OPERATION), ANYWHERE);
      const ruleset = await loadRulesetFile(path.join(path.dirname(file), '.apiconv.yaml'));
      const got = await findings(file, ruleset);
      assert.equal(got.length, 1, JSON.stringify(got));
      assert.match(got[0].message, /"200" property must have required property "description"/);
      assert.equal(got[0].path, 'paths./v2/account.get');
    });

    it('anywhere: a $ref that cannot be resolved stays reported', async () => {
      const files = project(version, VALID_OPERATION, 'x-note: 1\n');
      files['openapi.yaml'] = files['openapi.yaml'].replace('resources/account_get.yml', 'resources/missing.yml');
      const file = write(files, ANYWHERE);
      const ruleset = await loadRulesetFile(path.join(path.dirname(file), '.apiconv.yaml'));
      const got = await findings(file, ruleset);
      assert.ok(
        got.some(f => f.path.startsWith('paths./v2/account.get')),
        JSON.stringify(got),
      );
    });
  });
}
