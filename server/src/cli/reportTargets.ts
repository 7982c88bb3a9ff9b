/**
 * The reports of one lint: `-f sarif:out.sarif -f json:out.json`, or `-f`/`-o` pairs. Every report is made from the
 * same findings; none is dropped in silence (two reports to stdout, or two to one file, are a usage error).
 */
import * as path from 'node:path';
import { UsageError } from './usage';

export const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'summary', 'markdown', 'gitlab', 'html'] as const;
export type FormatName = (typeof FORMATS)[number];

export interface ReportTarget {
  format: FormatName;
  /** The file to write; undefined: stdout. */
  output?: string;
}

/** A `-f`/`-o` option as given, in command-line order. */
export interface ReportOption {
  option: 'format' | 'output';
  value: string;
}

function formatName(name: string): FormatName {
  if (!(FORMATS as readonly string[]).includes(name)) throw new UsageError(`unknown format "${name}" (formats: ${FORMATS.join(', ')})`);
  return name as FormatName;
}

/**
 * The reports that `-f`/`-o` options ask for. `-f name:file` names its file; an `-o` goes to the nearest `-f` before
 * it that has no file yet, or with a single `-f` and a single `-o` to that one, in either order (as before several
 * reports were possible). No `-f`: one stylish report.
 */
export function reportTargets(options: readonly ReportOption[]): ReportTarget[] {
  const formats = options.filter(o => o.option === 'format');
  const outputs = options.filter(o => o.option === 'output');
  const targets: ReportTarget[] = [];
  if (formats.length <= 1 && outputs.length <= 1 && !formats.some(f => hasFile(f.value))) {
    targets.push({ format: formatName(formats[0]?.value ?? 'stylish'), output: outputs[0]?.value });
  } else {
    for (const o of options) {
      if (o.option === 'format') {
        const colon = o.value.indexOf(':');
        targets.push(
          colon > 0 ? { format: formatName(o.value.slice(0, colon)), output: nonEmpty(o.value.slice(colon + 1), o.value) } : { format: formatName(o.value) },
        );
        continue;
      }
      const open = [...targets].reverse().find(t => t.output === undefined);
      if (open === undefined) throw new UsageError(`-o ${o.value}: no -f before it without a file (write -f <format> -o <file>, or -f <format>:<file>)`);
      open.output = o.value;
    }
  }
  const toStdout = targets.filter(t => t.output === undefined);
  if (toStdout.length > 1)
    throw new UsageError(`${toStdout.map(t => t.format).join(' and ')} would both be written to stdout: give all but one a file (-f <format>:<file>)`);
  const seen = new Map<string, FormatName>();
  for (const t of targets) {
    if (t.output === undefined) continue;
    const key = path.resolve(t.output);
    const other = seen.get(key);
    if (other !== undefined) throw new UsageError(`${other} and ${t.format} would both be written to ${t.output}`);
    seen.set(key, t.format);
  }
  return targets;
}

function hasFile(value: string): boolean {
  return value.indexOf(':') > 0;
}

function nonEmpty(file: string, option: string): string {
  if (file === '') throw new UsageError(`-f ${option}: no file after the colon`);
  return file;
}
