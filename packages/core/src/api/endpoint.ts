import type { z } from 'zod';
import type { Role } from '../auth/roles.ts';

/**
 * Who may call an endpoint. Every endpoint states one (deny by default):
 * - public: anyone, signed in or not;
 * - signedIn: any signed-in user (row scope still applies);
 * - roles: users holding one of the roles (adminAccess passes every check).
 */
export type Access = { public: true } | { signedIn: true } | { roles: readonly Role[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under /api, as the spec names it (no leading slash). */
  path: string;
  summary: string;
  area: string;
  access: Access;
  query?: Q;
  body?: B;
  response?: R;
  /** Answers something other than JSON (a file, a page). */
  raw?: boolean;
}

export function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  e: Endpoint<Q, B, R>,
): Endpoint<Q, B, R> {
  return e;
}

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The one error body of the API (ARCHITECTURE: writes, concurrency, audit, errors). */
export interface ApiErrorBody {
  error: string;
  message: string;
  details?: { path: string; message: string }[];
  requestId?: string;
  /** The server's copy of a record, on 409. */
  current?: unknown;
}
