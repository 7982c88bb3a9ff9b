/**
 * The collection policy of the server's threads (lsp/memory.ts IdleCollector): a major collection runs in the pause
 * after the edits (IDLE_MS after the last unit of work, nothing pending, the heap grown), never while edits keep
 * coming — unless the heap grows past the ceiling —, and an edit arriving in the wait calls it off. Then the real
 * collection (V8's gc, async) on a heap holding garbage: a pause gives the memory back.
 */
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { CEILING, GROWTH, IDLE_MS, IdleCollector, MIN_GROWTH } from '../../server/src/lsp/memory';

const MB = 1024 * 1024;

/** A fake heap: `used` grows as the test says, a collection brings it back to `live` (when its promise settles). */
function fakeHeap(live = 300 * MB) {
  const heap = { used: live, live, collections: [] as number[] };
  const gc = (): Promise<boolean> => {
    heap.collections.push(heap.used);
    return Promise.resolve().then(() => ((heap.used = heap.live), true));
  };
  return { heap, gc, heapUsed: () => heap.used };
}

/** Lets the fake collection's promise settle. */
const settle = (): Promise<void> => new Promise(resolve => setImmediate(resolve));

describe('IdleCollector: when a thread collects', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('does not collect while edits keep coming, then collects once in the pause after them', async () => {
    const { heap, gc, heapUsed } = fakeHeap();
    const c = new IdleCollector({ gc, heapUsed });
    c.done(); // the open: the baseline
    // 20 keystrokes 250 ms apart, each leaving 7 MB behind (140 MB: past GROWTH, under CEILING of 300 MB).
    for (let i = 0; i < 20; i++) {
      mock.timers.tick(250);
      c.activity();
      heap.used += 7 * MB;
      c.done();
      await settle();
    }
    assert.equal(heap.collections.length, 0, 'a collection ran while the user typed');
    mock.timers.tick(IDLE_MS - 1);
    assert.equal(heap.collections.length, 0, 'collected before the pause was long enough');
    mock.timers.tick(1);
    await settle();
    assert.deepEqual(heap.collections, [440 * MB]);
    assert.equal(c.collections, 1);
    // The pause goes on: nothing more to collect.
    mock.timers.tick(10 * IDLE_MS);
    assert.equal(heap.collections.length, 1);
  });

  it('an edit arriving in the wait calls the collection off; the pause after it collects', async () => {
    const { heap, gc, heapUsed } = fakeHeap();
    const c = new IdleCollector({ gc, heapUsed });
    c.done();
    heap.used += 100 * MB;
    c.done();
    mock.timers.tick(IDLE_MS - 10);
    c.activity(); // a keystroke just before the pause would have been long enough
    mock.timers.tick(IDLE_MS);
    assert.equal(heap.collections.length, 0, 'collected although an edit had arrived');
    c.done();
    mock.timers.tick(IDLE_MS);
    await settle();
    assert.equal(heap.collections.length, 1);
  });

  it('does not collect while a lint is pending; the next unit of work done arms the pause again', async () => {
    const { heap, gc, heapUsed } = fakeHeap();
    let busy = true;
    const c = new IdleCollector({ gc, heapUsed, busy: () => busy });
    c.done();
    heap.used += 100 * MB;
    c.done();
    mock.timers.tick(IDLE_MS);
    assert.equal(heap.collections.length, 0, 'collected while a lint was pending');
    busy = false;
    mock.timers.tick(10 * IDLE_MS);
    assert.equal(heap.collections.length, 0, 'the timer fired twice');
    c.done();
    mock.timers.tick(IDLE_MS);
    await settle();
    assert.equal(heap.collections.length, 1);
  });

  it('leaves a heap grown by less than GROWTH or MIN_GROWTH to V8', () => {
    const big = fakeHeap(1000 * MB);
    const c = new IdleCollector({ gc: big.gc, heapUsed: big.heapUsed });
    c.done();
    big.heap.used += 1000 * MB * GROWTH - MB; // 49 MB: over MIN_GROWTH, under 5%
    c.done();
    mock.timers.tick(IDLE_MS);
    assert.equal(big.heap.collections.length, 0);
    const small = fakeHeap(20 * MB);
    const d = new IdleCollector({ gc: small.gc, heapUsed: small.heapUsed });
    d.done();
    small.heap.used += MIN_GROWTH - MB; // +75%, but 15 MB
    d.done();
    mock.timers.tick(IDLE_MS);
    assert.equal(small.heap.collections.length, 0);
  });

  it('typing on without a pause: past CEILING the collection runs at once, and the baseline follows it', async () => {
    const { heap, gc, heapUsed } = fakeHeap();
    const c = new IdleCollector({ gc, heapUsed });
    c.done();
    let i = 0;
    while (heap.collections.length === 0 && i < 100) {
      mock.timers.tick(200);
      c.activity();
      heap.used += 8 * MB;
      c.done();
      await settle();
      i++;
    }
    // 300 MB × CEILING = 300 MB: the 38th keystroke's 304 MB.
    assert.equal(i, Math.floor((300 * CEILING) / 8) + 1);
    assert.equal(heap.used, heap.live);
    // Back to the baseline after the collection: the next keystrokes do not collect again.
    for (let j = 0; j < 5; j++) {
      mock.timers.tick(200);
      c.activity();
      heap.used += 8 * MB;
      c.done();
      await settle();
    }
    assert.equal(heap.collections.length, 1);
  });

  it("a warm-up's heap is no baseline: opening a big document after it does not collect at once", async () => {
    const { heap, gc, heapUsed } = fakeHeap(20 * MB);
    const c = new IdleCollector({ gc, heapUsed });
    heap.used = 40 * MB; // the warm-up's live heap and its garbage
    c.warmedUp();
    // Its garbage is collected in the pause after it.
    mock.timers.tick(IDLE_MS);
    await settle();
    assert.deepEqual(heap.collections, [40 * MB]);
    // The first real lint: a document whose heap is many times the warm-up's, answered; the first keystroke is next.
    heap.live = 300 * MB;
    heap.used = 380 * MB;
    c.done();
    await settle();
    assert.equal(heap.collections.length, 1, 'collected right after the first real lint, measured from the warm-up');
    // The ceiling counts from there: typing on collects once the heap has doubled since.
    heap.used = 2 * 380 * MB + MB;
    c.done();
    await settle();
    assert.deepEqual(heap.collections, [40 * MB, 761 * MB]);
  });

  it('one collection at a time', async () => {
    let finish: (v: boolean) => void = () => undefined;
    let calls = 0;
    let used = 300 * MB;
    const c = new IdleCollector({ gc: () => (calls++, new Promise<boolean>(r => (finish = r))), heapUsed: () => used });
    c.done();
    used += 400 * MB;
    c.done(); // past the ceiling: collecting
    used += 10 * MB;
    c.done(); // still collecting
    assert.equal(calls, 1);
    finish(true);
    await settle();
    c.done();
    assert.equal(calls, 1, 'collected again under the new baseline');
  });
});

