import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { fillPartnerDay, partnerCompanyOf, withDatabase } from './database.ts';
import { apiAs, dayOffset, expectNoA11yViolations, gatedLiveSocket, signIn } from './helpers.ts';

// The dispatcher's trip search on the live search: a partner's accept shows without Refresh; a
// lost connection is said and caught up with once back; without a usable socket the HTTP search
// answers and Refresh reads it again; a 12,000-match day searched with Max Results 1000 is truncated, sorted by a column and scrolled to
// its end; a bulk action runs over the whole batch of 1,000 and changes exactly those trips; and
// at 1024 px nothing is cut off.

// Past the demo's days (30 back to 7 ahead) and the other journeys' (21 ahead).
const ACCEPT_DAY = dayOffset(23);
const BIG_DAY = dayOffset(25);
const MATCHES = 12_000;
const BATCH = 1_000;
const CLIENT = { 'x-client-version': '6' };

let partnerId = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await withDatabase(async (db) => {
    partnerId = await partnerCompanyOf(db, 'partner');
    await fillPartnerDay(db, { partnerId, day: ACCEPT_DAY, trips: 3 });
    await fillPartnerDay(db, { partnerId, day: BIG_DAY, trips: MATCHES });
    // Every trip of the big day answered by the partner, so resetting the answers changes each one.
    await db.query('update drive_assignments set accepted = true, mod_count = mod_count + 1 where farmout_contact_id = $1 and service_date = $2', [
      partnerId,
      BIG_DAY,
    ]);
  });
});

/** A list row as sent: a field at a new trip's value is left out (core TripListRow). */
interface SentRow {
  id: string;
  referenceNumber: string;
  modCount?: number;
  accepted?: boolean;
  schedulePriority?: number;
}
interface Row {
  id: string;
  referenceNumber: string;
  modCount: number;
  accepted: boolean;
  schedulePriority: number;
}

/** The list rows a search answers over HTTP, as the signed-in user of `api`. */
async function searchRows(api: APIRequestContext, query: string): Promise<{ rows: Row[]; total: number }> {
  const res = await api.get(`/api/drive-assignments?${query}&view=list`, { headers: CLIENT });
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as { rows: SentRow[]; total: number };
  const rows = list.rows.map((r) => ({ ...r, modCount: r.modCount ?? 0, accepted: r.accepted ?? false, schedulePriority: r.schedulePriority ?? 1 }));
  return { rows, total: list.total };
}

/** The table scrolls only up and down, and the page not at all sideways: nothing is cut off. */
async function expectFitsWidth(page: Page, table: Locator) {
  const widths = await table.evaluate((el) => ({
    table: el.scrollWidth - el.clientWidth,
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    cut: [...el.querySelectorAll('[role=columnheader], [role=cell]')].filter((cell) => {
      const box = cell.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > document.documentElement.clientWidth);
    }).length,
  }));
  expect(widths, 'sideways overflow of the table, the page, and cells off the screen').toEqual({ table: 0, page: 0, cut: 0 });
}

/** Accepts a trip with the partner's session. */
async function acceptAsPartner(partner: APIRequestContext, trip: Row) {
  const res = await partner.post('/api/accept', { data: { driveAssignments: [{ id: trip.id, modCount: trip.modCount }] } });
  expect(res.ok()).toBe(true);
  expect(((await res.json()) as { accepted: unknown[] }).accepted).toHaveLength(1);
}

const row = (table: Locator, n: number) => table.locator(`[role="row"][aria-rowindex="${n + 1}"]`);

