/** Runs `node <args>` with a time limit, sampling its peak RSS (VmHWM, Linux) until it ends. */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

export interface Measured {
  code: number | null;
  killed: boolean;
  ms: number;
  /** Peak resident set size in KB (0 where /proc is missing). */
  peakKb: number;
  stdout: string;
  stderr: string;
}

function hwm(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** `maxOutput`: characters kept of stdout and of stderr each (a hostile input's output can be endless). */
export function measure(args: string[], cwd: string, timeoutMs: number, input?: string, maxOutput = 1e6): Promise<Measured> {
  return new Promise(resolve => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    let killed = false;
    child.stdout.on('data', d => (stdout.length < maxOutput ? (stdout += String(d)) : undefined));
    child.stderr.on('data', d => (stderr.length < maxOutput ? (stderr += String(d)) : undefined));
    child.stdin.end(input ?? '');
    const sample = setInterval(() => (peakKb = Math.max(peakKb, hwm(child.pid!))), 50);
    const timer = setTimeout(() => {
      killed = true;
      peakKb = Math.max(peakKb, hwm(child.pid!));
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', code => {
      clearInterval(sample);
      clearTimeout(timer);
      resolve({ code, killed, ms: performance.now() - started, peakKb, stdout, stderr });
    });
  });
}
