/**
 * What the reference index derives from all its files — each component's declaration and reference count, the
 * other files each file's `$ref`s reach and so the files of each API — kept up to date a section at a time. An edit
 * inside one section replaces that section alone (refIndex.ts), so after a keystroke only the edited section is
 * counted again: the code lens's counts cost what the edit touched, not what the workspace holds. Changes are noted
 * as they come and settled when something derived is next asked for.
 */
import { declPath, type DeclSite, type FileKind, type RefSite, type Section } from './scan';

/** What the tally reads of the index. */
export interface TallyHost {
  /** The indexed sections and kind of a file. */
  state(file: string): { kind: FileKind; sections: readonly Section[] } | undefined;
  /**
   * The kind of an indexed file. Not read through the index's source: a `$ref` into a file not indexed yet names
   * no component until the file comes, and then the sections pointing at it are counted again. So the lenses of an
   * open document are counted before the workspace is read, and a file's lenses cost its own `$ref`s.
   */
  kindOf(file: string): FileKind | undefined;
  target(from: string, ref: RefSite): { file: string; path: string[] } | undefined;
}

/** The key of a component in the counts and declarations: its file and path. */
export function countKey(file: string, componentPath: readonly string[]): string {
  return `${file}#${componentPath.join('\u0000')}`;
}

const SCHEME_MAPS = new Set(['securitySchemes', 'securityDefinitions']);

export function isSecurityScheme(componentPath: readonly string[]): boolean {
  return SCHEME_MAPS.has(componentPath[componentPath.length - 2]!);
}

/** What one section adds to the tally: the components its `$ref`s name, counted, and the other files they reach. */
interface SectionTally {
  named: Map<string, number>;
  reached: Set<string>;
}

export class RefTally {
  /** Each file's kind and sections when last settled (a copy: an edit replaces a section of the array in place). */
  private readonly settled = new Map<string, { kind: FileKind; sections: Section[] }>();
  private readonly pending = new Set<string>();
  /** Sections counted again, by file: a file their `$ref`s reach came, went or changed kind. */
  private readonly recount = new Map<string, Set<Section>>();
  private readonly sectionTallies = new WeakMap<Section, SectionTally>();
  private readonly declarations = new Map<string, DeclSite>();
  private readonly refCounts = new Map<string, number>();
  /** For each file, the other files its `$ref`s reach, with the sections that reach each. */
  private readonly links = new Map<string, Map<string, Set<Section>>>();
  /** Each file's API (connected by `$ref`s either way); made again when a link comes or goes. */
  private apis: Map<string, Set<string>> | undefined;
  /** The settled sections naming security schemes, and their files: their counts depend on the APIs and the schemes. */
  private readonly securityUsers = new Map<Section, string>();
  private security: Security | undefined;
  private readonly securityAdded: Section[] = [];
  private readonly securityRemoved: Section[] = [];

  constructor(private readonly host: TallyHost) {}

  /** `file` was updated or forgotten; `kindChanged` when its kind is not what it was (or it came or went). */
  changed(file: string, kindChanged: boolean): void {
    this.pending.add(file);
    if (!kindChanged) return;
    this.security = undefined;
    // Which of their targets name components depends on the target's kind: the sections reaching it count again.
    for (const [from, reached] of this.links) {
      const sections = reached.get(file);
      if (!sections) continue;
      const again = this.recount.get(from) ?? this.recount.set(from, new Set()).get(from)!;
      for (const s of sections) again.add(s);
      this.pending.add(from);
    }
  }

  /** The number of `$ref`s and security requirements naming the component at `componentPath` of `file`. */
  count(file: string, componentPath: readonly string[]): number {
    this.settle();
    const key = countKey(file, componentPath);
    return (this.refCounts.get(key) ?? 0) + (this.securityNow().counts.get(key) ?? 0);
  }

