/** The adaptive debounce (server/src/lsp/relintDelay.ts): the wait after an edit follows what the document's relints take. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IMMEDIATE_MS, relintDelay } from '../../server/src/lsp/relintDelay';

describe('relintDelay', () => {
  it('a document that relints quickly is relinted at once, whatever the setting', () => {
    assert.equal(relintDelay(300, 3, 40), 0);
    assert.equal(relintDelay(10_000, IMMEDIATE_MS, 900), 0);
  });

  it('a slower one waits half of what its last relint took, never more than the setting', () => {
    assert.equal(relintDelay(300, 150, 1000), 75);
    assert.equal(relintDelay(300, 900, 4000), 300);
    assert.equal(relintDelay(0, 900, 4000), 0);
  });

  it('before its first relint, a share of its first lint is assumed; with nothing known, the setting', () => {
    assert.equal(relintDelay(300, undefined, 50), 0);
    assert.equal(relintDelay(300, undefined, 1000), 25);
    assert.equal(relintDelay(300, undefined, 4000), 100);
    assert.equal(relintDelay(300, undefined, 16000), 300);
    assert.equal(relintDelay(300, undefined, undefined), 300);
  });
});
