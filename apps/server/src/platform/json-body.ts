import { JSON_BODY_MAX_DEPTH, jsonNestsDeeperThan } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const JSON_TOO_DEEP_MESSAGE = `The request body nests more than ${JSON_BODY_MAX_DEPTH} levels deep`;

/**
 * Request bodies are JSON only: a body of any other type (text/plain included, which Fastify would
 * otherwise hand to the handler as a string) answers 415; the receipt upload registers its own
 * multipart parser. JSON is parsed as before (empty bodies, prototype keys and syntax errors
 * refused the same way), but a body nested deeper than any request needs is refused with 400
 * first: validating a 10,000-deep tree recursively would overflow the stack and answer 500.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestsDeeperThan(body as string, JSON_BODY_MAX_DEPTH)) {
      done(badRequest(JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
