import { defineRule } from './types';
import type { JsonPath } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { isObject, segments, serverBasePath, type Model } from './_lib/oas';
import { VERSION_SEGMENT, versionSegmentIndexes } from './_lib/paths';

function message(segment: string, where: string): string {
  return `Version segment "${segment}" in "${where}" is not v + a positive integer: write /api/v1/… (a compatible change keeps the version; only a breaking change gets the next integer).`;
}

/** Findings for the version segments of one server URL (a bad value from a variable points at the variable's default). */
function checkServer(url: string, variables: unknown, at: JsonPath, out: Finding[]): void {
  const marked = url.replace(/\{([^}]+)\}/g, (_m, name: string) => `\u0001${name}\u0001`);
  const raw = segments(serverBasePath(marked));
  const resolved = segments(serverBasePath(url, variables));
  if (raw.length !== resolved.length) {
    // A variable spans several segments (or is empty): judge the resolved URL as a whole.
    for (const i of versionSegmentIndexes(resolved)) {
      if (!VERSION_SEGMENT.test(resolved[i])) out.push({ message: message(resolved[i], serverBasePath(url, variables)), path: at });
    }
    return;
  }
  for (const i of versionSegmentIndexes(resolved)) {
    if (VERSION_SEGMENT.test(resolved[i])) continue;
    const v = /^\u0001([^\u0001]+)\u0001$/.exec(raw[i]);
    const vars = isObject(variables) ? variables : {};
    const path = v && isObject(vars[v[1]]) && (vars[v[1]] as Record<string, unknown>).default !== undefined ? [...at.slice(0, -1), 'variables', v[1], 'default'] : at;
    out.push({ message: message(resolved[i], serverBasePath(url, variables)), path });
  }
}

function checkServers(servers: unknown, at: JsonPath, out: Finding[]): void {
  if (!Array.isArray(servers)) return;
  servers.forEach((s, i) => {
    if (isObject(s) && typeof s.url === 'string') checkServer(s.url, s.variables, [...at, i, 'url'], out);
  });
}

export default defineRule({
  id: 'version-path-format',
  meta: {
    description: 'A path version segment is v + a positive integer (/api/v1/; not v1.2, V1, version1).',
    severity: 'error',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvVersionPathFormat', model => {
    const out: Finding[] = [];
    const root = model.root;
    if (model.spec === 'oas2') {
      if (typeof root.basePath === 'string') {
        const segs = segments(root.basePath);
        for (const i of versionSegmentIndexes(segs)) {
          if (!VERSION_SEGMENT.test(segs[i])) out.push({ message: message(segs[i], root.basePath), path: ['basePath'] });
        }
      }
    } else {
      checkServers(root.servers, ['servers'], out);
    }
    // Each path item's operations, in the model's order (looked up per item, not found among all of them each time).
    const opsByPath = new Map<string, Model['operations']>();
    for (const op of model.operations) {
      const list = opsByPath.get(op.pathKey);
      if (list) list.push(op);
      else opsByPath.set(op.pathKey, [op]);
    }
    for (const item of model.pathItems) {
      const keySegs = segments(item.pathKey);
      const bad = new Set<string>();
      for (const eff of item.effectivePaths) {
        const segs = segments(eff);
        const baseLen = segs.length - keySegs.length;
        for (const i of versionSegmentIndexes(segs)) {
          if (i >= baseLen && !VERSION_SEGMENT.test(segs[i])) bad.add(segs[i]);
        }
      }
      for (const s of bad) out.push({ message: message(s, item.pathKey), path: item.path });
      if (model.spec === 'oas3') {
        checkServers(item.value.servers, [...item.path, 'servers'], out);
        for (const op of opsByPath.get(item.pathKey) ?? []) checkServers(op.value.servers, [...op.path, 'servers'], out);
      }
    }
    return out;
  }),
});
