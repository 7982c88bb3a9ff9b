/**
 * The workspace's files scanned for the reference index in a worker thread. Parsing a big document takes hundreds
 * of milliseconds; on the server's thread each such parse held up the open documents' diagnostics and requests
 * while the workspace was read (the first seconds after a big folder is opened). The worker is a pool's
 * (workers/pool.ts) running the server bundle, terminated once idle; where no worker can be started (tests run the
 * sources) the files are scanned in this thread.
 */
import { scanFile, type ScannedFile } from '../engine/index';
import { WorkerPool } from '../workers/pool';
import { serveTasks } from '../workers/serve';
import { parseTree } from './positionTree';
import { startWorker } from './workerBoot';

interface ScanTask {
  file: string;
  text: string;
}

/** The worker goes once it has had nothing to scan for this long: its parses' memory with it. */
const IDLE_MS = 5000;
/** No ruleset's code runs here: the pool's budget (of custom functions) never runs out. */
const NO_BUDGET_MS = 2 ** 31 - 1;

function scanHere(task: ScanTask): Promise<ScannedFile> {
  return Promise.resolve(scanFile(parseTree(task.text, task.file)));
}

/** The worker thread's message loop. */
export function runRefsScanWorker(): void {
  serveTasks<ScanTask, ScannedFile>({ run: scanHere, uncaught: e => console.error('apiconv reference scan worker:', e) });
}

export class RefsScanner {
  private readonly pool: WorkerPool<ScanTask, ScannedFile>;

  constructor(script: string | undefined, log: (msg: string) => void) {
    this.pool = new WorkerPool<ScanTask, ScannedFile>({
      name: 'reference scan worker',
      // At the lowest priority (Linux): a file it parses when a key comes gives way to that key's lint.
      start: script ? meter => startWorker(script, { workerData: { apiconvRefsScanWorker: true, meter } }, true) : undefined,
      runHere: scanHere,
      idleMs: IDLE_MS,
      budgetMs: () => NO_BUDGET_MS,
      afterOverrun: task => new Error(`${task.file}: the scan was stopped`),
      log,
    });
  }

  scan(file: string, text: string): Promise<ScannedFile> {
    return this.pool.run({ file, text }).promise;
  }

  dispose(): void {
    this.pool.dispose();
  }
}
