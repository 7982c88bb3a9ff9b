/** Bad input never crashes: broken YAML, empty and binary files, a 10 MB file, missing and circular $refs, broken rulesets. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lint } from '../../server/src/engine/lint';
import { runCli, tempDir } from '../cli/helpers';

const HEAD = `openapi: 3.0.3
info:
  title: Bad input
  version: '1'
servers:
  - url: https://x.example.com/api/v1
`;

describe('bad input', () => {
  it('broken YAML: a `parser` finding on the line of the error', async () => {
    const text = `${HEAD}paths:\n  /users:\n    get:\n      responses:\n        '200': { description: ok\n  /orders:\n    get: {}\n`;
    const { problems } = await lint(text, '/virtual/broken.yaml');
    const parser = problems.filter(p => p.code === 'parser');
    assert.ok(parser.length > 0, 'parser finding');
    assert.ok(parser.every(p => p.severity === 0));
    // The flow mapping opened on line 11 (0-based 10) is not closed: the error is where the next key starts.
    assert.ok(
      parser.some(p => p.range.start.line === 11),
      JSON.stringify(parser.map(p => [p.range.start.line, p.message])),
    );
    const tab = await lint(`${HEAD}paths:\n  /users:\n\tget: {}\n`, '/virtual/tab.yaml');
    assert.ok(
      tab.problems.some(p => p.code === 'parser' && p.range.start.line === 8),
      'a tab indentation on line 9',
    );
  });

  it('broken JSON: a `parser` finding on the line of the error', async () => {
    const text =
      '{\n  "openapi": "3.0.3",\n  "info": { "title": "x", "version": "1" },\n  "paths": {\n    "/api/a": { "get": { "responses": { "200": { "description": "ok" } } } },,\n  }\n}\n';
    const { problems } = await lint(text, '/virtual/broken.json');
    const parser = problems.filter(p => p.code === 'parser');
    assert.ok(parser.length > 0);
    assert.equal(parser[0].range.start.line, 4);
  });

  it('duplicate keys are reported, not thrown', async () => {
    const { problems } = await lint(`${HEAD}paths: {}\npaths: {}\n`, '/virtual/dup.yaml');
    assert.ok(problems.some(p => p.code === 'parser' && /duplicate/i.test(p.message)));
  });

  it('an empty file and a whitespace-only file are skipped (not OpenAPI)', async () => {
    assert.equal((await lint('', '/virtual/empty.yaml')).skipped, 'not-openapi');
    assert.equal((await lint('\n\n   \n', '/virtual/blank.yaml')).skipped, 'not-openapi');
    assert.equal(
      (await lint('openapi:', '/virtual/just-key.yaml')).problems.every(p => typeof p.message === 'string'),
      true,
    );
  });

  it('a binary file is skipped; an OpenAPI document with a NUL byte is a parser finding at the byte', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]);
    const r = await lint(bytes.toString('utf8'), '/virtual/bin.yaml');
    assert.equal(r.skipped, 'binary');
    assert.deepEqual(r.problems, []);
    const nul = await lint('openapi: 3.0.3\n\u0000\n', '/virtual/nul.yaml');
    assert.equal(nul.skipped, undefined);
    assert.deepEqual(
      nul.problems.map(p => [p.code, p.range.start.line, p.range.start.character]),
      [['parser', 1, 0]],
    );
  });

  it('the CLI skips empty and binary files in a directory; named, and nothing else linted: exit 2', () => {
    const d = tempDir({ 'empty.yaml': '', 'bin.json': Buffer.from([0x7b, 0, 1, 2, 3, 0xff]), 'ok.yaml': `${HEAD}paths: {}\n` });
    const r = runCli(['lint', '-f', 'json', '.'], { cwd: d });
    assert.equal(r.stderr, '');
    assert.ok([0, 1].includes(r.code));
    const named = runCli(['lint', '-f', 'json', 'empty.yaml', 'bin.json'], { cwd: d });
    assert.equal(named.code, 2, named.stderr);
    assert.match(named.stderr, /no OpenAPI document was linted/);
    assert.deepEqual(JSON.parse(named.stdout), []);
  });

  it('a 10 MB document finishes', { timeout: 180_000 }, async () => {
    const parts = [`${HEAD}paths:\n`];
    let size = parts[0].length;
    const blurb = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(160);
    for (let i = 0; size < 10 * 1024 * 1024; i++) {
      const chunk = `  /getItems${i}:\n    get:\n      description: >\n        ${blurb}\n      responses:\n        '200':\n          description: ok\n`;
      parts.push(chunk);
      size += chunk.length;
    }
    const text = parts.join('');
    assert.ok(text.length >= 10 * 1024 * 1024);
    const paths = parts.length - 1;
    const started = Date.now();
    const r = await lint(text, '/virtual/big.yaml');
    assert.equal(r.problems.filter(p => p.code === 'parser').length, 0);
    // One path-no-verbs finding per path: the whole document was read.
    assert.equal(r.problems.filter(p => p.code === 'path-no-verbs').length, paths);
    assert.ok(Date.now() - started < 170_000);
  });

  it('a missing $ref target: an invalid-ref finding at the $ref with a clear message', async () => {
    const d = tempDir({
      'api.yaml': `${HEAD}paths:\n  /users:\n    $ref: './paths/users.yaml'\n  /orders:\n    get:\n      responses:\n        '200':\n          $ref: '#/components/responses/Nope'\n`,
    });
    const file = path.join(d, 'api.yaml');
    const { problems } = await lint(fs.readFileSync(file, 'utf8'), file);
    const refs = problems.filter(p => p.code === 'invalid-ref');
    const missingFile = refs.find(p => p.path.join('/') === 'paths//users/$ref');
    assert.ok(missingFile, JSON.stringify(refs));
    assert.match(missingFile!.message, /users\.yaml/);
    assert.equal(missingFile!.range.start.line, 8);
    const missingPointer = refs.find(p => p.path.includes('200'));
    assert.ok(missingPointer, 'missing local target');
    assert.match(missingPointer!.message, /Nope/);
    assert.equal(missingPointer!.range.start.line, 13);
  });

  it('circular $refs, local and across files, terminate', { timeout: 60_000 }, async () => {
    const d = tempDir({
      'api.yaml': `${HEAD}paths:\n  /users:\n    $ref: './other.yaml#/item'\ncomponents:\n  schemas:\n    A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\n    Node:\n      type: object\n      properties:\n        next:\n          $ref: '#/components/schemas/Node'\n`,
      'other.yaml': `item:\n  get:\n    responses:\n      '200':\n        description: ok\n        content:\n          application/json:\n            schema:\n              $ref: './third.yaml#/S'\n`,
      'third.yaml': `S:\n  type: object\n  properties:\n    back:\n      $ref: './other.yaml#/item/get/responses/200/content/application~1json/schema'\n    self:\n      $ref: '#/S'\n`,
    });
    const file = path.join(d, 'api.yaml');
    const r = await lint(fs.readFileSync(file, 'utf8'), file);
    assert.ok(Array.isArray(r.problems));
    assert.ok(
      r.files.some(f => f.endsWith('third.yaml')),
      'the cross-file cycle was followed',
    );
    const cli = runCli(['lint', '-f', 'json', 'api.yaml'], { cwd: d, timeout: 60_000 });
    assert.ok([0, 1].includes(cli.code), cli.stderr);
  });

  it('a ruleset with a syntax error: exit 2 and a one-line message naming it', () => {
    const d = tempDir({ 'api.yaml': `${HEAD}paths: {}\n`, '.apiconv.yaml': 'extends: apiconv:recommended\nrules:\n  path-api-prefix: {\n' });
    const r = runCli(['lint', 'api.yaml'], { cwd: d });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^apiconv: invalid ruleset .*\.apiconv\.yaml:\d+:\d+: syntax error: .+\n$/);
  });

  it('an unknown rule id in a config: exit 2 and a clear message (as Spectral, which refuses it)', () => {
    const d = tempDir({ 'api.yaml': `${HEAD}paths: {}\n`, '.apiconv.yaml': 'extends: apiconv:recommended\nrules:\n  path-api-prefx: error\n' });
    const r = runCli(['lint', 'api.yaml'], { cwd: d });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^apiconv: invalid ruleset .*\.apiconv\.yaml: .*"path-api-prefx"\n$/);
  });
});
