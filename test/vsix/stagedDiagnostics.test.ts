/** A just-opened document's diagnostics shown in two steps (client/src/stagedDiagnostics.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { FIRST_STAGE, StagedDiagnostics, mostSevere } from '../../client/src/stagedDiagnostics';

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** What the window is given: each set of a document, in order, over a map like VS Code's collection. */
function fakeCollection() {
  const held = new Map<string, readonly vscode.Diagnostic[]>();
  const given: { uri: string; count: number | undefined }[] = [];
  const collection = {
    name: 'apiconv',
    set(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[] | undefined) {
      given.push({ uri: uri.toString(), count: diagnostics?.length });
      if (diagnostics === undefined) held.delete(uri.toString());
      else held.set(uri.toString(), diagnostics);
    },
    delete(uri: vscode.Uri) {
      given.push({ uri: uri.toString(), count: undefined });
      held.delete(uri.toString());
    },
    clear: () => held.clear(),
    get: (uri: vscode.Uri) => held.get(uri.toString()),
    has: (uri: vscode.Uri) => held.has(uri.toString()),
    forEach: () => undefined,
    dispose: () => held.clear(),
  } as unknown as vscode.DiagnosticCollection;
  return { collection, held, given };
}

const uri = (s: string) => ({ toString: () => s }) as vscode.Uri;

/** `n` diagnostics by place; every third a warning, every fifth an error, the rest hints. */
function findings(n: number): vscode.Diagnostic[] {
  return Array.from({ length: n }, (_, i) => ({ message: `#${i}`, severity: i % 5 === 0 ? 0 : i % 3 === 0 ? 1 : 3 }) as unknown as vscode.Diagnostic);
}

describe('staged diagnostics', () => {
  it('shows a document that had none its most severe diagnostics first, then exactly the whole list', async () => {
    const { collection, held, given } = fakeCollection();
    const staged = new StagedDiagnostics(collection, 20);
    const all = findings(1000);
    staged.set(uri('file:///stripe.yaml'), all);
    const first = held.get('file:///stripe.yaml')!;
    assert.equal(first.length, FIRST_STAGE);
    assert.ok(
      first.every(d => d.severity === 0),
      'errors first (200 of the 1,000)',
    );
    assert.deepEqual(
      first.map(d => d.message),
      all
        .filter(d => d.severity === 0)
        .slice(0, FIRST_STAGE)
        .map(d => d.message),
      'by place within a severity',
    );
    await sleep(60);
    assert.equal(held.get('file:///stripe.yaml'), all, 'the whole list, as given');
    assert.deepEqual(given, [
      { uri: 'file:///stripe.yaml', count: FIRST_STAGE },
      { uri: 'file:///stripe.yaml', count: 1000 },
    ]);
  });

  it('gives a document that shows diagnostics, or a short list, whole at once', async () => {
    const { collection, given } = fakeCollection();
    const staged = new StagedDiagnostics(collection, 20);
    staged.set(uri('file:///pets.yaml'), findings(FIRST_STAGE));
    staged.set(uri('file:///pets.yaml'), findings(500)); // an edit: it shows diagnostics already
    await sleep(60);
    assert.deepEqual(given, [
      { uri: 'file:///pets.yaml', count: FIRST_STAGE },
      { uri: 'file:///pets.yaml', count: 500 },
    ]);
  });

  it('lets a newer list, a delete or a clear replace the pending whole list', async () => {
    const { collection, held, given } = fakeCollection();
    const staged = new StagedDiagnostics(collection, 20);
    staged.set(uri('file:///a.yaml'), findings(1000));
    staged.set(uri('file:///a.yaml'), findings(3)); // the next version's, before the whole list came
    staged.set(uri('file:///b.yaml'), findings(1000));
    staged.delete(uri('file:///b.yaml')); // closed
    await sleep(60);
    assert.equal(held.get('file:///a.yaml')!.length, 3);
    assert.equal(held.has('file:///b.yaml'), false);
    staged.set(uri('file:///c.yaml'), findings(1000));
    staged.clear(); // the server restarts
    await sleep(60);
    assert.equal(held.has('file:///c.yaml'), false);
    assert.ok(!given.some(g => g.count === 1000), 'no stale whole list given');
  });

  it('keeps each severity’s order when it picks the most severe', () => {
    const list = [3, 1, 0, 1, 0, 2].map((severity, i) => ({ severity, i }));
    assert.deepEqual(
      mostSevere(list, 4).map(d => d.i),
      [2, 4, 1, 3],
    );
  });
});
