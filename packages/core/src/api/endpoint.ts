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

/** Declares an endpoint, keeping its exact shape so handlers and clients see which parts it has. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

export type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type BodyOf<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type ResponseOf<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;
/** What the server sees after validation (defaults applied). */
export type ParsedQueryOf<E> = E extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
export type ParsedBodyOf<E> = E extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
/** What a handler may answer (before the response schema's transforms). */
export type HandlerResultOf<E> = E extends { response: infer R extends z.ZodType } ? z.input<R> : unknown;

/** The one error body of the API (ARCHITECTURE: writes, concurrency, audit, errors). */
export interface ApiErrorBody {
  error: string;
  message: string;
  details?: { path: string; message: string }[];
  requestId?: string;
  /** The server's copy of a record, on 409. */
  current?: unknown;
}
