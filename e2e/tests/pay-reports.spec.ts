import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { NonFinalTripsReport } from '@tripline/core';
import { withDatabase } from './database.ts';
import { dayOffset, expectFitsWidth, expectNoA11yViolations, signIn } from './helpers.ts';

// A partner reads last week's pay (chart, totals, CSV), then finalises a ready trip from the
// non-final report and downloads non-finalized-trips.csv; a dispatcher sees a line per partner.

const HEADERS = { 'x-client-version': '6' };

/** The Sunday of the last whole week, counted in the operator's days. */
function lastWeekSunday(): string {
  const today = dayOffset(0);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return dayOffset(-weekday - 7);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
  const link = page.getByRole('link', { name: button });
  await expect(link).toHaveAttribute('href', /format=CSV/);
  // a click that lands while the report is drawn again starts nothing: click again until a download starts
  let download: Download | undefined;
  await expect(async () => {
    [download] = await Promise.all([page.waitForEvent('download', { timeout: 5_000 }), link.click()]);
  }).toPass({ timeout: 30_000 });
  const started = download!;
  const file = await started.path();
  return { name: started.suggestedFilename(), text: readFileSync(file, 'utf8').replace(/^\uFEFF/, '') };
}

test('a partner reads last week’s pay, chart and totals, and downloads it', async ({ page }) => {
  const sunday = lastWeekSunday();
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/reporting/partner-pay?date=${sunday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner-pay report' })).toBeVisible();
  const totals = page.getByLabel('Totals');
  await expect(totals.getByText('Final', { exact: true })).toBeVisible();
  await expect(totals.getByText('Not Final', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pay-chart').locator('canvas')).toBeVisible();
  const table = page.getByRole('table', { name: 'Trips of the week' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoA11yViolations(page, 'partner-pay report');
  await expectFitsWidth(page);
  await shot(page, 'partner-pay-1024');

  // Only past and present Sundays can be picked.
  await page.getByLabel('Week beginning (Sunday)').click();
  const picker = page.getByRole('dialog');
  await expect(picker.locator('button[data-disabled="true"]').first()).toBeVisible();
  // Sundays lead each week of the calendar, and only they (not in the future) can be chosen
  await expect(picker.getByRole('columnheader').first()).toHaveText('Su');
  await expectNoA11yViolations(page, 'the week picker');
  await shot(page, 'partner-pay-picker');
  await page.keyboard.press('Escape');

  const csv = await downloadText(page, 'Download CSV');
  expect(csv.name).toBe(`partner-pay-${sunday}.csv`);
  const lines = csv.text.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Reference,Service date,Partner,Passenger,Service type,Bill-to,Pay status,Rate type,Pay lines,Override,Total');
  expect(lines.length).toBe((await table.getByRole('row').count()));

  await page.setViewportSize({ width: 375, height: 800 });
  await expectFitsWidth(page);
  await shot(page, 'partner-pay-375');

  // a week before the demo's trips is empty; a day that is not a Sunday is refused with the rule
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto('/reporting/partner-pay?date=2020-01-05');
  await expect(page.getByText('No accepted trips in the week of 01/05/2020.')).toBeVisible();
  await page.goto(`/reporting/partner-pay?date=${dayOffset(1)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a Sunday that is not in the future' }).first()).toBeVisible();
  await expectNoA11yViolations(page, 'partner-pay report, a refused week');
  await shot(page, 'partner-pay-refused');
  await page.getByRole('button', { name: 'Show this week' }).click();
  await expect(page.getByText(/The week of /)).toBeVisible();

  // from a week's pay to what its trips that are not Final wait for
  await page.goto(`/reporting/partner-pay?date=${sunday}`);
  await page.getByRole('link', { name: "What the week's trips that are not Final wait for" }).click();
  await expect(page).toHaveURL(new RegExp(`/reporting/partner-non-final-trips\\?dateFrom=${sunday}&dateTo=`));
  await expect(page.getByRole('table', { name: 'Non-final trips' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoA11yViolations(page, 'non-final trips of a week');
});

test('a partner accepts the rate of a ready trip from the non-final report and downloads it', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/\/$/);
  const from = dayOffset(-30);
  const to = dayOffset(0);
  const asked = await page.request.get(`/api/reports/partner-non-final-trips?dateFrom=${from}&dateTo=${to}`, { headers: HEADERS });
  const report = (await asked.json()) as NonFinalTripsReport;
  let ready = report.trips.find((t) => t.ready);
  if (!ready) {
    // the demo left every past trip without a rate: give one the rate a rate editor would have set
    const waiting = report.trips.find((t) => t.noRate && t.partnerPayStatus === 'Pending');
    expect(waiting, 'a trip waiting only for its rate').toBeTruthy();
    await withDatabase((db) => db.query('update drive_assignments set farmout_rate = 42.50, farmout_rate_override = 42.50 where id = $1', [waiting!.id]));
    ready = waiting;
  }
  expect(baseURL).toBeTruthy();

  await page.goto(`/reporting/partner-non-final-trips?dateFrom=${from}&dateTo=${to}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Non-final trips report' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: ready!.referenceNumber });
  await expect(row.getByText('Ready for rate accept')).toBeVisible();
  await expectNoA11yViolations(page, 'non-final trips report');
  await expectFitsWidth(page);
  await shot(page, 'non-final-1024');

  await row.getByRole('checkbox', { name: `Choose trip ${ready!.referenceNumber} for rate accept` }).check();
  await page.getByRole('button', { name: 'Accept rates (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept rates' });
  await expect(dialog.getByText('Accept the rates of 1 trip?')).toBeVisible();
  await expectNoA11yViolations(page, 'accept rates question');
  await dialog.getByRole('button', { name: 'Accept 1 rate' }).click();
  await expect(page.getByText('Finalized 1 trip.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ready!.referenceNumber })).toHaveCount(0);

  // the link's file, read with the page's session (a click on it here started no download in some runs)
  const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const file = await page.request.get(href!, { headers: HEADERS });
  expect(file.status()).toBe(200);
  const csv = { name: /filename="([^"]+)"/.exec(file.headers()['content-disposition'] ?? '')?.[1], text: (await file.text()).replace(/^\uFEFF/, '') };
  expect(csv.name).toBe('non-finalized-trips.csv');
  const lines = csv.text.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Reference,Service date,Partner,Passenger,Service type,Pay status,Rate,Reason');
  expect(lines.length).toBeGreaterThan(1);
  expect(csv.text).not.toContain(ready!.referenceNumber + ',');

  // on a phone the table scrolls inside its frame, the page does not
  await page.setViewportSize({ width: 375, height: 800 });
  await expectFitsWidth(page);
  await shot(page, 'non-final-375');
});

test('a dispatcher sees a line per partner and opens one', async ({ page }) => {
  const sunday = lastWeekSunday();
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto(`/reporting/partner-pay?date=${sunday}`);
  const lines = page.getByRole('table', { name: 'Pay per partner' });
  await expect(lines.getByRole('button', { name: 'Sandia Mobility' })).toBeVisible();
  await expect(lines.getByRole('button', { name: 'Rio Grande Medical Transport' })).toBeVisible();
  await expect(page.getByTestId('pay-chart').locator('canvas')).toBeVisible();
  await expectNoA11yViolations(page, 'partner-pay report, every partner');
  await shot(page, 'partner-pay-staff');
  await lines.getByRole('button', { name: 'Sandia Mobility' }).click();
  await expect(page).toHaveURL(/affiliateId=/);
  await expect(page.getByRole('table', { name: 'Trips of the week' })).toBeVisible();
  await expect(page.getByText(/ of Sandia Mobility$/)).toBeVisible();

  // the non-final report names each trip's partner for staff
  await page.goto('/reporting/partner-non-final-trips');
  const nonFinal = page.getByRole('table', { name: 'Non-final trips' });
  await expect(nonFinal.getByRole('columnheader', { name: 'Partner' })).toBeVisible();
  await expect(nonFinal.getByRole('row').nth(1)).toBeVisible();
  await expectNoA11yViolations(page, 'non-final trips report, every partner');
  await shot(page, 'non-final-staff');
});
