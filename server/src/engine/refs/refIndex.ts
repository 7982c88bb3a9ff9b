/**
 * The index of references between the files of a workspace: for each file, its sections (scan.ts), and on them
 * what a reference, a rename or a reference count needs — which `$ref` in which file points at which component,
 * and the names a document uses for its tags, operations and security schemes. Pure: it is given texts and their
 * trees (`update`), or reads them through a `FileSource`; the language server and the CLI feed it.
 */
import * as path from 'node:path';
import { pointerToPath } from '@stoplight/json';
import { commonPrefix, commonSuffix } from '../parse/window';
import { LineIndex } from '../lineIndex';
import { fileUriTarget } from '../refFiles';
import {
  declPath,
  fileKindOf,
  scanAll,
  scanFile,
  scanSection,
  sectionNodes,
  type DeclSite,
  type FileKind,
  type PosNode,
  type RefSite,
  type ScannedFile,
  type Section,
  type Site,
} from './scan';
import { RefTally, isSecurityScheme } from './tally';

export interface FileState {
  file: string;
  text: string;
  kind: FileKind;
  sections: Section[];
  lines: LineIndex;
}

/** What a reference or a rename is about. */
export type RefSymbol =
  { kind: 'component'; file: string; path: string[] } | { kind: 'tag'; file: string; name: string } | { kind: 'operationId'; file: string; name: string };

/**
 * A place that names a symbol: its declaration (a component's key, a tag's `name`, an `operationId`) or a use (a
 * `$ref` or mapping value, a security requirement's key, an operation's tag, a link's `operationId`).
 */
export interface Occurrence {
  file: string;
  start: number;
  end: number;
  role: 'declaration' | 'ref' | 'mapping' | 'security' | 'tag' | 'link';
  /** The text there (a `$ref`'s whole value; the name for the others). */
  text: string;
}

/** Where a `$ref` points: a file and the path of the pointer in it. */
export interface Target {
  file: string;
  path: string[];
}

export type FileSource = (file: string) => { text: string; tree: PosNode | undefined } | undefined;

export class RefIndex {
  private readonly files = new Map<string, FileState>();
  /** Files the source could not give, until they are updated or forgotten. */
  private readonly missing = new Set<string>();
  private readonly targets = new WeakMap<RefSite, Target | null>();
  /** Declarations, counts and APIs over every file, kept up to date per section changed. */
  private readonly tally = new RefTally({
    state: file => this.files.get(file),
    kindOf: file => this.files.get(file)?.kind,
    target: (from, ref) => this.target(from, ref),
  });

  constructor(private readonly source?: FileSource) {}

  /**
   * Indexes `text` (parsed as `tree`) as the content of `file`. After an edit inside one section (an entry of
   * `paths`, a component…), that section is scanned again and the ones after it moved; otherwise the whole tree.
   */
  update(file: string, text: string, tree: PosNode | undefined): void {
    const prev = this.files.get(file);
    if (prev && prev.text === text) return;
    if (!prev) {
      this.adopt(file, text, scanFile(tree));
      return;
    }
    this.missing.delete(file);
    const kind = fileKindOf(tree);
    const edit = editBetween(prev.text, text);
    const sections = (tree && prev.kind === kind && rescanEdited(prev, edit, tree)) || scanAll(tree, kind);
    this.files.set(file, { file, text, kind, sections, lines: LineIndex.afterEdit(prev.lines, text, edit) });
    this.tally.changed(file, prev.kind !== kind);
  }

  /** Indexes `text` as the content of `file`, scanned whole elsewhere (`scanFile`, in a worker thread). */
  adopt(file: string, text: string, scanned: ScannedFile): void {
    this.missing.delete(file);
    const prev = this.files.get(file);
    this.files.set(file, { file, text, kind: scanned.kind, sections: scanned.sections, lines: new LineIndex(text) });
    this.tally.changed(file, prev?.kind !== scanned.kind);
  }

  /**
   * What the index derives from its files (declarations, counts, links) brought up to date with the files indexed
   * since the last question, in an idle moment: else the next question (a keystroke's code lenses) counts them all.
   */
  settle(): void {
    this.tally.settle();
  }

  forget(file: string): void {
    this.missing.delete(file);
    if (this.files.delete(file)) this.tally.changed(file, true);
  }

  /** The indexed state of `file`, read through the source when it is not indexed yet. */
  get(file: string): FileState | undefined {
    const known = this.files.get(file);
    if (known || this.missing.has(file) || !this.source) return known;
    const read = this.source(file);
    if (!read) {
      this.missing.add(file);
      return undefined;
    }
    this.update(file, read.text, read.tree);
    return this.files.get(file);
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  /**
   * Indexes `file` and every file its `$ref`s reach, through the source. Once they are indexed, a call costs a
   * look at each one's links (the tally's), not at its `$ref`s.
   */
  follow(file: string): void {
    const queue = [file];
    const seen = new Set(queue);
    for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
      for (const t of this.get(f) ? this.tally.reachedFrom(f) : []) {
        if (seen.has(t)) continue;
        seen.add(t);
        queue.push(t);
      }
    }
  }

