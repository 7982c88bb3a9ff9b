/**
 * The language server on a document whose path items are `$ref`'d from other files: the path-level findings are
 * diagnostics of the document that names the path, at its path key — and none of the path items' files.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient, uriOf } from './client';
import { PATH_RULES, VERSIONS, pathItemRefsProject } from '../helpers/pathItemRefs';

describe("language server: path-level findings of a $ref'd path item", () => {
  for (const version of VERSIONS) {
    it(`OpenAPI ${version}: diagnostics of the root document at the path key`, { timeout: 120_000 }, async () => {
      const p = pathItemRefsProject(version);
      const c = await TestClient.start({ folder: p.dir, settings: { debounceMs: 0 } });
      try {
        const uri = c.open(p.root, p.text);
        const diags = (await c.diagnostics(uri, d => d.length > 0)).filter(d => PATH_RULES.includes(String(d.code)));
        const keyLines = new Set(Object.values(p.lines));
        assert.ok(diags.length >= keyLines.size, `findings on every path key: ${diags.map(d => d.code).join(', ')}`);
        for (const d of diags)
          assert.ok(keyLines.has(d.range.start.line) && d.range.start.character === 2, `${d.code} at ${d.range.start.line}:${d.range.start.character}`);
        for (const line of keyLines)
          assert.ok(
            diags.some(d => d.range.start.line === line),
            `a finding at line ${line}`,
          );
        // Each $ref'd path item has a key with a finding, and its file has none of them.
        for (const file of Object.values(p.files)) {
          const theirs = c.latest(uriOf(file))?.diagnostics ?? [];
          assert.deepEqual(
            theirs.filter(d => PATH_RULES.includes(String(d.code))),
            [],
            file,
          );
        }
      } finally {
        await c.stop();
      }
    });
  }
});
