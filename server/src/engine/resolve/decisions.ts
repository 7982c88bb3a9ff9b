/**
 * The local-ref decisions as data: what each `$ref` site ends up holding and what materializing them needs.
 * decide.ts makes them; base.ts keeps them between resolves, refDepth.ts and materialize.ts read them.
 */
import type { RawError } from './types';

/** What a site holds at the end (or what a pointer holds when it is processed). */
export type Node =
  /** The value at a location that is no site (an object there is shared, with its own sites resolved). */
  | { k: 'loc'; ptr: string; path: string[]; unit: string | undefined; depth: number }
  /** The root document as parsed (a '#' ref: runner.js takes immer's original). */
  | { k: 'raw' }
  /** A site's own `$ref` object (taken before that site was replaced, or never replaced). */
  | { k: 'orig'; site: number; ptr: string; unit: string; j: number }
  /** What a remote ref's site holds (the remote resolution's result). */
  | { k: 'remote'; site: number };

export interface RefInfo {
  local: boolean;
  targetPointer?: string;
  targetPath?: string[];
  /** The PARSE_POINTER message of a local ref whose pointer does not parse. */
  parseError?: string;
}

export interface Target {
  path: string[];
  /** The unit holding the target and its value when the status was taken (a status can only change with it). */
  unit: string | undefined;
  unitValue: unknown;
  status: string;
}

export interface Decisions {
  /** Final content of each replaced site, by site index. */
  finals: Map<number, Node>;
  /** The remote sites that were replaced (by index), which the decisions assumed. */
  remoteKey: string;
  targets: Target[];
  refMap: [string, string][];
  crawlErrors: RawError[];
  processErrors: RawError[];
  /** Graph node ids of the local targets (`${baseUri}${pointer}`). */
  targetNodeIds: Set<string>;
  plan?: Plan;
}

/** What materializing needs from the decisions, computed once per decisions (and remote result). */
export interface Plan {
  remote: Map<number, { value: unknown }> | undefined;
  /** Per unit with sites: the signature of what its sites hold. */
  sigs: Map<string, string>;
  /** Unit key → the units whose resolved value contains part of its resolved value. */
  dependants: Map<string, string[]>;
  /** Units holding the raw root ('#' refs). */
  rawUsers: string[];
  /** Units holding another unit's `$ref` object. */
  origUsers: { unit: string; of: string }[];
  /** Units holding a container or the root (a target above the units). */
  aboveUsers: { unit: string; path: string[] }[];
  /** Sites whose final content is not their own `$ref` object. */
  changing: Set<number>;
  /** Pointers of the objects above the units that get copied. */
  modifiedAbove: Set<string>;
  /** Per unit: the tree of the objects that get copied and the changing sites below them, made when needed. */
  copyTrees: Map<string, CopyTree | undefined>;
  /** The units with changing sites, each after those its sites hold a part of (refDepth.ts). */
  order: string[];
  /** The sites left a `$ref` because they would nest the resolved document too deep (refDepth.ts). */
  tooDeep: RawError[];
}

/**
 * A unit's objects that get copied (every object on the way down to a changing site) and its changing sites: per
 * object, its pointer relative to the unit ('' the unit value) and its children on the way, by key; a changing
 * site's node has its index (`site`) and no children (a site is a `$ref` object: none is below another).
 */
export interface CopyTree {
  rel: string;
  kids: Map<string, CopyTree> | undefined;
  /** the site's index (u.first + j) when this is a changing site, else -1 */
  site: number;
}