describe('IdleCollector: V8 collecting in a pause', () => {
  it('a pause gives the garbage of the edits back', async () => {
    const c = new IdleCollector({ idleMs: 20 });
    const heap = (): number => process.memoryUsage().heapUsed;
    c.done();
    const before = heap();
    // An edit's garbage: a text and a tree of some 50 MB, soon no longer referenced.
    let keep: unknown[] | undefined = [];
    for (let i = 0; i < 64; i++)
      keep.push({
        text: Array.from({ length: 20000 }, (_, j) => String.fromCharCode(97 + ((i + j) % 26))).join(''),
        tree: Array.from({ length: 16000 }, (_, j) => ({ j, i })),
      });
    const grown = heap();
    assert.ok(grown - before > 32 * MB, `the garbage was not made (${Math.round((grown - before) / MB)} MB)`);
    // eslint-disable-next-line no-useless-assignment -- dropping the reference lets the collector take it
    keep = undefined;
    c.done();
    // Wait for the pause and the collection.
    const deadline = Date.now() + 5000;
    while (c.collections === 0 && Date.now() < deadline) await new Promise(r => setTimeout(r, 10));
    assert.equal(c.collections, 1, 'no collection in the pause');
    while (heap() > before + 16 * MB && Date.now() < deadline) await new Promise(r => setTimeout(r, 10));
    assert.ok(heap() < before + 16 * MB, `heap ${Math.round((heap() - before) / MB)} MB over what it was before the edits`);
  });
});
