/** The path helpers of the model (oas.ts), and which GETs read a collection (lists.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isCollectionPath, isItemPath, segments, type Operation } from './oas';
import { isCollectionGet } from './lists';

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

  it('a GET of a collection: a literal last segment that names no singleton as written (a #fragment kept)', () => {
    const op = (method: string, pathKey: string) => ({ method, pathKey, effectivePaths: [pathKey] }) as unknown as Operation;
    const cases: [string, string, boolean][] = [
      ['get', '/users', true],
      ['get', '/users/', true],
      ['post', '/users', false],
      ['get', '/users/{id}', false],
      ['get', '/users/me', false],
      ['get', '/me//', false],
      ['get', '/me#x', true],
      ['get', 'self', false],
      ['get', '/', false],
    ];
    for (const [method, key, want] of cases) assert.equal(isCollectionGet(op(method, key)), want, `${method} ${key}`);
  });
});
