/** A code action's edits in a document behind a UTF-8 BOM (engine/bom.ts): offsets one further, the text with its BOM. */
import type { JobResult } from './codeActions';

export function editsWithBom(result: JobResult | undefined, bomFiles: ReadonlySet<string>): JobResult | undefined {
  if (!result || bomFiles.size === 0) return result;
  return {
    files: result.files.map(([f, r]) =>
      bomFiles.has(f) ? [f, { text: `\uFEFF${r.text}`, edits: r.edits.map(e => ({ ...e, offset: e.offset + 1 })) }] : [f, r],
    ),
  };
}
