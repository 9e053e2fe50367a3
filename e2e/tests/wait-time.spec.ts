import { expect, test, type Page } from '@playwright/test';
import type { DriveAssignment } from '@tripline/core';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// A partner asks for extra wait time from the Home row menu: the dialog says what happened
// (approved at once, or pending the operator's review), and the same request sent again is not
// sent twice: the dialog shows the server's 409 text instead.

/** A trip as the day list answers it (the contract's type). */
type Trip = DriveAssignment;

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const APPROVED_AGAIN =
  '20 minutes of extra wait time were just approved for this trip. It was not sent again: if the driver waited a second time, call dispatch at (505) 555-0100.';
const PENDING_AGAIN = "A request for 45 minutes of extra wait time on this trip is already waiting for the operator's review. It was not sent again.";



/** Opens the wait-time dialog of a trip from its row menu and sends hours and minutes. */
async function askWait(page: Page, ref: string, minutes: string) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Search trips').fill(ref);
  await page.getByRole('button', { name: `Actions for trip ${ref}` }).click();
  await page.getByRole('menuitem', { name: 'Adjust wait time' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust wait time for trip ${ref}` });
  await dialog.getByLabel('Minutes').fill(minutes);
  await dialog.getByRole('button', { name: 'Request wait time' }).click();
  return dialog;
}

test('the wait-time dialog says what happened, and the same request is not sent twice', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/\/$/);

  // A past trip that took place, with no wait time or expense asked for yet.
  const ready = (t: Trip) =>
    t.accepted && !t.declined && !t.canceled && !t.dryRun && !t.willCall && !t.locked && t.partnerPayStatus !== 'Final' && t.outstandingAdjustments === 0 &&
    t.tripLegs.every((l) => !!l.locFirstTimeAct);
  let day = '';
  let trip: Trip | undefined;
  for (let back = 4; back <= 25 && !trip; back++) {
    day = dayOffset(-back);
    trip = (await dayTrips<Trip>(page.request, day)).find(ready);
  }
  expect(trip, 'a past trip that took place').toBeTruthy();
  const ref = trip!.referenceNumber;
  await page.goto(`/?date=${day}`);
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });

  // 20 minutes are approved at once, and the dialog says so.
  let dialog = await askWait(page, ref, '20');
  const approved = dialog.getByRole('status');
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  await expect(approved.getByText('20 minutes of extra wait time were approved.')).toBeVisible();
  await expectNoA11yViolations(page, 'wait-time-approved');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wait-time-approved.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The same 20 minutes again: refused with the reason, nothing stored.
  dialog = await askWait(page, ref, '20');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Not sent again' })).toContainText(APPROVED_AGAIN);
  await expectNoA11yViolations(page, 'wait-time-repeated');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wait-time-repeated.png` });

  // Another wait of 45 minutes goes over the 30 approved at once: pending the operator's review.
  await dialog.getByLabel('Minutes').fill('45');
  await expect(dialog.getByText('Not sent again')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Request wait time' }).click();
  await expect(dialog.getByRole('status').getByText('Pending review', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Your wait-time request is pending review. Please call dispatch at (505) 555-0100.')).toBeVisible();
  await expectNoA11yViolations(page, 'wait-time-pending');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wait-time-pending.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // And the same 45 minutes while that one waits.
  dialog = await askWait(page, ref, '45');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Not sent again' })).toContainText(PENDING_AGAIN);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const after = (await dayTrips<Trip>(page.request, day)).find((t) => t.id === trip!.id)!;
  expect(after.outstandingAdjustments).toBe(1);
});
