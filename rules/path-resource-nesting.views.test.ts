import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testRule } from '../test/helpers/testRule';
import { viewMatcher } from './path-resource-nesting';

const pathsDoc = (version: string, ...keys: string[]) =>
  `${version.startsWith('2') ? "swagger: '2.0'" : `openapi: ${version}`}
info: { title: t, version: '1' }
paths:
${keys.map(k => `  ${k}: {}`).join('\n')}
`;

testRule('path-resource-nesting', {
  valid: [
    {
      name: 'options: views, a view of a collection and an item of the view (oas3)',
      options: { views: ['starred', 'catalog'] },
      document: pathsDoc('3.0.3', '/gists/starred', '/models/catalog', '/models/catalog/{id}'),
    },
    {
      name: 'options: views, with a format extension and in another case (oas3.1)',
      options: { views: ['alltime'] },
      document: pathsDoc('3.1.0', '/2010-04-01/Accounts/{AccountSid}/Records/AllTime.json'),
    },
    {
      name: 'options: views, a pattern (oas2)',
      options: { views: ['available-*', '*-config'] },
      document: pathsDoc('2.0', '/recommendations/available-genre-seeds', '/dedicated-inferences/gpu-model-config'),
    },
  ],
  invalid: [
    {
      name: 'without views (the default) a view is a collection in a row (oas3)',
      document: pathsDoc('3.0.3', '/gists/starred'),
      errors: [{ path: ['paths', '/gists/starred'], message: 'two collections in a row ("gists/starred")' }],
    },
    {
      name: 'options: views, another literal and a view at the start are still judged (oas3.1)',
      options: { views: ['starred'] },
      document: pathsDoc('3.1.0', '/gists/public', '/starred/gists'),
      errors: [
        { path: ['paths', '/gists/public'], message: 'two collections in a row ("gists/public")' },
        { path: ['paths', '/starred/gists'], message: 'two collections in a row ("starred/gists")' },
      ],
    },
    {
      name: 'options: views, what follows a view is judged, and the depth counts without it (oas2)',
      options: { views: ['catalog'], maxDepth: 1 },
      document: pathsDoc('2.0', '/models/catalog/entries', '/models/{id}/versions'),
      errors: [
        { path: ['paths', '/models/catalog/entries'], message: 'two collections in a row ("models/entries")' },
        { path: ['paths', '/models/{id}/versions'], message: 'nests 2 collections' },
      ],
    },
  ],
});

describe('viewMatcher', () => {
  it('matches names in any case without a format extension, and * patterns within one segment', () => {
    const isView = viewMatcher(['AllTime', 'available-*', 'a.b']);
    assert.equal(isView('AllTime.json'), true);
    assert.equal(isView('alltime'), true);
    assert.equal(isView('available-genre-seeds'), true);
    assert.equal(isView('unavailable-seeds'), false);
    assert.equal(isView('a.b'), false, 'a dot is a format extension, and no pattern character');
    assert.equal(isView('axb'), false);
    assert.equal(viewMatcher([])('anything'), false);
  });
});
