/**
 * The preview a hover on a `$ref` shows: the target's lines, cut out of the text by the document's own line
 * offsets (a lone CR ends a line for the editor and for YAML), at most 30 of them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hover, makeParsed, type NavHost } from '../../server/src/lsp/navigation';

const FILE = '/work/api.yaml';

function previewOf(text: string, refLine: number): string {
  const parsed = makeParsed(FILE, text);
  const host: NavHost = { parsed: () => parsed, uriOf: f => `file://${f}` };
  const character = text.split(/\r\n|\r|\n/)[refLine]!.indexOf('#/') + 2;
  const h = hover(host, FILE, { line: refLine, character }, []);
  assert.ok(h && typeof h.contents === 'object' && 'value' in h.contents, 'a hover');
  return h.contents.value;
}

const head = (lines: string[]) => [
  'openapi: 3.0.3',
  "info: {title: T, version: '1'}",
  'paths:',
  '  /a:',
  '    get:',
  '      responses:',
  "        '200':",
  "          $ref: '#/components/responses/Ok'",
  ...lines,
];

describe('$ref hover preview', () => {
  it('shows the target and its lines after a lone CR above it', () => {
    const text = head(['# a note\r# its second line', 'components:', '  responses:', '    Ok:', '      description: Fine', '']).join('\n');
    const value = previewOf(text, 7);
    assert.match(value, /\(line 13\)/);
    assert.match(value, /```yaml\nOk:\n  description: Fine\n```/);
  });

  it('cuts a long target at 30 lines', () => {
    const props = Array.from({ length: 40 }, (_, i) => `        p${i}: {type: string}`);
    const text = head(['components:', '  responses:', '    Ok:', '      description: Fine', '      x-props:', ...props, '']).join('\r\n');
    const value = previewOf(text, 7);
    const body = /```yaml\n([^]*)\n```/.exec(value)![1]!.split('\n');
    assert.deepEqual(body.slice(0, 3), ['Ok:', '  description: Fine', '  x-props:']);
    assert.equal(body.length, 31);
    assert.equal(body[29], '    p26: {type: string}');
    assert.equal(body[30], '…');
  });
});
