// What one lint worker keeps per lint, in one process (not a test):
//   node --expose-gc --import tsx test/bench/lintMemory.ts [--doc FILE] [--seed S] [--lints N] [--edits-per-lint K] [--every M] [--snapshots A,B]
// The long soak's editing user (test/fuzz/server.ts Editor) edits the document; every K edits the text is linted as
// the lint worker lints an open document (lsp/lintWorker.ts runLintTask, its incremental linter). Every M lints: the
// heap in use after a full collection and the process's RSS. `--snapshots A,B`: a heap snapshot after lints A and B
// (in the temporary folder), for what grew between them. The worker's heap without the server around it: what grows
// here grows per lint, whatever the timing of the edits. The heap holds the editing user's undo too (30 texts at most):
// at the end the document is forgotten (as when it is closed), and what that gives back is what its linter held.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { gcFunction } from '../../server/src/engine/pipeline/garbageCollection';
import { forgetDocument, runLintTask } from '../../server/src/lsp/lintWorker';
import { rng } from '../fuzz/fuzz';
import { Editor, MIDSIZE_DOC } from '../fuzz/server';

const argv = process.argv.slice(2);
const opt = (name: string, def: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : def);
const file = path.resolve(opt('--doc', MIDSIZE_DOC));
const seed = Number(opt('--seed', '34'));
const lints = Number(opt('--lints', '400'));
const editsPerLint = Number(opt('--edits-per-lint', '2'));
const every = Number(opt('--every', '50'));
const snapshots = opt('--snapshots', '').split(',').filter(Boolean).map(Number);

const MB = (n: number) => Math.round((n / 1048576) * 10) / 10;

async function heapInUse(): Promise<number> {
  const gc = gcFunction()!;
  for (let i = 0; i < 2; i++) await gc({ type: 'major', execution: 'async' });
  return v8.getHeapStatistics().used_heap_size;
}

async function main(): Promise<void> {
  const original = fs.readFileSync(file, 'utf8');
  const editor = new Editor(original, rng(seed), original);
  const target = path.join(fs.realpathSync(os.tmpdir()), 'apiconv-lint-memory', path.basename(file));
  const lintText = async (text: string, version: number) => {
    const reply = await runLintTask({ file: target, text, version, trusted: false, allowRemoteRefs: false, overlays: {}, incremental: true });
    return reply.result.problems.some(p => p.code === 'parser');
  };
  await lintText(original, 1);
  const rows: { lint: number; heap: number; rss: number }[] = [{ lint: 0, heap: MB(await heapInUse()), rss: MB(process.memoryUsage.rss()) }];
  const t0 = performance.now();
  for (let n = 1; n <= lints; n++) {
    for (let k = 0; k < editsPerLint; k++) editor.next();
    const broken = await lintText(editor.text, n + 1);
    // As the soak's checkpoints do: a text with a parser error is mended by the next edit, now and then.
    if (n % 20 === 0) editor.checkpoint(broken);
    if (n % every === 0 || n === lints) {
      rows.push({ lint: n, heap: MB(await heapInUse()), rss: MB(process.memoryUsage.rss()) });
      process.stderr.write(`lint ${n}: heap ${rows.at(-1)!.heap} MB, RSS ${rows.at(-1)!.rss} MB\n`);
    }
    const s = snapshots.indexOf(n);
    if (s >= 0) {
      await heapInUse();
      process.stderr.write(`snapshot ${v8.writeHeapSnapshot(path.join(os.tmpdir(), `lint-memory-${s + 1}.heapsnapshot`))}\n`);
    }
  }
  const first = rows[1] ?? rows[0]!;
  const last = rows.at(-1)!;
  console.log(
    `${path.basename(file)}, seed ${seed}, ${lints} lints of ${editsPerLint} edits in ${Math.round((performance.now() - t0) / 1000)} s, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`heap in use after a full collection, MB: ${rows.map(r => r.heap).join(' ')}`);
  console.log(`RSS, MB: ${rows.map(r => r.rss).join(' ')}`);
  const withLinter = await heapInUse();
  forgetDocument(target);
  const held = MB(withLinter - (await heapInUse()));
  console.log(`held by the document's incremental linter at the end: ${held} MB`);
  const spaces = v8.getHeapSpaceStatistics().map(sp => `${sp.space_name.replace(/_space$/, '')} ${MB(sp.space_used_size)}/${MB(sp.space_size)}`);
  console.log(`heap spaces at the end, used/committed MB: ${spaces.join(', ')}`);
  console.log(`from lint ${first.lint} to ${last.lint}: ${(((last.heap - first.heap) / Math.max(1, last.lint - first.lint)) * 1000).toFixed(1)} KB per lint`);
}
void main();
