/** The path helpers of the model (oas.ts), and which GETs read a collection (lists.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getModel, isCollectionPath, isItemPath, segments, type Operation } from './oas';
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

describe('the model', () => {
  const doc = {
    openapi: '3.2.0',
    servers: [{ url: 'https://a.example.com/v1' }, { url: 'https://b.example.com/v1/' }, { url: '/beta' }],
    paths: {
      '/items': {
        parameters: [{ name: 'tenant', in: 'header' }],
        get: { parameters: [{ name: 'page', in: 'query' }], responses: {} },
        post: { servers: [{ url: '/v2' }, { url: '/v2/' }], responses: {} },
        additionalOperations: { COPY: { responses: {} } },
      },
      '/other': { servers: [{ url: '/x' }], delete: { responses: {} } },
    },
  };

  it('the paths, effective paths and parameters of each operation', () => {
    const model = getModel(doc);
    assert.deepEqual(
      model.operations.map(op => [op.path, op.effectivePaths, op.parameters.map(p => [p.name, p.path.join('/'), p.level])]),
      [
        [
          ['paths', '/items', 'get'],
          ['/v1/items', '/beta/items'],
          [
            ['page', 'paths//items/get/parameters/0', 'operation'],
            ['tenant', 'paths//items/parameters/0', 'path-item'],
          ],
        ],
        [['paths', '/items', 'post'], ['/v2/items'], [['tenant', 'paths//items/parameters/0', 'path-item']]],
        [['paths', '/items', 'additionalOperations', 'COPY'], ['/v1/items', '/beta/items'], [['tenant', 'paths//items/parameters/0', 'path-item']]],
        [['paths', '/other', 'delete'], ['/x/other'], []],
      ],
    );
    assert.deepEqual(
      model.pathItems.map(p => p.effectivePaths),
      [['/v1/items', '/beta/items'], ['/x/other']],
    );
  });

  it('the operations without servers of their own share the list of effective paths of their path item', () => {
    const model = getModel(doc);
    const [get, post, copy, del] = model.operations;
    assert.equal(get!.effectivePaths, copy!.effectivePaths);
    assert.equal(get!.effectivePaths, model.pathItems[0]!.effectivePaths);
    assert.notEqual(post!.effectivePaths, get!.effectivePaths);
    assert.equal(del!.effectivePaths, model.pathItems[1]!.effectivePaths);
  });
});
