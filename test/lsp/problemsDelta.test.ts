/**
 * A lint's findings sent back from the worker as what changed since the list the main thread holds (lsp/problemsDelta.ts):
 * after random changes to the list — findings kept, dropped, added, moved — the main thread gets exactly the list the
 * worker had, the same findings as the same objects, and only the new ones cross whole. A list based on one the worker
 * does not keep goes whole; one based on a list the main thread does not hold is refused, not guessed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LintProblem } from '../../server/src/engine';
import { ReceivedProblems, SentProblems, type ProblemsDelta } from '../../server/src/lsp/problemsDelta';
import { mulberry32 } from '../helpers/seeded';

let made = 0;
const problem = (): LintProblem => ({
  code: 'rule',
  message: `finding ${++made}`,
  severity: 1,
  path: ['paths', `/p${made}`],
  range: { start: { line: made, character: 0 }, end: { line: made, character: 4 } },
  source: '/api.yaml',
});

/** `delta` as the main thread receives it: a structured clone (the worker's objects are not shared). */
const posted = (delta: ProblemsDelta): ProblemsDelta => structuredClone(delta);

describe('findings sent from the lint worker as a delta', () => {
  it('round-trips random changes: the same list, kept findings as the objects already held, only new ones whole', () => {
    const rand = mulberry32(37);
    const sent = new SentProblems('1');
    const received = new ReceivedProblems();
    let list: LintProblem[] = Array.from({ length: 50 }, problem);
    let previous = new Set<LintProblem>();
    for (let round = 0; round < 200; round++) {
      const delta = sent.encode('/api.yaml', list, received.baseOf('/api.yaml'));
      const got = received.decode('/api.yaml', posted(delta));
      assert.deepEqual(got, list);
      const whole = delta.items.filter(x => typeof x !== 'number').length;
      assert.equal(whole, list.filter(p => !previous.has(p)).length, `round ${round}: only the new findings cross whole`);
      previous = new Set(list);
      // The next lint: some findings dropped, some added, some moved (a sort after an edit), most kept.
      const next = list.filter(() => rand() > 0.05);
      for (let n = Math.floor(rand() * 4); n > 0; n--) next.splice(Math.floor(rand() * (next.length + 1)), 0, problem());
      if (rand() < 0.3 && next.length > 1) next.push(next.shift()!);
      list = next;
    }
  });

  it('kept findings come back as the objects the main thread holds', () => {
    const sent = new SentProblems('1');
    const received = new ReceivedProblems();
    const a = [problem(), problem(), problem()];
    const held = received.decode('/api.yaml', posted(sent.encode('/api.yaml', a, received.baseOf('/api.yaml'))))!;
    const b = [a[0]!, problem(), a[2]!];
    const delta = sent.encode('/api.yaml', b, received.baseOf('/api.yaml'));
    assert.deepEqual(
      delta.items.map(x => typeof x),
      ['number', 'object', 'number'],
    );
    const got = received.decode('/api.yaml', posted(delta))!;
    assert.equal(got[0], held[0]);
    assert.equal(got[2], held[2]);
    assert.deepEqual(got, b);
  });

  it('goes whole when the worker does not keep the list the main thread names (another worker, one started since)', () => {
    const received = new ReceivedProblems();
    const a = [problem(), problem()];
    received.decode('/api.yaml', posted(new SentProblems('1').encode('/api.yaml', a, undefined)));
    const other = new SentProblems('2');
    const delta = other.encode('/api.yaml', a, received.baseOf('/api.yaml'));
    assert.equal(delta.base, undefined);
    assert.deepEqual(received.decode('/api.yaml', posted(delta)), a);
  });

  it('a reply the main thread dropped does not break the next one: it names the list it holds', () => {
    const sent = new SentProblems('1');
    const received = new ReceivedProblems();
    const a = [problem(), problem()];
    received.decode('/api.yaml', posted(sent.encode('/api.yaml', a, undefined)));
    const base = received.baseOf('/api.yaml');
    sent.encode('/api.yaml', [a[0]!, problem()], base); // a cancelled lint's reply: never decoded
    const c = [a[1]!, problem()];
    const delta = sent.encode('/api.yaml', c, base);
    assert.equal(delta.base, base);
    assert.deepEqual(received.decode('/api.yaml', posted(delta)), c);
  });

  it('refuses a delta based on a list it does not hold, and forgets a closed document', () => {
    const sent = new SentProblems('1');
    const received = new ReceivedProblems();
    const a = [problem()];
    const first = sent.encode('/api.yaml', a, undefined);
    received.decode('/api.yaml', posted(first));
    received.forget('/api.yaml');
    assert.equal(received.baseOf('/api.yaml'), undefined);
    assert.equal(received.decode('/api.yaml', posted(sent.encode('/api.yaml', a, first.id))), undefined);
  });
});
