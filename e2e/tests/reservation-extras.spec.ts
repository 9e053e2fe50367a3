import { expect, test, type Page } from '@playwright/test';
import type { DriveAssignment } from '@tripline/core';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// A dispatcher duplicates a saved trip Mon/Wed/Fri for four weeks and opens a copy in the editor,
// cancels a leg of a trip and un-cancels it, adds a note, and asks for a pharmacy stop that is then
// approved in trip inspect's review. The ride-service tab says no ride-share provider is connected.

const HEADERS = { 'x-client-version': '6' };
const shot = async (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Days from today to the next Monday (at least 1). */
function nextMonday(): number {
  const weekday = new Date(`${dayOffset(0)}T12:00:00Z`).getUTCDay();
  return ((8 - weekday) % 7) || 7;
}

async function aFutureTrip(page: Page, days: number, legs = 1): Promise<DriveAssignment> {
  for (let d = days; d < days + 10; d++) {
    const trip = (await dayTrips<DriveAssignment>(page.request, dayOffset(d))).find(
      (t) => !t.canceled && !t.willCall && !t.locked && t.partnerPayStatus === 'Open' && t.tripLegs.length === legs && t.tripLegs.every((l) => l.status === 'Pending' && !l.locFirstTimeAct),
    );
    if (trip) return trip;
  }
  throw new Error('no future trip in the demo data');
}

test('duplicate a trip Mon/Wed/Fri for four weeks; the copies open in the editor', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  const trip = await aFutureTrip(page, 1);
  await page.goto(`/dup-da/${trip.id}`);
  await expect(page.getByRole('heading', { name: `Duplicate trip ${trip.referenceNumber} of ${trip.serviceDate}` })).toBeVisible();

  const from = dayOffset(nextMonday());
  const to = dayOffset(nextMonday() + 25);
  const form = page.getByRole('form', { name: `Duplicate trip ${trip.referenceNumber}` });
  const weekdays = form.getByRole('group', { name: 'On' });
  for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) {
    const chip = weekdays.getByRole('checkbox', { name: day });
    if ((await chip.isChecked()) !== ['Mon', 'Wed', 'Fri'].includes(day)) await weekdays.getByText(day, { exact: true }).click();
  }
  await form.getByRole('textbox', { name: 'From', exact: true }).fill(usDate(from));
  await form.getByRole('textbox', { name: 'From', exact: true }).press('Tab');
  await form.getByRole('textbox', { name: 'To', exact: true }).fill(usDate(to));
  await form.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
  await expect(form.getByText('12 new trips')).toBeVisible();
  await expectNoA11yViolations(page, 'the duplicate page');
  await shot(page, 'duplicate-page');
  await form.getByRole('button', { name: 'Duplicate' }).click();

  const made = page.getByRole('list', { name: 'New trips' });
  await expect(made.getByRole('link')).toHaveCount(12);
  await shot(page, 'duplicate-done');
  const first = made.getByRole('link').first();
  const ref = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/drive-assv-edit/${ref}$`));
});

test('cancel a leg as staff and un-cancel it; add a note; a pharmacy stop approved in review', async ({ page, baseURL }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  const trip = await aFutureTrip(page, 2);
  const api = { headers: { ...HEADERS, origin: baseURL! } };

  // Cancel from the editor's dialog, then un-cancel through the bulk action.
  await page.goto(`/drive-assv-edit/${trip.referenceNumber}`);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Cancel…' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel legs of trip ${trip.referenceNumber}` });
  await cancel.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Other', exact: true }).click();
  await cancel.getByRole('button', { name: /Cancel leg/ }).click();
  await expect(cancel.getByText('Please enter additional notes for this cancel reason')).toBeVisible();
  await cancel.getByLabel('Notes').fill('The clinic closed for the day');
  await expectNoA11yViolations(page, 'the staff cancel dialog', { only: '[role="dialog"]' });
  await shot(page, 'staff-cancel');
  await cancel.getByRole('button', { name: /Cancel leg/ }).click();
  await expect(cancel).toBeHidden();
  await expect.poll(async () => (await dayTrips<DriveAssignment>(page.request, trip.serviceDate)).find((t) => t.id === trip.id)?.canceled).toBe(true);
  const unCancel = await page.request.post('/api/drive-assignment-bulk-un-cancel', { ...api, data: { referenceNumbers: [trip.referenceNumber] } });
  expect((await unCancel.json()).changed).toHaveLength(1);
  const restored = (await dayTrips<DriveAssignment>(page.request, trip.serviceDate)).find((t) => t.id === trip.id)!;
  expect(restored.canceled).toBe(false);
  expect(restored.tripLegs[0].status).toBe('Pending');

  // A note through the note builder.
  await page.reload();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Notes' }).click();
  const notes = page.getByRole('dialog', { name: `Notes of trip ${trip.referenceNumber}` });
  await notes.getByLabel('New internal note').fill('Gate code 4411');
  await notes.getByRole('button', { name: 'Save notes' }).click();
  await expect(notes.getByText('Gate code 4411')).toBeVisible();
  await expectNoA11yViolations(page, 'the note builder', { only: '[role="dialog"]' });
  await shot(page, 'notes');
  await notes.getByRole('button', { name: 'Close' }).click();

  // A pharmacy stop at a typed address, then approved from trip inspect.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Pharmacy stop' }).click();
  const pharmacy = page.getByRole('dialog', { name: `Add a pharmacy stop to trip ${trip.referenceNumber}` });
  await pharmacy.getByRole('button', { name: 'Submit for review' }).click();
  await expect(pharmacy.getByText('No pharmacy location/time was specified')).toBeVisible();
  await pharmacy.getByLabel('Another address').check();
  await pharmacy.getByLabel('Pharmacy address').fill('200 Lomas Blvd NE, Albuquerque, NM 87102');
  await pharmacy.getByLabel('Arrive at the pharmacy').fill('10:00');
  await pharmacy.getByLabel('Leave the pharmacy').fill('10:20');
  await expectNoA11yViolations(page, 'the pharmacy dialog', { only: '[role="dialog"]' });
  await shot(page, 'pharmacy');
  await pharmacy.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Pharmacy stop has been submitted for review.')).toBeVisible();

  await page.goto(`/admin/trips?serviceDate=${trip.serviceDate}&referenceNumber=${trip.referenceNumber}&inspect=${trip.id}`);
  const inspect = page.getByRole('dialog');
  await inspect.getByRole('tab', { name: 'Partner activity' }).click();
  const request = inspect.getByRole('row', { name: /PharmacyStop/ });
  await request.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: `Review request on trip ${trip.referenceNumber}` });
  await expect(review.getByText('A pharmacy stop')).toBeVisible();
  await review.getByText('Approve', { exact: true }).click();
  await review.getByRole('button', { name: 'Approve request' }).click();
  await expect(review).toBeHidden();
  await expect.poll(async () => (await dayTrips<DriveAssignment>(page.request, trip.serviceDate)).find((t) => t.id === trip.id)?.tripLegs.length).toBe(3);

  await inspect.getByRole('tab', { name: /Ride service/ }).click();
  await expect(inspect.getByText(/No ride-share provider is connected/)).toBeVisible();
  await shot(page, 'ride-service');
});
