/**
 * The diff engine (server/src/engine/diff): every check of the catalog on its docs'
 * base/head example in OpenAPI 2.0, 3.0 and 3.1; renames; allowed breaks; locations
 * (removals at the nearest parent of the head, with the base location); $ref'd files;
 * suppression comments; configured severities.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DIFF_CHECKS } from '../../server/src/engine/diff/checks';
import { to20, to31 } from '../helpers/oasVersions';
import { diffTexts } from '../helpers/diffTexts';

const docsDir = path.join(__dirname, '..', '..', 'rules', 'diff');

function examples(id: string): { base?: string; head?: string; md: string } {
  const md = fs.readFileSync(path.join(docsDir, `${id}.md`), 'utf8');
  const block = (h: string) => {
    const at = md.indexOf(h);
    return at < 0 ? undefined : /```yaml\n([\s\S]*?)```/.exec(md.slice(at))?.[1];
  };
  return { base: block('## Base'), head: block('## Head'), md };
}

const VERSIONS = { '2.0': to20, '3.0': (t: string) => t, '3.1': to31 } as const;
/** Checks with no OpenAPI 2.0 form of their example (composition needs oneOf; 2.0 headers have no `required`). */
const NOT_IN_20 = new Set(['composition-changed', 'response-header-became-optional']);

describe('diff: the catalog', () => {
  it('every check has docs with what, why (quoting the conventions), base/head examples', () => {
    for (const c of DIFF_CHECKS) {
      const { md, base, head } = examples(c.id);
      assert.match(md, /^---\ndescription: .+\n---\n/, c.id);
      for (const h of ['## What it checks', '## Why', '## Severity and configuration']) assert.ok(md.includes(`\n${h}\n`), `${c.id}: ${h}`);
      assert.ok(md.includes('\n> '), `${c.id} quotes the conventions`);
      if (!c.id.startsWith('document-')) assert.ok(base && head, `${c.id} has a base and a head example`);
    }
    assert.deepEqual(
      fs
        .readdirSync(docsDir)
        .filter(f => f.endsWith('.md') && f !== 'README.md')
        .map(f => f.slice(0, -3))
        .sort(),
      DIFF_CHECKS.map(c => c.id).sort(),
      'one docs page per check',
    );
  });

  it('the catalog (rules/diff/README.md) lists every check with its severity and whether it breaks', () => {
    const rows = [...fs.readFileSync(path.join(docsDir, 'README.md'), 'utf8').matchAll(/^\| \[`([a-z0-9-]+)`\]\(\1\.md\) \| (\w+) \| ([^|]+) \|/gm)].map(m => [
      m[1],
      m[2],
      m[3].trim(),
    ]);
    assert.deepEqual(
      rows,
      DIFF_CHECKS.map(c => [c.id, c.severity, c.breaking === true ? 'yes' : c.breaking === false ? (c.id === 'version-not-bumped' ? '–' : 'no') : c.breaking]),
    );
  });

  for (const c of DIFF_CHECKS) {
    if (c.id.startsWith('document-')) continue;
    for (const [version, convert] of Object.entries(VERSIONS)) {
      if (version === '2.0' && NOT_IN_20.has(c.id)) continue;
      it(`${c.id} (OpenAPI ${version}): the docs' head is reported against their base, and nothing against itself`, async () => {
        const { base, head } = examples(c.id);
        const b = convert(base!);
        const h = convert(head!);
        const r = await diffTexts(b, h, { now: Date.parse('2030-01-01') });
        const found = r.problems.filter(p => p.code === c.id);
        assert.equal(found.length, 1, `${c.id}: ${JSON.stringify(r.problems.map(p => `${p.code}: ${p.message}`))}`);
        assert.equal(found[0].source, r.headFile);
        assert.ok(found[0].range.start.line > 0, 'a range in the head');
        const same = await diffTexts(h, h);
        assert.deepEqual(
          same.problems.map(p => p.code),
          [],
          'no change, no finding',
        );
      });
    }
  }
});

const USER = (props: string, required = '[id]', version = '1.0.0') => `openapi: 3.0.3
info: { title: Shop, version: '${version}' }
paths:
  /api/users/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/User' }
  /api/users:
    post:
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/User' }
      responses:
        '201': { description: Created }
components:
  schemas:
    User:
      type: object
      required: ${required}
      properties:
${props
  .split('\n')
  .map(l => `        ${l}`)
  .join('\n')}
`;

