/**
 * The same test document in the three OpenAPI versions: the diff docs' examples are
 * written in OpenAPI 3.0; these give their Swagger 2.0 and OpenAPI 3.1 forms (the
 * subset the examples use: paths, parameters, request bodies, responses with content
 * and headers, components.schemas and securitySchemes, nullable).
 */
import { parse, stringify } from 'yaml';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function mapDeep(v: unknown, f: (o: Obj) => Obj): unknown {
  if (Array.isArray(v)) return v.map(x => mapDeep(x, f));
  if (!isObj(v)) return v;
  const o: Obj = {};
  for (const [k, x] of Object.entries(v)) o[k] = mapDeep(x, f);
  return f(o);
}

export function to31(yaml: string): string {
  const doc = parse(yaml) as Obj;
  doc.openapi = '3.1.0';
  const out = mapDeep(doc, o => {
    if (o.nullable === true && typeof o.type === 'string') {
      const { nullable: _n, ...rest } = o;
      return { ...rest, type: [o.type, 'null'] };
    }
    return o;
  });
  return stringify(out);
}

export function to20(yaml: string): string {
  const doc = parse(yaml) as Obj;
  const out: Obj = { swagger: '2.0', info: doc.info };
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  if (isObj(servers[0]) && typeof servers[0].url === 'string') out.basePath = new URL(servers[0].url, 'https://x').pathname;
  const paths: Obj = {};
  for (const [p, item] of Object.entries((doc.paths ?? {}) as Obj)) {
    const newItem: Obj = {};
    for (const [method, op] of Object.entries(item as Obj)) {
      if (method === 'parameters') {
        newItem.parameters = (op as Obj[]).map(param20);
        continue;
      }
      const o = op as Obj;
      const n: Obj = {};
      for (const [k, v] of Object.entries(o)) if (!['parameters', 'requestBody', 'responses'].includes(k)) n[k] = v;
      const params = Array.isArray(o.parameters) ? o.parameters.map(x => param20(x as Obj)) : [];
      if (isObj(o.requestBody)) {
        const content = (o.requestBody.content ?? {}) as Obj;
        const first = Object.values(content)[0] as Obj | undefined;
        n.consumes = Object.keys(content);
        params.push({ name: 'body', in: 'body', ...(o.requestBody.required ? { required: true } : {}), schema: first?.schema ?? {} });
      }
      if (params.length) n.parameters = params;
      const responses: Obj = {};
      const produces = new Set<string>();
      for (const [status, r] of Object.entries((o.responses ?? {}) as Obj)) {
        const rr = r as Obj;
        const nr: Obj = { description: rr.description ?? '' };
        if (isObj(rr.content)) {
          for (const mt of Object.keys(rr.content)) produces.add(mt);
          const json = (rr.content['application/json'] ?? Object.values(rr.content)[0]) as Obj;
          if (json?.schema) nr.schema = json.schema;
        }
        if (isObj(rr.headers)) nr.headers = Object.fromEntries(Object.entries(rr.headers).map(([h, v]) => [h, { ...((v as Obj).schema as Obj) }]));
        responses[status] = nr;
      }
      if (produces.size) n.produces = [...produces];
      n.responses = responses;
      newItem[method] = n;
    }
    paths[p] = newItem;
  }
  out.paths = paths;
  if (doc.security) out.security = doc.security;
  const comps = (doc.components ?? {}) as Obj;
  if (comps.schemas) out.definitions = comps.schemas;
  if (comps.securitySchemes) out.securityDefinitions = comps.securitySchemes;
  return stringify(mapDeep(out, o => (typeof o.$ref === 'string' ? { ...o, $ref: o.$ref.replace('#/components/schemas/', '#/definitions/') } : o)));
}

function param20(p: Obj): Obj {
  const { schema, ...rest } = p;
  return { ...rest, ...(isObj(schema) ? schema : {}) };
}
