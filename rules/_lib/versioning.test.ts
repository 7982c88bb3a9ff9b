/** Where operations select the version (versioning.ts `versionLocations`): the places, and one list for the many alike. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getModel } from './oas';
import { strategyMajority, versionLocations } from './versioning';

const doc = {
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: {
    '/a': { get: { responses: {} } },
    '/b': { get: { responses: {} }, post: { responses: {} } },
    '/c': { servers: [{ url: 'https://other.example.com/v2' }], get: { responses: {} } },
    '/v3/d': { get: { responses: {} } },
    '/e': { get: { parameters: [{ name: 'api-version', in: 'query' }], responses: {} } },
  },
};

describe('versionLocations', () => {
  it('gives each operation its places: the root server, a server of its own, its path, a parameter', () => {
    const model = getModel(doc);
    const places = model.operations.map(op => [op.method, op.pathKey, versionLocations(model, op).map(l => `${l.strategy} ${l.path.join('/')} ${l.label}`)]);
    assert.deepEqual(places, [
      ['get', '/a', ['path servers/0/url the base path "/v1"']],
      ['get', '/b', ['path servers/0/url the base path "/v1"']],
      ['post', '/b', ['path servers/0/url the base path "/v1"']],
      ['get', '/c', ['path paths//c/servers/0/url the base path "/v2"']],
      ['get', '/v3/d', ['path paths//v3/d the path "/v3/d"']],
      ['get', '/e', ['path servers/0/url the base path "/v1"', 'query paths//e/get/parameters/0/name the query parameter "api-version"']],
    ]);
    assert.deepEqual(strategyMajority(model).count, { path: 6, query: 1, header: 0 });
  });

  it('the operations that select it by the root servers alone share one list, the others have their own', () => {
    const model = getModel(doc);
    const [a, b, post, c, , e] = model.operations.map(op => versionLocations(model, op));
    assert.equal(a, b);
    assert.equal(a, post);
    assert.notEqual(a, c);
    assert.equal(e![0], a![0], 'the root server location is one object');
    const unversioned = getModel({ ...doc, servers: [] });
    assert.ok(Object.isFrozen(versionLocations(unversioned, unversioned.operations[0]!)), 'no place: one frozen empty list');
  });
});
