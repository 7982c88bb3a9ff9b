/**
 * The server's side of the stdio transport.
 *
 * vscode-jsonrpc's stream writer sends each message in two writes: the header, then (once that write has
 * called back) the JSON body. On a pipe each write is a system call that wakes the client up. A relint of a
 * small document publishes its diagnostics and then the status item's notification: four writes, a
 * good part of the time of each edit. This writer frames each message itself (the same bytes) and sends the
 * messages written in one run of the event loop's task together, in one write, at the end of that run (a
 * microtask: nothing waits for a timer or for I/O).
 */
import { Console } from 'node:console';
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';

interface Pending {
  frame: Buffer;
  msg: Message;
  resolve(): void;
  reject(e: unknown): void;
}

export class BatchingMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private errorCount = 0;
  private pending: Pending[] = [];
  /** Writes made, for tests. */
  writes = 0;

  constructor(private readonly stream: NodeJS.WritableStream) {
    super();
    stream.on('error', (e: Error) => this.fireError(e));
    stream.on('close', () => this.fireClose());
  }

  write(msg: Message): Promise<void> {
    let json: string;
    try {
      json = JSON.stringify(msg);
    } catch (e) {
      this.fireError(e, msg);
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) queueMicrotask(() => this.flush());
      this.pending.push({ frame: frameOf(json), msg, resolve, reject });
    });
  }

  /** Writes handed to the stream whose callback has not come yet, and who waits for none to be left (drained). */
  private inFlight = 0;
  private drainWaiters: (() => void)[] = [];

  /**
   * Resolves once every message written so far is out of this process (the stream's write called back). A big
   * message to a client that reads it slowly is written over several turns of the event loop: the server waits for
   * this before it does long work in its main thread, which would hold the rest up.
   */
  drained(): Promise<void> {
    if (this.pending.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise(resolve => this.drainWaiters.push(resolve));
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.writes++;
    this.inFlight++;
    const data = batch.length === 1 ? batch[0].frame : Buffer.concat(batch.map(p => p.frame));
    this.stream.write(data, (e?: Error | null) => {
      this.inFlight--;
      if (this.inFlight === 0 && this.pending.length === 0) for (const w of this.drainWaiters.splice(0)) w();
      if (e) {
        this.errorCount++;
        this.fireError(e, batch[0].msg, this.errorCount);
        for (const p of batch) p.reject(e);
      } else {
        this.errorCount = 0;
        for (const p of batch) p.resolve();
      }
    });
  }

  end(): void {
    this.stream.end();
  }
}

/**
 * A message's frame: its header and its JSON body, encoded once. The header's length is the body's in bytes: counting
 * them (Buffer.byteLength) and then writing the string made two passes over it, slow for the diagnostics of a big
 * document (whose messages' `…` and `→` make V8 hold them as a two-byte string).
 */
function frameOf(json: string): Buffer {
  const body = Buffer.from(json, 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'latin1'), body]);
}

/**
 * stdout carries the protocol: what anything in the server prints with `console` goes to stderr (the
 * client's log of the server) rather than into the stream. vscode-languageserver does the same for a
 * connection it makes from `--stdio` itself, not for one given its streams.
 */
export function consoleToStderr(): void {
  const err = new Console({ stdout: process.stderr, stderr: process.stderr });
  const methods = [
    'log',
    'info',
    'debug',
    'warn',
    'error',
    'dir',
    'dirxml',
    'table',
    'trace',
    'count',
    'countReset',
    'assert',
    'group',
    'groupCollapsed',
    'groupEnd',
    'time',
    'timeEnd',
    'timeLog',
  ] as const;
  for (const m of methods) (console as unknown as Record<string, unknown>)[m] = (err[m] as (...a: unknown[]) => unknown).bind(err);
}
