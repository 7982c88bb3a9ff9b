/**
 * The documents the editor has open, and the files of the workspace as this thread reads them: a file's path from a
 * URI and back, its text (the open buffer wins over the disk), and its parse for the outline, hover and definition,
 * kept per file and patched after an edit.
 */
import * as path from 'node:path';
import { TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { readRefFile } from '../engine';
import { EditLog } from './editLog';
import { makeParsed, updateParsed, type NavHost, type Parsed } from './navigation';
import { maxBytesOf, type ServerSettings } from './settings';

/** A document this long (characters) takes long enough to parse whole in this thread that its parse is timed with care. */
export const BIG_PARSE_CHARS = 256 * 1024;

/** Parsed files kept for the outline and hovers. */
const PARSED_KEPT = 64;

export class OpenDocuments {
  /** Each edit as offsets, from version to version: what the lint worker is sent (lintTexts.ts). */
  readonly edits = new EditLog();
  readonly documents = new TextDocuments<TextDocument>({
    create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
    update: (doc, changes, version) => this.edits.update(this.fileOf(doc.uri), doc, changes, version),
  });
  /** Open file → the URI the editor opened it by. */
  private readonly openUris = new Map<string, string>();
  private readonly parsedCache = new Map<string, Parsed>();

  /**
   * `maxBytes`: the size limit of a file's last lint, if it has one (a document over it is not parsed here either).
   */
  constructor(
    private readonly settings: ServerSettings,
    private readonly maxBytes: (file: string) => number | undefined,
  ) {}

  fileOf(uri: string): string {
    try {
      const u = URI.parse(uri);
      if (u.scheme === 'file') return path.resolve(u.fsPath);
      const base = this.settings.folders[0] ?? process.cwd();
      return path.join(base, `${u.scheme}-${path.basename(u.path) || 'document'}`);
    } catch {
      return uri;
    }
  }

  uriOf(file: string): string {
    return this.openUris.get(file) ?? URI.file(file).toString();
  }

  opened(file: string, uri: string): void {
    this.openUris.set(file, uri);
  }

  closed(file: string): void {
    this.openUris.delete(file);
    this.edits.forget(file);
    this.parsedCache.delete(file);
  }

  isOpen(file: string): boolean {
    return this.openUris.has(file);
  }

  openDoc(file: string): TextDocument | undefined {
    const uri = this.openUris.get(file);
    return uri ? this.documents.get(uri) : undefined;
  }

  /** The open files (their paths). */
  openFiles(): IterableIterator<string> {
    return this.openUris.keys();
  }

  readText(file: string): string | undefined {
    const doc = this.openDoc(file);
    if (doc) return doc.getText();
    try {
      // Hover, definition, code actions: regular files of bounded size inside the workspace only (refFiles.ts),
      // under the session's policy whatever a lint in this thread set last.
      return readRefFile(file, this.settings.refPolicy);
    } catch {
      return undefined;
    }
  }

  /** The open documents' texts but `except`'s (what a lint reads instead of the disk), and their versions. */
  overlays(except: string): { texts: Record<string, string>; versions: Map<string, number> } {
    const texts: Record<string, string> = {};
    const versions = new Map<string, number>();
    for (const doc of this.documents.all()) {
      const f = this.fileOf(doc.uri);
      versions.set(f, doc.version);
      if (f !== except) texts[f] = doc.getText();
    }
    return { texts, versions };
  }

  /** Whether a tree of `file` is kept (a request patches it rather than parsing the document whole). */
  keepsTree(file: string): boolean {
    return this.parsedCache.get(file)?.tree !== undefined;
  }

  /** Whether `file`'s parse is kept and is a whole parse (not the tree of an earlier text moved past edits). */
  hasParsed(file: string): boolean {
    const hit = this.parsedCache.get(file);
    return hit !== undefined && !hit.stale;
  }

  readonly nav: NavHost = {
    parsed: file => this.parsed(file, false),
    uriOf: file => this.uriOf(file),
  };

  /**
   * The parse of an open document that rests (no edit, no lint for a while: the scheduler): a big one whose tree was
   * only moved past the edits is parsed whole now, unless its text is broken (updateParsed).
   */
  parseResting(file: string): void {
    this.parsed(file, true);
  }

  private parsed(file: string, resting: boolean): Parsed | undefined {
    const text = this.readText(file);
    if (text === undefined) return undefined;
    // A document over the size limit is not linted (one message): nor parsed here for the outline and hovers.
    const max = this.maxBytes(file) ?? maxBytesOf(this.settings.globalSettings);
    if (text.length * 3 > max && Buffer.byteLength(text, 'utf8') > max) return undefined;
    const hit = this.parsedCache.get(file);
    // A tree only moved past the edits is patched, moved or parsed again (updateParsed).
    if (hit && hit.text === text && !hit.stale) return hit;
    // After an edit (typing), the last tree is patched where it can be: one entry parsed again, not the document.
    // The open document's positions (kept up to date by each edit) rather than a new TextDocument's. A request on an
    // open document never parses a big one whole when it has a tree to move (updateParsed): the scheduler does, once
    // the document rests.
    const open = this.openDoc(file);
    const doc = open && open.getText() === text ? open : undefined;
    const parsed = hit ? updateParsed(hit, text, doc, performance.now(), resting || open === undefined) : makeParsed(file, text, undefined, doc);
    this.parsedCache.set(file, parsed);
    if (this.parsedCache.size > PARSED_KEPT) this.parsedCache.delete(this.parsedCache.keys().next().value!);
    return parsed;
  }
}
