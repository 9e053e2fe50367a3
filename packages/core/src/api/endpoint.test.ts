import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from './contract.ts';
import { ERROR_BODY_MATCHES, ErrorBody, endpoint, errorAnswers, type Endpoint } from './endpoint.ts';

const base = { path: 'x', summary: 'x', area: 'x' } as const;

describe('errorAnswers', () => {
  it('a public read without parameters: only 401 (a bad API token) and 434 (an older client)', () => {
    expect(errorAnswers(endpoint({ ...base, method: 'GET', access: { public: true } }))).toEqual([401, 434]);
  });

  it('a public read with a query adds 400, and no 403', () => {
    expect(errorAnswers(endpoint({ ...base, method: 'GET', access: { public: true }, query: z.object({ q: z.string() }) }))).toEqual([400, 401, 434]);
  });

  it('a public state-changing call without a body adds 403 (CSRF) but not 400, 413 or 415', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(errorAnswers(endpoint({ ...base, method, access: { public: true } }))).toEqual([401, 403, 434]);
    }
  });

  it('a body adds 400, 413 and 415', () => {
    expect(errorAnswers(endpoint({ ...base, method: 'POST', access: { public: true }, body: z.object({}) }))).toEqual([400, 401, 403, 413, 415, 434]);
  });

  it('a read that is not public adds 403 (roles, the API token list)', () => {
    expect(errorAnswers(endpoint({ ...base, method: 'GET', access: { signedIn: true } }))).toEqual([401, 403, 434]);
    expect(errorAnswers(endpoint({ ...base, method: 'GET', access: { roles: ['Admin'] } }))).toEqual([401, 403, 434]);
  });

  it("adds the endpoint's own answers once, in order", () => {
    const ep = endpoint({ ...base, method: 'POST', access: { roles: ['Admin'] }, query: z.object({}), answers: [409, 400, 404, 503] });
    expect(errorAnswers(ep)).toEqual([400, 401, 403, 404, 409, 434, 503]);
  });

  it('every contract endpoint answers 401 and 434, in ascending order', () => {
    for (const ep of Object.values(contract) as Endpoint[]) {
      const answers = errorAnswers(ep);
      expect(answers).toEqual(expect.arrayContaining([401, 434]));
      expect(answers).toEqual([...answers].sort((a, b) => a - b));
    }
  });
});

describe('ErrorBody', () => {
  it('is the same shape as ApiErrorBody and reads a real error answer', () => {
    expect(ERROR_BODY_MATCHES).toBe(true);
    const body = { error: 'conflict', message: 'Changed', requestId: 'r1', current: { id: 't1' } };
    expect(ErrorBody.parse(body)).toEqual(body);
    expect(ErrorBody.safeParse({ error: 'x' }).success).toBe(false);
  });
});
