/**
 * engine/pipeline/garbageCollection.ts: after a lint that left a big heap, the CLI collects its garbage before it builds the report, with
 * the collector it takes for that moment only (a new context made afterwards has no `gc`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as vm from 'node:vm';
import { collectGarbage } from '../../server/src/engine/pipeline/garbageCollection';

const MiB = 1024 * 1024;

describe('collectGarbage', () => {
  it('gives back the garbage of a big heap, and leaves no gc function behind', () => {
    let garbage: unknown[] | undefined = [];
    for (let i = 0; i < 600_000; i++) garbage.push({ i, s: `value ${i}`, a: [i, i + 1] });
    const before = process.memoryUsage().heapUsed;
    assert.ok(before > 64 * MiB, `heap in use ${before}`);
    garbage = undefined;
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    assert.ok(after < before - 40 * MiB, `heap in use ${before} -> ${after}`);
    assert.equal(vm.runInNewContext('typeof gc'), 'undefined');
    assert.equal(garbage, undefined);
  });
});
