import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DriveAssignment } from '@tripline/core';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// Home's row menu offers only what the rules allow: a refused action is disabled with its reason,
// shown on hover and on keyboard focus; in developer mode a past trip can still be accepted, with
// the warning that it already occurred.

/** A trip as the day list answers it (the contract's type). */
type Trip = DriveAssignment;

const ALREADY_ACCEPTED = 'This trip has already been accepted.';
const ALREADY_OCCURRED = 'This trip has already occurred.';



/** The first trip of the days given that matches. */
async function findTrip(api: APIRequestContext, days: number[], match: (t: Trip) => boolean): Promise<Trip | undefined> {
  for (const d of days) {
    const found = (await dayTrips<Trip>(api, dayOffset(d))).find(match);
    if (found) return found;
  }
  return undefined;
}

const editable = (t: Trip) => !t.canceled && !t.dryRun && !t.locked && !t.declined && (t.partnerPayStatus === 'Open' || t.partnerPayStatus === 'Pending');
const statsMissing = (t: Trip) =>
  t.tripLegs.some((l) => l.status !== 'Canceled' && l.status !== 'CanceledNoCharge' && !l.cancelNc && l.serviceCode !== '06' && !(l.locFirstTimeAct && l.locFirstTimeDep && l.locSecondTimeAct));

async function openMenu(page: Page, trip: Trip) {
  await page.goto(`/?date=${trip.serviceDate}&q=${trip.referenceNumber}`);
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole('button', { name: `Actions for trip ${trip.referenceNumber}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Moves the menu's keyboard focus down to the item (the arrow keys reach disabled items too). */
async function arrowTo(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name, exact: true });
  for (let i = 0; i < 12; i++) {
    if (await item.evaluate((el) => el === document.activeElement)) return item;
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  return item;
}

test('refused actions are disabled with their reason, on hover and on keyboard focus', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);

  // An accepted trip still to come: Accept is refused with the spec's text.
  const accepted = await findTrip(page.request, [1, 2, 3, 4, 5], (t) => t.accepted && editable(t));
  expect(accepted, 'an accepted trip in the coming days').toBeTruthy();
  await openMenu(page, accepted!);
  const accept = page.getByRole('menuitem', { name: 'Accept', exact: true });
  await expect(accept).toHaveAttribute('aria-disabled', 'true');
  await expect(accept).toHaveAccessibleDescription(ALREADY_ACCEPTED);
  await accept.hover();
  await expect(page.getByRole('tooltip')).toHaveText(ALREADY_ACCEPTED);
  await expectNoA11yViolations(page, 'row-menu-accept-refused');
  await page.screenshot({ path: test.info().outputPath('row-menu-accept-refused.png') });
  // clicking it does nothing: the menu stays, no question (forced: Playwright itself waits for an
  // aria-disabled element to become enabled)
  await accept.click({ force: true });
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Decline is refused as well (call dispatch), Flag is offered
  await expect(page.getByRole('menuitem', { name: 'Decline', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'Flag', exact: true })).not.toHaveAttribute('aria-disabled');

  // An accepted past trip without its stats: Finalize is refused; reached with the keyboard.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  const unstatted = await findTrip(page.request, [-1, -2, -3, -4, -5, -6, -7, -8], (t) => t.accepted && editable(t) && !t.willCall && t.outstandingAdjustments === 0 && t.partnerPayStatus === 'Open' && statsMissing(t));
  expect(unstatted, 'an accepted past trip without stats').toBeTruthy();
  await page.goto(`/?date=${unstatted!.serviceDate}&q=${unstatted!.referenceNumber}`);
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });
  const button = page.getByRole('button', { name: `Actions for trip ${unstatted!.referenceNumber}` });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  const finalize = await arrowTo(page, 'Finalize (accept rate)');
  await expect(finalize).toHaveAttribute('aria-disabled', 'true');
  const reason = await page.getByRole('tooltip').textContent();
  expect(reason).toMatch(/stats/i);
  await expect(finalize).toHaveAccessibleDescription(reason!);
  await expectNoA11yViolations(page, 'row-menu-finalize-keyboard');
  await page.screenshot({ path: test.info().outputPath('row-menu-finalize-keyboard.png') });
  // Enter on a refused item keeps the menu open and sends nothing
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Enter stats is offered on a past trip
  await expect(page.getByRole('menuitem', { name: 'Enter stats', exact: true })).not.toHaveAttribute('aria-disabled');
});

test('in developer mode, Accept on a past trip stays enabled with the warning', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  // The dispatcher works as a partner user: staff see the developer mode switch on Home.
  const partnerUser = await page.evaluate(async () => {
    const res = await fetch('/api/global-search?q=Kevin%20Arch', { headers: { 'X-Client-Version': '6' } });
    return ((await res.json()) as { id: string }[])[0]!.id;
  });
  const su = await page.evaluate(async (id) => (await fetch(`/api/su?id=${id}`, { headers: { 'X-Client-Version': '6' } })).status, partnerUser);
  expect(su).toBe(200);

  const past = await findTrip(page.request, [-1, -2, -3, -4, -5, -6, -7, -8], (t) => !t.accepted && !t.driverId && editable(t));
  expect(past, 'a past trip the partner has not accepted').toBeTruthy();
  await openMenu(page, past!);
  // outside developer mode it is refused as past
  const accept = page.getByRole('menuitem', { name: 'Accept', exact: true });
  await expect(accept).toHaveAttribute('aria-disabled', 'true');
  await expect(accept).toHaveAccessibleDescription(ALREADY_OCCURRED);
  await page.keyboard.press('Escape');

  await page.getByRole('switch', { name: 'Developer mode' }).check();
  await page.getByRole('button', { name: `Actions for trip ${past!.referenceNumber}` }).click();
  await expect(accept).not.toHaveAttribute('aria-disabled');
  await expect(accept).toHaveAccessibleDescription(ALREADY_OCCURRED);
  await accept.hover();
  await expect(page.getByRole('tooltip')).toHaveText(ALREADY_OCCURRED);
  await expect(page.getByRole('menuitem', { name: 'Decline', exact: true })).not.toHaveAttribute('aria-disabled');
  await expectNoA11yViolations(page, 'row-menu-developer-mode');
  await page.screenshot({ path: test.info().outputPath('row-menu-developer-mode.png') });
  // choosing it asks first, with the warning; answering no changes nothing
  await accept.click();
  const question = page.getByRole('dialog', { name: `Trip ${past!.referenceNumber} is in the past` });
  await expect(question).toContainText(ALREADY_OCCURRED);
  await question.getByRole('button', { name: 'Cancel' }).click();
  const after = (await dayTrips<Trip>(page.request, past!.serviceDate)).find((t) => t.id === past!.id);
  expect(after?.accepted).toBe(false);
  await page.getByRole('switch', { name: 'Developer mode' }).uncheck();
});