  /** Every component's count, by `countKey` (those named at least once). */
  counts(): Map<string, number> {
    this.settle();
    const out = new Map(this.refCounts);
    for (const [k, n] of this.securityNow().counts) out.set(k, (out.get(k) ?? 0) + n);
    return out;
  }

  declaration(file: string, componentPath: readonly string[]): DeclSite | undefined {
    this.settle();
    return this.declarations.get(countKey(file, componentPath));
  }

  /** The other files the `$ref`s of `file` reach. */
  reachedFrom(file: string): Iterable<string> {
    this.settle();
    return this.links.get(file)?.keys() ?? [];
  }

  /** The files of the API `file` belongs to: those it is linked with by `$ref`s, either way. */
  apiFiles(file: string): Set<string> {
    this.settle();
    return this.apisNow().get(file) ?? new Set([file]);
  }

  /** The path of the security scheme named `name` in the API of `file`, and the file declaring it. */
  securityScheme(file: string, name: string): { file: string; path: string[] } | undefined {
    this.settle();
    return this.schemeIn(file, name);
  }

  /** The changes noted since the last settle counted now (else when something derived is next asked for). */
  settle(): void {
    for (const file of this.pending) this.settleFile(file);
    this.pending.clear();
  }

  private settleFile(file: string): void {
    const before = this.settled.get(file);
    const now = this.host.state(file);
    const again = this.recount.get(file);
    this.recount.delete(file);
    const had = new Set(before?.sections ?? []);
    const has = new Set(now?.sections ?? []);
    for (const s of had) {
      if (has.has(s) && !again?.has(s)) continue;
      this.remove(file, s);
      this.sectionTallies.delete(s);
    }
    for (const s of has) if (!had.has(s) || again?.has(s)) this.add(file, s);
    if (now) this.settled.set(file, { kind: now.kind, sections: [...now.sections] });
    else this.settled.delete(file);
  }

  private add(file: string, s: Section): void {
    let tally = this.sectionTallies.get(s);
    if (!tally) this.sectionTallies.set(s, (tally = this.tallyOf(file, s)));
    for (const [k, n] of tally.named) this.refCounts.set(k, (this.refCounts.get(k) ?? 0) + n);
    for (const d of s.decls) {
      this.declarations.set(countKey(file, d.path), d);
      if (isSecurityScheme(d.path)) this.security = undefined;
    }
    if (tally.reached.size > 0) {
      const links = this.links.get(file) ?? this.links.set(file, new Map()).get(file)!;
      for (const to of tally.reached) {
        const sections = links.get(to);
        if (sections) sections.add(s);
        else {
          links.set(to, new Set([s]));
          this.linksChanged();
        }
      }
    }
    if (s.securityUses.length > 0) {
      this.securityUsers.set(s, file);
      this.securityAdded.push(s);
    }
  }

  private remove(file: string, s: Section): void {
    const tally = this.sectionTallies.get(s) ?? { named: new Map<string, number>(), reached: new Set<string>() };
    for (const [k, n] of tally.named) {
      const left = this.refCounts.get(k)! - n;
      if (left > 0) this.refCounts.set(k, left);
      else this.refCounts.delete(k);
    }
    for (const d of s.decls) {
      // A key declared twice (a YAML error) keeps the declaration last added until that one goes too.
      const key = countKey(file, d.path);
      if (this.declarations.get(key) === d) this.declarations.delete(key);
      if (isSecurityScheme(d.path)) this.security = undefined;
    }
    const links = this.links.get(file);
    for (const to of links ? tally.reached : []) {
      const sections = links!.get(to);
      sections?.delete(s);
      if (sections?.size === 0) {
        links!.delete(to);
        this.linksChanged();
      }
    }
    if (links?.size === 0) this.links.delete(file);
    if (this.securityUsers.delete(s)) this.securityRemoved.push(s);
  }

