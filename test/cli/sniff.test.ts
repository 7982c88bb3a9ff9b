import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sniff } from '../../server/src/cli/files';
import { tempDir } from './helpers';

/** A YAML document whose keys are sorted: `openapi` after megabytes of `components`, as Stripe's is. */
function sortedKeysDoc(schemas: number): string {
  const lines = ['components:', '  schemas:'];
  for (let i = 0; i < schemas; i++) lines.push(`    thing${i}:`, '      type: object', `      description: A thing numbered ${i} with some words.`);
  lines.push("info: {title: T, version: '1'}", 'openapi: 3.0.3', 'paths: {}');
  return lines.join('\n') + '\n';
}

describe('finding OpenAPI documents in a folder (sniff)', () => {
  it('takes a document whose openapi key comes after the first 64 KB, when it opens with a root field', () => {
    const dir = tempDir();
    const file = path.join(dir, 'sorted.yaml');
    fs.writeFileSync(file, sortedKeysDoc(2000));
    assert.ok(fs.statSync(file).size > 64 * 1024);
    assert.equal(sniff(file), true);
  });

  it('leaves a large YAML file that is not OpenAPI, and does not read on when the head opens otherwise', () => {
    const dir = tempDir();
    const other = path.join(dir, 'values.yaml');
    fs.writeFileSync(
      other,
      sortedKeysDoc(2000)
        .replace(/^components:/, 'replicas:\n  count: 1\ncomponents:')
        .replace('openapi: 3.0.3\n', ''),
    );
    assert.equal(sniff(other), false);
    const late = path.join(dir, 'late.yaml');
    fs.writeFileSync(late, 'replicas: 1\n' + sortedKeysDoc(2000));
    assert.equal(sniff(late), false);
  });

  it('takes a JSON document whose swagger key is last', () => {
    const dir = tempDir();
    const file = path.join(dir, 'sorted.json');
    const definitions: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) definitions[`thing${i}`] = { type: 'object', description: `A thing numbered ${i}.` };
    fs.writeFileSync(file, JSON.stringify({ definitions, info: { title: 'T', version: '1' }, paths: {}, swagger: '2.0' }, null, 2));
    assert.equal(sniff(file), true);
  });
});
