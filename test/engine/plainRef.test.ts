/**
 * plainRef.ts computes runner.js's URI for a plain relative `$ref` without @stoplight/path: wherever it gives one, it
 * must be the URI runner.js's own computeRef gives (same class, text, path, fragment, scheme, JSON pointer, file
 * key), on crafted refs and on every `$ref` of the corpus's multi-file documents (when ../shared is there).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DepGraph } from 'dependency-graph';
import { ResolveRunner } from '@stoplight/json-ref-resolver/runner';
import { uriIsJSONPointer, uriToJSONPointer } from '@stoplight/json-ref-resolver/utils';
import { parse as parseYaml } from 'yaml';
import { fileUriRef } from '../../server/src/engine/spectralResolver';
import { plainRelativeRef } from '../../server/src/engine/resolve/plainRef';
import type { Uri } from '../../server/src/engine/resolve/plainRef';
import { CORPUS, needs } from '../helpers/corpus';

/** Both ways for one ref in the file `base`: whether plainRef.ts took it; a difference throws. */
function compare(base: string, ref: string): boolean {
  const runner = new ResolveRunner({}, new DepGraph({ circular: true }), { baseUri: base, transformRef: fileUriRef });
  const baseUri = runner.baseUri as unknown as Uri;
  const own = baseUri.toString();
  const filePath = baseUri.path();
  // what RemoteRunner takes as a plain file (its folder)
  if (!(own.startsWith('/') && own === filePath)) return false;
  const folder = own.slice(0, own.lastIndexOf('/'));
  const mine = plainRelativeRef(ref, folder, filePath, baseUri.constructor as new (s: string) => Uri);
  if (mine === undefined) return false;
  const theirs = runner.computeRef({ key: '$ref', val: { $ref: ref }, jsonPointer: '', pointerStack: [] } as never) as unknown as Uri;
  const label = `${ref} in ${base}`;
  assert.equal(mine.constructor, theirs.constructor, `${label}: the class`);
  for (const read of ['toString', 'href', 'path', 'fragment', 'scheme'] as const) assert.equal(mine[read](), theirs[read](), `${label}: ${read}()`);
  assert.equal(mine.clone().fragment('').toString(), theirs.clone().fragment('').toString(), `${label}: the file`);
  assert.equal(uriIsJSONPointer(mine as never), uriIsJSONPointer(theirs as never), `${label}: local`);
  assert.equal(uriToJSONPointer(mine as never), uriToJSONPointer(theirs as never), `${label}: the pointer`);
  return true;
}

function refsIn(v: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(v)) for (const x of v) refsIn(x, out);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.add(x);
      else refsIn(x, out);
    }
  }
  return out;
}

describe('plainRef: a plain relative $ref without @stoplight/path', () => {
  it('gives what runner.js gives, and leaves the rest to it', () => {
    const bases = ['/a/b/c.yaml', '/x.yaml', '/a/b-c_d.e/f.json', '/a/My Docs/x.yaml', '/a/b/%41.yaml', 'relative/c.yaml'];
    const refs = [
      'x.yaml',
      './x.yaml',
      '../x.yaml',
      '../../x.yaml',
      '../../../../x.yaml',
      'a/b/../c.yaml#/x',
      'c.yaml',
      './c.yaml#/a',
      'c.yaml#/a',
      'x.yaml#',
      'x.yaml#/',
      'x.yaml#/a/b~1c~0d',
      'x.yaml#/a/../b',
      'x.yaml#/./a',
      'x.yaml#..',
      'x.yaml#/a/..',
      'x.yaml#a.b',
      'a//b.yaml',
      'dir/',
      '.',
      '..',
      './',
      '...yaml',
      '-x.yaml',
      '_x/./y.yaml',
      'x y.yaml',
      'x%20y.yaml',
      'x.yaml?q=1',
      'http://x/y.yaml',
      'file:///x.yaml',
      '#/a',
      '/abs.yaml',
      'x.yaml#/a#b',
      'x.yaml#/paths/~1pets~1{id}',
      'X.YAML#/A-b_c.d',
      'a/b/c/d/e.yml#/components/schemas/Thing',
    ];
    let taken = 0;
    for (const base of bases) for (const ref of refs) if (compare(base, ref)) taken++;
    assert.ok(taken > 60, `plainRef took ${taken} of ${bases.length * refs.length}`);
    // what it does not read: left to runner.js
    for (const ref of ['x.yaml#/a/../b', 'a//b.yaml', '../../../../x.yaml', 'x y.yaml', 'x.yaml?q=1', '#/a', '/abs.yaml', 'dir/', '.']) {
      assert.equal(plainRelativeRef(ref, '/a/b', '/a/b/c.yaml', class {} as never), undefined, ref);
    }
  });

  it("every $ref of the corpus's multi-file documents (../shared/corpus)", { skip: needs('digitalocean') }, t => {
    let files = 0;
    let taken = 0;
    let refs = 0;
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        const p = path.join(dir, name);
        if (fs.statSync(p).isDirectory()) walk(p);
        else if (/\.(ya?ml|json)$/.test(name)) {
          const text = fs.readFileSync(p, 'utf8');
          if (!text.includes('$ref')) continue;
          let data: unknown;
          try {
            data = name.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { uniqueKeys: false });
          } catch {
            continue;
          }
          files++;
          for (const ref of refsIn(data, new Set())) {
            refs++;
            if (compare(p, ref)) taken++;
          }
        }
      }
    };
    for (const doc of ['digitalocean', 'oai-petstore-separate-v2', 'libopenapi-nested-files'])
      if (fs.existsSync(path.join(CORPUS, doc))) walk(path.join(CORPUS, doc));
    assert.ok(files > 1000, `files with refs: ${files}`);
    t.diagnostic(`plainRef took ${taken} of ${refs} refs in ${files} files`);
    assert.ok(taken > refs * 0.9, `plainRef took ${taken} of ${refs} refs`);
  });
});
