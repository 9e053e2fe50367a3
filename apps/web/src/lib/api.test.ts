import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_VERSION, MSG, contract } from '@tripline/core';
import { ApiError, STATUS_IN_PROGRESS, STATUS_NO_RESPONSE, buildUrl, callApi, resetApiState, setApiListener } from './api.ts';

const user = {
  id: '4f7c1c2e-8d1a-4c39-9d7e-3c1a2b3c4d5e',
  contactNumber: 1001,
  name: 'Dana Dispatcher',
  types: ['SecureEmployee'],
  ldapGroups: [],
  adminAccess: false,
  autoSchedulerPost: false,
  partnerId: null,
  partnerName: null,
  division: null,
  timeZone: 'America/Denver',
  su: null,
};

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const fetchMock = vi.fn<typeof fetch>();
const failures: { error: ApiError; quiet: boolean }[] = [];
const warnings: string[] = [];
const errorHeaders: string[] = [];

beforeEach(() => {
  resetApiState();
  fetchMock.mockReset();
  failures.length = 0;
  warnings.length = 0;
  errorHeaders.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  setApiListener({
    failure: (error, quiet) => failures.push({ error, quiet }),
    warnings: (list) => warnings.push(...list.map((w) => w.message)),
    errorHeader: (message) => errorHeaders.push(message),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setApiListener(null);
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('callApi', () => {
  it('sends the version headers and the session cookie, and returns the checked answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, user));
    await expect(callApi(contract.currentUser)).resolves.toEqual(user);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/current-user');
    const headers = init!.headers as Record<string, string>;
    expect(headers['x-client-version']).toBe(String(CLIENT_VERSION));
    expect(headers['x-app-version']).toBe('test');
    expect(init!.credentials).toBe('include');
  });

  it('puts the query in the URL and the body as JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await callApi(contract.mfaChooseDeliveryMethod, { body: { method: 'sms', id: 'p1' } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe('{"method":"sms","id":"p1"}');
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(buildUrl('global-search', { q: 'smith', skip: undefined, tag: ['a', 'b'] })).toBe('/api/global-search?q=smith&tag=a&tag=b');
    expect(buildUrl('drive-assignments/{id}', undefined, { id: 'a b' })).toBe('/api/drive-assignments/a%20b');
  });

  it('sends FormData as multipart and reads the JSON answer of an upload', async () => {
    const receipt = { receiptId: 'r1', name: 'toll.pdf', size: 3, contentType: 'application/pdf' };
    fetchMock.mockResolvedValueOnce(json(200, receipt));
    const form = new FormData();
    form.append('file', new Blob(['pdf'], { type: 'application/pdf' }), 'toll.pdf');
    await expect(callApi(contract.expenseReceiptUpload, { body: form })).resolves.toEqual(receipt);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init!.body).toBe(form);
    // The browser writes the multipart boundary itself.
    expect((init!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('answers a file for a raw endpoint without a declared answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const file = await callApi(contract.expenseReceipt, { query: { id: 'r1' } });
    expect(file).toBeInstanceOf(Blob);
  });

  it('reads the error body into an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: 'validation', message: 'Check the form', details: [{ path: 'q', message: 'Too short' }], requestId: 'r-1' }),
    );
    const error = await failureOf(callApi(contract.globalSearch, { query: { q: 'ab' } }));
    expect(error).toMatchObject({ status: 400, error: 'validation', message: 'Check the form', requestId: 'r-1', call: 'GET global-search' });
    expect(error.details).toEqual([{ path: 'q', message: 'Too short' }]);
    expect(failures).toEqual([{ error, quiet: false }]);
  });

  it('prefers the error header, then falls back to the catalogue text when the body says nothing', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, headers: { 'x-error': 'Database is busy' } }));
    expect(await failureOf(callApi(contract.currentUser))).toMatchObject({ status: 500, message: 'Database is busy', serverMessage: 'Database is busy' });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    expect(await failureOf(callApi(contract.currentUser))).toMatchObject({ message: MSG.NO_COMMUNICATION, serverMessage: null });
    fetchMock.mockResolvedValueOnce(new Response('<html>Not found</html>', { status: 404 }));
    expect((await failureOf(callApi(contract.currentUser))).message).toBe(MSG.NO_COMMUNICATION);
  });

  it('treats a bare 5xx from a proxy in front of the server as no answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }));
    expect(await failureOf(callApi(contract.currentUser))).toMatchObject({ status: STATUS_NO_RESPONSE, error: 'gateway' });
    fetchMock.mockResolvedValueOnce(json(500, { error: 'internal', message: 'Something went wrong', requestId: 'r-9' }));
    expect(await failureOf(callApi(contract.currentUser))).toMatchObject({ status: 500, message: 'Something went wrong' });
  });

  it('answers status -1 when the server cannot be reached or does not answer in time', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    const down = await failureOf(callApi(contract.currentUser));
    expect(down).toMatchObject({ status: STATUS_NO_RESPONSE, error: 'network', message: MSG.SERVER_NOT_RESPONDING });

    fetchMock.mockImplementationOnce(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const slow = await failureOf(callApi(contract.currentUser, { timeoutMs: 10 }));
    expect(slow).toMatchObject({ status: STATUS_NO_RESPONSE, error: 'timeout' });
  });

  it('lets a caller cancel without reporting a failure', async () => {
    const caller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const call = callApi(contract.currentUser, { signal: caller.signal });
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(failures).toEqual([]);
  });

  it('marks failures the caller handles as quiet, by flag or by status', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'unauthorized', message: 'Sign in first' }));
    await failureOf(callApi(contract.currentUser, { quiet: true }));
    await failureOf(callApi(contract.currentUser, { quiet: [401] }));
    await failureOf(callApi(contract.currentUser, { quiet: [403] }));
    expect(failures.map((f) => f.quiet)).toEqual([true, true, false]);
  });

  it('reports an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 'not-a-uuid' }));
    const error = await failureOf(callApi(contract.currentUser));
    expect(error).toMatchObject({ status: 200, error: 'unexpectedResponse', message: MSG.UNEXPECTED_RESPONSE });
    fetchMock.mockResolvedValueOnce(json(200, { id: 'not-a-uuid' }));
    await expect(callApi(contract.currentUser, { validate: false })).resolves.toEqual({ id: 'not-a-uuid' });
  });

  it('tells the listener about each success', async () => {
    const succeeded = vi.fn();
    setApiListener({ succeeded });
    fetchMock.mockResolvedValueOnce(json(200, user)).mockResolvedValueOnce(json(500, { error: 'server_error', message: 'x' }));
    await callApi(contract.currentUser);
    await failureOf(callApi(contract.currentUser));
    expect(succeeded).toHaveBeenCalledTimes(1);
  });

  it('passes server warnings and the error header of a success to the listener', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { ok: true }, { 'x-warning': JSON.stringify([{ type: 'Trip', message: 'Late pickup' }]), 'x-error': 'Partly saved' }),
    );
    await callApi(contract.logout);
    expect(warnings).toEqual(['Late pickup']);
    expect(errorHeaders).toEqual(['Partly saved']);
  });
});

