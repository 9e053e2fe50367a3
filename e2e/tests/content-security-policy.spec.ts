import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

// The portal runs under its Content-Security-Policy: scripts only from its own files, styles from
// its files and the style tags Mantine writes, data only from its API and live socket. A screen
// that needed anything else would show it here as a violation or a console error.

/** Everything the page reports against the policy, from both the DOM event and the console. */
function watchPolicy(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy|unsafe-eval|unsafe-inline/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  return problems;
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
});

test('the sign-in page loads under the policy', async ({ page }) => {
  const problems = watchPolicy(page);
  const answer = await page.goto('/login');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('a dispatcher searches trips under the policy', async ({ page }) => {
  const problems = watchPolicy(page);
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  const form = page.getByRole('form', { name: 'Trip search' });
  await form.getByLabel('Service date', { exact: true }).fill('+0');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('trip-count')).toContainText(/\d+ trips?/);
  await page.screenshot({ path: test.info().outputPath('dispatcher-trips.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test("a partner's day loads under the policy", async ({ page }) => {
  const problems = watchPolicy(page);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trips' })).toBeVisible();
  // the day list arrives over the live socket, which the policy must let through
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });
  expect(sockets.some((u) => u.endsWith('/api/live'))).toBe(true);
  await page.screenshot({ path: test.info().outputPath('partner-day.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
