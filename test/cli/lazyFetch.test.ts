/**
 * node-fetch is loaded only when something fetches (scripts/vendorPatches.mjs, `lazy-node-fetch-*`): a lint of local files loads
 * none of Node's http, https and zlib modules, and a remote `$ref` is still fetched when --allow-remote-refs asks
 * for it (and not without it).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { CLI, ROOT, ensureBuilt, runCli, tempDir, type JsonFinding } from './helpers';

/** Records, at exit, every module the process required by name into the file named by APICONV_TEST_REQUIRES. */
const PRELOAD = `const Module = require('node:module');
const names = new Set();
const load = Module._load;
Module._load = function (request, ...rest) { names.add(request.replace(/^node:/, '')); return load.call(this, request, ...rest); };
process.on('exit', () => require('node:fs').writeFileSync(process.env.APICONV_TEST_REQUIRES, [...names].join('\\n')));
`;

const remoteDoc = (port: number) => `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /api/v1/things:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: 'http://127.0.0.1:${port}/thing.yaml'
`;

function runCliAsync(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', d => (stdout += d));
    child.stderr.on('data', d => (stderr += d));
    child.on('error', reject);
    child.on('close', code => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('apiconv CLI: node-fetch only when fetching', () => {
  before(() => ensureBuilt());

  it("a lint of local files loads none of Node's http, https and zlib modules", () => {
    const dir = tempDir({ 'preload.cjs': PRELOAD });
    const requires = path.join(dir, 'requires.txt');
    const r = runCli(['lint', '-f', 'json', path.join(ROOT, 'examples', 'unconventional.yaml')], {
      env: { NODE_OPTIONS: `--require ${path.join(dir, 'preload.cjs')}`, APICONV_TEST_REQUIRES: requires },
    });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(JSON.parse(r.stdout).length > 0);
    const names = fs.readFileSync(requires, 'utf8').split('\n');
    assert.ok(names.includes('fs'), `the preload saw the bundle's requires: ${names.join(', ')}`);
    for (const name of ['http', 'https', 'zlib']) assert.ok(!names.includes(name), `${name} was loaded: ${names.join(', ')}`);
  });

  it('a remote $ref is fetched with --allow-remote-refs, and not without', async () => {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.setHeader('content-type', 'application/yaml');
      res.end('type: object\nproperties:\n  id: {type: string}\n');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const dir = tempDir({ 'api.yaml': remoteDoc(port) });
      const off = await runCliAsync(['lint', '-f', 'json', 'api.yaml'], dir);
      assert.deepEqual(requests, [], 'no request without --allow-remote-refs');
      const offCodes = (JSON.parse(off.stdout) as JsonFinding[]).map(f => f.code);
      assert.ok(offCodes.includes('invalid-ref'), off.stdout);

      const on = await runCliAsync(['lint', '-f', 'json', '--allow-remote-refs', 'api.yaml'], dir);
      assert.deepEqual(requests, ['/thing.yaml']);
      const onCodes = (JSON.parse(on.stdout) as JsonFinding[]).map(f => f.code);
      assert.ok(!onCodes.includes('invalid-ref'), `the remote $ref resolved: ${on.stdout}`);
    } finally {
      server.close();
    }
  });
});
