import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TripWindow } from '@tripline/core';
import { withDatabase, partnerCompanyOf, fillPartnerDay } from './database.ts';
import { dayOffset, expectNoA11yViolations, signIn } from './helpers.ts';

// Home over a 2,000-trip day: the browser holds the day's members and only the rows around what
// is in view. The end of the day is reached, the server searches ('!') and sorts, Accept all
// accepts every trip from the members alone, and at 1024 px nothing is cut off.

const TRIPS = 2_000;
// Three weeks ahead: past the demo's days (30 back to 7 ahead), so no other journey reads it.
const DAY = dayOffset(21);
const HEADERS = { 'x-client-version': '6' };

/** A window of the day as the signed-in user's API answers it (the Home list's HTTP twin). */
async function dayWindow(page: Page, query: string): Promise<TripWindow> {
  const res = await page.request.get(`/api/drive-assignments-window?pickupDate=${DAY}${query}`, { headers: HEADERS });
  expect(res.ok()).toBe(true);
  return (await res.json()) as TripWindow;
}

/** The list scrolls only up and down: no cell leaves the screen sideways. */
/** Signs the demo partner in at 1366 px and opens the 2,000-trip day; answers its list. */
async function openDay(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/?date=${DAY}`);
  return page.getByRole('table', { name: /^Trips for / });
}

/** Scrolls the list to its end and waits for the last trip's row to be in view and loaded. */
async function scrollToLastTrip(page: Page, home: Locator) {
  const [last] = (await dayWindow(page, `&offset=${TRIPS - 1}&limit=1`)).rows;
  const lastRow = home.locator(`[role="row"][aria-rowindex="${TRIPS + 1}"]`);
  await expect(async () => {
    await home.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(lastRow).toBeInViewport({ ratio: 1, timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(lastRow).not.toHaveAttribute('aria-busy', { timeout: 10_000 });
  return { last, lastRow };
}

/** Nothing is cut off once the columns have been laid out again for the window's width. */
async function expectNoSidewaysOverflow(table: Locator) {
  // the columns are measured again after a resize (a frame or more later): judge the settled layout
  await expect(async () => {
    const fit = await table.evaluate((el) => {
      const width = document.documentElement.clientWidth;
      const outside = [...el.querySelectorAll('[role=columnheader], [role=cell]')]
        .map((c) => c.getBoundingClientRect())
        .filter((box) => box.width > 0 && (box.left < 0 || box.right > width)).length;
      return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, pageWidth: document.documentElement.scrollWidth, width, outside };
    });
    expect(fit.outside, 'cells outside the screen').toBe(0);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.pageWidth).toBeLessThanOrEqual(fit.width);
  }).toPass({ timeout: 5_000 });
}

/** The reference shown in a row (its Trip cell's first line). */
const refOf = (row: Locator) => row.locator('[data-column="trip"] strong').innerText();

test.beforeAll(async () => {
  await withDatabase(async (db) => {
    const partnerId = await partnerCompanyOf(db, 'partner');
    await fillPartnerDay(db, { partnerId, day: DAY, trips: TRIPS });
  });
});

test('a 2,000-trip day: to the end, searched, sorted, all accepted, and fitting 1024 px', async ({ page }) => {
  test.setTimeout(180_000);
  const home = await openDay(page);
  await expect(page.getByText(`${TRIPS} trips`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(home).toHaveAttribute('aria-rowcount', String(TRIPS + 1));
  const firstRow = home.locator('[role="row"][aria-rowindex="2"]');
  await expect(firstRow).not.toHaveAttribute('aria-busy');
  await page.screenshot({ path: test.info().outputPath('home-1366.png') });
  await expectNoA11yViolations(page, 'Home with 2,000 trips');

  // The end of the day: the last trip's row comes into view and loads.
  const { last, lastRow } = await scrollToLastTrip(page, home);
  await expect(lastRow.getByRole('button', { name: `Actions for trip ${last.referenceNumber}`, exact: true })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('home-1366-end.png') });
  await expectNoA11yViolations(page, 'Home scrolled to the end of 2,000 trips');

  // The keyboard goes from the last row to the first and back.
  await lastRow.focus();
  await page.keyboard.press('Home');
  await expect(firstRow).toBeFocused();
  await expect(firstRow).not.toHaveAttribute('aria-busy', { timeout: 10_000 });
  await page.keyboard.press('End');
  await expect(lastRow).toBeFocused();

  // '!' keeps the high-priority trips only: the server searches, the count says how many of the day.
  const high = (await dayWindow(page, '&q=!&limit=1')).total;
  expect(high).toBeGreaterThan(0);
  expect(high).toBeLessThan(TRIPS);
  await page.getByLabel('Search trips').fill('!');
  await expect(page.getByText(`${high} of ${TRIPS} trips`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=(!|%21)(&|$)/);
  await expect(home).toHaveAttribute('aria-rowcount', String(high + 1));
  await expect(firstRow).not.toHaveAttribute('aria-busy');
  const shown = home.locator('[role="row"][data-trip-id]');
  const count = Math.min(await shown.count(), 8);
  for (let i = 0; i < count; i++) await expect(shown.nth(i).getByText('high priority')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('home-search.png') });
  await expectNoA11yViolations(page, "Home searched with '!'");
  await page.getByLabel('Search trips').fill('');
  await expect(page.getByText(`${TRIPS} trips`, { exact: true })).toBeVisible();

  // A column header sorts: by trip number, ascending then descending, then back to the day's order.
  const tripHeader = home.getByRole('columnheader', { name: 'Trip' });
  const dayFirst = await refOf(firstRow);
  const [lowest] = (await dayWindow(page, '&sort=referenceNumber&dir=asc&limit=1')).rows;
  const [highest] = (await dayWindow(page, '&sort=referenceNumber&dir=desc&limit=1')).rows;
  await expect(tripHeader).toHaveAttribute('aria-sort', 'none');
  await tripHeader.getByRole('button').click();
  await expect(tripHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow.locator('[data-column="trip"] strong')).toHaveText(lowest.referenceNumber);
  await tripHeader.getByRole('button').press('Enter');
  await expect(tripHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow.locator('[data-column="trip"] strong')).toHaveText(highest.referenceNumber);
  expect(highest.referenceNumber).not.toBe(dayFirst);
  await expect(home.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'none');
  await page.screenshot({ path: test.info().outputPath('home-sorted.png') });
  await expectNoA11yViolations(page, 'Home sorted by trip number');
  await tripHeader.getByRole('button').click();
  await expect(tripHeader).toHaveAttribute('aria-sort', 'none');
  await expect(firstRow.locator('[data-column="trip"] strong')).toHaveText(dayFirst);

  // At 1024 px the list still fits: columns fold into each row's detail line, nothing is cut off.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(firstRow.locator('[data-column="detail"]')).toBeVisible();
  await expectNoSidewaysOverflow(home);
  await page.screenshot({ path: test.info().outputPath('home-1024.png') });
  await expectNoA11yViolations(page, 'Home with 2,000 trips at 1024 px');

  // Accept all: every trip of the day, from the list's members alone.
  const open = (await dayWindow(page, '&limit=1')).members.filter((m) => !(m[3] & 1)).length;
  expect(open).toBe(TRIPS);
  await page.getByRole('button', { name: 'Accept all' }).click();
  const confirm = page.getByRole('button', { name: `Accept ${TRIPS} trips` });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page, 'accept all of 2,000 trips, asking to confirm');
  await confirm.click();
  await expect(page.getByText(`Accepted ${TRIPS} trips.`)).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => (await dayWindow(page, '&limit=1')).members.filter((m) => !(m[3] & 1)).length, { timeout: 30_000 }).toBe(0);
  await expect(firstRow.locator('[data-status]')).toHaveAttribute('data-status', 'accepted');
});

test('without live updates the day comes over HTTP, a page at a time as the list scrolls', async ({ page }) => {
  test.setTimeout(120_000);
  // The socket opens but nothing ever answers on it: Home falls back to GET drive-assignments-window.
  await page.routeWebSocket(/\/api\/live$/, () => undefined);
  const offsets: number[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/drive-assignments-window' && url.searchParams.get('pickupDate') === DAY) offsets.push(Number(url.searchParams.get('offset')));
  });
  const home = await openDay(page);
  await expect(page.getByText(`${TRIPS} trips`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(home).toHaveAttribute('aria-rowcount', String(TRIPS + 1));
  expect(offsets).toEqual([0]);
  await expectNoA11yViolations(page, 'Home over HTTP');

  const { last, lastRow } = await scrollToLastTrip(page, home);
  await expect(lastRow.getByRole('button', { name: `Actions for trip ${last.referenceNumber}`, exact: true })).toBeVisible();
  expect(Math.max(...offsets)).toBeGreaterThan(TRIPS - 500);
  await expectNoA11yViolations(page, 'Home over HTTP scrolled to the end');
});

test("a row's dialog reads the full trip first: loading, a readable failure, and the dialog once it is read", async ({ page }) => {
  const home = await openDay(page);
  const firstRow = home.locator('[role="row"][aria-rowindex="2"]');
  await expect(firstRow).not.toHaveAttribute('aria-busy', { timeout: 20_000 });
  const ref = await refOf(firstRow);

  // The read of the trip is held, then fails.
  let fail: () => void = () => undefined;
  const failed = new Promise<void>((resolve) => (fail = resolve));
  await page.route(/\/api\/drive-assignments\?id=/, async (route) => {
    await failed;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'The database is not reachable right now.' }) });
  });
  await firstRow.getByRole('button', { name: `Actions for trip ${ref}` }).click();
  await page.getByRole('menuitem', { name: 'Flag' }).click();
  const loading = page.getByRole('dialog', { name: `Trip ${ref}` });
  await expect(loading.getByRole('status')).toHaveText('Loading data from server...');
  await expectNoA11yViolations(page, 'a row dialog reading its trip');
  fail();
  await expect(loading.getByText('The trip could not be loaded')).toBeVisible();
  await expect(loading.getByText('The database is not reachable right now.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dialog-failed.png') });
  await expectNoA11yViolations(page, 'a row dialog whose trip could not be read');

  // Read again: the Flag dialog opens on the full trip.
  await page.unroute(/\/api\/drive-assignments\?id=/);
  await loading.getByRole('button', { name: 'Try again' }).click();
  const flag = page.getByRole('dialog', { name: `Flag trip ${ref}` });
  await expect(flag).toBeVisible();
  await expectNoA11yViolations(page, 'the Flag dialog after reading the trip');
});
