import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, dayOffset, expectNoA11yViolations, signIn } from './helpers.ts';

// The dispatcher's trip search: a day by partner, the priority check, and a custom query with a
// nested OR group that is saved, found again after a reload and run.

const INVALID_PRIORITY = 'Invalid priority search. Use one priority (4), a range (1-3) or a minimum (2+).';

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A coming day on which Sandia Mobility (the demo partner login's company) has trips. */
async function sandiaDay(baseURL: string): Promise<{ date: string; count: number }> {
  const partner = await apiAs(baseURL, 'partner');
  try {
    for (const days of [1, 2, 3, 0, 4, 5]) {
      const res = await partner.get(`/api/drive-assignments?serviceDate=${dayOffset(days)}`);
      expect(res.ok()).toBe(true);
      const rows = ((await res.json()) as { rows: unknown[] }).rows;
      if (rows.length) return { date: dayOffset(days), count: rows.length };
    }
    throw new Error('Sandia Mobility has no trips in the coming days');
  } finally {
    await partner.dispose();
  }
}

/** Chooses an option of a Mantine select by its visible label. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a dispatcher searches a day by partner, then builds, saves and runs a custom query', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  const day = await sandiaDay(baseURL!);
  const queryName = `Urgent wheelchair ${Date.now() % 100000}`;

  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  const form = page.getByRole('form', { name: 'Trip search' });

  // A day by partner: the partner is chosen by name from the typeahead.
  await form.getByLabel('Service date', { exact: true }).fill(usDate(day.date));
  await form.getByLabel('Partner', { exact: true }).fill('Sandia');
  await page.getByRole('option', { name: /Sandia Mobility/ }).first().click();
  await form.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(new RegExp(`serviceDate=${day.date}.*affiliateId=[0-9a-f-]{36}`));
  const count = page.getByTestId('trip-count');
  await expect(count).toContainText(/\d+ trips?/);
  const shown = Number((await count.textContent())!.match(/(\d+) trips?/)![1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(day.count);
  const table = page.getByRole('table', { name: 'Trips found' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Sandia Mobility');
  // The search survives a reload: it lives in the address.
  await page.reload();
  await expect(page.getByTestId('trip-count')).toContainText(`${shown} trip`);
  await page.screenshot({ path: test.info().outputPath('admin-trips-results.png'), fullPage: false });
  await expectNoA11yViolations(page, '/admin/trips with results');

  // A row opens trip inspect and the address names the trip, so it can be linked.
  await table.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/inspect=[0-9a-f-]{36}/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('inspect-pager')).toBeVisible();
  await expectNoA11yViolations(page, 'trip inspect');
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/inspect=/);

  // Sorting by a header is a button, so the keyboard reaches it too.
  await table.getByRole('button', { name: /^Pri/ }).click();
  await expect(table.getByRole('columnheader', { name: /^Pri/ })).toHaveAttribute('aria-sort', 'ascending');
  // the order is part of the address, so a reload keeps it
  await expect(page).toHaveURL(/sort=priority/);
  await page.reload();
  await expect(page.getByRole('table').getByRole('columnheader', { name: /^Pri/ })).toHaveAttribute('aria-sort', 'ascending');

  // Opening a trip keeps the order: the address and the table still sort, and the pager walks
  // the rows as the table shows them, not in the server's order.
  const sorted = page.getByRole('table', { name: 'Trips found' });
  await sorted.getByRole('button', { name: /^Pri/ }).click();
  await expect(page).toHaveURL(/sort=-priority/);
  await expect(sorted.getByRole('columnheader', { name: /^Pri/ })).toHaveAttribute('aria-sort', 'descending');
  const refs = (await sorted.getByRole('row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')).filter((l) => l?.startsWith('Trip '))))
    .map((l) => l!.slice('Trip '.length));
  expect(refs.length).toBeGreaterThan(0);
  const at = Math.min(1, refs.length - 1);
  await sorted.getByRole('row', { name: `Trip ${refs[at]}`, exact: true }).click();
  const inspect = page.getByRole('dialog').filter({ has: page.getByTestId('inspect-pager') });
  await expect(inspect.getByRole('heading', { name: `Trip ${refs[at]}` })).toBeVisible();
  await expect(inspect.getByTestId('inspect-pager')).toHaveText(`${at + 1} of ${shown}`);
  await expect(page).toHaveURL(/sort=-priority.*inspect=[0-9a-f-]{36}/);
  await page.screenshot({ path: test.info().outputPath('admin-trips-sorted-inspect.png') });
  await expectNoA11yViolations(page, 'trip inspect from a sorted table');
  if (at + 1 < refs.length) {
    await inspect.getByRole('button', { name: 'Next trip' }).click();
    await expect(inspect.getByRole('heading', { name: `Trip ${refs[at + 1]}` })).toBeVisible();
    await expect(inspect.getByTestId('inspect-pager')).toHaveText(`${at + 2} of ${shown}`);
    await expect(page).toHaveURL(/sort=-priority/);
  }
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/inspect=/);
  await expect(page).toHaveURL(/sort=-priority/);
  await expect(sorted.getByRole('columnheader', { name: /^Pri/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(sorted.getByRole('row').nth(1)).toHaveAccessibleName(`Trip ${refs[0]}`);
  // so do a larger batch and the other tab
  await choose(page, page.getByRole('combobox', { name: 'Max results' }), 'Max 500');
  await expect(page).toHaveURL(/limit=500.*sort=-priority/);
  await page.getByRole('tab', { name: 'Custom query' }).click();
  await expect(page).toHaveURL(/showTab=custom.*sort=-priority/);
  await page.getByRole('tab', { name: 'Search' }).click();
  await expect(page).toHaveURL(/sort=-priority/);
  await expect(sorted.getByRole('columnheader', { name: /^Pri/ })).toHaveAttribute('aria-sort', 'descending');

  // The priority check shows the exact message before anything is sent.
  await page.getByRole('form', { name: 'Trip search' }).getByLabel('Priority', { exact: true }).fill('abc');
  await page.getByRole('form', { name: 'Trip search' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(INVALID_PRIORITY)).toBeVisible();
  await expectNoA11yViolations(page, '/admin/trips, a priority refused');
  await expect(page).not.toHaveURL(/priority=/);

  // A custom query: AND[service date +1, OR[priority 3+, service type in 03]].
  await page.getByRole('tab', { name: 'Custom query' }).click();
  const top = page.getByRole('group', { name: 'All of these' });
  await top.getByLabel('Service date value').fill('+1');
  await top.getByRole('button', { name: 'Add group' }).last().click();
  const or = page.getByRole('group', { name: 'OR group' });
  await choose(page, or.getByRole('combobox', { name: 'Field' }), 'Priority');
  await or.getByLabel('Priority value').fill('3+');
  await or.getByRole('button', { name: 'Add condition' }).click();
  await choose(page, or.getByRole('combobox', { name: 'Field' }).nth(1), 'Service type');
  await choose(page, or.getByRole('combobox', { name: 'Service type comparison' }), 'is one of');
  await or.getByLabel('Service type values').fill('03');
  await or.getByLabel('Service type values').press('Enter');
  await page.getByLabel('Query name').fill(queryName);
  await page.getByRole('button', { name: 'Save as new' }).click();
  await expect(page.getByText(`Saved query "${queryName}"`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-trips-filter.png'), fullPage: true });
  await expectNoA11yViolations(page, '/admin/trips, a custom query saved');

  // After a reload the saved query is in the list; choosing it loads and runs it.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Custom query' })).toHaveAttribute('aria-selected', 'true');
  await choose(page, page.getByRole('combobox', { name: 'Saved queries' }), queryName);
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole('group', { name: 'OR group' })).toBeVisible();
  await expect(page.getByTestId('trip-count')).toContainText(/\d+ trips?/);
  const url = new URL(page.url());
  const filter = JSON.parse(url.searchParams.get('filter')!) as { logicalOp: string; filters: { logicalOp?: string }[] };
  expect(filter.logicalOp).toBe('and');
  expect(filter.filters.some((f) => f.logicalOp === 'or')).toBe(true);

  // CSV: the password is asked again and cleared after a refusal.
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.goto(`/admin/trips?serviceDate=${day.date}`);
  await expect(page.getByTestId('trip-count')).toBeVisible();
  await page.getByRole('button', { name: 'CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download trips as CSV' });
  await expect(dialog.getByLabel('From')).toHaveValue(day.date);
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByText('Your password is not correct')).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('admin-trips-csv.png') });
  await expectNoA11yViolations(page, 'CSV dialog, a password refused');
});
