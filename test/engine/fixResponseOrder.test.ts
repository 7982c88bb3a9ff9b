/**
 * Responses added by fixes go in status-code order: before the first response above them (or `default`), in block
 * and flow YAML, in JSON, in the root and in a `$ref`'d path-item file. Before, each was appended: 404, 400, 500,
 * 401, 403.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { execFileSync } from 'node:child_process';
import { applyOffsetEdits, applyOps, computeFix, fixFile } from '../../server/src/engine/fix/index';
import { CLI, ensureBuilt } from '../cli/helpers';

const HEAD = `openapi: 3.0.3
info: { title: shop, version: '1' }
servers:
  - url: https://shop.example.com/api/v1
security:
  - ApiKeyAuth: []
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
`;

const BLOCK = `${HEAD}paths:
  /users/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    delete:
      operationId: deleteUser
      responses:
        '204':
          description: Deleted.
        default:
          description: Unexpected error.
    get:
      operationId: getUser
      responses:
        '200':
          description: ok
`;

const FLOW = BLOCK.replace(
  "        '204':\n          description: Deleted.\n        default:\n          description: Unexpected error.\n",
  "        { '204': { description: Deleted. } }\n",
).replace('      responses:\n        {', '      responses: {');

/** A root whose paths come before its components, as users write them, with a path item in its own file. */
const ROOT_DOC = `openapi: 3.0.3
info: { title: shop, version: '1' }
servers:
  - url: https://shop.example.com/api/v1
security:
  - ApiKeyAuth: []
paths:
  /api/v1/accounts:
    $ref: 'paths/accounts.yaml'
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
`;

/** A path-item file whose one response gets a header from a fix too (an edit where the new responses go). */
const FRAGMENT = `# The accounts collection.
get:
  operationId: listAccounts
  responses:
    '200':
      description: The accounts.
      content:
        application/json:
          schema: { type: array, items: { type: object } }
`;

/** Every operation's response codes, in document order. */
function responseOrders(data: unknown): string[][] {
  const out: string[][] = [];
  const visit = (v: unknown): void => {
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'responses' && x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).some(c => /^\d{3}$/.test(c))) out.push(Object.keys(x));
      else visit(x);
    }
  };
  visit(data);
  return out;
}

function inOrder(codes: string[]): boolean {
  const rank = (c: string) => (c === 'default' ? 1000 : Number(c));
  return codes.every((c, i) => i === 0 || rank(codes[i - 1]!) < rank(c));
}

/** The fixed texts, by path relative to the folder: as `--fix` computes them (the passes lint the fixable rules first), and as a fix-all of every rule does; both must agree on the order. */
async function fixed(name: string, text: string, files: Record<string, string> = {}): Promise<Map<string, string>> {
  const cli = await fixedWith(name, text, files, { lintFixableOnly: true, finalLint: true });
  const plain = await fixedWith(name, text, files, {});
  assert.deepEqual([...cli], [...plain]);
  return cli;
}

async function fixedWith(
  name: string,
  text: string,
  files: Record<string, string>,
  opts: { lintFixableOnly?: boolean; finalLint?: boolean },
): Promise<Map<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-order-'));
  for (const [f, t] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), t);
  }
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const r = await fixFile(text, file, opts);
  return new Map([...r.files].map(([f, t]) => [path.relative(dir, f), t]));
}

