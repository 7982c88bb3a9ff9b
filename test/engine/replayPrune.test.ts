/**
 * The one-shot walk leaves out of the replays of a shared object a match its rule gave nothing for, when the rule's
 * results depend on nothing but the value and its path's last segment (FnMemo.givesSameFor). Which rules qualify,
 * and a document whose shared schemas (some with findings, some without) are reached from many places linted as
 * Spectral lints it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pattern, truthy } from '@stoplight/spectral-functions';
import { FnMemo } from '../../server/src/engine/run/functions';
import type { RuleLike } from '../../server/src/engine/run/types';
import { lint } from '../../server/src/engine/lint';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';

const rule = (then: Record<string, unknown>[]) => ({ name: 'r', then }) as unknown as RuleLike;

describe('replays left out for rules that give nothing', () => {
  it('qualify: memo-able functions on the value or a property path of it; not a key, a JSONPath field or a custom function', () => {
    const memo = new FnMemo();
    assert.equal(memo.givesSameFor(rule([{ function: truthy }])), true);
    assert.equal(
      memo.givesSameFor(
        rule([
          { function: pattern, field: 'enum' },
          { function: truthy, field: 'a.b' },
        ]),
      ),
      true,
    );
    assert.equal(memo.givesSameFor(rule([{ function: truthy, field: '@key' }])), false);
    assert.equal(memo.givesSameFor(rule([{ function: truthy, field: '$..x' }])), false);
    assert.equal(memo.givesSameFor(rule([{ function: truthy }, { function: () => undefined }])), false);
  });

  it('a shared schema reached from many operations: the same findings as Spectral', async () => {
    const ops = Array.from({ length: 6 }, (_, i) =>
      [
        `  /pets${i}:`,
        '    post:',
        `      operationId: createPet${i}`,
        '      requestBody:',
        '        content:',
        '          application/json:',
        "            schema: { $ref: '#/components/schemas/Pet' }",
        '      responses:',
        "        '201':",
        '          description: created',
        '          content:',
        '            application/json:',
        "              schema: { $ref: '#/components/schemas/Pets' }",
      ].join('\n'),
    ).join('\n');
    const text = [
      'openapi: 3.0.3',
      'info: { title: t, version: 1.0.0 }',
      'paths:',
      ops,
      'components:',
      '  schemas:',
      '    Pet:',
      '      type: object',
      '      properties:',
      '        kind: { type: string, enum: [cat, dog, cat] }',
      '        size: { type: integer, enum: [1, 2, 3] }',
      '        tag: { $ref: "#/components/schemas/Tag" }',
      '    Tag:',
      '      type: string',
      '      enum: [a, b, a]',
      '    Pets:',
      '      type: array',
      '      items: { $ref: "#/components/schemas/Pet" }',
      '',
    ].join('\n');
    const key = (p: { code: string; message: string; path: unknown; range: unknown }) => JSON.stringify([p.code, p.path, p.range, p.message]);
    const ours = (await lint(text, '/virtual/shared.yaml')).problems.map(key);
    const spectral = (await lintWithSpectral(text, '/virtual/shared.yaml')).problems.map(key);
    assert.deepEqual(ours, spectral);
    assert.ok(ours.filter(k => k.includes('duplicated-entry-in-enum')).length >= 2, 'the duplicated enums are reported');
  });
});
