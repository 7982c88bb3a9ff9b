/** The path helpers of the model (oas.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isCollectionPath, isItemPath, segments } from './oas';

describe('path helpers', () => {
  it('segments: the non-empty parts between slashes, a #fragment left out', () => {
    const cases: [string, string[]][] = [
      ['/users/{id}', ['users', '{id}']],
      ['/', []],
      ['', []],
      ['users', ['users']],
      ['//a///b/', ['a', 'b']],
      ['/files/{file_id}#add_shared_link', ['files', '{file_id}']],
      ['/a/b#x/y', ['a', 'b']],
      ['#/only', []],
      ['/Calls/{Sid}.json', ['Calls', '{Sid}.json']],
    ];
    for (const [path, want] of cases) assert.deepEqual(segments(path), want, path);
  });

  it('items and collections by their last segment', () => {
    assert.deepEqual(['/users/{id}', '/Calls/{Sid}.json', '/users', '/', '/users/{id}#x'].map(isItemPath), [true, true, false, false, true]);
    assert.deepEqual(['/users/{id}', '/users', '/', '/a/b#frag'].map(isCollectionPath), [false, true, false, true]);
  });
});
