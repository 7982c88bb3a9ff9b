/** The custom-function meter (server/src/engine/functionBudget.ts), in one thread: what the watching thread reads. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { truthy } from '@stoplight/spectral-functions';
import { oas3 } from '@stoplight/spectral-formats';
import {
  BudgetWatch,
  attachMeter,
  createMeter,
  meterCustomFunctions,
  overrun,
  setSkippedRules,
  startLintMeter,
  takeStoppedRules,
} from '../../server/src/engine/functionBudget';
import { BUILTIN_RULESETS } from '../../server/src/engine/ruleset';

type Fn = (...a: unknown[]) => unknown;

describe('custom function meter', () => {
  const meter = createMeter();
  let names: string[] = [];
  attachMeter(meter, n => (names = n));

  it('wraps only the functions that are not built in, and never changes a built-in ruleset', () => {
    const slow = () => {
      const t = Date.now();
      while (Date.now() - t < 60) {
        /* busy */
      }
      return [];
    };
    const myFormat = () => true;
    const builtinBefore = JSON.stringify(BUILTIN_RULESETS['apiconv:recommended'], (_k, v) => (typeof v === 'function' ? v.name : v));
    const def = {
      extends: [BUILTIN_RULESETS['apiconv:recommended']],
      formats: [myFormat, oas3],
      rules: {
        'slow-rule': { given: '$', formats: [myFormat], then: { function: slow } },
        'core-rule': { given: '$', then: [{ function: truthy }] },
      },
    };
    const wrapped = meterCustomFunctions(def, new Set<unknown>([truthy]), new Set<unknown>([oas3]), new Set<unknown>(Object.values(BUILTIN_RULESETS)));
    assert.deepEqual(wrapped, ['slow-rule']);
    assert.notEqual(def.rules['slow-rule'].then.function, slow);
    assert.equal(def.rules['core-rule'].then[0].function, truthy);
    assert.notEqual(def.formats[0], myFormat);
    assert.equal(def.formats[0], def.rules['slow-rule'].formats[0], 'one wrapper per format: Spectral matches formats by identity');
    assert.equal(def.formats[1], oas3);
    assert.equal(
      JSON.stringify(BUILTIN_RULESETS['apiconv:recommended'], (_k, v) => (typeof v === 'function' ? v.name : v)),
      builtinBefore,
    );
    assert.ok(names.includes('slow-rule') && names.includes('format myFormat'));

    // Time spent in the slow function counts against the budget; a skipped rule does not run.
    startLintMeter();
    (def.rules['slow-rule'].then.function as Fn)();
    assert.deepEqual(overrun(meter, names, 40)?.rules, ['slow-rule']);
    assert.equal(overrun(meter, names, 1000), undefined);
    startLintMeter();
    assert.equal(overrun(meter, names, 40), undefined, 'a new lint starts from zero');
    setSkippedRules(['slow-rule']);
    const t0 = Date.now();
    assert.equal((def.rules['slow-rule'].then.function as Fn)(), undefined);
    assert.ok(Date.now() - t0 < 50);
    setSkippedRules([]);
  });

  it('a promise still pending when the budget is spent is given up and named', async () => {
    const def = {
      rules: {
        'never-rule': { given: '$', then: { function: () => new Promise(() => undefined) } },
        'quick-rule': { given: '$', then: { function: async () => [{ message: 'x' }] } },
      },
    };
    meterCustomFunctions(def, new Set());
    startLintMeter(50);
    const [never, quick] = await Promise.all([(def.rules['never-rule'].then.function as Fn)(), (def.rules['quick-rule'].then.function as Fn)()]);
    assert.equal(never, undefined);
    assert.deepEqual(quick, [{ message: 'x' }]);
    assert.deepEqual(takeStoppedRules(), ['never-rule']);
    startLintMeter();
  });

  it('the watch sees a call that is still running (what a blocked worker shows), and a stopped event loop', () => {
    const buf = createMeter();
    const counts = new Int32Array(buf, 0, 256);
    const since = new Float64Array(buf, 256 * 4, 256);
    counts[3] = 1;
    since[3] = Date.now() - 2000;
    const watch = new BudgetWatch(buf, () => ['\0loading', 'a', 'b', 'c'], 1000);
    assert.deepEqual(watch.check()?.rules, ['c']);
    counts[3] = 0;
    since[3] = 0;
    const idle = new BudgetWatch(buf, () => ['\0loading', 'a'], 1000);
    const now = Date.now();
    assert.equal(idle.check(now), undefined);
    // No heartbeat from the worker for longer than max(4 × budget, 10 s): every custom rule is stopped.
    assert.deepEqual(idle.check(now + 11_000)?.rules, ['a']);
  });
});
