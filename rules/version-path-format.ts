import { defineRule } from './types';
import type { JsonPath } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { isObject, segments, serverBasePath, type Model } from './_lib/oas';
import { VERSION_SEGMENT, versionSegmentIndexes } from './_lib/paths';
import { defineOptions } from './_lib/options';
import { bump, perModel, pluralityOf, type Tally } from './_lib/majority';

type Format = 'v<n>' | 'v<n>.<m>' | '<n>' | '<n>.<m>' | 'date';

/** Each format: the segments it accepts, and how a message says it. */
const FORMATS: Record<Format, { test: RegExp; says: string; example: string }> = {
  'v<n>': { test: VERSION_SEGMENT, says: 'v + a positive integer', example: 'v1' },
  'v<n>.<m>': { test: /^v[1-9]\d*(\.\d+)?$/, says: 'v + a major version and an optional minor one', example: 'v1.2' },
  '<n>': { test: /^[1-9]\d*$/, says: 'a positive integer', example: '1' },
  '<n>.<m>': { test: /^[1-9]\d*(\.\d+)?$/, says: 'a major version and an optional minor one', example: '2.0' },
  date: { test: /^\d{4}-\d{2}-\d{2}$/, says: 'a date (YYYY-MM-DD)', example: '2010-04-01' },
};

/** The first format (in the order above: the seed's first) a version segment is written in, if any. */
export function formatOf(segment: string): Format | undefined {
  return (Object.keys(FORMATS) as Format[]).find(f => FORMATS[f].test.test(segment));
}

export const options = defineOptions<{ formats: Format[] | 'auto' }>('version-path-format', {
  formats: {
    schema: { anyOf: [{ type: 'array', items: { enum: Object.keys(FORMATS) }, minItems: 1, uniqueItems: true }, { const: 'auto' }] },
    default: ['v<n>'],
    description:
      "The formats a version segment may have (any one will do): 'v<n>' (v1), 'v<n>.<m>' (v1, v1.2), '<n>' (1), '<n>.<m>' (2, 2.0), 'date' (2010-04-01); or 'auto': the format most path items write theirs in.",
    example: ['date'],
  },
});

/** The version segments a document may write, as `formats` say. */
interface Accepts {
  test(segment: string): boolean;
  message(segment: string, where: string): string;
}

/**
 * The formats the path items write their version segments in (each distinct segment of a path item once; `other` for
 * none of FORMATS): what `auto` and init --infer take the majority of.
 */
export const versionFormatTally = perModel((model: Model): Tally => {
  const counts = new Map<string, number>();
  let total = 0;
  for (const p of model.pathItems) {
    const versions = new Set(p.effectivePaths.flatMap(eff => versionSegmentIndexes(segments(eff)).map(i => segments(eff)[i])));
    for (const v of versions) {
      total++;
      bump(counts, formatOf(v) ?? 'other');
    }
  }
  return { counts, total, what: 'path items with a version segment' };
});

function accepts(formats: Format[], why?: string): Accepts {
  const seed = formats.length === 1 && formats[0] === 'v<n>' && why === undefined;
  return {
    test: segment => formats.some(f => FORMATS[f].test.test(segment)),
    message: seed
      ? (segment, where) =>
          `Version segment "${segment}" in "${where}" is not v + a positive integer: write /api/v1/… (a compatible change keeps the version; only a breaking change gets the next integer).`
      : (segment, where) =>
          `Version segment "${segment}" in "${where}" is not ${formats.map(f => `${FORMATS[f].says} (${FORMATS[f].example})`).join(', or ')}${why ? `: ${why}` : ''}.`,
  };
}

/** Findings for the version segments of one server URL (a bad value from a variable points at the variable's default). */
function checkServer(url: string, variables: unknown, at: JsonPath, out: Finding[], ok: Accepts): void {
  const marked = url.replace(/\{([^}]+)\}/g, (_m, name: string) => `\u0001${name}\u0001`);
  const raw = segments(serverBasePath(marked));
  const resolved = segments(serverBasePath(url, variables));
  if (raw.length !== resolved.length) {
    // A variable spans several segments (or is empty): judge the resolved URL as a whole.
    for (const i of versionSegmentIndexes(resolved)) {
      if (!ok.test(resolved[i])) out.push({ message: ok.message(resolved[i], serverBasePath(url, variables)), path: at });
    }
    return;
  }
  for (const i of versionSegmentIndexes(resolved)) {
    if (ok.test(resolved[i])) continue;
    const v = /^\u0001([^\u0001]+)\u0001$/.exec(raw[i]);
    const vars = isObject(variables) ? variables : {};
    const path =
      v && isObject(vars[v[1]]) && (vars[v[1]] as Record<string, unknown>).default !== undefined ? [...at.slice(0, -1), 'variables', v[1], 'default'] : at;
    out.push({ message: ok.message(resolved[i], serverBasePath(url, variables)), path });
  }
}

function checkServers(servers: unknown, at: JsonPath, out: Finding[], ok: Accepts): void {
  if (!Array.isArray(servers)) return;
  servers.forEach((s, i) => {
    if (isObject(s) && typeof s.url === 'string') checkServer(s.url, s.variables, [...at, i, 'url'], out, ok);
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
  options,
  spectral: modelRule(
    'apiconvVersionPathFormat',
    (model, o) => {
      let ok: Accepts;
      if (o.formats === 'auto') {
        const t = versionFormatTally(model);
        const top = pluralityOf(t);
        if (top === undefined || top.value === 'other') return [];
        ok = accepts([top.value as Format], `${top.count} of ${t.total} ${t.what} write it so`);
      } else ok = accepts(o.formats);
      const out: Finding[] = [];
      const root = model.root;
      if (model.spec === 'oas2') {
        if (typeof root.basePath === 'string') {
          const segs = segments(root.basePath);
          for (const i of versionSegmentIndexes(segs)) {
            if (!ok.test(segs[i])) out.push({ message: ok.message(segs[i], root.basePath), path: ['basePath'] });
          }
        }
      } else {
        checkServers(root.servers, ['servers'], out, ok);
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
            if (i >= baseLen && !ok.test(segs[i])) bad.add(segs[i]);
          }
        }
        for (const s of bad) out.push({ message: ok.message(s, item.pathKey), path: item.path });
        if (model.spec === 'oas3') {
          checkServers(item.value.servers, [...item.path, 'servers'], out, ok);
          for (const op of opsByPath.get(item.pathKey) ?? []) checkServers(op.value.servers, [...op.path, 'servers'], out, ok);
        }
      }
      return out;
    },
    options,
    'naming',
  ),
});
