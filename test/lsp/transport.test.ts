import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { PassThrough, Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { StreamMessageReader, type Message } from 'vscode-languageserver/node';
import { BatchingMessageWriter } from '../../server/src/lsp/transport';
import { ROOT, SERVER } from './client';

describe('stdio transport', () => {
  it('frames each message in one piece, and sends the messages of one task in one write, that a JSON-RPC reader decodes', async () => {
    const pipe = new PassThrough();
    const chunks: string[] = [];
    pipe.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
    const writer = new BatchingMessageWriter(pipe);
    const messages = [
      { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', diagnostics: [{ message: 'Café “quoted” 🎉' }] } },
      { jsonrpc: '2.0', method: 'apiconv/status', params: { state: 'ok' } },
      { jsonrpc: '2.0', id: 1, result: null },
    ];
    // The first two in one task (as a relint publishes, then updates the status); the third after them.
    await Promise.all([writer.write(messages[0] as Message), writer.write(messages[1] as Message)]);
    await writer.write(messages[2] as Message);
    assert.equal(writer.writes, 2);
    await new Promise(r => setImmediate(r));
    assert.equal(chunks.length, 2, 'one chunk per write');
    const frames = [...chunks.join('').matchAll(/Content-Length: (\d+)\r\n\r\n/g)];
    assert.equal(frames.length, 3);
    const all = Buffer.from(chunks.join(''), 'utf8');
    let at = 0;
    for (const f of frames) {
      const header = Buffer.byteLength(f[0]);
      const body = all.subarray(at + header, at + header + Number(f[1]));
      assert.doesNotThrow(() => JSON.parse(body.toString('utf8')), 'Content-Length counts bytes');
      at += header + Number(f[1]);
    }
    assert.equal(at, all.length);

    const read = new PassThrough();
    const reader = new StreamMessageReader(read);
    const got: unknown[] = [];
    reader.listen(msg => got.push(msg));
    read.write(all);
    await new Promise(r => setImmediate(r));
    assert.deepEqual(got, messages);
  });

  it('rejects and reports a write to a closed stream', async () => {
    const pipe = new PassThrough();
    const writer = new BatchingMessageWriter(pipe);
    const errors: Error[] = [];
    writer.onError(([e]) => errors.push(e));
    pipe.destroy();
    await assert.rejects(writer.write({ jsonrpc: '2.0', method: 'x' } as Message));
    assert.ok(errors.length >= 1);
  });

  it('console output goes to stderr, not into the protocol stream', () => {
    const code = "require('./server/src/lsp/transport.ts').consoleToStderr(); console.log('to-stderr', 1); console.info('info'); console.warn('warn');";
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /to-stderr 1\ninfo\nwarn\n/);
  });

  it('the server answers over stdio and exits when the client closes stdin', { timeout: 30_000 }, async () => {
    const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    while (!/"id":1/.test(out)) await new Promise(r => setTimeout(r, 20));
    const m = /^Content-Length: (\d+)\r\n\r\n/.exec(out);
    assert.ok(m);
    assert.equal(JSON.parse(out.slice(m[0].length, m[0].length + Number(m[1]))).result.capabilities.textDocumentSync !== undefined, true);
    const exited = new Promise<number | null>(r => proc.on('exit', code => r(code)));
    proc.stdin.end();
    assert.equal(await exited, 1, 'no shutdown request came first: exit code 1, as vscode-languageserver does');
  });

  it('drained: resolves once everything written is out of the writer (the stream called back), at once when nothing is pending', async () => {
    let release: (() => void) | undefined;
    const sink = new Writable({ write: (_chunk, _enc, cb) => (release = () => cb()) });
    const writer = new BatchingMessageWriter(sink);
    let done = false;
    await writer.drained();
    void writer.write({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', diagnostics: [] } } as Message);
    void writer.drained().then(() => (done = true));
    await new Promise(r => setTimeout(r, 20));
    assert.equal(done, false, 'not while the stream has not taken the write');
    assert.ok(release, 'written');
    release();
    await new Promise(r => setImmediate(r));
    assert.equal(done, true);
  });
});
