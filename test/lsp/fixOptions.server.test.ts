/**
 * The server's quick fixes follow the rules' options in the workspace's `.apiconv.yaml`: the title and the edit
 * write the team's convention (its status, paging, body media type, error media type), not the seed's (against the
 * built server).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TestClient, tmpWorkspace } from './client';

const DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users/{id}:
    delete:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: Deleted   # the job is queued
`;

const CONFIG = `extends: apiconv:recommended
rules:
  delete-success-204:
    then:
      functionOptions:
        statuses: [202]
`;

/** A team that pages with a cursor under its own names (at most 50 a page), posts forms, and answers problem+json errors. */
const TEAM_DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { type: object } } } }
    post:
      responses:
        '201': { description: Created }
        '400': { description: Bad, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '409': { description: Taken, content: { application/problem+json: { schema: { $ref: '#/components/schemas/Problem' } } } }
        '422': { description: Invalid, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
components:
  schemas:
    Problem: { type: object, properties: { title: { type: string }, status: { type: integer } }, required: [title] }
`;

const TEAM_CONFIG = `extends: apiconv:recommended
rules:
  list-pagination:
    then:
      functionOptions: { styles: [cursor], names: { cursor: starting_after, limit: per_page } }
  list-param-schema:
    then:
      functionOptions: { maxLimit: 50 }
  post-request-body:
    then:
      functionOptions: { mediaTypes: [application/x-www-form-urlencoded] }
  error-schema:
    then:
      functionOptions: { shapes: [problem], mediaTypes: auto }
`;

/** A team whose error body is its own schema, named in error-schema's `schemas` (GitHub's basic-error). */
const NAMED_DOC = `openapi: 3.0.3
info: { title: t, version: '1' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
        '403': { description: Forbidden, content: { application/json: { schema: { $ref: '#/components/schemas/basic-error' } } } }
        '404': { description: Not found }
components:
  schemas:
    basic-error: { type: object, properties: { message: { type: string }, documentation_url: { type: string } } }
`;

const NAMED_CONFIG = `extends: apiconv:recommended
rules:
  error-schema:
    then:
      functionOptions: { schemas: [basic-error] }
`;

describe('language server: quick fixes follow the options of .apiconv.yaml', () => {
  let ws: string;
  let c: TestClient;
  before(async () => {
    // One copy of the team's document per test: each test's edit stays in its own.
    const team = Object.fromEntries(['paging', 'body', 'errors'].map(k => [`team-${k}.yaml`, TEAM_DOC]));
    ws = tmpWorkspace({
      'api.yaml': DOC,
      ...team,
      '.apiconv.yaml': CONFIG + TEAM_CONFIG.replace(/^extends: .*\nrules:\n/, ''),
      'named/api.yaml': NAMED_DOC,
      'named/.apiconv.yaml': NAMED_CONFIG,
    });
    c = await TestClient.start({ folder: ws, settings: { debounceMs: 20 } });
  });
  after(() => c.stop());

  /** The preferred quick fix of the rule's first finding in `text`: its title, and the text after its edit. */
  async function quickFix(file: string, text: string, rule: string): Promise<{ title: string; fixed: string; uri: string }> {
    const uri = c.open(path.join(ws, file), text);
    const diags = await c.diagnostics(uri, d => d.some(x => x.code === rule));
    const d = diags.find(x => x.code === rule) as Diagnostic;
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d], only: ['quickfix'] },
    });
    const fix = actions.find(a => a.isPreferred && (a.diagnostics ?? []).some(x => x.code === rule));
    assert.ok(fix, `${rule}: a quick fix among ${actions.map(a => a.title).join(' | ')}`);
    const resolved = fix.edit ? fix : await c.request<CodeAction>('codeAction/resolve', fix);
    const edits = (resolved.edit?.changes?.[uri] ?? []) as TextEdit[];
    return { title: fix.title, fixed: TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, text), edits), uri };
  }

  /** After `fixed` replaces the document, `rule` reports nothing on it. */
  async function settled(uri: string, fixed: string, rule: string, version: number): Promise<void> {
    const since = c.published.length;
    c.change(uri, version, fixed);
    const after = await c.diagnostics(uri, (_, p) => p.version === version, since);
    assert.ok(!after.some(x => x.code === rule), `${rule}: the finding is gone`);
  }

  it("delete-success-204 with statuses [202]: the quick fix renames the 200 to 202, the team's status", async () => {
    const { title, fixed, uri } = await quickFix('api.yaml', DOC, 'delete-success-204');
    assert.equal(title, 'Rename the 200 response to 202 (review the change)');
    assert.match(fixed, /'202':\n {10}description: Deleted {3}# the job is queued/);
    await settled(uri, fixed, 'delete-success-204', 2);
  });

  it("list-pagination with a cursor style: the team's parameter names, the page size bounded by maxLimit", async () => {
    const { title, fixed, uri } = await quickFix('team-paging.yaml', TEAM_DOC, 'list-pagination');
    assert.match(title, /^Add the query parameters starting_after and per_page/);
    assert.match(fixed, /- name: starting_after\n {10}in: query\n[^]*schema:\n {12}type: string\n {8}- name: per_page\n[^]*maximum: 50\n {12}default: 20\n/);
    await settled(uri, fixed, 'list-pagination', 2);
  });

  it('post-request-body with a form media type: the body added is a form', async () => {
    const { title, fixed, uri } = await quickFix('team-body.yaml', TEAM_DOC, 'post-request-body');
    assert.match(title, /^Add a required application\/x-www-form-urlencoded request body/);
    assert.match(fixed, /requestBody:\n {8}required: true\n {8}content:\n {10}application\/x-www-form-urlencoded:\n/);
    await settled(uri, fixed, 'post-request-body', 2);
  });

  it('error-schema with mediaTypes auto: the odd application/json body is renamed to the majority type', async () => {
    const { title, fixed, uri } = await quickFix('team-errors.yaml', TEAM_DOC, 'error-schema');
    assert.match(title, /^Write the error body as application\/problem\+json/);
    assert.match(fixed, /'422': \{ description: Invalid, content: \{ application\/problem\+json: /);
    await settled(uri, fixed, 'error-schema', 2);
  });

  it("error-schema with schemas: the quick fix gives the bodiless 404 a $ref to the team's schema, not shape A", async () => {
    const { title, fixed, uri } = await quickFix('named/api.yaml', NAMED_DOC, 'error-schema');
    assert.equal(title, 'Use the schema "basic-error" as the error body (review the change)');
    assert.match(
      fixed,
      /'404': \{ description: Not found, content: \{ application\/json: \{ schema: \{ \$ref: '#\/components\/schemas\/basic-error' \} \} \} \}/,
    );
    assert.doesNotMatch(fixed, /Error:/);
    await settled(uri, fixed, 'error-schema', 2);
  });
});