test("a partner's accept shows on the dispatcher's search without Refresh", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const partner = await apiAs(baseURL!, 'partner');
  try {
    const [trip] = (await searchRows(partner, `serviceDate=${ACCEPT_DAY}`)).rows;
    expect(trip.accepted).toBe(false);

    await signIn(page, 'dispatcher');
    await expect(page).toHaveURL(/\/admin\/trips/);
    await page.goto(`/admin/trips?serviceDate=${ACCEPT_DAY}&affiliateId=${partnerId}`);
    const table = page.getByRole('table', { name: 'Trips found' });
    const shown = table.getByRole('row', { name: `Trip ${trip.referenceNumber}`, exact: true });
    await expect(shown.locator('[data-status]')).toHaveAttribute('data-status', 'none');
    await expect(page.getByTestId('trip-count')).toHaveText('3 trips');
    await expectNoA11yViolations(page, '/admin/trips, a partner day before the accept');

    await acceptAsPartner(partner, trip);

    // no Refresh, no reload: the live search brings the change
    await expect(shown.locator('[data-status]')).toHaveAttribute('data-status', 'accepted');
    await expect(shown).toContainText('Accepted');
    await expectNoA11yViolations(page, '/admin/trips, the accept shown live');
  } finally {
    await partner.dispose();
  }
});

test('a lost connection is said until it is back, and the search then shows what changed meanwhile', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const live = await gatedLiveSocket(page);
  const partner = await apiAs(baseURL!, 'partner');
  try {
    const trip = (await searchRows(partner, `serviceDate=${ACCEPT_DAY}`)).rows.find((t) => !t.accepted)!;
    await signIn(page, 'dispatcher');
    await expect(page).toHaveURL(/\/admin\/trips/);
    await page.goto(`/admin/trips?serviceDate=${ACCEPT_DAY}&affiliateId=${partnerId}`);
    const shown = page.getByRole('table', { name: 'Trips found' }).getByRole('row', { name: `Trip ${trip.referenceNumber}`, exact: true });
    await expect(shown.locator('[data-status]')).toHaveAttribute('data-status', 'none');
    await expect.poll(() => live.opened()).toBeGreaterThan(0);

    await live.drop();
    const lost = page.getByRole('alert').filter({ hasText: 'Lost connection to server. Please refresh your browser.' });
    await expect(lost).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('search-lost.png') });
    await expectNoA11yViolations(page, '/admin/trips, the live connection lost');
    await acceptAsPartner(partner, trip);

    // reconnected: the search is fetched again and shows the accept made while it was away
    live.reopen();
    await expect(lost).toBeHidden({ timeout: 20_000 });
    await expect(shown.locator('[data-status]')).toHaveAttribute('data-status', 'accepted');
  } finally {
    await partner.dispose();
  }
});

test('without a usable socket the HTTP search answers, sorted, and Refresh reads it again', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A socket that opens and never answers, as behind a proxy that drops its frames.
  await page.routeWebSocket(/\/api\/live$/, () => {});
  const partner = await apiAs(baseURL!, 'partner');
  try {
    const day = (await searchRows(partner, `serviceDate=${ACCEPT_DAY}`)).rows;
    const trip = day.find((t) => !t.accepted)!;
    await signIn(page, 'dispatcher');
    await expect(page).toHaveURL(/\/admin\/trips/);
    await page.goto(`/admin/trips?serviceDate=${ACCEPT_DAY}&affiliateId=${partnerId}&sort=-referenceNumber`);
    const table = page.getByRole('table', { name: 'Trips found' });
    await expect(page.getByTestId('trip-count')).toHaveText(`${day.length} trips`, { timeout: 20_000 });
    const descending = day.map((t) => t.referenceNumber).sort((a, b) => b.localeCompare(a, 'en-US', { numeric: true }));
    await expect(row(table, 1)).toHaveAccessibleName(`Trip ${descending[0]}`);
    await expect(row(table, day.length)).toHaveAccessibleName(`Trip ${descending[day.length - 1]}`);
    await expectNoA11yViolations(page, '/admin/trips over HTTP');

    await acceptAsPartner(partner, trip);
    const shown = table.getByRole('row', { name: `Trip ${trip.referenceNumber}`, exact: true });
    await expect(shown.locator('[data-status]')).toHaveAttribute('data-status', 'none');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(shown.locator('[data-status]')).toHaveAttribute('data-status', 'accepted');
  } finally {
    await partner.dispose();
  }
});

