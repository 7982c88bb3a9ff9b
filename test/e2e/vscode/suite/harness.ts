/**
 * A tiny test harness for the extension host (no Mocha needed): named async tests,
 * run in order, each with a time limit; a failure does not stop the others.
 */
import * as vscode from 'vscode';

export interface TestCase {
  name: string;
  fn: () => Promise<void>;
  timeoutMs?: number;
}

export interface TestResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

const log = (s: string) => console.log(`[apiconv-e2e] ${s}`);

export async function runTests(tests: TestCase[], only?: string): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const t0 = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        t.fn(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${t.timeoutMs ?? 60000} ms`)), t.timeoutMs ?? 60000);
        }),
      ]);
      results.push({ name: t.name, ok: true, ms: Date.now() - t0 });
      log(`ok   ${t.name} (${Date.now() - t0} ms)`);
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      results.push({ name: t.name, ok: false, ms: Date.now() - t0, error });
      log(`FAIL ${t.name} (${Date.now() - t0} ms): ${error}`);
    } finally {
      clearTimeout(timer);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  }
  return results;
}

export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

export const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

/**
 * Waits until `probe` returns a value other than undefined/false, re-checking on every
 * diagnostics change and every 100 ms. Throws with `what` and the last state on timeout.
 */
export async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 30000, describe?: () => string): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}${describe ? `; now: ${describe()}` : ''}`);
    await new Promise<void>(resolve => {
      const sub = vscode.languages.onDidChangeDiagnostics(() => {
        sub.dispose();
        resolve();
      });
      setTimeout(() => {
        sub.dispose();
        resolve();
      }, 100);
    });
  }
}

/**
 * Waits until `read` has returned the same value for `quietMs` (compared as JSON), so that a test takes its
 * snapshot after the server's publications have stopped rather than after a fixed pause a slow machine outlasts.
 */
export async function settled<T>(what: string, read: () => T, quietMs = 1500, timeoutMs = 30000): Promise<T> {
  const t0 = Date.now();
  let last = JSON.stringify(read());
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what} to settle; last: ${last}`);
    await sleep(100);
    const now = JSON.stringify(read());
    if (now !== last) [last, since] = [now, Date.now()];
  }
  return JSON.parse(last) as T;
}

/** Like waitFor, for an asynchronous probe (a command the extension host answers): retried every 200 ms. */
export async function eventually<T>(what: string, probe: () => Thenable<T>, ok: (v: T) => boolean, timeoutMs = 30000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await sleep(200);
  }
}
