import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { SESSION_COOKIE } from '../../platform/auth/sessions.ts';

/** The session cookie: HttpOnly, SameSite=Lax, Secure over https (docs/security.md). */
export function cookieOptions(deps: AppDeps, req: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.secureCookies || req.protocol === 'https',
  };
}

export function setSessionCookie(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(deps, req));
}

export const auditContext = (req: FastifyRequest) => ({ requestId: req.id, clientAddress: req.ip });
