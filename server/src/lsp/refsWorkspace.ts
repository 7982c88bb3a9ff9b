/**
 * The language server's reference index (engine/refs): every YAML and JSON file of the workspace folders that holds
 * a `$ref` or is an OpenAPI document, read once, and the open documents as they are edited (their trees are the
 * ones hover and the outline use, patched per edit; the index scans again only the section an edit is in). A
 * file changed on disk is read again when next needed. References, rename, file moves, code lenses, document links
 * and workspace symbols read it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Position, Range } from 'vscode-languageserver/node';
import { RefIndex, looksLikeOpenApi, type FileState, type ScannedFile } from '../engine/index';
import { parseTree } from './positionTree';
import type { Parsed } from './navigation';

export interface RefsHost {
  folders(): readonly string[];
  /** The files open in the editor. */
  openFiles(): Iterable<string>;
  /** Files linted besides (by apiconv.lintWorkspace): indexed too, whether they were there at the first scan or not. */
  lintedFiles(): Iterable<string>;
  /** An open file's parse (navigation.ts's, kept up to date per edit). */
  parsedOpen(file: string): Parsed | undefined;
  /** A file's text from disk, under the session's policy (inside the workspace, bounded size); undefined if refused. */
  readDisk(file: string): string | undefined;
  /** A workspace file's text parsed and scanned whole, off this thread where it can be (refsScanner.ts). */
  scan(file: string, text: string): Promise<ScannedFile>;
  /**
   * Resolves when the workspace's read may take its next turn: no open document's lint is waiting or running, and
   * the user has paused (scheduler.ts quiet).
   */
  quiet(): Promise<void>;
  uriOf(file: string): string;
}

const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);
const DOCUMENT = /\.(ya?ml|json)$/i;
/** A workspace with more YAML/JSON files than this is indexed for its first ones (and the open ones, and their targets). */
const MAX_FILES = 5000;

export class WorkspaceRefs {
  readonly index: RefIndex;
  private scan: Promise<void> | undefined;
  private complete = false;
  private scanStarted = 0;
  /** Files indexed from an open buffer: read from disk again once closed. */
  private readonly fromBuffer = new Set<string>();

  constructor(private readonly host: RefsHost) {
    this.index = new RefIndex(file => this.read(file));
  }

  /** The index with the workspace's files read (once) and the open documents' current texts. */
  async fresh(): Promise<RefIndex> {
    await this.indexed();
    return this.known();
  }

  /** Resolves when the workspace's files are read (the read starts if it has not). */
  indexed(): Promise<void> {
    if (!this.scan) {
      this.scanStarted = performance.now();
      this.scan = this.scanWorkspace().then(() => {
        this.complete = true;
      });
    }
    return this.scan;
  }

  /**
   * The index once the workspace's files are read, or as it is (`known`) when they are not read `withinMs` after
   * their read started: a small workspace is answered whole, a big one at once.
   */
  async soon(withinMs: number): Promise<RefIndex> {
    const scan = this.indexed();
    const left = this.scanStarted + withinMs - performance.now();
    if (!this.complete && left > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([scan, new Promise(resolve => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
    return this.known();
  }

  /** Whether the workspace's files are all read. */
  isComplete(): boolean {
    return this.complete;
  }

  /**
   * The index as it is, with the open documents' current texts, without waiting for the workspace's files (their
   * read is started): what a request answered at once knows.
   */
  known(): RefIndex {
    void this.indexed();
    for (const file of this.host.lintedFiles()) this.index.get(file);
    const open = new Set(this.host.openFiles());
    for (const file of this.fromBuffer) {
      if (!open.has(file)) {
        this.fromBuffer.delete(file);
        this.index.forget(file);
      }
    }
    for (const file of open) {
      const parsed = this.host.parsedOpen(file);
      if (!parsed) continue;
      this.fromBuffer.add(file);
      this.index.update(file, parsed.text, parsed.tree);
    }
    // What the open documents reach, read now if the workspace's read missed it (created since, or outside the
    // folders): its `$ref`s back into them count. While the workspace is read, the read will come to it.
    if (this.complete) for (const file of open) this.index.follow(file);
    return this.index;
  }

  /** A file changed, was created or deleted on disk. */
  changed(file: string): void {
    if (!this.fromBuffer.has(file)) this.index.forget(file);
    if (this.scan && DOCUMENT.test(file) && fs.existsSync(file)) this.index.get(file);
  }

  /**
   * Reads the workspace's files that hold a `$ref` or are OpenAPI documents, one at a time, each parsed and
   * scanned by the host (in a worker): a workspace of big documents takes seconds to parse, and the diagnostics
   * and the other requests go on meanwhile. A file opened meanwhile is indexed from its buffer.
   * The read takes its turns while the user does not type (host.quiet): on two cores its parses, the copies of
   * texts and results between the threads and their counting here took the CPU the keystrokes' relints needed.
   */
  private async scanWorkspace(): Promise<void> {
    for (const file of this.workspaceFiles()) {
      await new Promise(resolve => setImmediate(resolve));
      await this.host.quiet();
      if (this.index.has(file)) continue;
      const text = this.host.readDisk(file);
      if (text === undefined || !(text.includes('$ref') || looksLikeOpenApi(text))) continue;
      let scanned: ScannedFile;
      try {
        scanned = await this.host.scan(file, text);
      } catch {
        // The worker died on it (out of memory): the file is left out, the others go on.
        continue;
      }
      if (this.index.has(file)) continue;
      this.index.adopt(file, text, scanned);
      // Counted now, in the read's turn: the lenses asked after the next keystroke count only what it changed.
      this.index.settle();
    }
  }

  /** The open buffer or the file on disk. */
  private read(file: string): { text: string; tree: Parsed['tree'] } | undefined {
    const open = [...this.host.openFiles()].includes(file) ? this.host.parsedOpen(file) : undefined;
    if (open) {
      this.fromBuffer.add(file);
      return { text: open.text, tree: open.tree };
    }
    const text = this.host.readDisk(file);
    return text === undefined ? undefined : { text, tree: parseTree(text, file) };
  }

  private workspaceFiles(): string[] {
    const out: string[] = [];
    const walk = (dir: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (out.length >= MAX_FILES) return;
        const p = path.join(dir, e.name);
        if (e.isDirectory() && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(p);
        else if (e.isFile() && DOCUMENT.test(e.name)) out.push(p);
      }
    };
    for (const folder of this.host.folders()) walk(folder);
    return out;
  }

  uriOf(file: string): string {
    return this.host.uriOf(file);
  }
}

export function rangeIn(state: FileState, start: number, end: number): Range {
  return { start: state.lines.positionAt(start), end: state.lines.positionAt(end) };
}

export function offsetIn(state: FileState, p: Position): number {
  return state.lines.offsetAt(p.line, p.character) ?? state.text.length;
}
