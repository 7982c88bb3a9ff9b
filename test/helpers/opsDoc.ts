/** What an operation of `opsDoc` has: a query parameter, a request body, and the statuses it declares. */
export interface OpShape {
  param?: boolean;
  body?: boolean;
  responses: string[];
}

/**
 * A small document with one path and the given operations, in the syntax of `version` ('2.0' is Swagger 2):
 * enough for the rules that judge which statuses an operation declares.
 */
export function opsDoc(version: string, pathKey: string, ops: Record<string, OpShape>): string {
  const oas2 = version.startsWith('2');
  const lines = [oas2 ? "swagger: '2.0'" : `openapi: ${version}`, "info: { title: t, version: '1' }", 'paths:', `  ${pathKey}:`];
  const templates = [...pathKey.matchAll(/\{([^}]+)\}/g)].map(m => m[1]);
  for (const [method, op] of Object.entries(ops)) {
    lines.push(`    ${method}:`);
    const params = [
      ...templates.map(t =>
        oas2 ? `{ name: ${t}, in: path, required: true, type: string }` : `{ name: ${t}, in: path, required: true, schema: { type: string } }`,
      ),
      ...(op.param ? [oas2 ? '{ name: q, in: query, type: string }' : '{ name: q, in: query, schema: { type: string } }'] : []),
      ...(op.body && oas2 ? ['{ name: body, in: body, schema: { type: object } }'] : []),
    ];
    if (params.length > 0) lines.push('      parameters:', ...params.map(p => `        - ${p}`));
    if (op.body && !oas2) lines.push('      requestBody: { content: { application/json: { schema: { type: object } } } }');
    lines.push('      responses:', ...op.responses.map(s => `        '${s}': { description: x }`));
  }
  return lines.join('\n') + '\n';
}
