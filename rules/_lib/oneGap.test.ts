/**
 * One gap, one finding: where two rules would report the same gap at the same
 * place, the more specific one does and the other stays silent there. This lives
 * in the rule functions themselves, so it holds in Spectral with the exported
 * ruleset as well as in apiconv: each case is linted with the whole recommended
 * ruleset through Spectral directly, through `spectral lint` (Spectral's CLI)
 * with the bundled ruleset rules/out/apiconv.js, and through the apiconv engine.
 *
 * The documents are small copies of real snippets (noted per case).
 */
import { before, describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Document, Ruleset, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { recommended } from '../ruleset';
import { lint } from '../../server/src/engine/lint';
import { ROOT, ensureBuilt } from '../../test/cli/helpers';

interface Found {
  code: string;
  path: string;
}

async function viaSpectral(text: string): Promise<Found[]> {
  const spectral = new Spectral();
  spectral.setRuleset(new Ruleset(recommended, { severity: 'recommended' }));
  const results = await spectral.run(new Document(text, Parsers.Yaml, '/doc.yaml'));
  return results.map(r => ({ code: String(r.code), path: r.path.join(' ') }));
}

/** `spectral lint -r rules/out/apiconv.js` (the published Spectral ruleset), JSON output. */
async function viaSpectralCli(text: string): Promise<Found[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-gap-'));
  const file = path.join(dir, 'doc.yaml');
  fs.writeFileSync(file, text);
  const cli = path.join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
  const r = spawnSync(process.execPath, [cli, 'lint', '-r', path.join(ROOT, 'rules', 'out', 'apiconv.js'), '-f', 'json', '--quiet', file], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.ok(r.status === 0 || r.status === 1, `spectral exit ${r.status}: ${r.stderr}`);
  const out = r.stdout.trim();
  const results = out === '' || out.startsWith('No results') ? [] : (JSON.parse(out) as { code: string; path: (string | number)[] }[]);
  return results.map(x => ({ code: String(x.code), path: x.path.join(' ') }));
}

async function viaApiconv(text: string): Promise<Found[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-gap-'));
  const file = path.join(dir, 'doc.yaml');
  fs.writeFileSync(file, text);
  const result = await lint(text, file, { ruleset: new Ruleset(recommended, { severity: 'recommended' }) });
  return result.problems.map(p => ({ code: p.code, path: p.path.join(' ') }));
}

interface Case {
  name: string;
  document: string;
  /** The specific rule that reports the gap, and where. */
  wins: Found;
  /** The general rule: silent at that place. */
  silent: string;
  /** Where the general rule still reports a gap of its own in the same document (it is not simply off). */
  stillAt?: Found;
}

const cases: Case[] = [
  {
    // OAI petstore-expanded (v3.0): DELETE /pets/{id} answers 204 and default only.
    name: 'delete-404 over error-404-item',
    document: `openapi: 3.0.0
info: { title: Swagger Petstore, version: 1.0.0 }
servers:
  - url: https://petstore.swagger.io/api/v1
paths:
  /pets/{id}:
    get:
      operationId: find pet by id
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, format: int64 } }
      responses:
        '200': { description: pet response }
    delete:
      description: deletes a single pet based on the ID supplied
      operationId: deletePet
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, format: int64 } }
      responses:
        '204':
          description: pet deleted
        default:
          description: unexpected error
`,
    wins: { code: 'delete-404', path: 'paths /pets/{id} delete responses' },
    silent: 'error-404-item',
    stillAt: { code: 'error-404-item', path: 'paths /pets/{id} get responses' },
  },
  {
    // Azure storage (Swagger 2.0): operations take the api-version query parameter and answer 200 and default.
    name: 'version-param-400 over error-400',
    document: `swagger: '2.0'
info: { title: StorageManagementClient, version: '2021-08-01' }
basePath: /api
parameters:
  ApiVersionParameter:
    name: api-version
    in: query
    required: true
    type: string
    description: The API version to use for this operation.
paths:
  /accounts/{accountName}:
    get:
      operationId: StorageAccounts_GetProperties
      parameters:
        - { name: accountName, in: path, required: true, type: string }
        - $ref: '#/parameters/ApiVersionParameter'
      responses:
        '200': { description: OK }
        default: { description: Error response describing why the operation failed. }
  /usages/{location}:
    get:
      operationId: Usages_ListByLocation
      parameters:
        - { name: location, in: path, required: true, type: string }
      responses:
        '200': { description: OK }
`,
    wins: { code: 'version-param-400', path: 'paths /accounts/{accountName} get responses' },
    silent: 'error-400',
    stillAt: { code: 'error-400', path: 'paths /usages/{location} get responses' },
  },
  {
    // Swagger petstore v3: POST /pet/{petId}/uploadImage takes application/octet-stream.
    name: 'post-request-body over json-media-type',
    document: `openapi: 3.0.2
info: { title: Swagger Petstore - OpenAPI 3.0, version: 1.0.5 }
servers:
  - url: /api/v3
paths:
  /pet/{petId}/uploadImage:
    post:
      operationId: uploadFile
      requestBody:
        content:
          application/octet-stream:
            schema: { type: string, format: binary }
      responses:
        '200': { description: successful operation }
  /pet/{petId}:
    put:
      operationId: updatePetWithForm
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: { type: object }
      responses:
        '200': { description: successful operation }
`,
    wins: { code: 'post-request-body', path: 'paths /pet/{petId}/uploadImage post requestBody content' },
    silent: 'json-media-type',
    stillAt: { code: 'json-media-type', path: 'paths /pet/{petId} put requestBody content application/x-www-form-urlencoded' },
  },
  {
    // Xero accounting (v3.0): the server base path /api.xro/2.0 is the provider's prefix, not two collections.
    name: 'path-api-prefix over path-resource-nesting (a base path like /api.xro/2.0)',
    document: `openapi: 3.0.0
info: { title: Xero Accounting API, version: 2.0.0 }
servers:
  - url: https://api.xero.com/api.xro/2.0
paths:
  /Accounts/{AccountID}/Attachments:
    get:
      operationId: getAccountAttachments
      responses:
        '200': { description: Success - return response of type Attachments array of Attachment }
  /Reports/TrialBalance:
    get:
      operationId: getReportTrialBalance
      responses:
        '200': { description: Success - return response of type ReportWithRows }
`,
    wins: { code: 'path-api-prefix', path: 'paths /Accounts/{AccountID}/Attachments' },
    silent: 'path-resource-nesting',
    stillAt: { code: 'path-resource-nesting', path: 'paths /Reports/TrialBalance' },
  },
];

describe('one gap, one finding', () => {
  before(() => ensureBuilt());
  for (const c of cases) {
    for (const [how, run] of [
      ['Spectral', viaSpectral],
      ['spectral lint with rules/out/apiconv.js', viaSpectralCli],
      ['apiconv', viaApiconv],
    ] as const) {
      it(`${c.name} (${how})`, async () => {
        const found = await run(c.document);
        const at = (code: string, p: string) => found.some(f => f.code === code && f.path === p);
        assert.ok(at(c.wins.code, c.wins.path), `${c.wins.code} at ${c.wins.path}; got ${JSON.stringify(found)}`);
        // Silent at the gap's place, and about the same operation / path item anywhere.
        const place = c.wins.path
          .split(' ')
          .slice(0, c.wins.code.startsWith('path-') ? 2 : 3)
          .join(' ');
        const general = found.filter(f => f.code === c.silent && (f.path === place || f.path.startsWith(place + ' ')));
        assert.deepEqual(general, [], `${c.silent} is silent at ${place}`);
        if (c.stillAt) assert.ok(at(c.stillAt.code, c.stillAt.path), `${c.stillAt.code} still reports its own gap at ${c.stillAt.path}`);
      });
    }
  }
});
