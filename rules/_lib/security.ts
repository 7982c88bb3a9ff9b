/**
 * Helpers of the Security rules: security schemes and server URLs of a
 * resolved document.
 */
import type { JsonPath } from '../types';
import { isObject, type Model, type Obj } from './oas';

export interface SecurityScheme {
  name: string;
  /** The resolved scheme object. */
  value: Obj;
  /** ['securityDefinitions', name] or ['components', 'securitySchemes', name] */
  path: JsonPath;
}

/** Swagger 2 `securityDefinitions` / OpenAPI 3 `components.securitySchemes`. */
export function securitySchemes(model: Model): SecurityScheme[] {
  const base: JsonPath = model.spec === 'oas2' ? ['securityDefinitions'] : ['components', 'securitySchemes'];
  const holder = model.spec === 'oas2' ? model.root.securityDefinitions : isObject(model.root.components) ? model.root.components.securitySchemes : undefined;
  if (!isObject(holder)) return [];
  const out: SecurityScheme[] = [];
  for (const [name, value] of Object.entries(holder)) {
    if (isObject(value)) out.push({ name, value, path: [...base, name] });
  }
  return out;
}

export interface ServerUrl {
  url: string;
  /** The server object. */
  server: Obj;
  /** Path of the `url` value. */
  path: JsonPath;
}

/** OpenAPI 3 server URLs at root, path-item and operation level (each server object once). */
export function serverUrls(model: Model): ServerUrl[] {
  const out: ServerUrl[] = [];
  const seen = new Set<unknown>();
  const add = (servers: unknown, base: JsonPath) => {
    if (!Array.isArray(servers)) return;
    servers.forEach((s, i) => {
      if (!isObject(s) || typeof s.url !== 'string' || seen.has(s)) return;
      seen.add(s);
      out.push({ url: s.url, server: s, path: [...base, i, 'url'] });
    });
  };
  add(model.root.servers, ['servers']);
  for (const p of model.pathItems) add(p.value.servers, [...p.path, 'servers']);
  for (const op of model.operations) add(op.value.servers, [...op.path, 'servers']);
  return out;
}

/** True for `localhost` (and `*.localhost`), `127.x.x.x` and `[::1]`. */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/:\d+$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '[::1]';
}

/** The scheme and host of an absolute URL (`http://x.io:80/a` → ['http', 'x.io:80']); undefined for a relative one. */
export function schemeAndHost(url: string): { scheme: string; host: string } | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(url.trim());
  return m ? { scheme: m[1].toLowerCase(), host: m[2].replace(/^[^@]*@/, '') } : undefined;
}