  indexedFiles(): string[] {
    return [...this.files.keys()];
  }

  /** Where a `$ref` (or a mapping value) of `from` points; undefined for a remote `$ref` or a bad pointer. */
  target(from: string, site: RefSite): Target | undefined {
    let t = this.targets.get(site);
    if (t === undefined) {
      t = resolveTarget(from, site, this.files.get(from)?.kind) ?? null;
      this.targets.set(site, t);
    }
    return t ?? undefined;
  }

  /** The component a target is in (a file's `components/schemas/Pet`, a parts file's `Pet`), if any. */
  componentOf(target: Target): RefSymbol | undefined {
    const kind = this.get(target.file)?.kind;
    const p = kind && declPath(target.path, kind);
    return p ? { kind: 'component', file: target.file, path: p } : undefined;
  }

  /** The symbol at `offset` of `file` and the span naming it there. */
  symbolAt(file: string, offset: number): { symbol: RefSymbol; start: number; end: number } | undefined {
    const state = this.get(file);
    const section = state?.sections.find(s => s.start <= offset && offset <= s.end);
    if (!state || !section) return undefined;
    const at = (x: { start: number; end: number }) => x.start <= offset && offset <= x.end;
    const decl = section.decls.find(d => d.keyStart <= offset && offset <= d.keyEnd);
    if (decl) return { symbol: { kind: 'component', file, path: decl.path }, start: decl.keyStart, end: decl.keyEnd };
    const ref = section.refs.find(at);
    if (ref) {
      const t = this.target(file, ref);
      const symbol = t && this.componentOf(t);
      return symbol ? { symbol, start: ref.start, end: ref.end } : undefined;
    }
    const use = section.securityUses.find(at);
    if (use) {
      const symbol = this.securityScheme(file, use.name);
      return symbol ? { symbol, start: use.start, end: use.end } : undefined;
    }
    const tag = section.tagDecls.find(at) ?? section.tagUses.find(at);
    if (tag) return { symbol: { kind: 'tag', file, name: tag.name }, start: tag.start, end: tag.end };
    const id = section.operationIds.find(at) ?? section.linkOperationIds.find(at);
    if (id) return { symbol: { kind: 'operationId', file, name: id.name }, start: id.start, end: id.end };
    return undefined;
  }

  /** Every occurrence of `symbol` in the indexed files, its declarations first. */
  occurrences(symbol: RefSymbol): Occurrence[] {
    const out: Occurrence[] = [];
    const add = (file: string, s: Site, role: Occurrence['role']) => out.push({ file, start: s.start, end: s.end, role, text: s.name });
    if (symbol.kind === 'component') {
      const decl = this.declaration(symbol.file, symbol.path);
      if (decl) out.push({ file: symbol.file, start: decl.keyStart, end: decl.keyEnd, role: 'declaration', text: symbol.path[symbol.path.length - 1]! });
      for (const [file, state] of this.files) {
        for (const section of state.sections) {
          for (const ref of section.refs) {
            const t = this.target(file, ref);
            if (t && t.file === symbol.file && startsWith(t.path, symbol.path)) add(file, ref, ref.kind);
          }
        }
      }
      if (isSecurityScheme(symbol.path)) {
        const name = symbol.path[symbol.path.length - 1];
        this.eachInApi(symbol.file, (file, s) => s.securityUses.forEach(u => u.name === name && add(file, u, 'security')));
      }
    } else if (symbol.kind === 'tag') {
      this.eachInApi(symbol.file, (file, s) => s.tagDecls.forEach(t => t.name === symbol.name && add(file, t, 'declaration')));
      this.eachInApi(symbol.file, (file, s) => s.tagUses.forEach(t => t.name === symbol.name && add(file, t, 'tag')));
    } else {
      this.eachInApi(symbol.file, (file, s) => s.operationIds.forEach(t => t.name === symbol.name && add(file, t, 'declaration')));
      this.eachInApi(symbol.file, (file, s) => s.linkOperationIds.forEach(t => t.name === symbol.name && add(file, t, 'link')));
    }
    return out;
  }

  /** The declaration of the component at `componentPath` of `file`. */
  declaration(file: string, componentPath: readonly string[]): DeclSite | undefined {
    return this.get(file) && this.tally.declaration(file, componentPath);
  }

  /** The number of `$ref`s and security requirements naming the component at `componentPath` of `file`. */
  referenceCount(file: string, componentPath: readonly string[]): number {
    return this.tally.count(file, componentPath);
  }

