import type { JsonSchema } from './json-schema-arbitrary';

/** One REST route as the OpenAPI document (`/api/docs/json`) describes it. */
export interface RestTarget {
  /** `POST /api/token/` */
  name: string;
  method: string;
  /** The path with `{param}` placeholders. */
  path: string;
  params?: JsonSchema;
  query?: JsonSchema;
  /** The JSON body's schema; routes without one take raw bytes or multipart forms. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Routes the OpenAPI document leaves out (hidden from it, or not Fastify routes): probes, the web
 * app's fallback and static files, the document itself, and paths that exist nowhere.
 */
const UNDOCUMENTED: RestTarget[] = [
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/api/docs/json' },
  { method: 'GET', path: '/media/{file}', params: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] } },
  { method: 'GET', path: '/shared/chat' },
  { method: 'GET', path: '/widget.js' },
  { method: 'POST', path: '/api/no-such-route/' },
  { method: 'OPTIONS', path: '/api/token/' },
].map((target) => ({ ...target, name: `${target.method} ${target.path}` }));

/** Every route of the document, each method apart, then the undocumented ones. */
export function restTargets(document: { paths: Record<string, Record<string, OpenApiOperation>> }): RestTarget[] {
  const targets: RestTarget[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const group = (where: string): JsonSchema | undefined => {
        const parameters = (operation.parameters ?? []).filter((p) => p.in === where);
        if (!parameters.length) return undefined;
        return {
          type: 'object',
          properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
          required: parameters.filter((p) => p.required).map((p) => p.name),
        };
      };
      const upper = method.toUpperCase();
      targets.push({
        name: `${upper} ${path}`,
        method: upper,
        path,
        params: group('path'),
        query: group('query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return [...targets, ...UNDOCUMENTED];
}
