/**
 * testRule(id, { valid, invalid }): runs ONE rule on each case and checks its findings.
 *
 * - valid: no finding of that rule.
 * - invalid: exactly `errors.length` findings, each matching the given JSON path
 *   and/or 1-based line, in document order.
 * - invalid with `noFix`: the rule's fix changes nothing.
 * - invalid with `output`: the rule's fix (safe or unsafe) applied through the
 *   engine gives exactly `output`; the result parses, the finding is gone, no
 *   new finding of the rule appears, and fixing again changes nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { parseDocument } from 'yaml';
import { rules } from '../../rules/index';
import type { RuleId } from '../../rules/index';
import { toSpectral } from '../../rules/ruleset';
import type { JsonPath } from '../../rules/types';
import { lint } from '../../server/src/engine/lint';
import { fixFile } from '../../server/src/engine/fix/index';

export interface ValidCase {
  name: string;
  document: string;
  /** File name used for the case (decides YAML vs JSON); default doc.yaml / doc.json by content. */
  filename?: string;
  /** Extra files written beside the document (multi-file cases), name → text. */
  files?: Record<string, string>;
  /** Rule options (replaces the rule's default functionOptions). */
  options?: unknown;
}

export interface ExpectedError {
  path?: JsonPath;
  /** 1-based line of the range start. */
  line?: number;
  /** A substring of the message. */
  message?: string;
  /** File (relative to the case folder) the finding is in; default the document. */
  file?: string;
  /** The reported severity (default: not checked). */
  severity?: 'error' | 'warn' | 'info' | 'hint';
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
  /** The document after the rule's fix. */
  output?: string;
  /** The rule offers no fix for these findings (which edit to make is the team's call). */
  noFix?: boolean;
}

export function ruleset1(id: string, options?: unknown): Ruleset {
  const rule = rules.find(r => r.id === id);
  if (!rule) throw new Error(`no rule ${id} in rules/index.ts`);
  // The rule under test runs, a rule of apiconv:all only (off by default) too.
  const def = { ...toSpectral(rule), recommended: true } as unknown as Record<string, unknown> & { then: Record<string, unknown> | Record<string, unknown>[] };
  if (options !== undefined) {
    const thens = Array.isArray(def.then) ? def.then : [def.then];
    def.then = thens.map(t => ({ ...t, functionOptions: options }));
  }
  return new Ruleset({ rules: { [id]: def } } as never, { severity: 'recommended' });
}

const SEVERITY_NAMES = ['error', 'warn', 'info', 'hint'] as const;

export function writeCase(c: ValidCase): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiconv-rule-'));
  const name = c.filename ?? (c.document.trimStart().startsWith('{') ? 'doc.json' : 'doc.yaml');
  for (const [rel, text] of Object.entries(c.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  const file = path.join(dir, name);
  fs.writeFileSync(file, c.document);
  return file;
}

export async function runRule(id: string, c: ValidCase) {
  const file = writeCase(c);
  const result = await lint(c.document, file, { ruleset: ruleset1(id, c.options) });
  const parserErrors = result.problems.filter(p => p.code === 'parser' && p.severity === 0);
  assert.deepEqual(parserErrors, [], 'the test document must parse');
  return { file, problems: result.problems.filter(p => p.code === id) };
}

export function testRule(id: RuleId, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  describe(`rule ${id}`, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, async () => {
        const { problems } = await runRule(id, c);
        assert.deepEqual(
          problems.map(p => ({ path: p.path, line: p.range.start.line + 1, message: p.message })),
          [],
          `expected no ${id} finding`,
        );
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, async () => {
        const { file, problems } = await runRule(id, c);
        const got = problems.map(p => ({
          path: p.path,
          line: p.range.start.line + 1,
          message: p.message,
          file: path.relative(path.dirname(file), p.source),
          severity: SEVERITY_NAMES[p.severity],
        }));
        assert.equal(got.length, c.errors.length, `expected ${c.errors.length} ${id} finding(s), got ${JSON.stringify(got, null, 1)}`);
        c.errors.forEach((e, i) => {
          if (e.path) assert.deepEqual(got[i].path, e.path, `finding ${i}: path`);
          if (e.line !== undefined) assert.equal(got[i].line, e.line, `finding ${i}: line`);
          if (e.message) assert.ok(got[i].message.includes(e.message), `finding ${i}: message "${got[i].message}" lacks "${e.message}"`);
          assert.equal(got[i].file, e.file ?? path.basename(file), `finding ${i}: file`);
          if (e.severity) assert.equal(got[i].severity, e.severity, `finding ${i}: severity`);
        });
        if (c.noFix) {
          const fixed = await fixFile(c.document, file, { ruleset: ruleset1(id, c.options), safeOnly: false });
          assert.equal(fixed.applied, 0, 'no fix is offered');
        }
        if (c.output !== undefined) {
          const ruleset = ruleset1(id, c.options);
          const fixed = await fixFile(c.document, file, { ruleset, safeOnly: false });
          const out = fixed.files.get(file) ?? c.document;
          assert.equal(out, c.output, 'fixed text');
          const parsed = parseDocument(out);
          assert.deepEqual(
            parsed.errors.map(e => e.message),
            [],
            'the fixed document parses',
          );
          fs.writeFileSync(file, out);
          const after = await lint(out, file, { ruleset });
          assert.deepEqual(
            after.problems.filter(p => p.code === id || p.code === 'parser'),
            [],
            'no finding left after the fix',
          );
          const again = await fixFile(out, file, { ruleset, safeOnly: false });
          assert.equal(again.applied, 0, 'fixing again changes nothing');
        }
      });
    }
  });
}
