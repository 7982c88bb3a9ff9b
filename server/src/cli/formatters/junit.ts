/**
 * JUnit XML: one test suite per document, one test case per finding (a passing one for a
 * clean document). A finding is a failure when it fails the run (its severity is at the fail
 * severity or above, as for the exit code); one below it (an info by default) is a passing
 * test case that shows the finding in its output, so that CI dashboards agree with the exit code.
 */
import { SEVERITY_NAMES } from '../../engine';
import type { Formatter } from './types';
import { bySource, displayPath, jsonPathString, severityName } from './util';

export function xmlEscape(s: string): string {
  // Characters XML 1.0 forbids are dropped; the five specials are escaped.
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export const junit: Formatter = (problems, ctx) => {
  const failAt = SEVERITY_NAMES.indexOf(ctx.failSeverity ?? 'error');
  const fails = (p: { severity: number }) => p.severity <= failAt;
  const groups = bySource(problems);
  // Every linted document, then $ref'd files that have findings.
  const ordered = [...new Set([...ctx.files, ...groups.keys()])];
  const suites: string[] = [];
  for (const source of ordered) {
    const name = xmlEscape(displayPath(source, ctx.cwd));
    const list = groups.get(source) ?? [];
    const cases =
      list.length === 0
        ? [`    <testcase classname="${name}" name="apiconv" time="0"/>`]
        : list.map(p => {
            const where = `${p.range.start.line + 1}:${p.range.start.character + 1}`;
            const detail = `${severityName(p.severity)} ${p.code} at ${displayPath(p.source, ctx.cwd)}:${where} (${jsonPathString(p.path)})\n${p.message}`;
            const body = fails(p)
              ? `      <failure type="${xmlEscape(p.code)}" message="${xmlEscape(p.message)}">${xmlEscape(detail)}</failure>\n`
              : `      <system-out>${xmlEscape(detail)}</system-out>\n`;
            return `    <testcase classname="${name}" name="${xmlEscape(`${p.code} ${where}`)}" time="0">\n${body}    </testcase>`;
          });
    suites.push(
      `  <testsuite name="${name}" tests="${cases.length}" failures="${list.filter(fails).length}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  const tests = ordered.reduce((n, s) => n + Math.max(1, (groups.get(s) ?? []).length), 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="apiconv" tests="${tests}" failures="${problems.filter(fails).length}" errors="0" time="0">\n${suites.join('\n')}${suites.length ? '\n' : ''}</testsuites>\n`;
};
