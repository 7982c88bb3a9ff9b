/** One server request for a question asked again while it is in flight (client/src/sharedRequests.ts): the outline's symbols. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-languageserver-protocol';
import { SharedRequests } from '../../client/src/sharedRequests';

/** A request the test answers by hand, counting how often it was started and whether its token was cancelled. */
function server() {
  const started: { key: string; cancelled: () => boolean; answer(v: string): void }[] = [];
  const start = (key: string) => (token: { isCancellationRequested: boolean }) =>
    new Promise<string>(resolve => started.push({ key, cancelled: () => token.isCancellationRequested, answer: resolve }));
  return { started, start };
}

const never = new CancellationTokenSource().token;

describe('shared requests', () => {
  it('asks the server once for two callers of one document version, and both get its answer', async () => {
    const s = new SharedRequests<string>(() => new CancellationTokenSource());
    const srv = server();
    const a = s.run('file:///api.yaml@1', never, srv.start('a'));
    const b = s.run('file:///api.yaml@1', never, srv.start('b'));
    await Promise.resolve();
    assert.equal(srv.started.length, 1);
    srv.started[0]!.answer('symbols v1');
    assert.deepEqual(await Promise.all([a, b]), ['symbols v1', 'symbols v1']);
  });

  it('asks again for another version, and once the answer is in', async () => {
    const s = new SharedRequests<string>(() => new CancellationTokenSource());
    const srv = server();
    const v1 = s.run('file:///api.yaml@1', never, srv.start('v1'));
    const v2 = s.run('file:///api.yaml@2', never, srv.start('v2'));
    await Promise.resolve();
    assert.deepEqual(
      srv.started.map(r => r.key),
      ['v1', 'v2'],
    );
    srv.started[0]!.answer('1');
    srv.started[1]!.answer('2');
    assert.deepEqual(await Promise.all([v1, v2]), ['1', '2']);
    const again = s.run('file:///api.yaml@2', never, srv.start('v2 again'));
    await Promise.resolve();
    assert.equal(srv.started.length, 3, 'a finished request is not reused');
    srv.started[2]!.answer('2 again');
    assert.equal(await again, '2 again');
  });

  it('cancels the server request only when every caller has cancelled', async () => {
    const s = new SharedRequests<string>(() => new CancellationTokenSource());
    const srv = server();
    const first = new CancellationTokenSource();
    const second = new CancellationTokenSource();
    void s.run('k', first.token, srv.start('k'));
    const kept = s.run('k', second.token, srv.start('k'));
    await Promise.resolve();
    first.cancel();
    assert.equal(srv.started[0]!.cancelled(), false, 'one caller still waits');
    second.cancel();
    assert.equal(srv.started[0]!.cancelled(), true);
    // A caller that comes after the cancel starts a request of its own.
    const later = s.run('k', never, srv.start('later'));
    await Promise.resolve();
    assert.equal(srv.started.length, 2);
    srv.started[0]!.answer('cancelled anyway');
    srv.started[1]!.answer('fresh');
    assert.equal(await kept, 'cancelled anyway');
    assert.equal(await later, 'fresh');
  });

  it('passes a failure on to every caller, and asks again next time', async () => {
    const s = new SharedRequests<string>(() => new CancellationTokenSource());
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('server gone'));
    };
    const a = s.run('k', never, failing);
    const b = s.run('k', never, failing);
    await assert.rejects(a, /server gone/);
    await assert.rejects(b, /server gone/);
    await assert.rejects(s.run('k', never, failing), /server gone/);
    assert.equal(calls, 2);
  });
});
