import { CLIENT_VERSION, contract, errorAnswers, type Access, type Endpoint } from '@tripline/core';
import { z } from 'zod';

export function describeAccess(access: Access): string {
  if ('public' in access) return 'Anyone';
  if ('signedIn' in access) return 'Any signed-in user';
  return access.roles.join(', ') + ' (adminAccess always)';
}

/** The property names of a query or body (none for a union), for the page. */
function fieldNames(s: z.ZodType | undefined): string {
  if (!s) return '';
  try {
    const js = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
    return Object.keys(js.properties ?? {}).join(', ');
  } catch {
    return '';
  }
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** A self-contained page (no outside assets) listing every endpoint. */
export function docsPage(appVersion: string): string {
  const rows = (Object.values(contract) as Endpoint[])
    .slice()
    .sort((a, b) => a.area.localeCompare(b.area) || a.path.localeCompare(b.path))
    .map((ep) => {
      const params = fieldNames(ep.query);
      const body = fieldNames(ep.body);
      return `<tr><td>${esc(ep.area)}</td><td><code>${ep.method}</code></td><td><code>/api/${esc(ep.path)}</code></td><td>${esc(ep.summary)}</td><td>${esc(describeAccess(ep.access))}</td><td>${esc(params)}</td><td>${esc(body)}</td><td class="errors">${errorAnswers(ep).join(' ')}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tripline API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dee2e6;padding:.4rem .6rem;text-align:left;vertical-align:top;font-size:14px}th{background:#f1f3f5}code{font-size:13px}td.errors{min-width:8.5rem}</style>
</head><body><h1>Tripline API <small>${esc(appVersion)}</small></h1>
<p>Base path <code>/api</code>. Send <code>X-Client-Version: ${CLIENT_VERSION}</code>; a state-changing call on the session cookie must send it and come from this server's origin (CSRF). Sign in with <code>POST /api/login</code> (Basic authorization) for a session cookie, or send <code>Authorization: Bearer &lt;token&gt;</code> with an API token. Errors answer <code>{ error, message, details?, requestId, current? }</code> with the statuses listed for each endpoint (and 500 or 503 when the server or its database fails). The machine-readable description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><thead><tr><th>Area</th><th>Method</th><th>Path</th><th>What it does</th><th>Who may call</th><th>Query</th><th>Body</th><th>Errors</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}
