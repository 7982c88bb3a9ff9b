/**
 * `duplicated-entry-in-enum` with rules/_lib/oasSchemaOnce.ts (the schema prepared once) must report exactly what
 * Spectral's own rule (`oasSchema`, which prepares it at every call) reports, in every OpenAPI version; and on an
 * OpenAPI 2 document the validator is compiled once, not once per enum.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as os from 'node:os';
import { Ruleset } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { lint } from '../../server/src/engine/lint';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { ENUM_RULE, enumRule } from '../../rules/_lib/oasSchemaOnce';
import recommended from '../../rules/ruleset';

const spectralOwn = new Ruleset({ extends: [[oas as never, 'off']], rules: { [ENUM_RULE]: true } } as never);
const ours = new Ruleset({ extends: [[oas as never, 'off']], rules: enumRule() } as never);

const key = (p: { code: string; message: string; path: unknown; range: unknown; severity: number }) =>
  JSON.stringify([p.code, p.path, p.range, p.severity, p.message]);

const ENUMS = (indent: string) =>
  [
    'Pet:',
    '  type: object',
    '  properties:',
    '    kind:',
    '      type: string',
    '      enum: [cat, dog, cat]',
    '    size:',
    '      type: integer',
    '      x-nullable: true',
    '      nullable: true',
    '      enum: [1, 2, 2, 3, 3]',
    '    tags:',
    '      type: array',
    '      items:',
    '        enum: [{a: 1}, {a: 1}, {a: 2}]',
    '    fine:',
    '      enum: [a, b]',
    '    properties:',
    '      enum: [x, x]',
  ]
    .map(l => indent + l)
    .join('\n');

const DOCS: Record<string, string> = {
  'oas2.yaml': ['swagger: "2.0"', 'info: {title: t, version: "1"}', 'paths: {}', 'definitions:', ENUMS('  '), ''].join('\n'),
  'oas30.yaml': ['openapi: 3.0.3', 'info: {title: t, version: "1"}', 'paths: {}', 'components:', '  schemas:', ENUMS('    '), ''].join('\n'),
  'oas31.yaml': ['openapi: 3.1.0', 'info: {title: t, version: "1"}', 'paths: {}', 'components:', '  schemas:', ENUMS('    '), ''].join('\n'),
};

describe('duplicated-entry-in-enum, schema prepared once = Spectral rule', () => {
  for (const [name, text] of Object.entries(DOCS)) {
    it(name, async () => {
      const file = path.join(os.tmpdir(), 'apiconv-enum-rule', name);
      const theirs = (await lintWithSpectral(text, file, { ruleset: spectralOwn })).problems.filter(p => p.code === ENUM_RULE).map(key);
      const engine = (await lint(text, file, { ruleset: ours })).problems.filter(p => p.code === ENUM_RULE).map(key);
      const spectralOurs = (await lintWithSpectral(text, file, { ruleset: ours })).problems.filter(p => p.code === ENUM_RULE).map(key);
      assert.ok(theirs.length >= 3, `the document has duplicated enum entries: ${theirs.length}`);
      assert.deepEqual(engine, theirs);
      assert.deepEqual(spectralOurs, theirs);
    });
  }

  it('the built-in rulesets take the rule with this function', () => {
    const rules = (recommended as unknown as { rules: Record<string, { then: { function: unknown } }> }).rules;
    assert.equal(rules[ENUM_RULE]!.then.function, (enumRule()[ENUM_RULE] as { then: { function: unknown } }).then.function);
  });
});
