/**
 * A rule of ours stopped by its budget, as the CLI reports it: one finding on the value it stopped on (a schema whose
 * `pattern` backtracks without end on its example), in the JSON report and in SARIF; the other findings kept.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli, tempDir, type JsonFinding } from './helpers';
import { catastrophicPattern } from '../fuzz/hostile';

interface SarifResult {
  ruleId: string;
  message: { text: string };
  locations: { physicalLocation: { region: { startLine: number; startColumn: number } } }[];
}

describe('CLI: a rule stopped by its budget', () => {
  it('is one finding at the schema it stopped on, in JSON and SARIF; the others are kept', { timeout: 120_000 }, () => {
    const d = tempDir({ 'api.yaml': catastrophicPattern() });
    const r = runCli(['lint', '-f', 'json:out.json', '-f', 'sarif:out.sarif', 'api.yaml'], { cwd: d });
    assert.equal(r.code, 1, r.stderr);
    const json = JSON.parse(fs.readFileSync(path.join(d, 'out.json'), 'utf8')) as JsonFinding[];
    const stopped = json.filter(f => f.code === 'oas3-valid-schema-example');
    assert.equal(stopped.length, 1);
    assert.match(stopped[0]!.message, /^rule "oas3-valid-schema-example" ran past the time limit of a pattern test and was stopped here;/);
    assert.deepEqual(stopped[0]!.path, ['paths', '/api/v1/items', 'get', 'responses', '200', 'content', 'application/json', 'schema']);
    assert.deepEqual(stopped[0]!.range.start, { line: 11, character: 14 });
    assert.ok(
      json.some(f => f.code === 'security-required'),
      'the other rules ran',
    );
    const sarif = JSON.parse(fs.readFileSync(path.join(d, 'out.sarif'), 'utf8')) as { runs: { results: SarifResult[] }[] };
    const inSarif = sarif.runs[0]!.results.filter(x => x.ruleId === 'oas3-valid-schema-example');
    assert.equal(inSarif.length, 1);
    assert.equal(inSarif[0]!.message.text, stopped[0]!.message);
    assert.deepEqual(inSarif[0]!.locations[0]!.physicalLocation.region, {
      ...inSarif[0]!.locations[0]!.physicalLocation.region,
      startLine: 12,
      startColumn: 15,
    });
  });
});
