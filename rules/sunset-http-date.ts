import { defineRule } from './types';
import type { JsonPath } from './types';
import { modelRule } from './_lib/ruleFunction';
import type { Finding } from './_lib/ruleFunction';
import { isObject, type Obj } from './_lib/oas';
import { isImfFixdate } from './_lib/versioning';

/** The example / default values of a header object, with their paths. */
function headerValues(header: Obj, at: JsonPath): { value: unknown; path: JsonPath }[] {
  const out: { value: unknown; path: JsonPath }[] = [];
  const take = (obj: Obj, base: JsonPath, keys: string[]) => {
    for (const k of keys) if (obj[k] !== undefined) out.push({ value: obj[k], path: [...base, k] });
  };
  take(header, at, ['example', 'default', 'x-example']);
  if (isObject(header.examples)) {
    for (const [name, ex] of Object.entries(header.examples)) {
      if (isObject(ex) && ex.value !== undefined) out.push({ value: ex.value, path: [...at, 'examples', name, 'value'] });
    }
  }
  if (isObject(header.schema)) {
    const s = header.schema;
    take(s, [...at, 'schema'], ['example', 'default']);
    if (Array.isArray(s.examples)) s.examples.forEach((v, i) => out.push({ value: v, path: [...at, 'schema', 'examples', i] }));
  }
  return out;
}

function checkHeaders(response: unknown, at: JsonPath, out: Finding[], seen: Set<string>): void {
  if (!isObject(response) || !isObject(response.headers)) return;
  for (const [name, header] of Object.entries(response.headers)) {
    if (name.toLowerCase() !== 'sunset' || !isObject(header)) continue;
    checkHeader(name, header, [...at, 'headers', name], out, seen);
  }
}

function checkHeader(name: string, header: Obj, at: JsonPath, out: Finding[], seen: Set<string>): void {
  for (const v of headerValues(header, at)) {
    if (typeof v.value === 'string' && isImfFixdate(v.value)) continue;
    const key = JSON.stringify(v.path);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      message: `${name} header value ${JSON.stringify(v.value)} is not an HTTP date: write it as an IMF-fixdate, e.g. "Sun, 01 Nov 2026 00:00:00 GMT".`,
      path: v.path,
    });
  }
}

export default defineRule({
  id: 'sunset-http-date',
  meta: {
    description: "A Sunset header's example or default is an HTTP date (IMF-fixdate, e.g. Sun, 01 Nov 2026 00:00:00 GMT).",
    severity: 'warn',
    fixable: false,
    formats: ['oas2', 'oas3'],
  },
  spectral: modelRule('apiconvSunsetHttpDate', model => {
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const op of model.operations) {
      for (const [code, r] of Object.entries(op.responses ?? {})) checkHeaders(r, [...op.path, 'responses', code], out, seen);
    }
    // Shared definitions, also when no operation uses them yet.
    const root = model.root;
    const responses = model.spec === 'oas2' ? root.responses : isObject(root.components) ? root.components.responses : undefined;
    const base: JsonPath = model.spec === 'oas2' ? ['responses'] : ['components', 'responses'];
    if (isObject(responses)) for (const [k, r] of Object.entries(responses)) checkHeaders(r, [...base, k], out, seen);
    if (model.spec === 'oas3' && isObject(root.components) && isObject(root.components.headers)) {
      for (const [k, h] of Object.entries(root.components.headers)) {
        if (k.toLowerCase() === 'sunset' && isObject(h)) checkHeader(k, h, ['components', 'headers', k], out, seen);
      }
    }
    return out;
  }),
});
