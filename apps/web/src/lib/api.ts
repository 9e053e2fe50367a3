import {
  APP_VERSION_HEADER,
  CLIENT_VERSION,
  CLIENT_VERSION_HEADER,
  ERROR_HEADER,
  MSG,
  WARNING_HEADER,
  type ApiErrorBody,
  type BodyOf,
  type Endpoint,
  type QueryOf,
  type ResponseOf,
} from '@tripline/core';
import { APP_VERSION } from './app-version.ts';
import { parseWarningHeader, type ServerWarning } from './server-headers.ts';

const API_BASE = '/api/';
const DEFAULT_TIMEOUT_MS = 60_000;

/** No answer at all: the network failed or the request timed out (spec 1 §8). */
export const STATUS_NO_RESPONSE = -1;
/** Refused in the browser because another write is still running (spec 1 §5). */
export const STATUS_IN_PROGRESS = -2;

export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly details: { path: string; message: string }[];
  readonly requestId?: string;
  /** What the server itself said, when it said anything; `message` falls back to a catalogue text. */
  readonly serverMessage: string | null;
  /** The parsed error body, e.g. the server's copy of a record on 409. */
  readonly body?: unknown;
  /** Method and path of the failed call, for the client error log. */
  readonly call: string;

  constructor(init: {
    status: number;
    error: string;
    message: string;
    details?: { path: string; message: string }[];
    requestId?: string;
    serverMessage?: string | null;
    body?: unknown;
    call: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.error = init.error;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.serverMessage = init.serverMessage ?? null;
    this.body = init.body;
    this.call = init.call;
  }
}

type QueryValue = string | number | boolean | Date | null | undefined;

export interface CallOptions<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E> | FormData;
  /** Values for `{name}` segments of the endpoint path. */
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** This write may run while another write is in flight. */
  concurrent?: boolean;
  /** The caller shows its own message: for every failure (true) or for the listed statuses. */
  quiet?: boolean | readonly number[];
  /** Check the answer against the contract's schema (on by default; turn off for very large lists). */
  validate?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ApiListener {
  warnings(warnings: ServerWarning[]): void;
  errorHeader(message: string): void;
  /** Every failure passes here; `quiet` says the caller shows its own message. */
  failure(error: ApiError, quiet: boolean): void;
  /** A call succeeded: the server is reachable (a lost live connection may try again now). */
  succeeded(): void;
}

const silentListener: ApiListener = { warnings() {}, errorHeader() {}, failure() {}, succeeded() {} };
let listener: ApiListener = silentListener;

/** The app decides how warnings and failures are shown; the client only reports them. */
export function setApiListener(next: Partial<ApiListener> | null): void {
  listener = { ...silentListener, ...next };
}

let writesInFlight = 0;

/** For tests: forget writes left running by an earlier case. */
export function resetApiState(): void {
  writesInFlight = 0;
}

export function buildUrl(path: string, query?: unknown, params?: Record<string, string | number>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query as Record<string, QueryValue | QueryValue[]>)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v === undefined || v === null) continue;
        search.append(key, v instanceof Date ? v.toISOString() : String(v));
      }
    }
  }
  const qs = search.toString();
  return API_BASE + filled + (qs ? `?${qs}` : '');
}

function isQuiet(quiet: CallOptions<Endpoint>['quiet'], status: number): boolean {
  if (Array.isArray(quiet)) return quiet.includes(status);
  return quiet === true;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Short plain text the server sent instead of JSON; never a whole HTML error page. */
function plainText(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  const text = data.trim();
  return text && text.length <= 500 && !text.startsWith('<') ? text : null;
}

function errorFromResponse(res: Response, data: unknown, call: string): ApiError {
  const body = data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : undefined;
  const headerMessage = res.headers.get(ERROR_HEADER);
  // Our server always explains a 5xx in JSON; a bare one comes from a proxy or load balancer in
  // front of it, which means the application did not answer.
  if (res.status >= 500 && !headerMessage && typeof body?.error !== 'string') {
    return new ApiError({ status: STATUS_NO_RESPONSE, error: 'gateway', message: MSG.SERVER_NOT_RESPONDING, call });
  }
  // spec 1 §8: a failed request shows the error header or the data, otherwise NO_COMMUNICATION.
  const serverMessage = headerMessage || (typeof body?.message === 'string' && body.message) || plainText(data) || null;
  return new ApiError({
    status: res.status,
    error: typeof body?.error === 'string' ? body.error : `http${res.status}`,
    message: serverMessage ?? MSG.NO_COMMUNICATION,
    serverMessage,
    details: Array.isArray(body?.details) ? body.details : undefined,
    requestId: body?.requestId ?? res.headers.get('x-request-id') ?? undefined,
    body: data,
    call,
  });
}

/**
 * Calls one endpoint of the contract. Sends the version headers and the session cookie, shows
 * server warnings, turns every failure into an ApiError, and refuses a second write while one runs.
 */
export async function callApi<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  const call = `${endpoint.method} ${endpoint.path}`;
  const fail = (error: ApiError): ApiError => {
    listener.failure(error, isQuiet(options.quiet, error.status));
    return error;
  };

  // spec 1 §5: one write at a time, so a double click cannot send the same change twice.
  const guarded = endpoint.method !== 'GET' && !options.concurrent;
  if (guarded && writesInFlight > 0) {
    throw fail(new ApiError({ status: STATUS_IN_PROGRESS, error: 'requestInProgress', message: MSG.WAIT_PREVIOUS, call }));
  }
  if (guarded) writesInFlight += 1;
  try {
    return await send(endpoint, options, call, fail);
  } finally {
    if (guarded) writesInFlight -= 1;
  }
}

async function send<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
  call: string,
  fail: (error: ApiError) => ApiError,
): Promise<ResponseOf<E>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CLIENT_VERSION_HEADER]: String(CLIENT_VERSION),
    [APP_VERSION_HEADER]: APP_VERSION,
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let res: Response;
  try {
    res = await fetch(buildUrl(endpoint.path, options.query, options.params), {
      method: endpoint.method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (cause) {
    // A cancelled query is not a failure to report; let the caller see its own abort.
    if (options.signal?.aborted && !timedOut) throw cause;
    throw fail(new ApiError({ status: STATUS_NO_RESPONSE, error: timedOut ? 'timeout' : 'network', message: MSG.SERVER_NOT_RESPONDING, call }));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const warnings = parseWarningHeader(res.headers.get(WARNING_HEADER));
  if (warnings.length) listener.warnings(warnings);

  if (!res.ok) throw fail(errorFromResponse(res, await readBody(res).catch(() => undefined), call));
  listener.succeeded();

  const errorHeader = res.headers.get(ERROR_HEADER);
  if (errorHeader) listener.errorHeader(errorHeader);

  // A raw endpoint with a declared answer (a multipart upload) still answers JSON; without one it is a file.
  if (endpoint.raw && !endpoint.response) return (await res.blob()) as ResponseOf<E>;
  const data = await readBody(res);
  if (!endpoint.response || options.validate === false) return data as ResponseOf<E>;
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw fail(
      new ApiError({
        status: res.status,
        error: 'unexpectedResponse',
        message: MSG.UNEXPECTED_RESPONSE,
        details: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), message: i.message })),
        body: data,
        call,
      }),
    );
  }
  return parsed.data as ResponseOf<E>;
}
