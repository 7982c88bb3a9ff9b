/** The environment the extension starts the language server with (client/src/serverProcess.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serverEnvironment } from '../../client/src/serverProcess';

describe('the server process environment', () => {
  it('limits glibc to two malloc arenas and passes the rest on', () => {
    const env = serverEnvironment({ PATH: '/usr/bin', APICONV_SERVER_CPU_PROF: '/tmp/prof' });
    assert.equal(env.MALLOC_ARENA_MAX, '2');
    assert.equal(env.PATH, '/usr/bin');
    assert.equal(env.APICONV_SERVER_CPU_PROF, '/tmp/prof');
  });

  it('keeps an arena limit the user set', () => {
    assert.equal(serverEnvironment({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX, '8');
  });
});