describe("a 'set' op's `before`: a new key before a sibling", () => {
  const add400 = { kind: 'set' as const, path: ['paths', '/a', 'get', 'responses', '400'], value: { description: 'Bad request' }, before: '404' };
  const order = (text: string, json = false) =>
    Object.keys(((json ? JSON.parse(text) : parse(text)) as { paths: Record<string, { get: { responses: object } }> }).paths['/a']!.get.responses);

  it('block and flow YAML, block and inline JSON', () => {
    const block =
      "paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n        # not found\n        '404':\n          description: nf\n";
    const flow = "paths:\n  /a:\n    get:\n      responses: { '200': { description: ok }, '404': { description: nf } }\n";
    for (const text of [block, flow]) {
      const out = applyOffsetEdits(text, applyOps(text, 'yaml', [add400]));
      assert.deepEqual(order(out), ['200', '400', '404'], out);
    }
    assert.ok(
      applyOffsetEdits(block, applyOps(block, 'yaml', [add400])).includes("          description: Bad request\n        # not found\n        '404':"),
      'the comment stays above its key',
    );
    const json = JSON.stringify(parse(block), null, 2);
    const inline = JSON.stringify(parse(block));
    for (const text of [json, inline]) {
      const out = applyOffsetEdits(text, applyOps(text, 'json', [add400]));
      assert.deepEqual(order(out, true), ['200', '400', '404'], out);
    }
  });

  it("an error response's fix names the response it goes before", () => {
    const text = `${HEAD}paths:\n  /a/{id}:\n    get:\n      parameters:\n        - { name: id, in: path, required: true, schema: { type: string } }\n      responses:\n        '200':\n          description: ok\n        '500':\n          description: oops\n`;
    const fix = computeFix(
      text,
      {
        code: 'error-404-item',
        message: '',
        severity: 1,
        path: ['paths', '/a/{id}', 'get', 'responses'],
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        source: '/x/api.yaml',
        fixable: 'safe',
      },
      'oas3',
      { file: '/x/api.yaml', text },
    );
    assert.ok(fix, 'the fix');
    const out = applyOffsetEdits(text, fix.edits);
    assert.deepEqual(
      Object.keys((parse(out) as { paths: Record<string, { get: { responses: object } }> }).paths['/a/{id}']!.get.responses),
      ['200', '404', '500'],
      out,
    );
  });
});

describe('fixes add responses in status-code order', () => {
  for (const [what, text] of [
    ['block YAML', BLOCK],
    ['flow YAML', FLOW],
  ] as const) {
    it(what, async () => {
      const out = (await fixed('api.yaml', text)).get('api.yaml');
      assert.ok(out, 'fixes were made');
      const orders = responseOrders(parse(out));
      assert.ok(orders.length === 2 && orders.every(o => o.length > 2), JSON.stringify(orders));
      for (const o of orders) assert.ok(inOrder(o), `${o.join(', ')}\n${out}`);
    });
  }

  it('JSON, inline and block', async () => {
    const doc = parse(BLOCK) as { paths: Record<string, Record<string, { responses: unknown }>> };
    const block = JSON.stringify(doc, null, 2);
    const out = (await fixed('api.json', block)).get('api.json');
    assert.ok(out);
    for (const o of responseOrders(JSON.parse(out))) assert.ok(inOrder(o), `${o.join(', ')}`);
    const inline = block.replace(/"responses": \{[\s\S]*?\n {6}\}/g, m => m.replace(/\s*\n\s*/g, ' '));
    assert.notEqual(inline, block);
    const out2 = (await fixed('api.json', inline)).get('api.json');
    assert.ok(out2);
    for (const o of responseOrders(JSON.parse(out2))) assert.ok(inOrder(o), `${o.join(', ')}`);
  });

  it("`apiconv lint --fix` in a $ref'd path-item file, where every response is added inline (the built CLI)", () => {
    ensureBuilt();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-order-'));
    fs.mkdirSync(path.join(dir, 'paths'));
    fs.writeFileSync(path.join(dir, 'paths', 'accounts.yaml'), FRAGMENT);
    fs.writeFileSync(path.join(dir, 'api.yaml'), ROOT_DOC);
    try {
      execFileSync(process.execPath, [CLI, 'lint', '--fix', 'api.yaml'], { cwd: dir, stdio: 'pipe' });
    } catch {
      /* findings remain: exit code 1 */
    }
    const out = fs.readFileSync(path.join(dir, 'paths', 'accounts.yaml'), 'utf8');
    const [codes] = responseOrders(parse(out));
    assert.ok(codes!.length >= 4 && inOrder(codes!), `${codes!.join(', ')}\n${out}`);
  });

  it("in a $ref'd path-item file, where every response is added inline", async () => {
    const root = ROOT_DOC;
    const out = (await fixed('api.yaml', root, { 'paths/accounts.yaml': FRAGMENT })).get(path.join('paths', 'accounts.yaml'));
    assert.ok(out);
    const [codes] = responseOrders(parse(out));
    assert.ok(codes!.length >= 3 && inOrder(codes!), `${codes!.join(', ')}\n${out}`);
  });
});
