import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiState } from '../../lib/api.ts';
import { sendSupportMessage } from './send-support-message.ts';

const fetchMock = vi.fn<typeof fetch>();
const answer = (body: string, type = 'application/json') => new Response(body, { status: 200, headers: { 'content-type': type } });

beforeEach(() => {
  resetApiState();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("the support form's answer (spec 1 §7)", () => {
  it("'OK' means the message arrived", async () => {
    fetchMock.mockResolvedValueOnce(answer('"OK"'));
    expect(await sendSupportMessage({ message: 'Help' })).toBe(true);
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/api\/contact-support$/);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ message: 'Help' });
  });

  it('OK as plain text counts too', async () => {
    fetchMock.mockResolvedValueOnce(answer('OK', 'text/plain'));
    expect(await sendSupportMessage({ message: 'Help' })).toBe(true);
  });

  it('anything else is not a success', async () => {
    fetchMock.mockResolvedValueOnce(answer('{"ok":true}'));
    expect(await sendSupportMessage({ message: 'Help' })).toBe(false);
    fetchMock.mockResolvedValueOnce(answer(''));
    expect(await sendSupportMessage({ message: 'Help' })).toBe(false);
  });
});
