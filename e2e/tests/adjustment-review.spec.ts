import { expect, test } from '@playwright/test';
import type { DriveAssignment } from '@tripline/core';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// A partner asks for more wait time than is approved at once; a dispatcher reviews the request
// from trip inspect and approves it; the partner is told on its Home screen, live, and the trip
// can then be finalised.

/** A trip as the day list answers it (the contract's type). */
type Trip = DriveAssignment;

const HEADERS = { 'x-client-version': '6' };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;



test('a dispatcher approves a partner’s wait-time request and the partner is told', async ({ page, browser, baseURL }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/\/$/);

  // A past trip that took place with its stats, waiting for nothing.
  const ready = (t: Trip) =>
    t.accepted && !t.declined && !t.canceled && !t.dryRun && !t.willCall && t.partnerPayStatus === 'Pending' && t.outstandingAdjustments === 0 &&
    t.tripLegs.every((l) => !!l.locFirstTimeAct);
  let day = '';
  let trip: Trip | undefined;
  for (let back = 3; back <= 20 && !trip; back++) {
    day = dayOffset(-back);
    trip = (await dayTrips<Trip>(page.request, day)).find(ready);
  }
  expect(trip, 'a past trip ready for rate accept').toBeTruthy();
  const ask = await page.request.post(
    `/api/adjust-time?driveAssignmentId=${trip!.id}&modCount=${trip!.modCount}&minutes=45&notes=${encodeURIComponent('Dialysis ran long')}`,
    { headers: { ...HEADERS, origin: baseURL! } },
  );
  expect((await ask.json()).status).toBe('Pending');
  await page.goto(`/?date=${day}`);
  await expect(page.getByText(trip!.referenceNumber).first()).toBeVisible();
  await expectNoA11yViolations(page, 'Home on a past day');

  // The dispatcher, in another browser, reviews it from trip inspect.
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await signIn(staffPage, 'dispatcher');
  await expect(staffPage).toHaveURL(/\/admin\/trips/);
  await staffPage.goto(`/admin/trips?serviceDate=${day}&referenceNumber=${trip!.referenceNumber}&inspect=${trip!.id}`);
  const inspect = staffPage.getByRole('dialog');
  await inspect.getByRole('tab', { name: 'Partner activity' }).click();
  const request = inspect.getByRole('row', { name: /WaitTime/ });
  await expect(request.getByText('Pending')).toBeVisible();
  await expectNoA11yViolations(staffPage, 'trip inspect, a pending request');
  await request.getByRole('button', { name: 'Review' }).click();
  const review = staffPage.getByRole('dialog', { name: `Review request on trip ${trip!.referenceNumber}` });
  await expect(review.getByText('45 min of wait time')).toBeVisible();
  // A denial may go without a note (spec 2 §4); the dialog suggests one.
  await review.getByText('Deny', { exact: true }).click();
  await expect(review.getByText('Optional: say why the request is denied. The partner reads this note.')).toBeVisible();
  await expectNoA11yViolations(staffPage, 'review dialog, denying');
  if (SHOTS) await staffPage.screenshot({ path: `${SHOTS}/adjustment-review-deny.png` });
  await review.getByText('Approve', { exact: true }).click();
  await review.getByLabel('Note to the partner').fill('Confirmed with the clinic');
  if (SHOTS) await staffPage.screenshot({ path: `${SHOTS}/adjustment-review.png` });
  await review.getByRole('button', { name: 'Approve request' }).click();
  await expect(review).toBeHidden();
  await expect(inspect.getByRole('row', { name: /WaitTime/ }).getByText('Approved')).toBeVisible();
  await expectNoA11yViolations(staffPage, 'trip inspect, an approved request');

  // The partner is told at once, and the trip can be finalised.
  await expect(page.getByText(`45 min of wait time on trip ${trip!.referenceNumber} was approved. Confirmed with the clinic`)).toBeVisible({ timeout: 15_000 });
  await expectNoA11yViolations(page, 'Home with the approval message');
  await expect
    .poll(async () => (await dayTrips<Trip>(page.request, day)).find((t) => t.id === trip!.id)?.outstandingAdjustments)
    .toBe(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/adjustment-review-partner.png` });
  await staff.close();
});