test('a 12,000-match day: truncated at 1,000, sorted to its end, reset as a whole batch, fitting 1024 px', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  const staff = await apiAs(baseURL!, 'dispatcher');
  const search = `serviceDate=${BIG_DAY}&affiliateId=${partnerId}&limit=${BATCH}`;
  const batch = await searchRows(staff, search);
  expect(batch.total).toBe(MATCHES);
  expect(batch.rows).toHaveLength(BATCH);

  await page.goto(`/admin/trips?${search}`);
  const table = page.getByRole('table', { name: 'Trips found' });
  await expect(page.getByTestId('trip-count')).toHaveText(`${BATCH} trips (first ${BATCH} of ${MATCHES} found)`, { timeout: 30_000 });
  await expect(page.getByText('Results are truncated! You must increase Max Results, or refine your search')).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', String(BATCH + 1));
  await expect(row(table, 1)).toHaveAccessibleName(`Trip ${batch.rows[0].referenceNumber}`);
  await page.screenshot({ path: test.info().outputPath('search-1366.png') });
  await expectNoA11yViolations(page, '/admin/trips, 1,000 of 12,000');

  // Sorted by priority, highest first: the server orders the whole batch, and its end is reached.
  await table.getByRole('button', { name: /^Pri/ }).click();
  await table.getByRole('button', { name: /^Pri/ }).click();
  await expect(page).toHaveURL(/sort=-priority/);
  await expect(table.getByRole('columnheader', { name: /^Pri/ })).toHaveAttribute('aria-sort', 'descending');
  const priorities = batch.rows.map((t) => t.schedulePriority);
  const [highest, lowest] = [Math.max(...priorities), Math.min(...priorities)];
  expect(highest).toBeGreaterThan(lowest);
  await expect(row(table, 1).locator('[data-column="priority"]')).toHaveText(new RegExp(`^${highest}`));
  const last = row(table, BATCH);
  await expect(async () => {
    await table.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    // the table's foot may lie below the page's fold
    await last.scrollIntoViewIfNeeded({ timeout: 1_000 });
    await expect(last).toBeInViewport({ ratio: 1, timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(last).not.toHaveAttribute('aria-busy', { timeout: 15_000 });
  await expect(last.locator('[data-column="priority"]')).toHaveText(new RegExp(`^${lowest}`));
  await page.screenshot({ path: test.info().outputPath('search-sorted-end.png') });
  await expectNoA11yViolations(page, '/admin/trips sorted and scrolled to the end');

  // At 1024 px the results fit: the columns that matter least fold into each row's detail line.
  await page.setViewportSize({ width: 1024, height: 768 });
  await table.evaluate((el) => el.scrollTo(0, 0));
  await expect(row(table, 1)).not.toHaveAttribute('aria-busy', { timeout: 15_000 });
  await expectFitsWidth(page, table);
  await page.screenshot({ path: test.info().outputPath('search-1024.png') });
  await expectNoA11yViolations(page, '/admin/trips at 1024 px');

  // Reset partner answer over every trip of the batch, none chosen: all 1,000.
  await page.getByRole('button', { name: `Bulk actions (${BATCH})` }).click();
  await page.getByRole('menuitem', { name: 'Reset partner answer' }).click();
  const question = page.getByRole('dialog', { name: 'Bulk action' });
  await expect(question).toContainText(`Clear the partner's answer on ${BATCH} trips, so the partner answers again?`);
  await expectNoA11yViolations(page, 'bulk reset of 1,000 trips, confirmation');
  await question.getByRole('button', { name: 'Reset answers' }).click();
  const result = page.getByRole('dialog', { name: 'Reset partner answer: result' });
  await expect(result).toContainText(`${BATCH} changed`, { timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('search-bulk-result.png') });
  await expectNoA11yViolations(page, 'bulk reset of 1,000 trips, result');
  await result.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  // the rows follow live
  await expect(row(table, 1).locator('[data-status]')).toHaveAttribute('data-status', 'none');

  // Exactly the batch changed: the partner's day has 1,000 unanswered trips, the batch's.
  const partner = await apiAs(baseURL!, 'partner');
  try {
    const day = await searchRows(partner, `serviceDate=${BIG_DAY}`);
    expect(day.rows).toHaveLength(MATCHES);
    const unanswered = day.rows.filter((t) => !t.accepted).map((t) => t.id);
    expect(unanswered.sort()).toEqual(batch.rows.map((t) => t.id).sort());
  } finally {
    await partner.dispose();
    await staff.dispose();
  }
});
