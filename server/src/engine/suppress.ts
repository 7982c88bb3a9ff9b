/**
 * Suppressions, read from each linted file's own text:
 *
 * - YAML: `# apiconv-ignore <rule-id>[,<rule-id>…] [reason]` on the line above a
 *   node, or at the end of the node's line, silences those rules for that node
 *   and its children; `# apiconv-ignore-file <rule-id> [reason]` before the
 *   first key silences them for the whole file.
 * - JSON (and YAML): an `x-apiconv-ignore: ["<rule-id>", …]` key on an object
 *   silences those rules for that object and its children.
 *
 * An ignore naming an unknown rule is reported (`apiconv-ignore-unknown-rule`).
 */
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { JsonPath, LintProblem, Range } from './problem';
import { LineIndex } from './lineIndex';

export const UNKNOWN_RULE_CODE = 'apiconv-ignore-unknown-rule';
export const IGNORE_KEY = 'x-apiconv-ignore';

export interface Directive {
  file: string;
  rule: string;
  /** The silenced subtree; undefined = the whole file. */
  path?: JsonPath;
  /** Where the rule id is written (for reports). */
  range: Range;
  reason?: string;
}

const textLacks = (text: string, s: string): boolean => !text.includes(s);

const COMMENT = /(^|[ \t])#[ \t]*apiconv-ignore(-file)?(?=[ \t]|$)[ \t]*([^ \t\r\n]*)[ \t]*([^\r\n]*)/d;

/**
 * The directives written in one file's text. Never throws. `lacks`: whether the text surely holds no `s` (the
 * incremental engine's input checks answer it from the last text and the edit, pipeline/input.ts).
 */
export function collectDirectives(text: string, file: string, json: boolean, lacks: (text: string, s: string) => boolean = textLacks): Directive[] {
  if (lacks(text, 'apiconv-ignore')) return [];
  try {
    return json ? jsonDirectives(text, file) : yamlDirectives(text, file);
  } catch {
    return [];
  }
}

function splitIds(ids: string, idsOffset: number): { id: string; from: number; to: number }[] {
  const out: { id: string; from: number; to: number }[] = [];
  let pos = 0;
  for (const part of ids.split(',')) {
    if (part.length > 0) out.push({ id: part, from: idsOffset + pos, to: idsOffset + pos + part.length });
    pos += part.length + 1;
  }
  return out;
}

function yamlDirectives(text: string, file: string): Directive[] {
  const at = new LineIndex(text);
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  // The outermost node (path) starting on each line, and the first line holding content.
  const lineToPath = new Map<number, JsonPath>();
  const out: Directive[] = [];
  let firstContentLine = Number.POSITIVE_INFINITY;
  const visitNode = (node: unknown, p: JsonPath, depth: number) => {
    if (depth > 200) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range) continue;
        const key = pair.key.value === null ? '' : String(pair.key.value);
        const kp = [...p, key];
        const line = at.lineOf(pair.key.range[0]);
        firstContentLine = Math.min(firstContentLine, line);
        if (!lineToPath.has(line)) lineToPath.set(line, kp);
        if (key === IGNORE_KEY) ignoreKeyYaml(pair.value, p);
        visitNode(pair.value, kp, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const r = (item as YamlNode | null)?.range;
        if (r) {
          // The dash sits before the item's own start on the same line.
          const line = at.lineOf(r[0]);
          firstContentLine = Math.min(firstContentLine, line);
          if (!lineToPath.has(line)) lineToPath.set(line, [...p, i]);
        }
        visitNode(item, [...p, i], depth + 1);
      });
    } else if (isScalar(node) && node.range && p.length === 0) {
      firstContentLine = Math.min(firstContentLine, at.lineOf(node.range[0]));
    }
  };
  const ignoreKeyYaml = (value: unknown, objPath: JsonPath) => {
    const items = isSeq(value) ? value.items : [value];
    for (const it of items) {
      if (isScalar(it) && typeof it.value === 'string' && it.range) {
        out.push({ file, rule: it.value, path: objPath, range: at.range(it.range[0], it.range[1]) });
      }
    }
  };
  visitNode(doc.contents, [], 0);

  const lines = text.split('\n');
  const isContent = (l: string) => {
    const t = l.trim();
    return t.length > 0 && !t.startsWith('#');
  };
  lines.forEach((lineText, line) => {
    const m = COMMENT.exec(lineText);
    if (!m) return;
    const hashAt = m.index + m[1].length;
    const whole = lineText.slice(0, hashAt).trim() === '';
    const isFile = m[2] === '-file';
    const idsText = m[3];
    const idsOffset = at.lineStart(line) + m.indices![3][0];
    const reason = m[4].trim() || undefined;
    let target: JsonPath | undefined;
    if (isFile) {
      if (!whole || line > firstContentLine) return;
    } else if (whole) {
      let next = line + 1;
      while (next < lines.length && !isContent(lines[next])) next++;
      target = lineToPath.get(next);
      if (!target) return;
    } else {
      target = lineToPath.get(line);
      if (!target) return;
    }
    if (idsText.length === 0) {
      out.push({ file, rule: '', path: target, range: at.range(at.lineStart(line) + hashAt, at.lineStart(line) + lineText.replace(/\r$/, '').length), reason });
      return;
    }
    for (const { id, from, to } of splitIds(idsText, idsOffset)) {
      out.push({ file, rule: id, path: isFile ? undefined : target, range: at.range(from, to), reason });
    }
  });
  return out;
}

