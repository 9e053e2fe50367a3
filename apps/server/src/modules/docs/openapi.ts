import { contract, type Access, type Endpoint } from '@tripline/core';
import { z } from 'zod';

export function describeAccess(access: Access): string {
  if ('public' in access) return 'Anyone';
  if ('signedIn' in access) return 'Any signed-in user';
  return access.roles.join(', ') + ' (adminAccess always)';
}

function schema(s: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(s, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function queryParameters(ep: Endpoint) {
  if (!ep.query) return [];
  const js = schema(ep.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: (js.required ?? []).includes(name),
    schema: s,
  }));
}

/** OpenAPI 3.1 from the contract: the same declarations the server validates with. */
export function buildOpenApi(appVersion: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, ep] of Object.entries(contract) as [string, Endpoint][]) {
    const op: Record<string, unknown> = {
      operationId: name,
      summary: ep.summary,
      tags: [ep.area],
      description: `Who may call: ${describeAccess(ep.access)}.`,
      parameters: queryParameters(ep),
      responses: {
        '200': ep.response
          ? { description: 'Success', content: { 'application/json': { schema: schema(ep.response, 'output') } } }
          : { description: 'Success' },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (ep.body) op.requestBody = { required: true, content: { 'application/json': { schema: schema(ep.body, 'input') } } };
    if (!('public' in ep.access)) op.security = [{ session: [] }, { token: [] }];
    (paths[`/api/${ep.path}`] ??= {})[ep.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tripline API', version: appVersion },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'tripline_session' },
        token: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: {
            error: { type: 'string' },
            message: { type: 'string' },
            details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
            requestId: { type: 'string' },
          },
        },
      },
    },
  };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** A self-contained page (no outside assets) listing every endpoint. */
export function docsPage(appVersion: string): string {
  const rows = (Object.values(contract) as Endpoint[])
    .slice()
    .sort((a, b) => a.area.localeCompare(b.area) || a.path.localeCompare(b.path))
    .map((ep) => {
      const params = ep.query ? Object.keys((schema(ep.query, 'input') as { properties?: object }).properties ?? {}).join(', ') : '';
      const body = ep.body ? Object.keys((schema(ep.body, 'input') as { properties?: object }).properties ?? {}).join(', ') : '';
      return `<tr><td>${esc(ep.area)}</td><td><code>${ep.method}</code></td><td><code>/api/${esc(ep.path)}</code></td><td>${esc(ep.summary)}</td><td>${esc(describeAccess(ep.access))}</td><td>${esc(params)}</td><td>${esc(body)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tripline API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dee2e6;padding:.4rem .6rem;text-align:left;vertical-align:top;font-size:14px}th{background:#f1f3f5}code{font-size:13px}</style>
</head><body><h1>Tripline API <small>${esc(appVersion)}</small></h1>
<p>Base path <code>/api</code>. Send <code>X-Client-Version: 6</code>. Sign in with <code>POST /api/login</code> (Basic authorization) for a session cookie, or send <code>Authorization: Bearer &lt;token&gt;</code> with an API token. Errors answer <code>{ error, message, details?, requestId }</code>. The machine-readable description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><thead><tr><th>Area</th><th>Method</th><th>Path</th><th>What it does</th><th>Who may call</th><th>Query</th><th>Body</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}
