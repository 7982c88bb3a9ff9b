/**
 * Folding ranges (folding.ts) from the document's tree: mappings, sequences and scalars that span lines, comment runs,
 * JSON's closing brackets left in view, and whole nesting levels kept under the client's limit.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { foldingRanges } from '../../server/src/lsp/folding';
import { makeParsed, updateParsed } from '../../server/src/lsp/navigation';

/** Each range as `start-end` (0-based lines), `c` after a comment run's. */
function folds(file: string, text: string, limit?: number): string[] {
  return foldingRanges(makeParsed(file, text), limit).map(r => `${r.startLine}-${r.endLine}${r.kind === 'comment' ? 'c' : ''}`);
}

const YAML = [
  'openapi: 3.0.3', // 0
  'info:', // 1
  '  title: t', // 2
  '  description: |', // 3
  '    # A Markdown heading', // 4
  '    # and another: text, not comments', // 5
  '  version: 1.0.0', // 6
  '# two comment lines', // 7
  '# fold as one', // 8
  'paths:', // 9
  '  /pets:', // 10
  '    get:', // 11
  '      tags:', // 12
  '        - pets', // 13
  '        - animals', // 14
  '      responses:', // 15
  "        '200': { description: ok }", // 16
  '',
].join('\n');

describe('folding ranges', () => {
  it('YAML: mappings and sequences from their key, block scalars, comment runs; one-line nodes and Markdown in scalars not', () => {
    assert.deepEqual(folds('/a.yaml', YAML), ['1-6', '3-5', '7-8c', '9-16', '10-16', '11-16', '12-14', '15-16']);
  });

  it('a comment run right after a block scalar whose last lines start with `#`', () => {
    const text = 'openapi: 3.0.3\ninfo:\n  description: |\n    # Heading\n    # Another\n# one\n# two\npaths: {}\n';
    assert.deepEqual(folds('/a.yaml', text), ['1-4', '2-4', '5-6c']);
  });

  it('JSON: from the key to the line before the closing bracket, which stays in view', () => {
    const json = [
      '{',
      '  "openapi": "3.0.3",',
      '  "info": {',
      '    "title": "t",',
      '    "version": "1"',
      '  },',
      '  "tags": ["a",',
      '    "b"],',
      '  "paths": {}',
      '}',
    ].join('\n');
    assert.deepEqual(folds('/a.json', json), ['2-4']);
  });

  it('over the limit: whole nesting levels from the outermost, never part of one', () => {
    assert.deepEqual(folds('/a.yaml', YAML, 4), ['1-6', '7-8c', '9-16']);
    assert.deepEqual(folds('/a.yaml', YAML, 5), ['1-6', '3-5', '7-8c', '9-16', '10-16']);
    assert.deepEqual(folds('/a.yaml', YAML, 2), []);
  });

  it('after an edit, from the patched tree: a line typed inside a path item moves what follows', () => {
    const last = makeParsed('/a.yaml', YAML);
    const edited = YAML.replace('        - animals\n', '        - animals\n        - birds\n');
    const ranges = foldingRanges(updateParsed(last, edited)).map(r => `${r.startLine}-${r.endLine}`);
    assert.deepEqual(ranges, ['1-6', '3-5', '7-8', '9-17', '10-17', '11-17', '12-15', '16-17']);
  });

  it('a document that does not parse: the part that did', () => {
    assert.deepEqual(folds('/a.yaml', 'openapi: 3.0.3\ninfo:\n  title: t\n  version: [1\n'), ['1-3']);
  });
});
