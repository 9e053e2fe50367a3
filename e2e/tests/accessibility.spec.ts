import { expect, test, type Page } from '@playwright/test';
import { dayOffset, expectNoA11yViolations, signIn } from './helpers.ts';

// Every screen that exists passes axe (WCAG 2.x A/AA and best practices) in each state it reaches,
// and a signed-in page offers a skip link as its first stop of the keyboard.

const HEADERS = { 'x-client-version': '6' };


/** A coming day on which the signed-in partner has trips. */
async function partnerDay(page: Page): Promise<{ date: string; referenceNumber: string }> {
  for (const days of [1, 2, 3, 0, 4, 5]) {
    const res = await page.request.get(`/api/drive-assignments?serviceDate=${dayOffset(days)}`, { headers: HEADERS });
    expect(res.ok()).toBe(true);
    const rows = ((await res.json()) as { rows: { referenceNumber: string }[] }).rows;
    if (rows.length) return { date: dayOffset(days), referenceNumber: rows[0].referenceNumber };
  }
  throw new Error('the partner has no trips in the coming days');
}

async function noLoader(page: Page) {
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });
}

test('the sign-in page passes axe and logs nothing to the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/login');
  await expect(page.getByLabel('User name')).toBeVisible();
  await expectNoA11yViolations(page, 'sign-in');
  // a page that asks nothing of a signed-out visitor, reloaded, stays quiet too
  await page.reload();
  await expect(page.getByLabel('User name')).toBeVisible();
  expect(errors).toEqual([]);
});

test('public pages pass axe signed out', async ({ page }) => {
  for (const path of ['/contact', '/FAQ', '/bug-report']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page, `${path} signed out`);
  }
});

test('a partner’s screens pass axe, and the skip link leads to the trip list', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  const day = await partnerDay(page);
  await page.goto(`/?date=${day.date}`);
  await noLoader(page);
  const list = page.getByRole('table', { name: /^Trips for / });
  await expect(list.getByRole('button', { name: `Actions for trip ${day.referenceNumber}`, exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home.png') });
  await expectNoA11yViolations(page, 'Home with trips');

  // The first Tab reaches the skip link, shown on focus; Enter puts the keyboard on the trips.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('home-skip-link.png') });
  await expectNoA11yViolations(page, 'Home with the skip link focused');
  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  await expect(main.getByRole('table', { name: /^Trips for / })).toBeVisible();
  await expect(skip).not.toBeInViewport();
  // the next Tab goes on from the main content (the service date, whose calendar opens), not back
  // to the navigation
  await page.keyboard.press('Tab');
  await expect(main.getByRole('textbox', { name: 'Service date' })).toBeFocused();
  await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
  await expectNoA11yViolations(page, 'Home with the date calendar open');
  await page.keyboard.press('Escape');
  await list.getByRole('button', { name: `Actions for trip ${day.referenceNumber}`, exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoA11yViolations(page, 'Home with a row menu open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoA11yViolations(page, 'account menu open');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-notifications.png') });
  await expectNoA11yViolations(page, 'notifications open', { only: '[role=dialog][aria-label="Notifications"]' });
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['/messages', 'Messages'],
    ['/bug-report', /bug/i],
    ['/contact', /contact/i],
    ['/FAQ', /FAQ/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await noLoader(page);
    await expectNoA11yViolations(page, `${path} as a partner`);
  }
});

test('a dispatcher’s trip search, trip inspect and audit log pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await expectNoA11yViolations(page, '/admin/trips before a search');

  await page.goto(`/admin/trips?serviceDate=${dayOffset(1)}`);
  const table = page.getByRole('table', { name: 'Trips found' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-trips.png') });
  await expectNoA11yViolations(page, '/admin/trips with results');

  // The skip link of a staff page leads past the navigation and the contact search too.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await table.getByRole('row').nth(1).click();
  const inspect = page.getByRole('dialog');
  await expect(inspect.getByTestId('inspect-pager')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('trip-inspect.png') });
  await expectNoA11yViolations(page, 'trip inspect');
  for (const tab of ['Partner activity', 'Related trips']) {
    await inspect.getByRole('tab', { name: tab }).click();
    await expect(inspect.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await noLoader(page);
    await expectNoA11yViolations(page, `trip inspect, ${tab}`);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Custom query' }).click();
  await expect(page.getByRole('group', { name: 'All of these' })).toBeVisible();
  await expectNoA11yViolations(page, '/admin/trips custom query');

  await page.goto('/log?user=partner');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first().or(page.getByText('No audit entries found'))).toBeVisible();
  await expectNoA11yViolations(page, '/log with entries');
});

test('the no-access page passes axe', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  // An account that holds no role of the site: the partner's own answer, stripped of its roles.
  const me = (await (await page.request.get('/api/current-user', { headers: HEADERS })).json()) as Record<string, unknown>;
  const roleless = { ...me, types: [], ldapGroups: [], adminAccess: false, autoSchedulerPost: false, partnerId: null, partnerName: null };
  await page.route('**/api/current-user', (route) => route.fulfill({ json: roleless }));
  await page.goto('/');
  await expect(page.getByText('No access')).toBeVisible();
  await expectNoA11yViolations(page, 'no access');
});

test('Home passes axe on a phone, with the navigation open too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  const day = await partnerDay(page);
  await page.goto(`/?date=${day.date}`);
  await noLoader(page);
  await expect(page.getByRole('table', { name: /^Trips for / })).toBeVisible();
  await expectNoA11yViolations(page, 'Home on a phone');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('link', { name: 'Messages' })).toBeInViewport();
  await expectNoA11yViolations(page, 'Home on a phone, navigation open');
  await page.screenshot({ path: test.info().outputPath('home-phone-navigation.png') });
});
