/**
 * A one-shot parser (a cold lint, pipeline/cold.ts) does not cut its whole-text YAML parse into pieces for a next
 * edit; a parser kept for relints does. Both give the same document.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IncrementalParser } from '../../server/src/engine/parse/parser';

const text = `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths:\n  /a:\n    get:\n      description: one\n  /b:\n    get:\n      description: two\n`;
const edited = text.replace('one', 'uno');

describe('one-shot YAML parse', () => {
  it('is not cut into pieces: a second text is parsed whole, where a relint parser parses the edit', () => {
    const once = new IncrementalParser('/v/a.yaml', 'yaml', { oneShot: true });
    const kept = new IncrementalParser('/v/a.yaml', 'yaml');
    assert.deepEqual(once.update(text).doc.data, kept.update(text).doc.data);
    const a = once.update(edited);
    const b = kept.update(edited);
    assert.equal(a.full, true, 'the one-shot parser kept no pieces');
    assert.equal(b.full, false, 'the relint parser parsed the edited piece');
    assert.deepEqual(a.doc.data, b.doc.data);
    assert.deepEqual(a.doc.getRangeForJsonPath(['paths', '/a', 'get', 'description']), b.doc.getRangeForJsonPath(['paths', '/a', 'get', 'description']));
  });
});
