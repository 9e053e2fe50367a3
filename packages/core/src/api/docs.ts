import { z } from 'zod';
import { text } from './text.ts';
import { endpoint } from './endpoint.ts';

export const docsEndpoints = {
  openapi: endpoint({
    method: 'GET',
    path: 'openapi.json',
    area: 'docs',
    summary: 'The OpenAPI 3.1 description of this API, generated from the contract.',
    access: { public: true },
    response: z.record(text(), z.unknown()),
  }),
  apiDocs: endpoint({
    method: 'GET',
    path: 'docs',
    area: 'docs',
    summary: 'A readable page of every endpoint, who may call it and its parameters.',
    access: { public: true },
    raw: true,
  }),
  health: endpoint({
    method: 'GET',
    path: 'health',
    area: 'docs',
    summary: 'Answers ok when the server and its database are up; 503 with ok false while the database is not reachable.',
    access: { public: true },
    answers: [503],
    response: z.object({ ok: z.boolean(), appVersion: text() }),
  }),
};
