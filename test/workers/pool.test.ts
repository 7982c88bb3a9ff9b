/**
 * The worker pool (server/src/workers/pool.ts) on a worker of its own (fixtures/taskWorker.ts): answers in order,
 * cancellation (queued, running within and past the grace period), a superseded task told and left to end, a worker
 * stuck in a loop stopped past the time budget and its task run again, a worker that dies, a compacted task sent
 * whole to a worker that lacks what it left out, the warm spare and the quiet it waits for, the idle timeout, and
 * the work done in this thread where no worker can be started.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LOADING_NAME } from '../../server/src/engine';
import { CancelledError, WorkerExitError, WorkerPool, type PoolConfig } from '../../server/src/workers/pool';
import type { TestTask } from './fixtures/taskWorker';

type Answer = string | number;

const WORKER = path.join(__dirname, 'fixtures', 'taskWorker.ts');
/** The tests run the sources through tsx: the worker registers it too. */
const start = (meter: SharedArrayBuffer) => new Worker(`require('tsx/cjs'); require(${JSON.stringify(WORKER)});`, { eval: true, workerData: { meter } });

function pool(config: Partial<PoolConfig<TestTask, Answer>> = {}): WorkerPool<TestTask, Answer> {
  return new WorkerPool<TestTask, Answer>({
    name: 'test worker',
    start,
    runHere: async () => 'here',
    budgetMs: () => 60_000,
    afterOverrun: () => new Error('over'),
    ...config,
  });
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('worker pool', { timeout: 180_000 }, () => {
  it('answers each task, on as many workers as its size; an error of a task fails that task only', async () => {
    const p = pool({ size: 2 });
    try {
      const answers = await Promise.all([p.run({ echo: 'a' }).promise, p.run({ echo: 'b' }).promise, p.run({ echo: 'c' }).promise]);
      assert.deepEqual(answers, ['a', 'b', 'c']);
      await assert.rejects(p.run({ fail: 'no such file' }).promise, /^Error: no such file$/);
      const threads = await Promise.all([p.run({ sleep: 300 }).promise.then(() => p.run({ thread: true }).promise), p.run({ thread: true }).promise]);
      assert.equal(p.started, 2);
      assert.equal(new Set(threads).size, 2, 'two workers');
    } finally {
      p.dispose();
    }
  });

  it('a cancelled queued task is dropped; a cancelled running task that ends within the grace period keeps its worker', async () => {
    const p = pool({ cancelGraceMs: 10_000 });
    try {
      const thread = await p.run({ thread: true }).promise;
      const running = p.run({ sleep: 300 });
      const queued = p.run({ crash: 'never run' });
      queued.cancel();
      running.cancel();
      await assert.rejects(running.promise, CancelledError);
      await assert.rejects(queued.promise, CancelledError);
      assert.equal(await p.run({ thread: true }).promise, thread, 'the same worker');
      assert.equal(p.terminated, 0);
    } finally {
      p.dispose();
    }
  });

  it('a cancelled running task still running past the grace period: its worker is terminated, the next task runs in another', async () => {
    const p = pool({ cancelGraceMs: 200 });
    try {
      const thread = await p.run({ thread: true }).promise;
      const stale = p.run({ sleep: 60_000 });
      await sleep(50);
      stale.cancel();
      await assert.rejects(stale.promise, CancelledError);
      assert.equal(p.terminated, 0, 'not before the grace period');
      await until('the worker terminated', () => p.terminated === 1);
      assert.notEqual(await p.run({ thread: true }).promise, thread);
      assert.equal(p.started, 2);
    } finally {
      p.dispose();
    }
  });

  it('a superseded running task runs to its end in its worker, past the grace period; the newer task runs there after it', async () => {
    const p = pool({ cancelGraceMs: 50 });
    try {
      const thread = await p.run({ thread: true }).promise;
      const stale = p.run({ sleep: 600 });
      await sleep(50);
      stale.supersede();
      await assert.rejects(stale.promise, CancelledError);
      const queued = p.run({ crash: 'never run' });
      queued.supersede();
      await assert.rejects(queued.promise, CancelledError);
      const t0 = Date.now();
      assert.equal(await p.run({ thread: true }).promise, thread, 'the same worker');
      assert.ok(Date.now() - t0 >= 300, 'after the superseded task, not in its place');
      assert.equal(p.terminated, 0);
      assert.equal(p.started, 1);
    } finally {
      p.dispose();
    }
  });

  it('a superseded running task is told: it ends at its next safe point, and the newer task runs after it', async () => {
    const p = pool({ cancelGraceMs: 50 });
    try {
      const thread = await p.run({ thread: true }).promise;
      const t0 = Date.now();
      const stale = p.run({ steps: 100 });
      await sleep(250);
      stale.supersede();
      await assert.rejects(stale.promise, CancelledError);
      assert.equal(await p.run({ thread: true }).promise, thread, 'the same worker, once the stale task ended');
      assert.ok(Date.now() - t0 < 5000, `ended early: ${Date.now() - t0} ms of its 10 s`);
      assert.equal(p.terminated, 0);
      // The next task is not told: it runs all its steps.
      assert.equal(await p.run({ steps: 3 }).promise, '3 steps');
    } finally {
      p.dispose();
    }
  });

  it('endEarly: a running task ends at its next safe point and its promise rejects then; one that ends first answers', async () => {
    const p = pool();
    try {
      const t0 = Date.now();
      const running = p.run({ steps: 100 });
      await sleep(250);
      const queued = p.run({ steps: 2 });
      running.endEarly();
      queued.endEarly();
      await assert.rejects(running.promise, CancelledError);
      assert.ok(Date.now() - t0 < 5000, `ended early: ${Date.now() - t0} ms of its 10 s`);
      assert.equal(await queued.promise, '2 steps', 'a queued task is not told');
      const sleeper = p.run({ sleep: 200 });
      await sleep(50);
      sleeper.endEarly();
      assert.equal(await sleeper.promise, 'slept', 'a task that does not look ends as usual');
      assert.equal(p.terminated, 0);
    } finally {
      p.dispose();
    }
  });

  it('running() is true while a worker runs the task: not while it is queued, nor once it is answered', async () => {
    const p = pool();
    try {
      await p.run({ echo: 'warm' }).promise;
      const first = p.run({ sleep: 300 });
      const second = p.run({ echo: 'b' });
      assert.equal(first.running(), true);
      assert.equal(second.running(), false, 'queued behind the first');
      await first.promise;
      assert.equal(first.running(), false);
      assert.equal(await second.promise, 'b');
      assert.equal(second.running(), false);
    } finally {
      p.dispose();
    }
  });

  it('without a grace period, a cancelled running task stops its worker at once', async () => {
    const p = pool();
    try {
      await p.run({ echo: 'up' }).promise;
      const stale = p.run({ loop: true });
      await sleep(50);
      stale.cancel();
      assert.equal(p.terminated, 1);
      await assert.rejects(stale.promise, CancelledError);
      assert.equal(await p.run({ echo: 'next' }).promise, 'next');
    } finally {
      p.dispose();
    }
  });

  it('a worker stuck in a metered loop past the budget is terminated; the task runs again as afterOverrun says, at the step it reached', async () => {
    const overruns: { rules: string[]; step: number | undefined }[] = [];
    const p = pool({
      budgetMs: () => 300,
      afterOverrun: (_task, over, step) => {
        overruns.push({ rules: over.rules, step });
        return { echo: 'without the rule' };
      },
    });
    try {
      assert.equal(await p.run({ loop: true, step: 2 }).promise, 'without the rule');
      assert.deepEqual(overruns, [{ rules: [LOADING_NAME], step: 2 }]);
      assert.equal(p.overruns, 1);
      assert.equal(p.terminated, 1);
      const fails = pool({ budgetMs: () => 300 });
      try {
        await assert.rejects(fails.run({ loop: true }).promise, /^Error: over$/);
      } finally {
        fails.dispose();
      }
    } finally {
      p.dispose();
    }
  });

  it('a worker that dies fails its task with why; the next task gets a new worker', async () => {
    const logs: string[] = [];
    const p = pool({ log: m => logs.push(m) });
    try {
      const thread = await p.run({ thread: true }).promise;
      const died = await p.run({ crash: 'boom' }).promise.then(
        () => assert.fail('answered'),
        (e: unknown) => e,
      );
      assert.ok(died instanceof WorkerExitError);
      assert.match(died.message, /^the test worker failed: boom$/);
      assert.notEqual(await p.run({ thread: true }).promise, thread);
      assert.ok(
        logs.some(l => /test worker exited unexpectedly/.test(l)),
        logs.join('\n'),
      );
      assert.equal(p.terminated, 0, 'it was not terminated by the pool');
    } finally {
      p.dispose();
    }
  });

  it('a compacted task goes whole to a worker that lacks what was left out (one started since)', async () => {
    const sent = new Set<string>();
    const p = pool({
      // What was sent once is left out of the next tasks.
      compact: task => {
        if (!('key' in task) || !sent.has(task.key)) {
          if ('key' in task) sent.add(task.key);
          return task;
        }
        return { key: task.key };
      },
    });
    try {
      assert.equal(await p.run({ key: 'a', value: '1' }).promise, 'whole 1');
      assert.equal(await p.run({ key: 'a', value: '1' }).promise, 'kept 1', 'the worker holds it: left out');
      const thread = await p.run({ thread: true }).promise;
      await p.run({ crash: 'gone' }).promise.catch(() => undefined);
      assert.equal(await p.run({ key: 'a', value: '1' }).promise, 'whole 1', 'a new worker asked for it whole');
      assert.notEqual(await p.run({ thread: true }).promise, thread);
      assert.equal(await p.run({ key: 'a', value: '1' }).promise, 'kept 1');
    } finally {
      p.dispose();
    }
  });

  it('a warm spare takes over from a worker that was stopped, and a new spare starts once no task runs; workers that die are replaced', async () => {
    const p = pool({ warmUp: true, spareAfterMs: 0 });
    try {
      await until('the spare started', () => p.started === 2);
      const stale = p.run({ loop: true });
      await sleep(50);
      stale.cancel();
      await assert.rejects(stale.promise, CancelledError);
      assert.equal(await p.run({ echo: 'in the spare' }).promise, 'in the spare');
      await until('a new spare', () => p.started === 3);
      // Both die (the worker and its spare): a new worker and a new spare start.
      p.notify('crash');
      await until('a new worker and a new spare', () => p.started === 5);
      assert.equal(await p.run({ echo: 'after' }).promise, 'after');
    } finally {
      p.dispose();
    }
  });

  it('the spare starts once no task has run for spareQuietMs, not while tasks keep coming', async () => {
    const p = pool({ warmUp: true, spareAfterMs: 0, spareQuietMs: 1000 });
    try {
      // A task every 100 ms for a second and a half: never a quiet second, no spare.
      for (let i = 0; i < 15; i++) {
        assert.equal(await p.run({ echo: `task ${i}` }).promise, `task ${i}`);
        await sleep(100);
      }
      assert.equal(p.started, 1, 'no spare while tasks keep coming');
      await until('the spare started in the pause', () => p.started === 2);
    } finally {
      p.dispose();
    }
  });

  it('an idle worker is terminated after idleMs, and started again for the next task', async () => {
    const p = pool({ idleMs: 100 });
    try {
      await p.run({ echo: 'x' }).promise;
      await until('the idle worker terminated', () => p.terminated === 1);
      assert.equal(await p.run({ echo: 'y' }).promise, 'y');
      assert.equal(p.started, 2);
    } finally {
      p.dispose();
    }
  });

  it('where no worker can be started, tasks run in this thread, one at a time', async () => {
    const order: string[] = [];
    const p = pool({
      start: undefined,
      runHere: async task => {
        order.push(`start ${JSON.stringify(task)}`);
        await sleep(20);
        order.push('end');
        return 'here';
      },
    });
    const a = p.run({ echo: 'a' });
    const b = p.run({ echo: 'b' });
    assert.deepEqual(await Promise.all([a.promise, b.promise]), ['here', 'here']);
    assert.deepEqual(order, ['start {"echo":"a"}', 'end', 'start {"echo":"b"}', 'end']);
  });
});
