import { expect, test, type Page } from '@playwright/test';
import type { DriveAssignment } from '@tripline/core';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// The partner's day: accept all, decline with a reason, stats and finalise on a past trip, an
// expense with a receipt, and a dispatcher's change arriving live.

/** A trip as the day list answers it (the contract's type). */
type Trip = DriveAssignment;



const open = (t: Trip) => !t.accepted && !t.declined && !t.canceled && !t.dryRun && !t.locked && !t.driverId && t.partnerPayStatus === 'Open';

async function openDay(page: Page, date: string) {
  await page.goto(`/?date=${date}`);
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });
}

async function rowAction(page: Page, ref: string, action: string) {
  // The last action's dialog has finished closing (it hands focus back to its row).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel('Search trips').fill(ref);
  await page.getByRole('button', { name: `Actions for trip ${ref}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a partner runs the day', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);

  // Decline one trip of the day after tomorrow with a reason.
  const later = dayOffset(2);
  const toDecline = (await dayTrips<Trip>(page.request, later)).find(open)!;
  expect(toDecline, 'an open trip two days ahead').toBeTruthy();
  await openDay(page, later);
  await rowAction(page, toDecline.referenceNumber, 'Decline');
  await page.getByRole('button', { name: 'Decline trip' }).click();
  await expect(page.getByText('Choose a reason for declining this trip')).toBeVisible();
  await expectNoA11yViolations(page, 'decline dialog, no reason chosen');
  await page.getByRole('dialog').getByLabel(/^Reason/).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Decline trip' }).click();
  await expect.poll(async () => (await dayTrips<Trip>(page.request, later)).find((t) => t.id === toDecline.id)?.declined).toBe(true);

  // Accept all of tomorrow's trips.
  const tomorrow = dayOffset(1);
  expect((await dayTrips<Trip>(page.request, tomorrow)).some(open)).toBe(true);
  await openDay(page, tomorrow);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByRole('button', { name: /^Accept \d+ trips?$/ })).toBeVisible();
  await expectNoA11yViolations(page, 'accept all, asking to confirm');
  await page.getByRole('button', { name: /^Accept \d+ trips?$/ }).click();
  await expect.poll(async () => (await dayTrips<Trip>(page.request, tomorrow)).filter(open).length, { timeout: 20_000 }).toBe(0);

  // Stats on a past trip, then finalise it.
  // The demo day that has one: the draws of the demo data depend on the weekday.
  const unstatted = (t: Trip) =>
    t.accepted && !t.declined && !t.canceled && !t.dryRun && !t.willCall && t.partnerPayStatus === 'Open' &&
    t.outstandingAdjustments === 0 && t.tripLegs.length === 1 && !t.tripLegs[0].locFirstTimeAct && !!t.tripLegs[0].locSecondTimeOrd;
  let yesterday = dayOffset(-2);
  let past: Trip | undefined;
  for (let back = 2; back <= 10 && !past; back++) {
    yesterday = dayOffset(-back);
    past = (await dayTrips<Trip>(page.request, yesterday)).find(unstatted);
  }
  past = past!;
  expect(past, 'an accepted past trip without stats').toBeTruthy();
  const leg = past.tripLegs[0];
  await openDay(page, yesterday);
  await rowAction(page, past.referenceNumber, 'Enter stats');
  const hhmm = (t: string, add: number) => {
    const [h, m] = t.split(':').map(Number);
    const v = h * 60 + m + add;
    return `${String(Math.floor(v / 60)).padStart(2, '0')}:${String(v % 60).padStart(2, '0')}`;
  };
  // Departure before arrival: refused in the form, naming the arrival it must follow.
  await page.getByRole('textbox', { name: 'Arrival' }).fill(hhmm(leg.locFirstTimeOrd!, -2));
  await page.getByRole('textbox', { name: 'Departure' }).fill(hhmm(leg.locFirstTimeOrd!, -7));
  await page.getByRole('textbox', { name: 'Drop-off' }).fill(hhmm(leg.locSecondTimeOrd!, 1));
  await page.getByRole('button', { name: 'Save stats' }).click();
  await expect(page.getByRole('dialog').getByText(/^Departure cannot be before arrival \(\d{1,2}:\d{2} [AP]M\)$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('stats-departure-before-arrival.png') });
  await expectNoA11yViolations(page, 'stats dialog, departure before arrival');
  await page.getByRole('textbox', { name: 'Departure' }).fill(hhmm(leg.locFirstTimeOrd!, 3));
  await page.getByRole('button', { name: 'Save stats' }).click();
  await expect.poll(async () => (await dayTrips<Trip>(page.request, yesterday)).find((t) => t.id === past.id)?.tripLegs[0].locFirstTimeAct).toBeTruthy();
  await rowAction(page, past.referenceNumber, 'Finalize (accept rate)');
  await page.getByRole('button', { name: 'Accept rate' }).click();
  await expect.poll(async () => (await dayTrips<Trip>(page.request, yesterday)).find((t) => t.id === past.id)?.partnerPayStatus).toBe('Final');

  // An expense with a receipt on another past trip.
  const forExpense = (await dayTrips<Trip>(page.request, yesterday)).find(
    (t) => t.accepted && !t.declined && !t.canceled && !t.dryRun && t.partnerPayStatus !== 'Final' && t.id !== past.id,
  )!;
  expect(forExpense, 'another past trip for an expense').toBeTruthy();
  await rowAction(page, forExpense.referenceNumber, 'Add expense');
  await page.getByRole('dialog').getByLabel(/^Reason/).click();
  await page.getByRole('option', { name: 'Parking Fees' }).click();
  await page.getByRole('dialog').getByLabel(/^Amount/).fill('12.50');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.locator('input[type="file"]').setInputFiles({ name: 'parking.png', mimeType: 'image/png', buffer: png });
  await expectNoA11yViolations(page, 'expense dialog filled in');
  await page.getByRole('button', { name: 'Add expense' }).click();
  await expect.poll(async () => (await dayTrips<Trip>(page.request, yesterday)).find((t) => t.id === forExpense.id)?.outstandingAdjustments).toBe(1);

  // A dispatcher flags one of the partner's trips in another browser; the partner sees it live.
  const today = dayOffset(0);
  const target = (await dayTrips<Trip>(page.request, today))[0];
  await openDay(page, today);
  await page.getByLabel('Search trips').fill(target.referenceNumber);
  const row = page.getByRole('button', { name: `Actions for trip ${target.referenceNumber}` });
  await expect(row).toBeVisible();
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await signIn(staffPage, 'dispatcher');
  await expect(staffPage).toHaveURL(/\/admin\/trips$/);
  const res = await staffPage.request.post('/api/drive-assignment-flag', {
    headers: { 'x-client-version': '6', origin: baseURL! },
    data: { referenceNumber: target.referenceNumber, flag: 'CALL PAX' },
  });
  expect(res.ok()).toBe(true);
  await expect(page.getByText('CALL PAX')).toBeVisible({ timeout: 15_000 });
  await expectNoA11yViolations(page, 'Home with a flag arriving live');
  await staff.close();

  // A row's open menu follows its row while the list scrolls a little, and closes once it has left.
  await page.setViewportSize({ width: 1280, height: 520 });
  await page.getByLabel('Search trips').fill('');
  const list = page.getByRole('table', { name: /^Trips for / });
  const rows = await dayTrips<Trip>(page.request, today);
  expect(rows.length, 'enough trips today to scroll').toBeGreaterThan(8);
  await page.getByRole('button', { name: `Actions for trip ${rows[1].referenceNumber}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectNoA11yViolations(page, 'Home with a row menu open');
  const before = (await menu.boundingBox())!.y;
  await list.evaluate((el) => el.scrollBy(0, 20));
  await expect.poll(async () => Math.round(before - (await menu.boundingBox())!.y)).toBe(20);
  await list.evaluate((el) => el.scrollBy(0, el.scrollHeight));
  await expect(menu).toHaveCount(0);
});
