/**
 * default-changed on a string schema whose default was written as another JSON scalar
 * (GitHub's `make_latest`: `default: true` beside `enum: ["true", "false", "legacy"]`,
 * fixed to `default: "true"`): the same default, no finding. A real change still is one.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { diffTexts } from '../helpers/diffTexts';
import { to20, to31 } from '../helpers/oasVersions';

type Obj = Record<string, unknown>;

const doc = (makeLatest: Obj) =>
  stringify({
    openapi: '3.0.3',
    info: { title: 'Releases', version: '1.0.0' },
    paths: {
      '/api/releases': {
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { make_latest: makeLatest } } } } },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
  });

const ENUM = { type: 'string', enum: ['true', 'false', 'legacy'] };

describe('diff: defaults written as another JSON scalar', () => {
  for (const [version, convert] of Object.entries({ '2.0': to20, '3.0': (t: string) => t, '3.1': to31 })) {
    it(`true → "true" on a string schema is the same default; true → "false" is not (OpenAPI ${version})`, async () => {
      const same = await diffTexts(convert(doc({ ...ENUM, default: true })), convert(doc({ ...ENUM, default: 'true' })));
      assert.deepEqual(
        same.problems.map(p => p.message),
        [],
      );
      const changed = await diffTexts(convert(doc({ ...ENUM, default: true })), convert(doc({ ...ENUM, default: 'false' })));
      assert.deepEqual(
        changed.problems.map(p => p.code),
        ['default-changed'],
      );
      const numeric = await diffTexts(convert(doc({ type: 'integer', default: 1 })), convert(doc({ type: 'integer', default: 2 })));
      assert.deepEqual(
        numeric.problems.map(p => p.code),
        ['default-changed'],
      );
    });
  }
});
