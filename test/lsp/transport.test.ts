import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { StreamMessageReader, type Message } from 'vscode-languageserver/node';
import { SingleWriteMessageWriter } from '../../server/src/lsp/transport';
import { ROOT, SERVER } from './client';

describe('stdio transport', () => {
  it('writes each message in one write, header and body, that a JSON-RPC reader decodes (non-ASCII included)', async () => {
    const pipe = new PassThrough();
    const chunks: string[] = [];
    pipe.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
    const writer = new SingleWriteMessageWriter(pipe);
    const messages = [
      { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', diagnostics: [{ message: 'Café “quoted” 🎉' }] } },
      { jsonrpc: '2.0', id: 1, result: null },
    ];
    for (const m of messages) await writer.write(m as Message);
    assert.equal(chunks.length, 2, 'one chunk per message');
    for (const [i, c] of chunks.entries()) {
      const m = /^Content-Length: (\d+)\r\n\r\n/.exec(c);
      assert.ok(m, `frame ${i} starts with its header`);
      assert.equal(Number(m[1]), Buffer.byteLength(c.slice(m[0].length), 'utf8'), 'Content-Length counts bytes');
    }

    const read = new PassThrough();
    const reader = new StreamMessageReader(read);
    const got: unknown[] = [];
    reader.listen(msg => got.push(msg));
    read.write(chunks.join(''));
    await new Promise(r => setImmediate(r));
    assert.deepEqual(got, messages);
  });

  it('rejects and reports a write to a closed stream', async () => {
    const pipe = new PassThrough();
    const writer = new SingleWriteMessageWriter(pipe);
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
});
