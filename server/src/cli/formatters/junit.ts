/** JUnit XML: one test suite per document, one failing test case per finding (a passing one for a clean document). */
import type { Formatter } from './types';
import { bySource, displayPath, jsonPathString, severityName } from './util';

export function xmlEscape(s: string): string {
  // Characters XML 1.0 forbids are dropped; the five specials are escaped.
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export const junit: Formatter = (problems, ctx) => {
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
            return (
              `    <testcase classname="${name}" name="${xmlEscape(`${p.code} ${where}`)}" time="0">\n` +
              `      <failure type="${xmlEscape(p.code)}" message="${xmlEscape(p.message)}">${xmlEscape(detail)}</failure>\n` +
              `    </testcase>`
            );
          });
    suites.push(
      `  <testsuite name="${name}" tests="${cases.length}" failures="${list.length}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  const tests = ordered.reduce((n, s) => n + Math.max(1, (groups.get(s) ?? []).length), 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="apiconv" tests="${tests}" failures="${problems.length}" errors="0" time="0">\n${suites.join('\n')}${suites.length ? '\n' : ''}</testsuites>\n`;
};
