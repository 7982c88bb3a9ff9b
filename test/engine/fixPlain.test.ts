/**
 * fixFile's fast path (one incremental linter across the passes, every fix of a pass computed on one
 * parse with its ops placed on the original text, lazy texts) against the plain path written out here: each pass
 * a cold lint with Spectral's own runner (lintWithSpectral), each op of each fix computed on the text the ops
 * before it made, every intermediate text built. Same pass rules (safe fixes in finding order, a fix whose edits
 * conflict with an accepted one waits for the next pass, the combined result of a file must parse). The fixed texts
 * and the findings after the fixes must be the same, on documents of the vendored corpus (YAML, JSON, multi-file).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultOptions, fixFile, formatOf, parseData, specOf, applyOffsetEdits, type OffsetEdit } from '../../server/src/engine/fix/index';
import { EditComposer } from '../../server/src/engine/fix/edits';
import { yamlOpEdit } from '../../server/src/engine/fix/yamlOps';
import { jsonOpEdits } from '../../server/src/engine/fix/jsonOps';
import { lintWithSpectral } from '../../server/src/engine/spectralReference';
import { getRule } from '../../server/src/engine/ruleset';
import type { LintProblem } from '../../server/src/engine/problem';
import { VENDORED_CORPUS } from '../helpers/corpus';

const DOCS: [folder: string, entry: string][] = [
  ['burgershop', 'burgershop.openapi.yaml'],
  ['oai-petstore-expanded-v2', 'petstore-expanded.yaml'],
  ['oai-petstore-expanded-v3', 'petstore-expanded.json'],
  ['redocly-museum', 'openapi.yaml'],
  ['swagger-petstore-v3', 'petstorev3.json'],
  ['libopenapi-nested-files', 'openapi.yaml'],
];

const parses = (text: string, file: string) => parseData(text, formatOf(text, file)) !== undefined;

/** The edits of one fix, every op computed on the text the ops before it made (no shortcut). */
function plainEdits(text: string, file: string, p: LintProblem, rootSpec: 'oas2' | 'oas3', isRoot: boolean): OffsetEdit[] {
  const rule = getRule(p.code);
  if (!rule?.fix || !rule.meta.fixable) return [];
  const format = formatOf(text, file);
  const data = parseData(text, format);
  if (data === undefined) return [];
  let result;
  try {
    result = rule.fix({ data, isRoot, spec: rootSpec, path: p.path, message: p.message, options: defaultOptions(rule.id), optionsOf: defaultOptions });
  } catch {
    return [];
  }
  if (!result) return [];
  const composer = new EditComposer(text);
  for (const op of result.ops) {
    try {
      if (format === 'json') composer.addAll(jsonOpEdits(composer.text, op));
      else {
        const e = yamlOpEdit(composer.text, op);
        if (e) composer.add(e);
      }
    } catch {
      /* skipped, as applyOps does */
    }
  }
  return composer.text === text ? [] : composer.result();
}

const conflicts = (a: OffsetEdit, b: OffsetEdit) => {
  const aEnd = a.offset + a.length;
  const bEnd = b.offset + b.length;
  return (
    a.offset === b.offset ||
    Math.max(a.offset, b.offset) < Math.min(aEnd, bEnd) ||
    (a.length === 0 && b.offset < a.offset && a.offset < bEnd) ||
    (b.length === 0 && a.offset < b.offset && b.offset < aEnd)
  );
};
const same = (a: OffsetEdit, b: OffsetEdit) => a.offset === b.offset && a.length === b.length && a.newText === b.newText;

/** The plain fix loop: cold lint, fixes, until a pass changes nothing (at most 10 passes, as fixFile). */
async function plainFix(root: string): Promise<{ texts: Map<string, string>; problems: LintProblem[] }> {
  const texts = new Map<string, string>([[root, fs.readFileSync(root, 'utf8')]]);
  const readFile = async (f: string) => texts.get(f);
  let problems: LintProblem[] = [];
  for (let pass = 0; pass < 10; pass++) {
    const rootText = texts.get(root)!;
    problems = (await lintWithSpectral(rootText, root, { readFile })).problems;
    const accepted = new Map<string, OffsetEdit[][]>();
    for (const p of problems) {
      if (p.fixable !== 'safe') continue;
      if (!texts.has(p.source)) texts.set(p.source, fs.readFileSync(p.source, 'utf8'));
      const edits = plainEdits(texts.get(p.source)!, p.source, p, specOf(rootText, root), p.source === root);
      const groups = accepted.get(p.source) ?? [];
      const list = groups.flat();
      const fresh: OffsetEdit[] = [];
      let ok = edits.length > 0;
      for (const e of edits) {
        if (list.some(a => same(a, e)) || fresh.some(a => same(a, e))) continue;
        if (list.some(a => conflicts(a, e)) || fresh.some(a => conflicts(a, e))) {
          ok = false;
          break;
        }
        fresh.push(e);
      }
      if (!ok || fresh.length === 0) continue;
      groups.push(fresh);
      accepted.set(p.source, groups);
    }
    let changed = false;
    for (const [src, groups] of accepted) {
      const before = texts.get(src)!;
      let after = applyOffsetEdits(before, groups.flat());
      if (!parses(after, src)) {
        // One group at a time, each kept while the result parses.
        const kept: OffsetEdit[] = [];
        after = before;
        for (const g of groups) {
          if (!parses(applyOffsetEdits(before, g), src)) continue;
          const next = applyOffsetEdits(before, [...kept, ...g]);
          if (!parses(next, src)) continue;
          kept.push(...g);
          after = next;
        }
      }
      if (after !== before) {
        texts.set(src, after);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { texts, problems };
}

const key = (ps: LintProblem[]) =>
  ps.map(
    p =>
      `${p.source} ${p.code} ${p.range.start.line}:${p.range.start.character}-${p.range.end.line}:${p.range.end.character} ${JSON.stringify(p.path)} ${p.message}`,
  );

describe('fixFile equals the plain fix loop (cold lints, every op on the current text)', () => {
  for (const [folder, entry] of DOCS) {
    it(`${folder}/${entry}`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-fixplain-'));
      fs.cpSync(path.join(VENDORED_CORPUS, folder), dir, { recursive: true });
      const root = path.join(dir, entry);
      const plain = await plainFix(root);
      const fast = await fixFile(fs.readFileSync(root, 'utf8'), root, { safeOnly: true });
      assert.ok(fast.applied > 0, 'the document has safe fixes');
      const changed = [...plain.texts].filter(([f, t]) => t !== fs.readFileSync(f, 'utf8'));
      assert.deepEqual([...fast.files.keys()].sort(), changed.map(([f]) => f).sort(), 'the same files changed');
      for (const [f, t] of changed) assert.equal(fast.files.get(f), t, `the same text of ${path.relative(dir, f)}`);
      assert.ok(fast.final, 'the last pass linted the fixed texts');
      assert.deepEqual(key(fast.final.problems), key(plain.problems), 'the same findings after the fixes');
    });
  }
});