  /** Every component's reference count, by file and path (tally.ts `countKey`), over every indexed file (those named at least once). */
  referenceCounts(): Map<string, number> {
    return this.tally.counts();
  }

  /**
   * The files of the API `file` belongs to: those it is linked with by `$ref`s, either way. Tags, operationIds and
   * security scheme names are the API's, whichever of its files names them.
   */
  apiFiles(file: string): Set<string> {
    return this.tally.apiFiles(file);
  }

  /** The security scheme named `name` in the API of `file`. */
  securityScheme(file: string, name: string): RefSymbol | undefined {
    const found = this.tally.securityScheme(file, name);
    return found && { kind: 'component', ...found };
  }

  private eachInApi(file: string, fn: (file: string, section: Section) => void): void {
    for (const f of this.apiFiles(file)) for (const s of this.get(f)?.sections ?? []) fn(f, s);
  }
}

export function startsWith(p: readonly string[], prefix: readonly string[]): boolean {
  if (p.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (p[i] !== prefix[i]) return false;
  return true;
}

/** The edit that turns `before` into `after`: old [a, bOld) became [a, bNew). */
interface Edit {
  a: number;
  bOld: number;
  bNew: number;
}

function editBetween(before: string, after: string): Edit {
  const a = commonPrefix(before, after);
  const tail = commonSuffix(before, after, Math.min(before.length, after.length) - a);
  return { a, bOld: before.length - tail, bNew: after.length - tail };
}

/**
 * The sections after `edit` when it is inside one section whose entry is still where it was: that one scanned
 * again, those after it moved by the edit's length (in place: they are `prev`'s, which is replaced, and the
 * `$ref` sites keep their resolved targets). undefined otherwise.
 */
function rescanEdited(prev: FileState, edit: Edit, tree: PosNode): Section[] | undefined {
  const { a, bOld, bNew } = edit;
  const delta = bNew - bOld;
  const i = prev.sections.findIndex(s => s.start < a && bOld < s.end);
  const nodes = sectionNodes(tree, prev.kind);
  const old = prev.sections[i];
  const now = nodes[i];
  if (!old || !now || nodes.length !== prev.sections.length) return undefined;
  const fresh = scanSection(now.node, now.path, prev.kind);
  if (fresh.start !== old.start || fresh.end !== old.end + delta) return undefined;
  const sections = prev.sections;
  sections[i] = fresh;
  if (delta !== 0) for (let j = i + 1; j < sections.length; j++) shift(sections[j]!, delta);
  return sections;
}

function shift(s: Section, delta: number): void {
  const move = (x: { start: number; end: number }) => {
    x.start += delta;
    x.end += delta;
  };
  move(s);
  for (const d of s.decls) {
    move(d);
    d.keyStart += delta;
    d.keyEnd += delta;
  }
  for (const o of s.operations) move(o);
  // An operation's operationId is one of `operationIds` too: moved there.
  for (const list of [s.refs, s.tagDecls, s.tagUses, s.securityUses, s.operationIds, s.linkOperationIds]) for (const x of list) move(x);
}

/** The file part and pointer of a `$ref` value, as written. */
export function splitRef(ref: string): { filePart: string; fragment: string | undefined } {
  const hash = ref.indexOf('#');
  return hash < 0 ? { filePart: ref, fragment: undefined } : { filePart: ref.slice(0, hash), fragment: ref.slice(hash) };
}

/** The file a `$ref`'s file part names, from `from`; undefined for a remote one. */
export function refFile(from: string, filePart: string, p: path.PlatformPath = path): string | undefined {
  if (!filePart) return from;
  const named = fileUriTarget(filePart, from, p);
  if (named) return named;
  // A scheme (`https:`) names a remote file; on Windows a drive letter (`C:\specs\pet.yaml`, `C:/specs/pet.yaml`) is a path.
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart) && !(p === path.win32 && /^[a-z]:[\\/]/i.test(filePart))) return undefined;
  let decoded = filePart;
  try {
    decoded = decodeURIComponent(filePart);
  } catch {
    /* as written */
  }
  return p.resolve(p.dirname(from), decoded);
}

function resolveTarget(from: string, site: RefSite, kind: FileKind | undefined): Target | undefined {
  const value = site.name;
  // A mapping value without `#` or `/` is a schema's name in the same document.
  if (site.kind === 'mapping' && !/[#/]/.test(value) && !/\.(ya?ml|json)$/i.test(value)) {
    return kind === 'oas3' ? { file: from, path: ['components', 'schemas', value] } : undefined;
  }
  const { filePart, fragment } = splitRef(value);
  const file = refFile(from, filePart);
  if (!file) return undefined;
  if (fragment === undefined || fragment === '#') return { file, path: [] };
  try {
    return { file, path: pointerToPath(fragment).map(String) };
  } catch {
    return undefined;
  }
}
