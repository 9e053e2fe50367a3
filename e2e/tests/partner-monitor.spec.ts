import { expect, test, type Page } from '@playwright/test';
import type { DriveAssignment } from '@tripline/core';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// A partner asks to be paid deadhead miles from its Home row menu: the dialog first refuses miles
// below the base-to-pickup original with rule 251's text, then sends the request for review. A
// dispatcher finds it in the partner monitor and approves it with the keyboard; the partner then
// accepts the rate and the trip is Final.

type Trip = DriveAssignment;

async function rowAction(page: Page, ref: string, action: string) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Search trips').fill(ref);
  await page.getByRole('button', { name: `Actions for trip ${ref}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a partner’s deadhead mileage request is approved in the monitor, then finalised', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/\/$/);

  // A past trip that took place with its stats, priced, waiting for nothing.
  const ready = (t: Trip) =>
    t.accepted && !t.declined && !t.canceled && !t.dryRun && !t.willCall && !t.locked && t.partnerPayStatus === 'Pending' &&
    t.outstandingAdjustments === 0 && t.farmoutRate !== null && t.tripLegs.every((l) => !!l.locFirstTimeAct);
  let day = '';
  let trip: Trip | undefined;
  for (let back = 2; back <= 20 && !trip; back++) {
    day = dayOffset(-back);
    trip = (await dayTrips<Trip>(page.request, day)).find(ready);
  }
  expect(trip, 'a past trip ready for rate accept').toBeTruthy();
  const ref = trip!.referenceNumber;
  await page.goto(`/?date=${day}`);
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });

  // Deadhead miles below the original are refused in the dialog, with the rule's text.
  await rowAction(page, ref, 'Adjust mileage');
  const dialog = page.getByRole('dialog', { name: `Adjust mileage for trip ${ref}` });
  await dialog.getByLabel('Deadhead miles (from the base to the first pickup)').check();
  const originalText = await dialog.getByTestId('mileage-original').innerText();
  const original = Number(/([\d.,]+) mi/.exec(originalText)![1].replace(/,/g, ''));
  expect(original).toBeGreaterThan(0);
  await dialog.getByLabel('Final miles').fill('0');
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog.getByText(`Deadhead adjusted mileage (0) must be greater than or equal to the original mileage (${original}).`)).toBeVisible();
  await expectNoA11yViolations(page, 'mileage dialog, deadhead below the original');
  await page.screenshot({ path: test.info().outputPath('mileage-deadhead-error.png') });

  // Seven miles more than the original: sent for review.
  const final = Math.round((original + 7) * 10) / 10;
  await dialog.getByLabel('Final miles').fill(String(final));
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog.getByRole('status').getByText('Mileage adjustment submitted for review')).toBeVisible();
  await expectNoA11yViolations(page, 'mileage dialog, sent');
  await page.screenshot({ path: test.info().outputPath('mileage-sent.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(async () => (await dayTrips<Trip>(page.request, day)).find((t) => t.id === trip!.id)?.outstandingAdjustments).toBe(1);

  // The dispatcher approves it in the monitor with the keyboard.
  const staff = await browser.newContext({ baseURL, viewport: { width: 1024, height: 800 } });
  const staffPage = await staff.newPage();
  await signIn(staffPage, 'dispatcher');
  await expect(staffPage).toHaveURL(/\/admin\/trips/);
  await staffPage.goto('/partner-monitor');
  await expect(staffPage.getByRole('heading', { name: 'Partner monitor' })).toBeVisible();
  await expect(staffPage.getByTestId('monitor-row').first()).toBeVisible({ timeout: 20_000 });
  await expectNoA11yViolations(staffPage, 'partner monitor, the pending requests');
  await staffPage.screenshot({ path: test.info().outputPath('monitor-pending.png'), fullPage: true });

  await staffPage.getByLabel('Reference number').fill(ref);
  await staffPage.getByLabel('Reference number').press('Enter');
  await expect(staffPage).toHaveURL(new RegExp(`referenceNumber=${ref}`));
  const row = staffPage.getByTestId('monitor-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Deadhead miles ${original} → ${final}`);
  await row.focus();
  await staffPage.keyboard.press('a');
  const approve = staffPage.getByRole('dialog', { name: `Approve request on trip ${ref}` });
  await expect(approve).toBeVisible();
  await staffPage.keyboard.type('Detour confirmed');
  await expectNoA11yViolations(staffPage, 'partner monitor, approving');
  await staffPage.screenshot({ path: test.info().outputPath('monitor-approve.png') });
  await staffPage.keyboard.press('Enter');
  await expect(approve).toBeHidden();
  await expect(staffPage.getByText('No requests are waiting for review.')).toBeVisible();
  await staffPage.getByRole('combobox', { name: 'Status' }).click();
  await staffPage.getByRole('option', { name: 'Approved' }).click();
  // the trip may have other approved requests (other journeys use the demo's trips too): this one's row
  const approved = staffPage.getByTestId('monitor-row').filter({ hasText: `Deadhead miles ${original} → ${final}` });
  await expect(approved).toContainText('Approved');
  await staffPage.screenshot({ path: test.info().outputPath('monitor-approved.png') });
  // Enter opens the trip in trip inspect, with its pay actions
  await approved.focus();
  await staffPage.keyboard.press('Enter');
  const inspect = staffPage.getByRole('dialog').filter({ hasText: `Trip ${ref}` });
  await expect(inspect.getByRole('button', { name: 'Adjust mileage' })).toBeVisible({ timeout: 15_000 });
  await expect(inspect.getByRole('button', { name: 'Rate override' })).toHaveCount(0);
  await expectNoA11yViolations(staffPage, 'trip inspect opened from the monitor');
  await staffPage.screenshot({ path: test.info().outputPath('monitor-inspect.png') });
  await staff.close();

  // A rate editor sees the rate override dialog in trip inspect (left without a change).
  const finance = await browser.newContext({ baseURL });
  const financePage = await finance.newPage();
  await signIn(financePage, 'finance');
  await expect(financePage).not.toHaveURL(/\/login/);
  await financePage.goto(`/admin/trips?serviceDate=${day}&referenceNumber=${ref}&inspect=${trip!.id}`);
  await financePage.getByRole('button', { name: 'Rate override' }).click();
  const rate = financePage.getByRole('dialog', { name: `Override the rate of trip ${ref}` });
  await expect(rate.getByTestId('rate-current')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expectNoA11yViolations(financePage, 'rate override dialog');
  await financePage.screenshot({ path: test.info().outputPath('rate-override.png') });
  await rate.getByRole('button', { name: 'Cancel' }).click();
  await finance.close();

  // The partner finalises: the rate is accepted and the trip is Final.
  await expect.poll(async () => (await dayTrips<Trip>(page.request, day)).find((t) => t.id === trip!.id)?.partnerPayStatus).toBe('Pending');
  await rowAction(page, ref, 'Finalize (accept rate)');
  await page.getByRole('button', { name: 'Accept rate' }).click();
  await expect.poll(async () => (await dayTrips<Trip>(page.request, day)).find((t) => t.id === trip!.id)?.partnerPayStatus).toBe('Final');
  await expect(page.getByRole('row', { name: new RegExp(ref) }).getByText('Final').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('partner-final.png') });
});
