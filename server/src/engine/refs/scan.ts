/**
 * What one file says about references: its `$ref`s, the components it declares, its operations, tags,
 * operationIds and security requirement names, each with the offsets of its text. Read from a tree with
 * offsets (the language server's, or one parsed for the CLI) a section at a time — an entry of `paths`, a
 * component, a top-level key — so that an edit inside one section scans that section alone (index.ts).
 */

/** A node of a parse with offsets (the language server's tree is one): what the scan reads. */
export interface PosNode {
  type: 'object' | 'array' | 'scalar';
  /** Offsets of the value. */
  start: number;
  end: number;
  /** The key (object member) or index (array item) under which the node sits. */
  key?: string | number;
  /** Offsets of the key's text (object members). */
  keyStart?: number;
  keyEnd?: number;
  value?: unknown;
  children?: PosNode[];
}

export type Path = (string | number)[];

/** A name or a value in the text: [start, end) of its scalar (quotes included). */
export interface Site {
  name: string;
  start: number;
  end: number;
}

export interface RefSite extends Site {
  /**
   * `ref` a `$ref`; `mapping` a discriminator mapping's value, a `$ref` too when it holds `#` or a file, else a
   * schema's name.
   */
  kind: 'ref' | 'mapping';
}

export interface OperationSite {
  method: string;
  /** The path template (or the webhook's name). */
  route: string;
  operationId?: Site;
  /** The operation's entry: its key to its end. */
  start: number;
  end: number;
}

/** A declared entry: a component, or a top-level key of a file that is not an OpenAPI document. */
export interface DeclSite {
  path: string[];
  keyStart: number;
  keyEnd: number;
  /** The entry, its key to its end. */
  start: number;
  end: number;
}

/** What a section holds. Offsets are the text's; index.ts moves them when an edit before them moves the text. */
export interface Section {
  /** The path of the section's entry (`['paths', '/pets']`, `['components', 'schemas', 'Pet']`, `['info']`). */
  path: Path;
  start: number;
  end: number;
  refs: RefSite[];
  decls: DeclSite[];
  operations: OperationSite[];
  /** `tags[].name` of the document. */
  tagDecls: Site[];
  /** An operation's `tags` items. */
  tagUses: Site[];
  /** The names in `security` requirements (keys). */
  securityUses: Site[];
  operationIds: Site[];
  /** `operationId` of a Link object. */
  linkOperationIds: Site[];
}

/** The OpenAPI version family of a document, or `fragment` for a file of parts (`$ref`'d schemas, path items…). */
export type FileKind = 'oas2' | 'oas3' | 'fragment';

export function fileKindOf(root: PosNode | undefined): FileKind {
  for (const c of root?.type === 'object' ? (root.children ?? []) : []) {
    if (c.key === 'swagger') return 'oas2';
    if (c.key === 'openapi') return 'oas3';
  }
  return 'fragment';
}

/** Swagger 2.0's top-level maps of reusable parts. */
export const OAS2_COMPONENT_MAPS = new Set(['definitions', 'parameters', 'responses', 'securityDefinitions']);
/** Maps of keys whose entries are sections of their own (an edit inside one scans it alone). */
const SPLIT_TOP = new Set(['paths', 'webhooks', 'x-ms-paths', ...OAS2_COMPONENT_MAPS]);

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

/** The node and path of every section of a tree, in document order. */
export function sectionNodes(root: PosNode, kind: FileKind): { node: PosNode; path: Path }[] {
  const out: { node: PosNode; path: Path }[] = [];
  if (root.type !== 'object') return [{ node: root, path: [] }];
  for (const top of root.children ?? []) {
    const key = String(top.key);
    if (top.type === 'object' && kind !== 'fragment' && (SPLIT_TOP.has(key) || key === 'components')) {
      for (const c of top.children ?? []) {
        if (key === 'components' && c.type === 'object') for (const e of c.children ?? []) out.push({ node: e, path: [key, String(c.key), String(e.key)] });
        else out.push({ node: c, path: [key, String(c.key)] });
      }
    } else {
      out.push({ node: top, path: [key] });
    }
  }
  return out;
}

export function scanAll(tree: PosNode | undefined, kind: FileKind): Section[] {
  return tree ? sectionNodes(tree, kind).map(s => scanSection(s.node, s.path, kind)) : [];
}

/** A file scanned whole: its kind and sections (plain data: a worker thread can send it). */
export interface ScannedFile {
  kind: FileKind;
  sections: Section[];
}

export function scanFile(tree: PosNode | undefined): ScannedFile {
  const kind = fileKindOf(tree);
  return { kind, sections: scanAll(tree, kind) };
}

function emptySection(path: Path, start: number, end: number): Section {
  return { path, start, end, refs: [], decls: [], operations: [], tagDecls: [], tagUses: [], securityUses: [], operationIds: [], linkOperationIds: [] };
}

/** The path of a component declared at `path` in a file of `kind`, or undefined when nothing is declared there. */
export function declPath(path: readonly (string | number)[], kind: FileKind): string[] | undefined {
  if (kind === 'oas3' && path[0] === 'components' && path.length >= 3) return path.slice(0, 3).map(String);
  if (kind === 'oas2' && OAS2_COMPONENT_MAPS.has(String(path[0])) && path.length >= 2) return path.slice(0, 2).map(String);
  if (kind === 'fragment' && path.length >= 1) return [String(path[0])];
  return undefined;
}

