/**
 * The server's side of the stdio transport.
 *
 * vscode-jsonrpc's stream writer sends each message in two writes: the header, then (once that write has
 * called back) the JSON body. On a pipe each write is a system call and wakes the client up, which reads
 * the header alone and waits for the body. A relint of a small document publishes its diagnostics and
 * the status item's notification: four writes, measured at 0.1–0.3 ms of each edit's 1.5–2 ms. This writer sends a message in one write, header and body together.
 * The bytes on the wire are the same.
 */
import { Console } from 'node:console';
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';

export class SingleWriteMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private errorCount = 0;

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
    // Writes to one stream keep their order: no queue is needed, as no step between the message and the
    // write is asynchronous.
    const frame = `Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`;
    return new Promise((resolve, reject) => {
      this.stream.write(frame, 'utf8', (e?: Error | null) => {
        if (e) {
          this.errorCount++;
          this.fireError(e, msg, this.errorCount);
          reject(e);
        } else {
          this.errorCount = 0;
          resolve();
        }
      });
    });
  }

  end(): void {
    this.stream.end();
  }
}

/**
 * stdout carries the protocol: what anything in the server prints with `console` goes to stderr (the
 * client's log of the server) rather than into the stream. vscode-languageserver does the same for a
 * connection it makes from `--stdio` itself, not for one given its streams.
 */
export function consoleToStderr(): void {
  const err = new Console({ stdout: process.stderr, stderr: process.stderr });
  const methods = ['log', 'info', 'debug', 'warn', 'error', 'dir', 'dirxml', 'table', 'trace', 'count', 'countReset', 'assert', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog'] as const;
  for (const m of methods) (console as unknown as Record<string, unknown>)[m] = (err[m] as (...a: unknown[]) => unknown).bind(err);
}
