/**
 * `$ref` reading. Files come from the injected reader first (the language server
 * passes its open buffers), then from the disk. `http(s)` refs are refused
 * unless remote refs are allowed: no network request is made by default.
 */
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { createResolveHttp } from '@stoplight/json-ref-readers';
import { DEFAULT_REQUEST_OPTIONS } from '@stoplight/spectral-runtime';
import { ExtendedURI } from '@stoplight/json-ref-resolver/uri';
import type { IRefTransformer } from '@stoplight/json-ref-resolver/types';
import { fileUriTarget, OPEN_REF_POLICY, readRefFile, RefReadError, type RefPolicy } from './refFiles';
import { cachingParseResolveResult, installLintCaches } from './cache';

installLintCaches();

/** Returns the text of `file` (absolute path), or undefined to read it from disk. */
export type FileReader = (file: string) => string | undefined | Promise<string | undefined>;

export interface ResolverOptions {
  readFile?: FileReader;
  allowRemoteRefs: boolean;
  /** How files are read from the disk (refFiles.ts); default OPEN_REF_POLICY. */
  refPolicy?: RefPolicy;
  /** Called with each file read (absolute path). */
  onRead?: (file: string) => void;
}

interface Uri {
  href(): string;
  toString(): string;
}

export function createResolver(opts: ResolverOptions): Resolver {
  const refPolicy = opts.refPolicy ?? OPEN_REF_POLICY;
  const readLocal = async (ref: Uri): Promise<string> => {
    const file = decodeURIComponent(ref.href());
    opts.onRead?.(file);
    const overlay = opts.readFile ? await opts.readFile(file) : undefined;
    if (overlay !== undefined) return overlay;
    try {
      // Synchronous: reads complete in the order they are asked, so the resolver's result does not
      // depend on disk timing (see readTextSync in lint.ts).
      return readRefFile(file, refPolicy);
    } catch (e) {
      if (e instanceof RefReadError) throw new Error(e.message, { cause: e });
      const code = (e as NodeJS.ErrnoException).code;
      throw new Error(code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file}: ${(e as Error).message}`, { cause: e });
    }
  };
  const refuseRemote = async (ref: Uri): Promise<string> => {
    throw new Error(
      `remote $ref not fetched: ${ref.toString()} (remote refs are off; allow them with --allow-remote-refs or the apiconv.allowRemoteRefs setting)`,
    );
  };
  const remote = opts.allowRemoteRefs ? createResolveHttp({ ...DEFAULT_REQUEST_OPTIONS }) : refuseRemote;
  return new CachingResolver({
    transformRef: fileUriRef,
    resolvers: {
      file: { resolve: readLocal },
      http: { resolve: remote },
      https: { resolve: remote },
    },
  });
}

/**
 * A `$ref` written as a `file:` URI is the file it names (refFiles.ts fileUriTarget): json-ref-resolver would join
 * `file:///etc/x` below the document's folder, as a relative path. Every other `$ref` is left as computed.
 * Exported for the incremental resolver's runner, which computes refs the same way.
 */
export function fileUriRef(opts: IRefTransformer): IRefTransformer['ref'] {
  const raw: unknown = opts.val && typeof opts.val === 'object' ? (opts.val as { $ref?: unknown }).$ref : undefined;
  const base = opts.uri?.toString();
  if (typeof raw !== 'string' || !base || !/^file:/i.test(raw)) return opts.ref;
  const file = fileUriTarget(raw, /^file:/i.test(base) ? (fileUriTarget(base, '/') ?? base) : base);
  if (!file) return opts.ref;
  const hash = raw.indexOf('#');
  const fragment = hash >= 0 ? raw.slice(hash + 1) : '';
  // The document itself: a local ref, as the runner makes of a relative path to the same file.
  if (file === (opts.uri.path() || base)) return new ExtendedURI(`#${fragment}`) as never;
  return (new ExtendedURI(file) as unknown as { fragment(f: string): unknown }).fragment(fragment) as never;
}

/** Parses of `$ref`'d files go through the cross-lint cache (cache.ts); resolution itself stays per lint. */
class CachingResolver extends Resolver {
  override resolve(source: unknown, opts: Parameters<Resolver['resolve']>[1] = {}): ReturnType<Resolver['resolve']> {
    const parse = opts.parseResolveResult;
    return super.resolve(source, parse ? { ...opts, parseResolveResult: cachingParseResolveResult(parse) } : opts);
  }
}
