import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';

/**
 * A link into the portal's login wizard for an email: /case-manager/login with the given query,
 * on PUBLIC_URL when set, else on the address the request came to (the request guards allow a
 * state-changing call only from the portal's own origin).
 */
export function wizardLink(deps: AppDeps, req: FastifyRequest, query: Record<string, string>): string {
  const base = deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
  const url = new URL('/case-manager/login', base);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}
