/**
 * YAML syntax errors Spectral's parser lets through (server/src/engine/yamlSyntax.ts): a
 * mapping entry after a value on its line. YAML (the `yaml` package the fixers use,
 * PyYAML) rejects the document, so apiconv must say so with a `parser` finding — in the
 * full engine and in the incremental one alike — and nothing else may change.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import { lint } from '../../server/src/engine/lint';
import { IncrementalLinter } from '../../server/src/engine/pipeline/linter';
import { parseYamlChecked } from '../../server/src/engine/yamlSyntax';

const GOOD = "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths: {}\n";
// What an editor's bracket auto-close leaves when `x: []` is typed after the closing brace.
const BAD = "openapi: 3.0.3\ninfo: { title: T, version: '1' } x: []\npaths: {}\n";

function tmpFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-yamlsyntax-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('YAML syntax errors Spectral misses', () => {
  it('an entry after a flow mapping on its line is a parser error at the entry', async () => {
    assert.ok(parseDocument(BAD).errors.length > 0, 'YAML rejects it');
    const r = await lint(BAD, tmpFile('api.yaml', BAD));
    const parser = r.problems.filter(p => p.code === 'parser');
    assert.equal(parser.length, 1, JSON.stringify(r.problems));
    assert.equal(parser[0].severity, 0);
    assert.deepEqual(parser[0].range.start, { line: 1, character: 33 });
    assert.match(parser[0].message, /must start on a new line/);
  });

  it('after a flow sequence and after a quoted scalar too; each such entry is reported', () => {
    const text = "a: [x, y] b: 1\nc: 'str' d: 2\ne:\n  f: {g: 1}   h: 2\n";
    assert.ok(parseDocument(text).errors.length > 0, 'YAML rejects it');
    const lines = parseYamlChecked(text)
      .diagnostics.filter(d => /must start on a new line/.test(d.message))
      .map(d => d.range.start.line);
    assert.deepEqual(lines, [0, 1, 3]);
  });

  it('valid YAML gets no such error: flow collections, multi-line flow, sequences of mappings, block scalars', () => {
    const texts = [
      GOOD,
      'a: {b: 1, c: [1, 2]}\nd: [{e: 1}, {f: 2}]\n',
      'a: {b: 1,\n  c: 2}\nd: 3\n',
      '- a: 1\n  b: 2\n- {c: 3}\n',
      "a: |\n  x: {y} z: 1\nb: 'q' # c: 1\n",
      '? a\n: 1\nb: 2\n',
      // explicit keys without values: each entry ends past its line break
      'x:\n  ? a\n  ? b\nc: 1\n',
      '? a\n? b\n',
    ];
    for (const t of texts) {
      assert.equal(parseDocument(t).errors.length, 0, `valid: ${JSON.stringify(t)}`);
      assert.deepEqual(parseYamlChecked(t).diagnostics, [], JSON.stringify(t));
    }
  });

  it('explicit keys (`? a`): no such error, in a lint and in a relint after an edit', async () => {
    const text = `${GOOD}x-keys:\n  ? a\n  ? b\n`;
    const file = tmpFile('api.yaml', text);
    const cold = await lint(text, file);
    assert.ok(!cold.problems.some(p => p.code === 'parser'), JSON.stringify(cold.problems));
    const linter = new IncrementalLinter(file);
    await linter.lint(text.replace('? b', '? c'));
    assert.deepEqual(await linter.lint(text), cold);
  });

  it("a tab in an indentation: a parser error at the tab, in a lint, in Spectral's reference run and after an edit", async () => {
    const text = `${GOOD.replace('paths: {}\n', '')}paths:\n\t/users:\n    get: {}\n`;
    assert.ok(parseDocument(text).errors.length > 0, 'YAML rejects it');
    const file = tmpFile('api.yaml', text);
    const cold = await lint(text, file);
    const tab = cold.problems.filter(p => p.code === 'parser');
    assert.deepEqual(
      tab.map(p => [p.severity, p.range.start.line, p.range.start.character]),
      [[0, 3, 0]],
    );
    assert.match(tab[0]!.message, /a tab in the indentation/);
    const linter = new IncrementalLinter(file);
    await linter.lint(text.replace('\t', '  '));
    assert.deepEqual(await linter.lint(text), cold);
  });

  it('the incremental engine reports it too: good → bad → good, equal to lint() at each step', async () => {
    const file = tmpFile('api.yaml', GOOD);
    const linter = new IncrementalLinter(file);
    for (const text of [GOOD, BAD, GOOD, BAD.replace('paths: {}', 'paths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok')]) {
      const expected = await lint(text, file);
      const got = await linter.lint(text);
      assert.deepEqual(got, expected);
      assert.equal(
        got.problems.some(p => p.code === 'parser'),
        text !== GOOD,
        JSON.stringify(text),
      );
    }
  });
});
