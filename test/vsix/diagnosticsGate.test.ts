/** Requests that wait for a document's diagnostics: after opening, and the lenses after edits (client/src/diagnosticsGate.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-languageserver-protocol';
import { DiagnosticsGate } from '../../client/src/diagnosticsGate';

const never = new CancellationTokenSource().token;
const tick = () => new Promise(resolve => setImmediate(resolve));
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

describe('diagnostics before lenses', () => {
  it('asks for a just-opened document’s lenses once its diagnostics are in', async () => {
    const gate = new DiagnosticsGate();
    const asked: string[] = [];
    gate.expect('file:///stripe.yaml', 'open');
    const lenses = gate.after('file:///stripe.yaml', never, true, () => (asked.push('lenses'), ['lens']));
    await tick();
    assert.deepEqual(asked, [], 'not while the first lint runs');
    gate.received('file:///stripe.yaml');
    assert.deepEqual(await lenses, ['lens']);
    assert.deepEqual(asked, ['lenses']);
  });

  it('holds nothing for a document whose diagnostics came, or that it did not see open', async () => {
    const gate = new DiagnosticsGate();
    gate.expect('file:///a.yaml', 'open');
    gate.received('file:///a.yaml');
    assert.equal(await gate.after('file:///a.yaml', never, true, () => 'at once'), 'at once');
    assert.equal(await gate.after('file:///b.yaml', never, true, () => 'at once'), 'at once');
  });

  it('holds one document only: another’s requests go on', async () => {
    const gate = new DiagnosticsGate();
    gate.expect('file:///big.yaml', 'open');
    assert.equal(await gate.after('file:///small.yaml', never, true, () => 'small'), 'small');
  });

  it('gives up waiting after its limit, and when the document is closed', async () => {
    const gate = new DiagnosticsGate(20);
    gate.expect('file:///slow.yaml', 'open');
    const t = Date.now();
    // The gate's timer does not hold the process open (unref): a timer of the test's own does, past the limit.
    const [late] = await Promise.all([gate.after('file:///slow.yaml', never, true, () => 'after the limit'), sleep(40)]);
    assert.equal(late, 'after the limit');
    assert.ok(Date.now() - t >= 15);
    const closing = new DiagnosticsGate();
    closing.expect('file:///closed.yaml', 'open');
    const p = closing.after('file:///closed.yaml', never, true, () => 'after close');
    closing.received('file:///closed.yaml');
    assert.equal(await p, 'after close');
  });

  it('does not ask at all when the request is cancelled while it waits', async () => {
    const gate = new DiagnosticsGate();
    const source = new CancellationTokenSource();
    let asked = false;
    gate.expect('file:///stripe.yaml', 'open');
    const p = gate.after('file:///stripe.yaml', source.token, true, () => (asked = true));
    source.cancel();
    assert.equal(await p, undefined);
    gate.received('file:///stripe.yaml');
    await tick();
    assert.equal(asked, false);
  });

  it('waits again when the document is opened again', async () => {
    const gate = new DiagnosticsGate();
    gate.expect('file:///api.yaml', 'open');
    gate.received('file:///api.yaml');
    gate.expect('file:///api.yaml', 'open');
    let asked = false;
    const p = gate.after('file:///api.yaml', never, true, () => (asked = true));
    await tick();
    assert.equal(asked, false);
    gate.received('file:///api.yaml');
    await p;
    assert.equal(asked, true);
  });

  it('holds the lenses asked after an edit until that edit’s diagnostics, once for edits typed in a row', async () => {
    const gate = new DiagnosticsGate();
    gate.expect('file:///stripe.yaml', 'open');
    gate.received('file:///stripe.yaml');
    const asked: string[] = [];
    gate.expect('file:///stripe.yaml', 'edit');
    gate.expect('file:///stripe.yaml', 'edit'); // the next one, before the first one's pull came back
    const lenses = gate.after('file:///stripe.yaml', never, true, () => (asked.push('lenses'), 'after the edits'));
    await tick();
    assert.deepEqual(asked, [], 'not while the edits are linted');
    gate.received('file:///stripe.yaml');
    assert.equal(await lenses, 'after the edits');
  });

  it('holds the outline and folding after opening, not after an edit', async () => {
    const gate = new DiagnosticsGate();
    let outline = false;
    gate.expect('file:///stripe.yaml', 'open');
    const afterOpen = gate.after('file:///stripe.yaml', never, false, () => (outline = true));
    await tick();
    assert.equal(outline, false, 'not while the first lint runs');
    gate.received('file:///stripe.yaml');
    await afterOpen;
    assert.equal(outline, true);
    gate.expect('file:///stripe.yaml', 'edit');
    assert.equal(await gate.after('file:///stripe.yaml', never, false, () => 'at once'), 'at once');
  });
});
