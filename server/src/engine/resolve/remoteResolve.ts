/**
 * The remote refs of the root's skeleton (resolver.ts runRemote) resolved by remoteRunner.ts instead of
 * json-ref-resolver: the same result, errors, graph, referenced files and files read. Throws Fallback for
 * what remoteRunner.ts does not replay (the caller then runs the real resolver).
 */
import { DepGraph } from 'dependency-graph';
import { OPEN_REF_POLICY, readRefFile, withFolderCache, type RefPolicy } from '../refFiles';
import type { FileReader } from '../spectralResolver';
import { cachingParseResolveResult } from '../cache';
import { readText, ReferencedFiles } from './documentInventory';
import type { RawError } from './types';
import type { Uri } from './plainRef';
import { readError, RemoteRunner, UriStack, type NodeData, type RemoteContext } from './remoteRunner';

export interface RemoteOutcome {
  result: unknown;
  errors: RawError[];
  graph: DepGraph<NodeData>;
  inventory: ReferencedFiles;
  /** Every file read, the root first. */
  files: string[];
  reads: Map<string, string | undefined>;
}

export async function resolveRemoteRefs(
  skeleton: object,
  source: string,
  userReader: FileReader | undefined,
  policy: RefPolicy = OPEN_REF_POLICY,
): Promise<RemoteOutcome> {
  const reads = new Map<string, string | undefined>();
  const files = [source];
  const seen = new Set(files);
  // The same reads, with the same awaits, as runRemote's reader under resolver.ts's readLocal.
  const readFile = async (f: string): Promise<string | undefined> => {
    const text = await readText(f, userReader, policy);
    reads.set(f, text);
    return text;
  };
  const inventory = new ReferencedFiles();
  const parse = cachingParseResolveResult(inventory.parseResolveResult);
  const ctx: RemoteContext = {
    graph: new DepGraph<NodeData>({ circular: true }),
    uriCache: new Map(),
    refFree: new WeakSet(),
    folderRefs: new Map(),
    async read(ref: Uri): Promise<string> {
      const file = decodeURIComponent(ref.href());
      if (!seen.has(file)) {
        seen.add(file);
        files.push(file);
      }
      const overlay = await readFile(file);
      if (overlay !== undefined) return overlay;
      try {
        return readRefFile(file, policy);
      } catch (e) {
        throw readError(e, file);
      }
    },
    parse: opts => parse(opts as never) as Promise<{ result: unknown }>,
  };
  const root = new RemoteRunner(ctx, skeleton, { depth: 0, baseUri: source, uriStack: UriStack.EMPTY });
  const resolved = await withFolderCache(() => root.resolve(undefined));
  return { result: resolved.result, errors: resolved.errors, graph: ctx.graph, inventory, files, reads };
}