function site(n: PosNode | undefined): Site | undefined {
  return n && n.type === 'scalar' && typeof n.value === 'string' ? { name: n.value, start: n.start, end: n.end } : undefined;
}

function keySite(n: PosNode): Site | undefined {
  return n.keyStart === undefined ? undefined : { name: String(n.key), start: n.keyStart, end: n.keyEnd! };
}

function childOf(n: PosNode, key: string): PosNode | undefined {
  return n.type === 'object' ? n.children?.find(c => c.key === key) : undefined;
}

/** Whether the node at `path` is a path item (a `paths` entry, a webhook, a callback's expression…). */
function isPathItem(path: Path): boolean {
  const n = path.length;
  if (n === 2) return path[0] === 'paths' || path[0] === 'webhooks' || path[0] === 'x-ms-paths';
  if (n === 3 && path[0] === 'components' && path[1] === 'pathItems') return true;
  return n >= 3 && path[n - 3] === 'callbacks';
}

/** The section of `node`, the entry at `path` of a file of `kind`. */
export function scanSection(node: PosNode, path: Path, kind: FileKind): Section {
  const section = emptySection(path, node.keyStart ?? node.start, Math.max(node.end, node.keyEnd ?? node.start));
  const decl = declPath(path, kind);
  if (decl && decl.length === path.length && node.keyStart !== undefined && (kind !== 'fragment' || isPartOfMap(node))) {
    section.decls.push({ path: decl, keyStart: node.keyStart, keyEnd: node.keyEnd!, start: section.start, end: section.end });
  }
  if (kind !== 'fragment' && path.length === 1 && path[0] === 'tags' && node.type === 'array') {
    for (const t of node.children ?? []) {
      const name = site(childOf(t, 'name'));
      if (name) section.tagDecls.push(name);
    }
  }
  // A file that is a path item: its operations are top-level keys.
  if (kind === 'fragment' && path.length === 1 && METHODS.has(String(path[0]).toLowerCase()) && node.type === 'object') {
    addOperation(String(path[0]).toUpperCase(), '', node, section);
  }
  walk(node, path, section, kind);
  return section;
}

/**
 * Field names of the objects a `$ref`'d file is made of (a schema, a path item, a parameter, a response…): a
 * top-level key of a file that is not an OpenAPI document declares a part (`Pet:` in `schemas.yaml`) unless it is
 * one of these (`properties:` of a file that is one schema).
 */
const OBJECT_FIELDS = new Set([
  'type',
  'properties',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'additionalProperties',
  'required',
  'enum',
  'description',
  'summary',
  'example',
  'examples',
  'discriminator',
  'xml',
  'externalDocs',
  'content',
  'headers',
  'links',
  'schema',
  'in',
  'name',
  'parameters',
  'responses',
  'requestBody',
  'callbacks',
  'servers',
  'security',
  'tags',
  'operationId',
  'deprecated',
  '$ref',
  '$defs',
  'definitions',
  'patternProperties',
  'dependentSchemas',
  'prefixItems',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  ...METHODS,
]);

function isPartOfMap(node: PosNode): boolean {
  return node.type === 'object' && !OBJECT_FIELDS.has(String(node.key));
}

function walk(node: PosNode, path: Path, out: Section, kind: FileKind): void {
  if (node.type === 'scalar') return;
  const key = path[path.length - 1];
  if (node.type === 'object') {
    const ref = childOf(node, '$ref');
    const s = site(ref);
    if (s) out.refs.push({ ...s, kind: 'ref' });
    if (key === 'mapping' && path[path.length - 2] === 'discriminator') {
      for (const c of node.children ?? []) {
        const m = site(c);
        if (m) out.refs.push({ ...m, kind: 'mapping' });
      }
    }
    if (isPathItem(path)) operationsOf(node, path, out);
    if (path[path.length - 2] === 'links' && kind !== 'oas2') {
      const id = site(childOf(node, 'operationId'));
      if (id) out.linkOperationIds.push(id);
    }
  } else if (key === 'security') {
    // A security requirement list (top level or an operation's): its objects' keys are scheme names.
    for (const req of node.children ?? []) {
      if (req.type !== 'object') continue;
      for (const c of req.children ?? []) {
        const k = keySite(c);
        if (k) out.securityUses.push(k);
      }
    }
  }
  for (const c of node.children ?? []) if (c.type !== 'scalar') walk(c, [...path, c.key ?? ''], out, kind);
}

function operationsOf(pathItem: PosNode, path: Path, out: Section): void {
  const route = path.length >= 2 ? String(path[path.length - 1]) : '';
  const ops: { method: string; node: PosNode }[] = [];
  for (const c of pathItem.children ?? []) {
    const k = String(c.key);
    if (METHODS.has(k.toLowerCase()) && c.type === 'object') ops.push({ method: k.toUpperCase(), node: c });
    else if (k === 'additionalOperations' && c.type === 'object') {
      for (const o of c.children ?? []) if (o.type === 'object') ops.push({ method: String(o.key).toUpperCase(), node: o });
    }
  }
  for (const { method, node } of ops) addOperation(method, route, node, out);
}

function addOperation(method: string, route: string, node: PosNode, out: Section): void {
  const operationId = site(childOf(node, 'operationId'));
  if (operationId) out.operationIds.push(operationId);
  const tags = childOf(node, 'tags');
  for (const t of tags?.type === 'array' ? (tags.children ?? []) : []) {
    const s = site(t);
    if (s) out.tagUses.push(s);
  }
  out.operations.push({ method, route, operationId, start: node.keyStart ?? node.start, end: node.end });
}
