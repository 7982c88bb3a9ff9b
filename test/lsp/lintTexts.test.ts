/**
 * An open document's text sent to the lint worker as the edits since the version sent last (lsp/editLog.ts,
 * lsp/lintTexts.ts): after random edit sequences (several changes per event, whole-text replacements, lints
 * skipped), the worker's text equals the document's; a worker started since, a task the worker never got (the
 * edits then start from a version it does not hold) and edits that do not give the announced length are answered
 * by asking for the task whole, which puts it right.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { WholeTaskNeeded } from '../../server/src/workers/serve';
import { applyEdits, EditLog } from '../../server/src/lsp/editLog';
import { KeptTexts, SentTexts } from '../../server/src/lsp/lintTexts';
import type { PostedLintTask, ServerLintTask } from '../../server/src/lsp/lintWorker';
import { mulberry32 } from '../helpers/seeded';

const FILE = '/ws/api.yaml';
const BASE = ['openapi: 3.0.3', 'info:', '  title: t “quoted”', '  version: 1.0.0', 'paths:', '  /a:', '    get:', '      summary: A', ''].join('\n');

function taskOf(doc: TextDocument): ServerLintTask {
  return { file: FILE, text: doc.getText(), version: doc.version, trusted: false, overlays: {}, incremental: true, allowRemoteRefs: false };
}

/** A random change of `doc`'s current text: an insertion, a deletion or a replacement, line breaks and emoji included. */
function randomChange(rand: () => number, text: string): TextDocumentContentChangeEvent {
  const doc = TextDocument.create('file:///x', 'yaml', 0, text);
  const a = Math.floor(rand() * (text.length + 1));
  const b = Math.min(text.length, a + (rand() < 0.5 ? 0 : Math.floor(rand() * 12)));
  const pieces = ['x', ' ', '\n', '\n  key: value', '😀', 'é', '', '\r\n'];
  const insert = pieces[Math.floor(rand() * pieces.length)]!;
  if (rand() < 0.03) return { text: text.slice(0, a) + insert + text.slice(b) };
  return { range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: insert };
}

/** The pool's round trip: the task posted compacted, or whole when the worker asks for it. */
function post(sent: SentTexts, worker: KeptTexts, task: ServerLintTask): { text: string; whole: boolean } {
  const posted: PostedLintTask = structuredClone(sent.compact(task));
  try {
    return { text: worker.expand(posted).text, whole: !('delta' in posted) };
  } catch (e) {
    assert.ok(e instanceof WholeTaskNeeded, String(e));
    return { text: worker.expand(structuredClone(task)).text, whole: true };
  }
}