  private tallyOf(file: string, s: Section): SectionTally {
    const named = new Map<string, number>();
    const reached = new Set<string>();
    for (const ref of s.refs) {
      const t = this.host.target(file, ref);
      if (!t) continue;
      if (t.file !== file) reached.add(t.file);
      const kind = this.host.kindOf(t.file);
      const p = kind && declPath(t.path, kind);
      if (p) named.set(countKey(t.file, p), (named.get(countKey(t.file, p)) ?? 0) + 1);
    }
    return { named, reached };
  }

  private linksChanged(): void {
    this.apis = undefined;
    this.security = undefined;
  }

  private apisNow(): Map<string, Set<string>> {
    if (this.apis) return this.apis;
    const both = new Map<string, Set<string>>();
    const link = (a: string, b: string) => (both.get(a) ?? both.set(a, new Set()).get(a)!).add(b);
    for (const [from, reached] of this.links) {
      for (const to of reached.keys()) {
        link(from, to);
        link(to, from);
      }
    }
    const apis = new Map<string, Set<string>>();
    for (const file of both.keys()) {
      if (apis.has(file)) continue;
      const api = new Set([file]);
      const queue = [file];
      for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
        for (const g of both.get(f) ?? []) {
          if (api.has(g)) continue;
          api.add(g);
          queue.push(g);
        }
      }
      for (const f of api) apis.set(f, api);
    }
    return (this.apis = apis);
  }

  private schemeIn(file: string, name: string): { file: string; path: string[] } | undefined {
    const api = this.apisNow().get(file);
    const memo = this.security?.schemes.get(api ?? file)?.get(name);
    if (memo !== undefined) return memo ?? undefined;
    let found: { file: string; path: string[] } | undefined;
    for (const f of api ?? [file]) {
      const kind = this.host.kindOf(f);
      const p = kind === 'oas3' ? ['components', 'securitySchemes', name] : kind === 'oas2' ? ['securityDefinitions', name] : undefined;
      if (p && this.declarations.has(countKey(f, p))) {
        found = { file: f, path: p };
        break;
      }
    }
    if (this.security) {
      const schemes = this.security.schemes.get(api ?? file) ?? this.security.schemes.set(api ?? file, new Map()).get(api ?? file)!;
      schemes.set(name, found ?? null);
    }
    return found;
  }

  /**
   * The security requirements' counts. They depend on the APIs, the kinds and the declared schemes, which edits
   * seldom change: then they are made again over every section naming a scheme, else per section changed.
   */
  private securityNow(): Security {
    if (!this.security) {
      const security: Security = (this.security = { counts: new Map(), bySection: new WeakMap(), schemes: new Map() });
      this.securityAdded.length = this.securityRemoved.length = 0;
      for (const [s, file] of this.securityUsers) this.addSecurity(security, file, s);
      return security;
    }
    const security = this.security;
    for (const s of this.securityRemoved.splice(0)) {
      for (const [k, n] of security.bySection.get(s) ?? []) {
        const left = security.counts.get(k)! - n;
        if (left > 0) security.counts.set(k, left);
        else security.counts.delete(k);
      }
    }
    for (const s of this.securityAdded.splice(0)) {
      const file = this.securityUsers.get(s);
      if (file !== undefined && !security.bySection.has(s)) this.addSecurity(security, file, s);
    }
    return security;
  }

  private addSecurity(security: Security, file: string, s: Section): void {
    const named = new Map<string, number>();
    for (const use of s.securityUses) {
      const c = this.schemeIn(file, use.name);
      if (c) named.set(countKey(c.file, c.path), (named.get(countKey(c.file, c.path)) ?? 0) + 1);
    }
    security.bySection.set(s, named);
    for (const [k, n] of named) security.counts.set(k, (security.counts.get(k) ?? 0) + n);
  }
}

interface Security {
  counts: Map<string, number>;
  bySection: WeakMap<Section, Map<string, number>>;
  /** The scheme each name is in each API (null: none), while the APIs and schemes stay as they are. */
  schemes: Map<Set<string> | string, Map<string, { file: string; path: string[] } | null>>;
}
