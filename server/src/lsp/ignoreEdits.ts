/** The edits of the "Ignore this finding" code action: an `apiconv-ignore` comment, or an `x-apiconv-ignore` key. */
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import { parseTree, type ParseError } from 'jsonc-parser';
import type { JsonPath } from '../../../rules/types';
import { IGNORE_KEY, applyOps, collectDirectives, formatOf, parseData } from '../engine';

/**
 * The edits (offsets in `text`) that silence `ruleId` at `findingPath`: a
 * `# apiconv-ignore <rule>` comment above the node in YAML (extending one
 * already there), an `x-apiconv-ignore` entry on the enclosing object in JSON.
 * Checked: the result really silences the finding. undefined when it cannot.
 */
export function ignoreEdits(
  text: string,
  file: string,
  ruleId: string,
  findingPath: JsonPath,
): { offset: number; length: number; newText: string }[] | undefined {
  try {
    const json = formatOf(text, file) === 'json';
    const edits = json ? jsonIgnore(text, ruleId, findingPath) : yamlIgnore(text, ruleId, findingPath);
    if (!edits || edits.length === 0) return undefined;
    let after = text;
    for (const e of [...edits].sort((a, b) => b.offset - a.offset)) after = after.slice(0, e.offset) + e.newText + after.slice(e.offset + e.length);
    if (!parsesAsWell(after, text, json)) return undefined;
    const silenced = collectDirectives(after, file, json).some(d => d.rule === ruleId && (d.path === undefined || isPrefix(d.path, findingPath)));
    return silenced ? edits : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ignore edit leaves the text readable: it parses, or — in a document with a syntax
 * error elsewhere (reported as a `parser` finding; fixes are off) — it has no more
 * syntax errors than before, so that ignoring a finding still works there.
 */
function parsesAsWell(after: string, before: string, json: boolean): boolean {
  if (parseData(after, json ? 'json' : 'yaml') !== undefined) return true;
  if (parseData(before, json ? 'json' : 'yaml') !== undefined) return false;
  return syntaxErrorCount(after, json) <= syntaxErrorCount(before, json);
}

function syntaxErrorCount(text: string, json: boolean): number {
  if (json) {
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
    return errors.length;
  }
  return parseDocument(text, { uniqueKeys: false, prettyErrors: false }).errors.length;
}

function isPrefix(prefix: JsonPath, p: JsonPath): boolean {
  return prefix.length <= p.length && prefix.every((s, i) => String(s) === String(p[i]));
}

/** Offset where the node at `p` starts: its key for a mapping entry, the item for a sequence entry. */
function yamlNodeStart(text: string, p: JsonPath): number | undefined {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  let node: unknown = doc.contents;
  let start: number | undefined;
  for (const seg of p) {
    if (isMap(node)) {
      const pair = node.items.find(it => isPair(it) && isScalar(it.key) && String(it.key.value) === String(seg));
      if (!pair || !isPair(pair)) break;
      start = (pair.key as { range?: [number, number, number] }).range?.[0] ?? start;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)] as { range?: [number, number, number] } | undefined;
      if (!item) break;
      start = item.range?.[0] ?? start;
      node = item;
    } else break;
  }
  return start;
}

function yamlIgnore(text: string, ruleId: string, p: JsonPath): { offset: number; length: number; newText: string }[] | undefined {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const start = p.length > 0 ? yamlNodeStart(text, p) : undefined;
  if (start === undefined) {
    // A finding on the whole document: a file-level directive before the first key.
    return [{ offset: 0, length: 0, newText: `# apiconv-ignore-file ${ruleId}${eol}` }];
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineText = text.slice(lineStart, text.indexOf('\n', lineStart) < 0 ? text.length : text.indexOf('\n', lineStart));
  const indent = /^[ \t]*/.exec(lineText)![0];
  // Extend a directive already on the line above.
  if (lineStart > 0) {
    const prevStart = text.lastIndexOf('\n', lineStart - 2) + 1;
    const prev = text.slice(prevStart, lineStart).replace(/\r?\n$/, '');
    const m = /^([ \t]*#[ \t]*apiconv-ignore[ \t]+)([^ \t\r\n]+)/.exec(prev);
    if (m) {
      const ids = m[2].split(',');
      if (ids.includes(ruleId)) return undefined;
      return [{ offset: prevStart + m[0].length, length: 0, newText: `,${ruleId}` }];
    }
  }
  return [{ offset: lineStart, length: 0, newText: `${indent}# apiconv-ignore ${ruleId}${eol}` }];
}

/** Objects whose keys are names (a schema's properties, the schemas map…): an `x-` key there would be one more name. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'schemas',
  'definitions',
  'securitySchemes',
  'securityDefinitions',
  'headers',
  'content',
  'examples',
  'links',
  'callbacks',
  'variables',
  'encoding',
  'mapping',
  'scopes',
  'requestBodies',
  'pathItems',
  'dependentSchemas',
  '$defs',
]);

function isNameMap(p: JsonPath): boolean {
  if (p.length === 0) return false;
  const last = String(p[p.length - 1]);
  if (NAME_MAPS.has(last)) return true;
  // components/parameters, components/responses; Swagger 2 root parameters / responses.
  if ((last === 'parameters' || last === 'responses') && (p.length === 1 || (p.length === 2 && p[0] === 'components'))) return true;
  return false;
}

function jsonIgnore(text: string, ruleId: string, p: JsonPath): { offset: number; length: number; newText: string }[] | undefined {
  const data = parseData(text, 'json');
  if (data === undefined) return undefined;
  let objPath = [...p];
  const at = (q: JsonPath): unknown =>
    q.reduce<unknown>((v, s) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[String(s)] : undefined), data);
  const isPlainObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  while (objPath.length > 0 && (!isPlainObject(at(objPath)) || isNameMap(objPath) || String(objPath[objPath.length - 1]).startsWith('x-')))
    objPath = objPath.slice(0, -1);
  const obj = at(objPath) as Record<string, unknown>;
  if (!isPlainObject(obj)) return undefined;
  const existing = obj[IGNORE_KEY];
  if (Array.isArray(existing) && existing.includes(ruleId)) return undefined;
  const ops =
    existing === undefined || Array.isArray(existing)
      ? [{ kind: 'append' as const, path: [...objPath, IGNORE_KEY], value: ruleId }]
      : [{ kind: 'set' as const, path: [...objPath, IGNORE_KEY], value: [existing, ruleId] }];
  const edits = applyOps(text, 'json', ops);
  return edits.length > 0 ? edits : undefined;
}
