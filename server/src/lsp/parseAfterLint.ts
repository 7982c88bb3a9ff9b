/**
 * The requests that parse an open document in this thread (the outline, hovers, code lenses, references) parse it
 * whole the first time (then its tree is patched after each edit). For a big document that parse holds the thread
 * for a second or more, and a relint's reply arriving meanwhile waited behind it: an edit right after opening stripe,
 * with the outline asked at once, had its diagnostics after the outline's parse (seconds) rather than after its lint.
 * So such a request first lets the pending lint of a big document that has no tree yet be applied and its
 * diagnostics written out, for a bounded time. That holds for a document's first lint too, which the requests that
 * come with the open (the outline, folding, code lenses) ran beside: its one-shot lint takes about as long as that
 * parse, and its reply waited for the parse (seconds on a loaded machine) before its diagnostics were published.
 */
import { BIG_PARSE_CHARS, type OpenDocuments } from './openDocuments';
import type { LintScheduler } from './scheduler';

/**
 * The longest a request waits for a relint before it parses anyway: this long, or as long as the document's last
 * lint took (a relint takes a fraction of that; on a loaded machine both take longer).
 */
const MAX_WAIT_MS = 3000;

/**
 * A document's first lint, and the relint after it (which waits for the incremental state the worker builds after
 * a one-shot first lint: lintWorker.ts), have no last relint to go by, and the first diagnostics are what the user
 * opened the document for: they are waited for until they are out (a loaded machine takes ten times as long as a
 * quiet one), or this long, for a lint that never ends.
 */
const FIRST_LINT_WAIT_MS = 30_000;

/**
 * Resolves once the pending relints of `file` (of every open document without it) that a whole parse would hold up
 * are applied, or once it has waited long enough.
 */
export function relintsBeforeParse(scheduler: LintScheduler, docs: OpenDocuments, file?: string): Promise<void> {
  const waits: Promise<unknown>[] = [];
  let waitMs = MAX_WAIT_MS;
  for (const f of file === undefined ? docs.openFiles() : [file]) {
    const doc = docs.openDoc(f);
    const root = scheduler.get(f);
    if (!doc || !root || docs.keepsTree(f) || doc.getText().length <= BIG_PARSE_CHARS) continue;
    if (root.timer === undefined && root.handle === undefined) continue;
    // A newer version supersedes the one waited for: parse then, with the edit's own relint still to come.
    waits.push(scheduler.waitFor(root, doc.version).catch(() => undefined));
    waitMs = Math.max(waitMs, root.result?.reply.incremental ? root.result.reply.ms : FIRST_LINT_WAIT_MS);
  }
  if (waits.length === 0) return Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>(resolve => (timer = setTimeout(resolve, waitMs)));
  // Applied is not yet out: a big message is written over several turns of the event loop, which the parse would hold.
  return Promise.race([Promise.all(waits).then(() => scheduler.drained()), cap]).finally(() => clearTimeout(timer));
}
