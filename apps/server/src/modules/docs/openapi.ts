import {
  CLIENT_VERSION,
  CannedQuery,
  CurrentUser,
  DriveAssignment,
  ErrorBody,
  FilterNodeSchema,
  STATUS_VERSION_OUT_OF_DATE,
  contract,
  errorAnswers,
  type Endpoint,
} from '@tripline/core';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../platform/auth/sessions.ts';
import { describeAccess } from './page.ts';
import { SchemaComponents } from './json-schema.ts';

export { docsPage } from './page.ts';

/**
 * Contract schemas that become named components. The filter tree of a custom query is recursive
 * and must be one; the others are named because many endpoints answer them.
 */
const NAMED_SCHEMAS = new Map<z.ZodType, string>([
  [FilterNodeSchema, 'FilterNode'],
  [DriveAssignment, 'DriveAssignment'],
  [CannedQuery, 'CannedQuery'],
  [CurrentUser, 'CurrentUser'],
]);

const ERROR = { $ref: '#/components/schemas/ErrorBody' };

/** Error statuses that answer the endpoint's own response shape instead of ErrorBody. */
const OWN_SHAPE_ANSWERS: Record<string, { status: number; description: string }> = {
  health: { status: 503, description: 'The database cannot be reached: ok is false.' },
};

/** Each error status: its component name and what it means. */
const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'The request is not valid: `message` is the first problem, `details` lists each one with the path of its field. Nothing was written.',
  },
  401: { name: 'Unauthorized', description: 'Not signed in, the session timed out, the sign-in failed, or the API token is not valid.' },
  403: {
    name: 'Forbidden',
    description:
      "The caller's roles or the API token's list of areas and methods do not allow this, or a state-changing call on a session cookie came without this server's Origin and the X-Client-Version header (error `csrf`).",
  },
  404: { name: 'NotFound', description: "The record does not exist or is outside the caller's scope (the same answer for both)." },
  409: {
    name: 'Conflict',
    description: "The record changed since it was read (a stale modCount) or the request was already answered; `current` holds the server's copy. Nothing was written.",
  },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large.' },
  415: { name: 'UnsupportedMediaType', description: 'The request body is not of a type this endpoint accepts.' },
  426: { name: 'UpgradeRequired', description: 'This address is a websocket: open it with an upgrade request.' },
  429: {
    name: 'TooManyRequests',
    description: 'Too many failed sign-in attempts for this user or address, or too many sign-in codes for this account; `message` says when to try again.',
  },
  [STATUS_VERSION_OUT_OF_DATE]: {
    name: 'ClientOutOfDate',
    description: `The X-Client-Version header names an older client than this server expects (${CLIENT_VERSION}): reload the client.`,
  },
  503: { name: 'ServiceUnavailable', description: 'The server cannot answer now; try again later.' },
};

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The browser session set by POST /api/login (and /api/mfa-verify-code when a second step is asked). A state-changing call (POST, PUT, PATCH, DELETE) riding on this cookie must send the Origin header of this server and the X-Client-Version header, or it is refused with 403 (error `csrf`). A session ends after 15 idle minutes or 12 hours.',
  },
  token: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token: `Authorization: Bearer <token>`. It acts as its contact, limited to the areas and methods listed on the token (403 otherwise). No Origin or X-Client-Version header is needed.',
  },
  basic: {
    type: 'http',
    scheme: 'basic',
    description: 'User name and password, for POST /api/login only.',
  },
};

/** Who may call, as OpenAPI security: sign-in takes a password; other public endpoints take any caller. */
function securityOf(name: string, ep: Endpoint): Record<string, string[]>[] {
  if (name === 'login') return [{ basic: [] }];
  const signedIn: Record<string, string[]>[] = [{ session: [] }, { token: [] }];
  return 'public' in ep.access ? [{}, ...signedIn] : signedIn;
}

