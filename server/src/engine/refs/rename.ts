/**
 * Renames over the reference index: a component (its key, every `$ref` and mapping value into it, the security
 * requirements naming a scheme), a tag, an operationId; and the `$ref`s to rewrite when a file or a folder moves.
 * The result is a list of text changes (offsets of each file's indexed text), or why the rename is refused.
 */
import * as path from 'node:path';
import { refFile, splitRef, type FileState, type RefIndex, type RefSymbol } from './refIndex';

export interface TextChange {
  file: string;
  start: number;
  end: number;
  newText: string;
}

export type RenamePlan = { changes: TextChange[] } | { refused: string };

/** `text` with the changes of one file made (they do not overlap). */
export function applyChanges(text: string, changes: readonly TextChange[]): string {
  let out = text;
  for (const c of [...changes].sort((a, b) => b.start - a.start)) out = out.slice(0, c.start) + c.newText + out.slice(c.end);
  return out;
}

/** The name a symbol has (a component's key, a tag's, an operationId). */
export function symbolName(symbol: RefSymbol): string {
  return symbol.kind === 'component' ? symbol.path[symbol.path.length - 1]! : symbol.name;
}

/** What renaming cannot give: OpenAPI 3 restricts component names to `^[a-zA-Z0-9.\-_]+$`. */
function badName(index: RefIndex, symbol: RefSymbol, name: string): string | undefined {
  if (name === '') return 'the new name is empty';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'the new name holds a control character';
  if (symbol.kind === 'component' && index.get(symbol.file)?.kind === 'oas3' && !/^[A-Za-z0-9._-]+$/.test(name)) {
    return `"${name}" is not a component name: OpenAPI 3 allows letters, digits, ".", "-" and "_"`;
  }
  return undefined;
}

function collision(index: RefIndex, symbol: RefSymbol, name: string): string | undefined {
  if (symbol.kind === 'component') {
    const parent = symbol.path.slice(0, -1);
    const taken = index
      .get(symbol.file)
      ?.sections.some(s => s.path.length === symbol.path.length && s.path.join('\u0000') === [...parent, name].join('\u0000'));
    return taken ? `"${name}" already exists in ${parent.length ? parent.join('/') : path.basename(symbol.file)}` : undefined;
  }
  const other = index.occurrences({ ...symbol, name });
  if (other.length === 0) return undefined;
  return symbol.kind === 'tag' ? `the tag "${name}" already exists` : `the operationId "${name}" is already used`;
}

export function planRename(index: RefIndex, symbol: RefSymbol, newName: string): RenamePlan {
  const bad = badName(index, symbol, newName) ?? (newName === symbolName(symbol) ? undefined : collision(index, symbol, newName));
  if (bad) return { refused: bad };
  if (newName === symbolName(symbol)) return { changes: [] };
  const changes: TextChange[] = [];
  const depth = symbol.kind === 'component' ? symbol.path.length : 0;
  for (const o of index.occurrences(symbol)) {
    const state = index.get(o.file);
    if (!state) continue;
    const value = o.role === 'ref' || (o.role === 'mapping' && /[#/]/.test(o.text)) ? withSegment(o.text, depth, newName) : newName;
    if (value === undefined) return { refused: `the $ref "${o.text}" in ${path.basename(o.file)} cannot be rewritten` };
    changes.push(scalarChange(state, o, value));
  }
  return { changes };
}

/**
 * `ref` with its pointer's segment number `depth` (1-based: `#/components/schemas/Pet` has Pet at 3) replaced by
 * `name`, escaped (`~0`, `~1`) and URI-encoded; the rest as written.
 */
export function withSegment(ref: string, depth: number, name: string): string | undefined {
  const { filePart, fragment } = splitRef(ref);
  const segments = fragment?.split('/');
  if (!segments || segments.length <= depth) return undefined;
  segments[depth] = encodeSegment(name);
  return filePart + segments.join('/');
}

export function encodeSegment(name: string): string {
  return encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/%7E/gi, '~');
}

/** Replaces the scalar (a value or a key) of an occurrence with `value`, written as the scalar there was. */
function scalarChange(state: FileState, o: { file: string; start: number; end: number }, value: string): TextChange {
  return { file: o.file, start: o.start, end: o.end, newText: renderScalar(state.text.slice(o.start, o.end), value) };
}

const YAML_WORDS = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;
const YAML_NUMBER = /^[-+]?(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?|0x[0-9a-f_]+|0o[0-7_]+|\.inf|\.nan)(?:e[-+]?[0-9]+)?$/i;

/** `value` in the style of `written`: double-quoted, single-quoted, or plain where YAML reads it back as this string. */
export function renderScalar(written: string, value: string): string {
  if (written.startsWith('"')) return JSON.stringify(value);
  if (written.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  const plain = /^[A-Za-z0-9_./$][\w.\-/#~%$]*$/.test(value) && !YAML_WORDS.test(value) && !YAML_NUMBER.test(value);
  return plain ? value : JSON.stringify(value);
}

/**
 * The changes that keep every relative `$ref` right when `from` (a file or a folder) becomes `to`: those that point
 * into what moves, and those of the moved files that point out of it. The changes are in the files where they are
 * now (the editor applies them before it moves the files).
 */
export function planMove(index: RefIndex, from: string, to: string): TextChange[] {
  const moved = (f: string) => (f === from ? to : f.startsWith(from + path.sep) ? to + f.slice(from.length) : undefined);
  const changes: TextChange[] = [];
  for (const file of index.indexedFiles()) {
    const state = index.get(file)!;
    const newFile = moved(file) ?? file;
    for (const section of state.sections) {
      for (const ref of section.refs) {
        const { filePart, fragment } = splitRef(ref.name);
        if (!filePart || (ref.kind === 'mapping' && !/[#/]/.test(ref.name)) || /^[a-z][a-z0-9+.-]*:/i.test(filePart)) continue;
        const target = refFile(file, filePart);
        if (!target) continue;
        const newTarget = moved(target) ?? target;
        if (newFile === file && newTarget === target) continue;
        const part = relativeRef(filePart, newFile, newTarget);
        if (part !== filePart) changes.push(scalarChange(state, { file, start: ref.start, end: ref.end }, part + (fragment ?? '')));
      }
    }
  }
  return changes;
}

/** The file part naming `target` from `file`, written as `written` was: absolute or relative, `./`, URI-encoded. */
function relativeRef(written: string, file: string, target: string): string {
  if (path.isAbsolute(written)) return target;
  let rel = path.relative(path.dirname(file), target).split(path.sep).join('/');
  if (written.startsWith('./') && !rel.startsWith('../')) rel = './' + rel;
  return written.includes('%') || /[\s#?]/.test(rel) ? encodeURI(rel).replace(/#/g, '%23').replace(/\?/g, '%3F') : rel;
}