describe('diff: renames, locations, allowed breaks', () => {
  it('a rename is one property-renamed finding per direction, at the new name, with the base location of the old one', async () => {
    const r = await diffTexts(USER('id: { type: string }\nfirst_name: { type: string }'), USER('id: { type: string }\nfirstName: { type: string }'));
    const codes = r.problems.map(p => p.code);
    assert.deepEqual(
      codes.filter(c => c !== 'version-not-bumped'),
      ['property-renamed', 'property-renamed'],
    );
    const resp = r.problems.find(p => p.message.includes('response'))!;
    assert.match(resp.message, /'first_name' → 'firstName'/);
    assert.deepEqual(resp.path, ['components', 'schemas', 'User', 'properties', 'firstName']);
    assert.equal(resp.range.start.line, 28);
    assert.deepEqual(resp.base!.path, ['components', 'schemas', 'User', 'properties', 'first_name']);
    assert.ok(resp.base!.source.endsWith(path.join('base', 'doc.yaml')));
  });

  it('an ambiguous rename (two removed properties with the same schema) is reported as removals', async () => {
    const r = await diffTexts(USER('id: { type: string }\na: { type: string }\nb: { type: string }'), USER('id: { type: string }\nc: { type: string }'));
    assert.ok(!r.problems.some(p => p.code === 'property-renamed'), JSON.stringify(r.problems.map(p => p.message)));
    assert.equal(r.problems.filter(p => p.code === 'response-property-removed').length, 2);
  });

  it('a removal is reported at the nearest parent that still exists in the head', async () => {
    const r = await diffTexts(USER('id: { type: string }\nnick: { type: integer }'), USER('id: { type: string }'));
    const p = r.problems.find(x => x.code === 'response-property-removed')!;
    assert.deepEqual(p.path, ['components', 'schemas', 'User', 'properties']);
    assert.deepEqual(p.base!.path, ['components', 'schemas', 'User', 'properties', 'nick']);
    assert.equal(p.base!.range.start.line, 28);
    assert.ok(
      r.problems.some(x => x.code === 'request-property-removed'),
      'the same schema is also a request body',
    );
  });

  it('a schema shared by several operations is reported once, where it is written', async () => {
    const r = await diffTexts(USER('id: { type: string }\nage: { type: integer }'), USER('id: { type: string }\nage: { type: string }'));
    assert.equal(r.problems.filter(p => p.code === 'response-type-changed').length, 1);
    assert.equal(r.problems.filter(p => p.code === 'request-type-changed').length, 1);
  });

  it('breaking changes are info when the major version went up, and version-not-bumped is not reported', async () => {
    const r = await diffTexts(USER('id: { type: string }\nnick: { type: string }', '[id]', '1.4.0'), USER('id: { type: string }', '[id]', '2.0.0'));
    const p = r.problems.find(x => x.code === 'response-property-removed')!;
    assert.equal(p.severity, 2);
    assert.match(p.message, /Allowed: the major version went from 1 to 2/);
    assert.ok(!r.problems.some(x => x.code === 'version-not-bumped'));
    assert.ok(r.bumped);
  });

  it('a path version v1 → v2 is a major bump, and paths are matched across it', async () => {
    const doc = (v: number, extra: string) =>
      `openapi: 3.0.3\ninfo: { title: S, version: '1.0.0' }\nservers: [{ url: 'https://api.example.com/api/v${v}' }]\npaths:\n  /users:\n    get:\n      responses:\n        '200': { description: OK }\n${extra}`;
    const r = await diffTexts(doc(1, "        '404': { description: No }\n"), doc(2, ''));
    assert.deepEqual(
      r.problems.map(p => [p.code, p.severity]),
      [['error-status-removed', 1]],
    );
    assert.match(r.bumped!, /v1 to v2/);
    assert.ok(!r.problems.some(p => p.code === 'path-removed'));
  });

  it('a removed operation that was deprecated with a passed Sunset is info; one whose Sunset is ahead is an error', async () => {
    const base = (sunset: string) => `openapi: 3.0.3
info: { title: S, version: '1.0.0' }
paths:
  /api/users:
    get:
      responses:
        '200': { description: OK }
    delete:
      deprecated: true
      responses:
        '204':
          description: gone
          headers:
            Sunset: { schema: { type: string, example: '${sunset}' } }
`;
    const head = `openapi: 3.0.3\ninfo: { title: S, version: '1.0.0' }\npaths:\n  /api/users:\n    get:\n      responses:\n        '200': { description: OK }\n`;
    const passed = await diffTexts(base('Sat, 01 Jan 2022 00:00:00 GMT'), head, { now: Date.parse('2026-01-01') });
    assert.deepEqual(
      passed.problems.map(p => [p.code, p.severity]),
      [['operation-removed', 2]],
    );
    assert.match(passed.problems[0].message, /deprecated and its Sunset .* has passed/);
    const ahead = await diffTexts(base('Sat, 01 Jan 2039 00:00:00 GMT'), head, { now: Date.parse('2026-01-01') });
    assert.deepEqual(
      ahead.problems.map(p => [p.code, p.severity]),
      [
        ['version-not-bumped', 0],
        ['operation-removed', 0],
      ],
    );
  });

  it('moving a schema into components behind a $ref, or into allOf, is no change', async () => {
    const inline = `openapi: 3.0.3\ninfo: { title: S, version: '1' }\npaths:\n  /api/users:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema:\n                type: object\n                required: [id]\n                properties:\n                  id: { type: string }\n                  name: { type: string }\n`;
    const reffed = `openapi: 3.0.3\ninfo: { title: S, version: '1' }\npaths:\n  /api/users:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/User' }\ncomponents:\n  schemas:\n    Base:\n      type: object\n      required: [id]\n      properties:\n        id: { type: string }\n    User:\n      allOf:\n        - $ref: '#/components/schemas/Base'\n        - type: object\n          properties:\n            name: { type: string }\n`;
    const r = await diffTexts(inline, reffed);
    assert.deepEqual(
      r.problems.map(p => p.message),
      [],
    );
  });

  it("a change in a $ref'd file is reported in that file", async () => {
    const root = `openapi: 3.0.3\ninfo: { title: S, version: '1' }\npaths:\n  /api/users:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: { $ref: './schemas/user.yaml' }\n`;
    const r = await diffTexts(
      root,
      root,
      {},
      {
        base: { 'schemas/user.yaml': 'type: object\nproperties:\n  id: { type: string }\n  email: { type: string }\n' },
        head: { 'schemas/user.yaml': 'type: object\nproperties:\n  id: { type: string }\n' },
      },
    );
    const p = r.problems.find(x => x.code === 'response-property-removed')!;
    assert.equal(p.source, path.join(r.dir, 'head', 'schemas', 'user.yaml'));
    assert.deepEqual(p.path, ['properties']);
    assert.equal(p.base!.source, path.join(r.dir, 'base', 'schemas', 'user.yaml'));
    assert.equal(p.base!.range.start.line, 3);
  });

  it('an apiconv-ignore comment in the head silences a finding', async () => {
    const head = USER('id: { type: string }\n# apiconv-ignore response-type-changed kept as a string on purpose\nage: { type: string }');
    const r = await diffTexts(USER('id: { type: string }\nage: { type: integer }'), head);
    assert.ok(!r.problems.some(p => p.code === 'response-type-changed'));
    assert.equal(r.suppressed.filter(p => p.code === 'response-type-changed').length, 1);
  });

  it('configured severities: off drops a check, a level replaces the default', async () => {
    const r = await diffTexts(USER('id: { type: string }\nage: { type: integer }'), USER('id: { type: string }\nage: { type: string }'), {
      severities: { 'response-type-changed': 'off', 'request-type-changed': 1 },
    });
    assert.ok(!r.problems.some(p => p.code === 'response-type-changed'));
    assert.equal(r.problems.find(p => p.code === 'request-type-changed')!.severity, 1);
  });

  it('security: an added scope is reported, a removed one is not', async () => {
    const doc = (scopes: string) =>
      `openapi: 3.0.3\ninfo: { title: S, version: '1' }\npaths:\n  /api/users:\n    get:\n      security: [{ oauth: [${scopes}] }]\n      responses:\n        '200': { description: OK }\ncomponents:\n  securitySchemes:\n    oauth: { type: oauth2, flows: { clientCredentials: { tokenUrl: 'https://x/t', scopes: { read: r, admin: a } } } }\n`;
    const added = await diffTexts(doc('read'), doc('read, admin'));
    assert.match(added.problems.find(p => p.code === 'security-added')!.message, /scope 'admin' of 'oauth'/);
    const removed = await diffTexts(doc('read, admin'), doc('read'));
    assert.deepEqual(
      removed.problems.map(p => p.code),
      [],
    );
  });

  it('Swagger 2: a formData parameter and a produces entry', async () => {
    const doc = (produces: string, formType: string) =>
      `swagger: '2.0'\ninfo: { title: S, version: '1' }\nproduces: [${produces}]\npaths:\n  /api/files:\n    post:\n      consumes: [multipart/form-data]\n      parameters:\n        - { name: file, in: formData, type: ${formType} }\n      responses:\n        '201': { description: ok, schema: { type: object } }\n`;
    const r = await diffTexts(doc('application/json, application/xml', 'file'), doc('application/json', 'string'));
    assert.deepEqual(r.problems.map(p => p.code).sort(), ['media-type-removed', 'request-type-changed', 'version-not-bumped']);
  });
});