function jsonDirectives(text: string, file: string): Directive[] {
  if (!text.includes(IGNORE_KEY)) return [];
  const tree = parseTree(text, [], { allowTrailingComma: true });
  if (!tree) return [];
  const at = new LineIndex(text);
  const out: Directive[] = [];
  const walkNode = (node: JsonNode, p: JsonPath, depth: number) => {
    if (depth > 200) return;
    if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        const key = String(k.value);
        if (key === IGNORE_KEY) {
          const items = v.type === 'array' ? (v.children ?? []) : [v];
          for (const it of items) {
            if (it.type === 'string') out.push({ file, rule: String(it.value), path: p, range: at.range(it.offset + 1, it.offset + it.length - 1) });
          }
        }
        walkNode(v, [...p, key], depth + 1);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((c, i) => walkNode(c, [...p, i], depth + 1));
    }
  };
  walkNode(tree, [], 0);
  return out;
}

function isPrefix(prefix: JsonPath, p: JsonPath): boolean {
  if (prefix.length > p.length) return false;
  return prefix.every((seg, i) => String(seg) === String(p[i]));
}

export interface SuppressionResult {
  problems: LintProblem[];
  suppressed: LintProblem[];
}

/**
 * Removes the problems silenced by the directives of the files in `texts`
 * (absolute path → text) and adds a report for each ignore naming an unknown rule.
 */
export function applySuppressions(
  problems: readonly LintProblem[],
  texts: ReadonlyMap<string, string>,
  knownRules: ReadonlySet<string>,
  isJson: (text: string, file: string) => boolean,
  /** collectDirectives' `lacks` for the text of one file (a relint's root: 4 MB of stripe read on every edit) */
  lacksIn?: { file: string; lacks: (text: string, s: string) => boolean },
): SuppressionResult {
  const directives: Directive[] = [];
  for (const [file, text] of texts) directives.push(...collectDirectives(text, file, isJson(text, file), file === lacksIn?.file ? lacksIn.lacks : undefined));
  if (directives.length === 0) return { problems: [...problems], suppressed: [] };
  const valid = directives.filter(d => knownRules.has(d.rule));
  const kept: LintProblem[] = [];
  const suppressed: LintProblem[] = [];
  for (const p of problems) {
    const hit = valid.some(d => d.file === p.source && d.rule === p.code && (d.path === undefined || isPrefix(d.path, p.path)));
    (hit ? suppressed : kept).push(p);
  }
  for (const d of directives) {
    if (knownRules.has(d.rule)) continue;
    kept.push({
      code: UNKNOWN_RULE_CODE,
      message:
        d.rule === ''
          ? 'apiconv-ignore names no rule: write "# apiconv-ignore <rule-id> [reason]".'
          : `apiconv-ignore names an unknown rule "${d.rule}": nothing is silenced. Use a rule id from the ruleset.`,
      severity: 1,
      path: d.path ?? [],
      range: d.range,
      source: d.file,
    });
  }
  return { problems: kept, suppressed };
}