describe('one write at a time', () => {
  function pending() {
    let release!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    return (r: Response) => release(r);
  }

  it('refuses a second write while the first runs, then allows the next one', async () => {
    const release = pending();
    const first = callApi(contract.mfaVerifyCode, { body: { verificationCode: '123456' } });
    const second = await failureOf(callApi(contract.bugReportCreate, { body: { description: 'x'.repeat(70) } }));
    expect(second).toMatchObject({ status: STATUS_IN_PROGRESS, error: 'requestInProgress', message: MSG.WAIT_PREVIOUS });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    release(json(200, user));
    await expect(first).resolves.toEqual(user);

    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(callApi(contract.logout)).resolves.toEqual({ ok: true });
  });

  it('frees the slot when the write fails', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: 'internal', message: 'boom' }));
    await failureOf(callApi(contract.logout));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(callApi(contract.logout)).resolves.toEqual({ ok: true });
  });

  it('lets reads and writes marked concurrent through', async () => {
    const release = pending();
    const first = callApi(contract.logout);
    fetchMock.mockResolvedValueOnce(json(200, user));
    await expect(callApi(contract.currentUser)).resolves.toEqual(user);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(callApi(contract.logout, { concurrent: true })).resolves.toEqual({ ok: true });
    release(json(200, { ok: true }));
    await first;
  });
});
