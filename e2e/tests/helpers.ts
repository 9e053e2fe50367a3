import { expect, request, type Page } from '@playwright/test';

export const PASSWORD = 'Tripline1!';

export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Reads the newest sign-in code sent to anyone, as an administrator reading the outbox. */
export async function latestCode(baseURL: string): Promise<string> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-client-version': '6', origin: baseURL } });
  try {
    const login = await api.post('/api/login', {
      headers: { authorization: 'Basic ' + Buffer.from(`admin:${PASSWORD}`).toString('base64') },
    });
    expect(login.ok()).toBe(true);
    const res = await api.get('/api/outbox-messages');
    const messages = (await res.json()) as { body: string }[];
    const m = /\b(\d{6})\b/.exec(messages[0]?.body ?? '');
    if (!m) throw new Error('no code in the outbox');
    return m[1];
  } finally {
    await api.dispose();
  }
}