function queryParameters(components: SchemaComponents, name: string, ep: Endpoint) {
  if (!ep.query) return [];
  const js = components.resolve(components.convert(ep.query, 'input', `${name}Query`)) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(js.properties ?? {}).map(([param, schema]) => ({
    name: param,
    in: 'query',
    required: (js.required ?? []).includes(param),
    schema,
  }));
}

function requestBody(components: SchemaComponents, name: string, ep: Endpoint) {
  if (ep.body) return { required: true, content: { 'application/json': { schema: components.convert(ep.body, 'input', `${name}Body`) } } };
  // the receipt upload: one file in a form
  if (ep.raw && ep.method !== 'GET') {
    const file = { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } };
    return { required: true, content: { 'multipart/form-data': { schema: file } } };
  }
  return undefined;
}

function success(components: SchemaComponents, name: string, ep: Endpoint) {
  if (ep.response) {
    const main = components.convert(ep.response, 'output', `${name}Response`);
    // An endpoint with views answers one of its shapes, as the request's `view` chose. A view is
    // described as sent (its input side): a list row leaves out what its reader restores.
    const views = Object.entries(ep.views ?? {}).map(([view, shape]) =>
      components.convert(shape, 'input', `${name}${view[0].toUpperCase()}${view.slice(1)}View`),
    );
    const schema = views.length ? { anyOf: [main, ...views] } : main;
    return { description: 'Success', content: { 'application/json': { schema } } };
  }
  return { description: ep.raw ? 'Success: a file, a page or a websocket, as the summary says' : 'Success' };
}

/** OpenAPI 3.1 from the contract: the same declarations the server validates with. */
export function buildOpenApi(appVersion: string) {
  const components = new SchemaComponents(NAMED_SCHEMAS);
  const errorBody = components.convert(ErrorBody, 'output', 'ErrorBody');
  components.add('ErrorBody', errorBody);
  const used = new Set<number>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, ep] of Object.entries(contract) as [string, Endpoint][]) {
    const responses: Record<string, unknown> = { '200': success(components, name, ep) };
    const own = OWN_SHAPE_ANSWERS[name];
    for (const status of errorAnswers(ep)) {
      if (own?.status === status) {
        responses[String(status)] = { ...success(components, name, ep), description: own.description };
        continue;
      }
      used.add(status);
      responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name ?? `Error${status}`}` };
    }
    responses.default = { $ref: '#/components/responses/ServerError' };
    const body = requestBody(components, name, ep);
    const op: Record<string, unknown> = {
      operationId: name,
      summary: ep.summary,
      tags: [ep.area],
      description: `Who may call: ${describeAccess(ep.access)}.`,
      security: securityOf(name, ep),
      parameters: [...queryParameters(components, name, ep), { $ref: '#/components/parameters/ClientVersion' }],
      ...(body ? { requestBody: body } : {}),
      responses,
    };
    (paths[`/api/${ep.path}`] ??= {})[ep.method.toLowerCase()] = op;
  }
  const responses: Record<string, unknown> = {};
  for (const status of [...used].sort((a, b) => a - b)) {
    const known = ERROR_RESPONSES[status] ?? { name: `Error${status}`, description: `Error ${status}.` };
    responses[known.name] = { description: known.description, content: { 'application/json': { schema: ERROR } } };
  }
  responses.ServerError = {
    description: 'The server could not complete the request (500), or cannot reach its database right now (503: try again shortly).',
    content: { 'application/json': { schema: ERROR } },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tripline API',
      version: appVersion,
      description:
        'Every endpoint of the Tripline portal, generated from the contract the server validates with. Sign in for a session cookie or send an API token; errors answer the ErrorBody shape.',
    },
    servers: [{ url: '/', description: 'This server (every path starts with /api)' }],
    paths,
    components: {
      schemas: components.schemas,
      responses,
      parameters: {
        ClientVersion: {
          name: 'X-Client-Version',
          in: 'header',
          required: false,
          description: `The client's version (${CLIENT_VERSION}). An older one answers ${STATUS_VERSION_OUT_OF_DATE}; a state-changing call on a session cookie must send it.`,
          schema: { type: 'integer' },
        },
      },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
