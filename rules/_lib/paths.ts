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

/**
 * Indexes of the segments of `segs` that are version segments: a loose
 * `v<n>`-like segment anywhere, or a bare number / date at the start (after an
 * optional `api` / `apis` segment).
 */
export function versionSegmentIndexes(segs: string[]): number[] {
  const out: number[] = [];
  const first = segs[0] !== undefined && /^apis?$/i.test(segs[0]) ? 1 : 0;
  segs.forEach((s, i) => {
    if (VERSION_SEGMENT_LOOSE.test(s) || (i === first && BARE_VERSION.test(s))) out.push(i);
  });
  return out;
}

/**
 * The resource segments of an effective path: without a leading `api` / `apis`
 * segment and the version segment that may follow it (`/api/v1/users/{id}` → ['users', '{id}']).
 */
export function resourceSegments(effectivePath: string): string[] {
  const segs = segments(effectivePath);
  let i = 0;
  if (segs[i] !== undefined && /^api$/i.test(segs[i])) i++;
  if (segs[i] !== undefined && (VERSION_SEGMENT_LOOSE.test(segs[i]) || BARE_VERSION.test(segs[i]))) i++;
  return segs.slice(i);
}

/** The literal words a segment spells (a Google-style `{id}:activate` gives the part after the colon). */
export function literalParts(segment: string): string[] {
  return segment
    .split(':')
    .map(s => s.replace(/\{[^}]*\}/g, ''))
    .filter(s => /[A-Za-z]/.test(s));
}
