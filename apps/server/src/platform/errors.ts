import type { ApiErrorBody } from '@tripline/core';

/** An error that becomes the API's one error shape with its status code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Pick<ApiErrorBody, 'details' | 'current'> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ApiErrorBody['details']) =>
  new HttpError(400, 'bad_request', message, { details });
export const unauthorized = (message = 'You must log in to access this area.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Your account does not permit access to this resource') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'The record was not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, current?: unknown) => new HttpError(409, 'conflict', message, { current });
export const tooManyRequests = (message: string) => new HttpError(429, 'too_many_requests', message);
