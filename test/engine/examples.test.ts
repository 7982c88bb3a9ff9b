/**
 * The four example rules run with our memoized function (rules/_lib/exampleFunction.ts,
 * rules/_lib/memoExamples.ts) must report exactly what Spectral's own spectral:oas
 * rules report: same codes, messages, paths, sources and ranges.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { lint } from '../../server/src/engine/lint';
import { EXAMPLE_RULES, memoizedExampleRules } from '../../rules/_lib/memoExamples';
import { CORPUS as corpus, needs } from '../helpers/corpus';

const fixtures = path.join(__dirname, '..', 'fixtures', 'examples');

const spectralOwn = new Ruleset({ extends: [[oas as never, 'off']], rules: Object.fromEntries(EXAMPLE_RULES.map(id => [id, true])) } as never);
const ours = new Ruleset({ extends: [[oas as never, 'off']], rules: memoizedExampleRules() } as never);

const key = (p: { code: string; message: string; path: unknown; source: string; range: unknown }) =>
  JSON.stringify([p.code, p.source, p.path, p.range, p.message]);

const docs = [
  path.join(fixtures, 'invalid-examples-oas3.yaml'),
  path.join(fixtures, 'invalid-examples-oas2.yaml'),
  path.join(fixtures, 'invalid-examples-oas31.yaml'),
  path.join(fixtures, 'shared-examples.yaml'),
  path.join(corpus, 'asana', 'asana.yaml'),
  path.join(corpus, 'xsoar', 'xsoar.json'),
  path.join(corpus, 'redocly-museum', 'openapi.yaml'),
];

describe('memoized example rules = Spectral example rules', () => {
  for (const file of docs) {
    const name = path.basename(path.dirname(file)) + '/' + path.basename(file);
    it(name, { skip: file.startsWith(corpus) && needs(name) }, async () => {
      assert.ok(fs.existsSync(file), `missing ${file}`);
      const text = fs.readFileSync(file, 'utf8');
      const a = (await lint(text, file, { ruleset: spectralOwn })).problems.filter(p => p.code !== 'parser').map(key);
      const b = (await lint(text, file, { ruleset: ours })).problems.filter(p => p.code !== 'parser').map(key);
      assert.deepEqual(b, a);
      if (file.startsWith(fixtures)) assert.ok(a.length >= 3, 'the fixture has invalid examples');
    });
  }
});
