/** crawler.js replayed for remoteRunner.ts: a resolve's walk of its value, its pointer graphs, the lookups it starts. */
import { pointerToPath } from '@stoplight/json';
import { DepGraph } from 'dependency-graph';
import { Fallback } from './crawl';
import { draftGet } from './remoteDraft';
import type { LookupResult, Ref, RemoteRunner, Resolved, Segment } from './remoteRunner';

/** json-ref-resolver's addToJSONPointer. */
function addToPointer(pointer: string, key: string): string {
  if (key.indexOf('~') < 0 && key.indexOf('/') < 0) return `${pointer}/${key}`;
  return `${pointer}/${key.split('~').join('~0').split('/').join('~1')}`;
}

/** crawler.js: the sites of a resolve, its pointer graphs, and the lookups it starts. */
export class Crawl {
  readonly lookups: Promise<LookupResult>[] = [];
  readonly pointerGraph = new DepGraph<undefined>({ circular: true });
  readonly pointerStemGraph = new DepGraph<undefined>({ circular: true });
  /** How many `$ref`s the crawl has met. */
  private refs = 0;

  constructor(
    private readonly runner: RemoteRunner,
    private readonly jsonPointer: string | undefined,
    private readonly resolved: Resolved,
  ) {}

  computeGraph(target: unknown, parentPath: Segment[], parentPointer: string, pointerStack: string[] = []): void {
    if (!parentPointer) parentPointer = '#';
    let ref = this.runner.crawlRef(target, parentPointer);
    if (ref !== undefined) {
      this.resolveRef(ref, target, parentPath, parentPointer, pointerStack);
    } else if (typeof target === 'object' && target !== null) {
      const refFree = this.runner.ctx.refFree;
      if (refFree.has(target)) return;
      if (typeof (target as { hasOwnProperty?: unknown }).hasOwnProperty !== 'function') throw new Fallback('an object without hasOwnProperty');
      const seen = this.refs;
      for (const key in target) {
        if (!Object.prototype.hasOwnProperty.call(target, key)) continue;
        const val = (target as Record<string, unknown>)[key];
        // A string, number, boolean or null is no $ref and has nothing below it: no pointer made for it.
        if (typeof val !== 'object' || val === null) continue;
        const pointer = addToPointer(parentPointer, key);
        ref = this.runner.crawlRef(val, pointer);
        parentPath.push(key);
        if (ref !== undefined) this.resolveRef(ref, val, parentPath, pointer, pointerStack);
        else this.computeGraph(val, parentPath, pointer, pointerStack);
        parentPath.pop();
      }
      if (this.refs === seen && Object.isFrozen(target)) refFree.add(target);
    }
  }

  private resolveRef(ref: Ref, val: unknown, parentPath: Segment[], parentPointer: string, pointerStack: string[]): void {
    this.refs++;
    const runner = this.runner;
    const graph = runner.ctx.graph;
    if (ref.local) {
      const targetPointer = ref.pointer;
      let targetPath: Segment[];
      try {
        targetPath = pointerToPath(targetPointer) as Segment[];
      } catch {
        this.resolved.errors.push({ code: 'PARSE_POINTER', message: `'${ref.text}' JSON pointer is invalid`, uriStack: runner.uriStack.toArray(), path: [] });
        return;
      }
      let referencesParent = targetPath.length > 0;
      for (let i = 0; i < targetPath.length; i++) {
        if (parentPath[i] !== targetPath[i]) {
          referencesParent = false;
          break;
        }
      }
      if (referencesParent) return;
      if (!this.pointerStemGraph.hasNode(targetPointer)) this.pointerStemGraph.addNode(targetPointer);
      let stem = '#';
      let tail = '';
      for (let i = 0; i < parentPath.length; i++) {
        const part = parentPath[i]!;
        if (part === targetPath[i]) {
          stem += `/${part}`;
        } else {
          tail += `/${part}`;
          const dep = `${stem}${tail}`;
          if (dep !== parentPointer && dep !== targetPointer) {
            if (!this.pointerStemGraph.hasNode(dep)) this.pointerStemGraph.addNode(dep);
            this.pointerStemGraph.addDependency(dep, targetPointer);
          }
        }
      }
      if (!this.pointerGraph.hasNode(parentPointer)) this.pointerGraph.addNode(parentPointer);
      if (!this.pointerGraph.hasNode(targetPointer)) this.pointerGraph.addNode(targetPointer);
      const targetRef = `${runner.baseUri.toString()}${targetPointer}`;
      if (!graph.hasNode(targetRef)) graph.addNode(targetRef, { refMap: {} });
      if (runner.root !== targetRef) graph.addDependency(runner.root, targetRef);
      this.pointerGraph.addDependency(parentPointer, targetPointer);
      if (this.jsonPointer && (pointerStack.length < 2 || !pointerStack.includes(targetPointer))) {
        pointerStack.push(targetPointer);
        this.computeGraph(draftGet(runner.source, targetPath), targetPath, targetPointer, pointerStack);
        pointerStack.pop();
      }
    } else {
      const remoteRef = ref.text;
      if (!graph.hasNode(remoteRef)) graph.addNode(remoteRef, { refMap: {} });
      if (runner.root !== remoteRef) graph.addDependency(runner.root, remoteRef);
      if (runner.canDereferenceRemote()) {
        this.lookups.push(runner.startLookup({ ref, val, parentPath, parentPointer, resolvingPointer: this.jsonPointer }));
      }
    }
  }
}
