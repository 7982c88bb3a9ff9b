/**
 * Path helpers shared by the path, list and versioning rules.
 */
import { segments } from './oas';

/** A segment that is, or contains, a template expression (`{id}`, `{name}.json`). */
export function hasTemplate(segment: string): boolean {
  return /\{[^}]*\}/.test(segment);
}

/** `v1`, `V2`, `version1`, `v1.2`, `v1beta1`, `version-3`: any segment that reads as a version. */
export const VERSION_SEGMENT_LOOSE = /^(?:v|version)[-_.]?\d+(?:[-_.]?[a-z0-9]+)*$/i;
/** The conventional version segment: `v` + a positive integer. */
export const VERSION_SEGMENT = /^v[1-9]\d*$/;
/** A bare number or date right after `/api` (or first): `/api/1/`, `/2.0/`, `/2010-04-01/`. */
const BARE_VERSION = /^(?:\d+(?:\.\d+)*|\d{4}-\d{2}-\d{2})$/;
/** A dotted number or a date: a version wherever it stands among the first segments (`/payroll.xro/2.0/`). */
const DOTTED_VERSION = /^(?:\d+(?:\.\d+)+|\d{4}-\d{2}-\d{2})$/;

/**
 * Indexes of the segments of `segs` that are version segments: a loose
 * `v<n>`-like segment anywhere, a bare number / date at the start (after an
 * optional `api` / `apis` segment), or a dotted number / date among the first
 * three segments (`/payroll.xro/2.0/`: a product prefix, then the version).
 */
export function versionSegmentIndexes(segs: string[]): number[] {
  const out: number[] = [];
  const first = segs[0] !== undefined && /^apis?$/i.test(segs[0]) ? 1 : 0;
  segs.forEach((s, i) => {
    if (VERSION_SEGMENT_LOOSE.test(s) || (i === first && BARE_VERSION.test(s)) || (i < 3 && DOTTED_VERSION.test(s) && !segs.slice(0, i).some(hasTemplate)))
      out.push(i);
  });
  return out;
}

/**
 * The resource segments of a path item, where the conventional
 * `/api/<collection>/<id>/<sub_collection>` shape is judged:
 * - an effective path (server base path + path key) that starts with `/api`:
 *   everything after `/api` and the version segment that may follow it
 *   (`/api/v1/users/{id}` → ['users', '{id}']; a base path `/api/v1/shop` makes
 *   `shop` a resource segment);
 * - otherwise the base path is the provider's own prefix (`/payroll.xro/2.0`,
 *   `/2010-04-01`: `path-api-prefix` reports that it is not `/api`), and the
 *   resources start in the path key, after a leading prefix of the key that ends
 *   in a version segment (`/v71/orders` → ['orders']; `/2.0/files` → ['files']).
 * Without `pathKey` the effective path is taken as the key.
 */
export function resourceSegments(effectivePath: string, pathKey: string = effectivePath): string[] {
  const segs = segments(effectivePath);
  if (segs[0] !== undefined && /^api$/i.test(segs[0])) {
    let i = 1;
    if (segs[i] !== undefined && (VERSION_SEGMENT_LOOSE.test(segs[i]) || BARE_VERSION.test(segs[i]))) i++;
    return segs.slice(i);
  }
  const key = segments(pathKey);
  const versions = versionSegmentIndexes(key).filter(i => i < 3 && !key.slice(0, i).some(hasTemplate));
  return versions.length > 0 ? key.slice(versions[versions.length - 1] + 1) : key;
}

/** The literal words a segment spells (a Google-style `{id}:activate` gives the part after the colon). */
export function literalParts(segment: string): string[] {
  return segment
    .split(':')
    .map(s => s.replace(/\{[^}]*\}/g, ''))
    .filter(s => /[A-Za-z]/.test(s));
}

/** A file format after a dot (`Calls.json`): the name before it is what the segment names. */
export const FORMAT_EXTENSION = /\.(json|xml|csv|txt|ya?ml|html?|pdf|zip)$/i;
/** A segment written `family.method` (Slack's `dnd.endSnooze`, `team.accessLogs`): it names a method, not a resource. */
const RPC_METHOD = /^[A-Za-z][\w-]*\.[A-Za-z]\w*$/;

export const isRpcMethod = (segment: string) => RPC_METHOD.test(segment) && !FORMAT_EXTENSION.test(segment);