describe('open documents sent to the lint worker as edits', () => {
  it('applyEdits applies each edit to the text the ones before it made', () => {
    assert.equal(
      applyEdits('abcdef', [
        { offset: 1, length: 2, newText: 'XY' },
        { offset: 0, length: 0, newText: '>' },
        { offset: 7, length: 0, newText: '<' },
      ]),
      '>aXYdef<',
    );
  });

  it("the log's edits turn each version into the next, as the editor's changes do", () => {
    const log = new EditLog();
    const rand = mulberry32(7);
    let doc = TextDocument.create('file:///ws/api.yaml', 'yaml', 1, BASE);
    const texts = new Map([[1, BASE]]);
    for (let v = 2; v < 300; v++) {
      const changes: TextDocumentContentChangeEvent[] = [];
      // Several changes in one event: each one's positions are in the text the ones before it made.
      let text = doc.getText();
      for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
        const c = randomChange(rand, text);
        changes.push(c);
        text = TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 0, text), [
          'range' in c
            ? { range: c.range, newText: c.text }
            : { range: { start: { line: 0, character: 0 }, end: { line: 1e9, character: 0 } }, newText: c.text },
        ]);
      }
      doc = log.update(FILE, doc, changes, v);
      assert.equal(doc.getText(), text, 'the document is updated as TextDocument.update does');
      texts.set(v, text);
      const from = Math.max(1, v - 1 - Math.floor(rand() * 20));
      assert.equal(applyEdits(texts.get(from)!, log.between(FILE, from, v)!), text, `version ${from} → ${v}`);
    }
    assert.deepEqual(log.between(FILE, 299, 299), []);
    assert.equal(log.between(FILE, 5000, 5001), undefined, 'versions it never saw');
    log.forget(FILE);
    assert.equal(log.between(FILE, 298, 299), undefined, 'a closed document');
  });

  it("after random edits, lints skipped, workers restarted and tasks lost on the way, the worker's text is the document's", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rand = mulberry32(seed);
      const log = new EditLog();
      const sent = new SentTexts(log);
      let worker = new KeptTexts();
      let doc = TextDocument.create('file:///ws/api.yaml', 'yaml', 1, BASE);
      let compacted = 0;
      let resent = 0;
      assert.equal(post(sent, worker, taskOf(doc)).whole, true, 'the first task brings the text');
      for (let v = 2; v < 400; v++) {
        doc = log.update(FILE, doc, [randomChange(rand, doc.getText())], v);
        const r = rand();
        if (r < 0.3) continue; // typed over before its lint started: no task
        if (r < 0.33) worker = new KeptTexts(); // the worker was stopped: the spare holds no text
        if (r < 0.36) {
          sent.compact(taskOf(doc)); // posted, but the worker that got it is gone
          continue;
        }
        const got = post(sent, worker, taskOf(doc));
        assert.equal(got.text, doc.getText(), `seed ${seed}, version ${v}`);
        assert.deepEqual(worker.textOf(FILE), { version: v, text: doc.getText() });
        if (got.whole) resent++;
        else compacted++;
      }
      assert.ok(compacted > 150, `most tasks bring edits (${compacted})`);
      assert.ok(resent > 5, `and some were sent again whole (${resent})`);
    }
  });

  it('edits that do not give the length announced, or start from another version, ask for the whole task', () => {
    const worker = new KeptTexts();
    const doc = TextDocument.create('file:///ws/api.yaml', 'yaml', 3, BASE);
    worker.expand(taskOf(doc));
    const { text: _text, ...rest } = taskOf(doc);
    const wrongLength: PostedLintTask = { ...rest, version: 4, delta: { from: 3, edits: [{ offset: 0, length: 0, newText: 'x' }], length: BASE.length } };
    assert.throws(() => worker.expand(wrongLength), WholeTaskNeeded);
    const otherVersion: PostedLintTask = { ...rest, version: 4, delta: { from: 2, edits: [], length: BASE.length } };
    assert.throws(() => worker.expand(otherVersion), WholeTaskNeeded);
    assert.deepEqual(worker.textOf(FILE), { version: 3, text: BASE }, 'what it holds is kept');
    worker.forget(FILE);
    const afterClose: PostedLintTask = { ...rest, version: 4, delta: { from: 3, edits: [], length: BASE.length } };
    assert.throws(() => worker.expand(afterClose), WholeTaskNeeded, 'a closed document');
  });

  it('a task without a version (a file read from disk) and a paste bigger than half the text go whole', () => {
    const log = new EditLog();
    const sent = new SentTexts(log);
    const disk: ServerLintTask = { file: FILE, text: BASE, trusted: false, overlays: {}, allowRemoteRefs: false };
    assert.equal(sent.compact(disk), disk);
    let doc = TextDocument.create('file:///ws/api.yaml', 'yaml', 1, BASE);
    sent.compact(taskOf(doc));
    doc = log.update(FILE, doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x' }], 2);
    assert.ok('delta' in sent.compact(taskOf(doc)), 'one character: the edit');
    doc = log.update(FILE, doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: BASE + BASE }], 3);
    assert.ok(!('delta' in sent.compact(taskOf(doc))), 'two thirds of the text pasted: whole');
  });

  it("the open documents a task carries go as edits too, and the worker's overlays are the documents' texts", () => {
    const OTHER = '/ws/shared.yaml';
    for (const seed of [11, 12, 13]) {
      const rand = mulberry32(seed);
      const log = new EditLog();
      const sent = new SentTexts(log);
      let worker = new KeptTexts();
      const docs = new Map([
        [FILE, TextDocument.create('file:///ws/api.yaml', 'yaml', 1, BASE)],
        [OTHER, TextDocument.create('file:///ws/shared.yaml', 'yaml', 1, BASE.replace('A', 'Shared'))],
      ]);
      const taskFor = (file: string): ServerLintTask => {
        const other = file === FILE ? OTHER : FILE;
        const doc = docs.get(file)!;
        const neighbour = docs.get(other)!;
        return {
          ...taskOf(doc),
          file,
          overlays: { [other]: neighbour.getText() },
          overlayVersions: { [file]: doc.version, [other]: neighbour.version },
        };
      };
      let compacted = 0;
      for (let step = 0; step < 400; step++) {
        const edited = rand() < 0.5 ? FILE : OTHER;
        const doc = docs.get(edited)!;
        docs.set(edited, log.update(edited, doc, [randomChange(rand, doc.getText())], doc.version + 1));
        if (rand() < 0.03) worker = new KeptTexts(); // the worker was stopped: the spare holds no text
        // A lint of either document: the other rides along as an overlay.
        const task = taskFor(rand() < 0.5 ? FILE : OTHER);
        const posted = sent.compact(task);
        if (posted.overlayDeltas) compacted++;
        let got: ServerLintTask;
        try {
          got = worker.expand(structuredClone(posted));
        } catch (e) {
          assert.ok(e instanceof WholeTaskNeeded, String(e));
          got = worker.expand(structuredClone(task));
        }
        assert.equal(got.text, task.text, `seed ${seed}, step ${step}: the text`);
        assert.deepEqual(got.overlays, task.overlays, `seed ${seed}, step ${step}: the overlays`);
      }
      assert.ok(compacted > 250, `most overlays go as edits (${compacted})`);
    }
  });
});
