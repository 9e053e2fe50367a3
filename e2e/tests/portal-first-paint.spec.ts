import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signIn } from './helpers.ts';

// The passenger and case manager homes paint their header and "Loading your trips" from the page
// itself, before any script has run, on a phone and wider; React then replaces them with the home.

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The page as it stands before its scripts run: every script request is refused. */
async function withoutScripts(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

for (const [name, width] of [['phone', 375], ['desktop', 1280]] as const) {
  test(`the passenger home's first paint on a ${name}: header, status, no sideways scroll, no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await withoutScripts(page);
    const answer = await page.goto('/passenger-portal/');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading your trips');
    // the product name shows beside the mark from 576 px up, as in the app's header
    await expect(page.getByRole('banner').getByText('Tripline')).toBeVisible({ visible: width >= 576 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'sideways overflow of the page').toBeLessThanOrEqual(0);
    await shot(page, `first-paint-${name}`);
    await expectNoA11yViolations(page, `first paint at ${width} px`);
  });
}

test('the case manager home starts the same way; other pages start from the plain page', async ({ page }) => {
  await withoutScripts(page);
  await page.goto('/case-manager/');
  await expect(page.getByRole('status')).toHaveText('Loading your trips');
  await page.goto('/login');
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.locator('#root')).toBeEmpty();
});

test('while the portal asks who is signed in, React shows the same header and status', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  // the answer to "who is signed in" held back until the frame has been looked at
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/current-user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/passenger-portal/');
  await expect(page.locator('.fp-header')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your trips' })).toBeVisible();
  await shot(page, 'waiting-frame');
  answer();
  await expect(page.getByRole('heading', { level: 1, name: 'Your trips' })).toBeVisible();
});

test('a signed-in passenger sees the home replace the first paint, its scripts sent compressed, under the policy', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  const plain: string[] = [];
  let compressed = 0;
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const headers = res.headers();
    if (headers['content-encoding'] === 'br') compressed++;
    // only files under 1 KB come without a compressed copy
    else if (Number(headers['content-length']) >= 1024) plain.push(`${res.url()} ${headers['content-encoding'] ?? 'plain'}`);
  });
  const answer = await page.goto('/passenger-portal/');
  expect(await answer?.text()).toContain('Loading your trips');
  await expect(page.getByRole('heading', { level: 1, name: 'Your trips' })).toBeVisible();
  await expect(page.locator('.fp-header')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Loading your trips' })).toHaveCount(0);
  expect(compressed).toBeGreaterThan(0);
  expect(plain).toEqual([]);
  // the page's own style tag and markup are within the content security policy
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  await shot(page, 'home-after-first-paint');
});
