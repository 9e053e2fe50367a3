import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, dayOffset, expectNoA11yViolations, signIn } from './helpers.ts';

// The audit log: a partner's changes to a trip are found by user and by record, with a readable
// before and after; a partner may not open the log.


/** A signed-in API session of a demo user, as our web app would call. */
/** One of the partner's trips a few days ahead. */
async function partnerTrip(api: APIRequestContext): Promise<{ id: string; referenceNumber: string }> {
  for (const days of [3, 4, 5, 2, 1]) {
    const res = await api.get(`/api/drive-assignments?serviceDate=${dayOffset(days)}`);
    expect(res.ok()).toBe(true);
    const rows = ((await res.json()) as { rows: { id: string; referenceNumber: string }[] }).rows;
    if (rows.length) return rows[rows.length - 1];
  }
  throw new Error('the partner has no trips in the coming days');
}

test('a dispatcher finds a partner change by user and by record, with its before and after', async ({ page, baseURL }) => {
  // The partner flags one of its trips; a dispatcher signed in as the partner rewords the flag.
  const partner = await apiAs(baseURL!, 'partner');
  const trip = await partnerTrip(partner);
  const partnerId = ((await (await partner.get('/api/current-user')).json()) as { id: string }).id;
  const flag = async (api: APIRequestContext, text: string) => {
    const res = await api.post('/api/drive-assignment-flag', { data: { referenceNumber: trip.referenceNumber, flag: text } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await flag(partner, 'Ramp needed at the north entrance door');
  await partner.dispose();
  const impersonating = await apiAs(baseURL!, 'dispatcher');
  expect((await impersonating.get(`/api/su?id=${partnerId}`)).ok()).toBe(true);
  await flag(impersonating, 'Ramp needed at the south entrance door');
  await impersonating.dispose();

  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await page.goto('/log');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  // An empty search says what it needs.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Search by record (table and id), by user or by activity type' })).toBeVisible();
  await expectNoA11yViolations(page, '/log, an empty search refused');

  // The suggestions offer what the portal writes, the trip search's bulk actions and saved queries too.
  const activity = page.getByRole('combobox', { name: 'Activity type' });
  await activity.fill('bulk-');
  for (const type of ['bulk-assign', 'bulk-unassign', 'bulk-cancel', 'bulk-un-cancel', 'bulk-reset']) {
    await expect(page.getByRole('option', { name: type, exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page, '/log, activity type suggestions open');
  await activity.fill('');
  await activity.press('Escape');
  const table = page.getByRole('combobox', { name: 'Table' });
  await table.fill('canned');
  await expect(page.getByRole('option', { name: 'canned_queries', exact: true })).toBeVisible();
  await table.fill('');
  await table.press('Escape');

  // By user: the partner's entries, the reworded flag compared word by word.
  await page.getByLabel('User', { exact: true }).fill('partner');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/log\?user=partner$/);
  const entries = page.getByRole('article');
  await expect(entries.first()).toBeVisible();
  const reworded = entries.filter({ has: page.locator('ins', { hasText: 'south' }) }).first();
  await expect(reworded).toContainText('flag');
  await expect(reworded.locator('del', { hasText: 'north' })).toBeVisible();
  await expect(reworded.getByText('Ramp needed at the')).toBeVisible();
  await expect(reworded.getByText(/^impersonated by /)).toBeVisible();
  await expect(entries.filter({ has: page.locator('ins', { hasText: 'Ramp needed at the north entrance door' }) }).getByText(/impersonated by/)).toHaveCount(0);
  // When: the time ago and, on screen for keyboard and touch users too, the exact time.
  await expect(reworded.getByText(/^(just now|\d+ seconds? ago|\d+ minutes? ago)$/)).toBeVisible();
  await expect(reworded.locator('time')).toBeVisible();
  await expect(reworded.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} [AP]M [A-Z]{3,4}$/);
  await expect(reworded.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await page.screenshot({ path: test.info().outputPath('audit-log-by-user.png'), fullPage: true });
  await expectNoA11yViolations(page, '/log by user');

  // By record: the link on the entry opens the trip's history, the first flag as an addition.
  await reworded.getByRole('link', { name: `drive_assignments ${trip.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/log\\?table=drive_assignments&id=${trip.id}$`));
  await expect(page.getByLabel('Record id')).toHaveValue(trip.id);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').last().locator('ins', { hasText: 'Ramp needed at the north entrance door' })).toBeVisible();
  await expect(page.getByText('2 entries, newest first')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-log-by-record.png'), fullPage: true });
  await expectNoA11yViolations(page, '/log by record');

  // A record with no history says so.
  await page.goto('/log?table=drive_assignments&id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('No audit entries found')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-log-empty.png') });
  await expectNoA11yViolations(page, '/log with no entries');

  // A search the form refuses shows the problem at its field and asks the server nothing.
  await page.goto('/log?user=partner&dateFrom=2026-11-23&dateTo=2026-11-22');
  await expect(page.getByText('A date range needs min less than or equal to max')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoA11yViolations(page, '/log, a search refused at its field');
});

test('a partner is refused the audit log', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/log?user=partner');
  await expect(page.getByText('Your account does not permit access to this area.')).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expectNoA11yViolations(page, 'Home with the access-denied message');
});
