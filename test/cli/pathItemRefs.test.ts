/**
 * `apiconv lint` on a document whose path items are `$ref`'d from other files: the path-level findings are shown at
 * the path key in the document that names the path, in the stylish (text), JSON and SARIF reports alike.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { ensureBuilt, runCli, type JsonFinding } from './helpers';
import { PATH_RULES, VERSIONS, pathItemRefsProject } from '../helpers/pathItemRefs';

interface SarifResult {
  ruleId: string;
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[];
}

describe("lint: path-level findings of a $ref'd path item", () => {
  before(() => ensureBuilt());

  for (const version of VERSIONS) {
    it(`OpenAPI ${version}: stylish, json and sarif show them at the path key of the root document`, () => {
      const p = pathItemRefsProject(version);
      const lint = (format: string) => runCli(['lint', '-f', format, 'api.yaml'], { cwd: p.dir }).stdout;
      const keyOf = (line: number) => Object.keys(p.lines).find(k => p.lines[k] === line);

      const json = (JSON.parse(lint('json')) as JsonFinding[]).filter(f => PATH_RULES.includes(f.code));
      assert.ok(json.length >= Object.keys(p.lines).length, 'findings on every path key');
      for (const f of json) {
        assert.equal(f.source, p.root, `${f.code} ${f.source}`);
        assert.equal(keyOf(f.range.start.line), f.path[1], `${f.code} at line ${f.range.start.line}`);
      }

      // The stylish report (the default) lists each file's findings under its name: these are under the root's, at `line:3`.
      const text = lint('stylish');
      const blocks = text.split(/\n(?=\S)/);
      const rootBlock = blocks.find(b => b.startsWith('api.yaml\n')) ?? '';
      for (const f of json) {
        assert.match(rootBlock, new RegExp(`^ +${f.range.start.line + 1}:3 +\\S+ +${f.code} `, 'm'), `${f.code} under api.yaml`);
      }
      for (const b of blocks.filter(b => b.startsWith('paths/'))) {
        for (const code of PATH_RULES) assert.doesNotMatch(b, new RegExp(` ${code} `), `no ${code} in ${b.split('\n')[0]}`);
      }

      const sarif = (JSON.parse(lint('sarif')).runs[0].results as SarifResult[]).filter(r => PATH_RULES.includes(r.ruleId));
      assert.equal(sarif.length, json.length);
      for (const r of sarif) {
        const loc = r.locations[0]!.physicalLocation;
        assert.equal(path.basename(loc.artifactLocation.uri), 'api.yaml', `${r.ruleId} ${loc.artifactLocation.uri}`);
        assert.ok(
          keyOf(loc.region.startLine - 1) !== undefined && loc.region.startColumn === 3,
          `${r.ruleId} at ${loc.region.startLine}:${loc.region.startColumn}`,
        );
      }
    });
  }
});
