import { z } from 'zod';
import type { Role } from '../auth/roles.ts';
import { STATUS_VERSION_OUT_OF_DATE } from '../shell/constants.ts';
import { text } from './text.ts';

/**
 * Who may call an endpoint. Every endpoint states one (deny by default):
 * - public: anyone, signed in or not;
 * - signedIn: any signed-in user (row scope still applies);
 * - roles: users holding one of the roles (adminAccess passes every check).
 */
export type Access = { public: true } | { signedIn: true } | { roles: readonly Role[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Error answers an endpoint gives beyond those every endpoint can give (401, 434; 400 with a query
 * or body; 403 when not public or state-changing; 413 and 415 with a body): 404 for a record that
 * is missing or out of scope, 409 for a stale modCount, 429 for a throttle, and so on.
 */
export type ErrorAnswer = 400 | 404 | 409 | 413 | 415 | 426 | 429 | 503;

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
  /** Other answers, chosen by the query's `view` (the response above is the answer without it). */
  views?: Readonly<Record<string, z.ZodType>>;
  /** Answers something other than JSON (a file, a page). */
  raw?: boolean;
  /** Its own error answers (see ErrorAnswer), for the API description. */
  answers?: readonly ErrorAnswer[];
}

/** Declares an endpoint, keeping its exact shape so handlers and clients see which parts it has. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

const SAFE_METHODS: readonly HttpMethod[] = ['GET'];

/**
 * Every error status an endpoint can answer, ascending: 401 (not signed in, a timed-out session or
 * a bad API token, on any address) and 434 (an older client) always; 400 with a query or a body;
 * 403 unless public (roles, the API token's list) and on every state-changing method (CSRF); 413
 * and 415 with a body; and the endpoint's own `answers`.
 */
export function errorAnswers(ep: Endpoint): number[] {
  const all = new Set<number>([401, STATUS_VERSION_OUT_OF_DATE, ...(ep.answers ?? [])]);
  if (ep.query || ep.body) all.add(400);
  if (!('public' in ep.access) || !SAFE_METHODS.includes(ep.method)) all.add(403);
  if (ep.body) {
    all.add(413);
    all.add(415);
  }
  return [...all].sort((a, b) => a - b);
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

/** The error body as a schema, for the API description; kept equal to ApiErrorBody above. */
export const ErrorBody = z.object({
  error: text().describe('A short code: bad_request, unauthorized, forbidden, csrf, not_found, conflict, too_many_requests, …'),
  message: text().describe('The message to show the user.'),
  details: z
    .array(z.object({ path: text(), message: text() }))
    .optional()
    .describe('Each problem of a refused request (400), with the path of its field.'),
  requestId: text().optional().describe('The id of the request, as in the server log.'),
  current: z.unknown().optional().describe("The server's copy of the record, on 409."),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Does not compile when the schema and the interface drift apart. */
export const ERROR_BODY_MATCHES: Same<ApiErrorBody, z.output<typeof ErrorBody>> = true;
