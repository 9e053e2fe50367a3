import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dayOffset, dayTrips, expectNoA11yViolations, signIn } from './helpers.ts';

// The dispatcher's trip search: bulk-assign chosen trips to a partner picked with the keyboard,
// then inspect them (pager, tabs, the assignment in the audit history); and a partner following a
// trip link lands on its Home list filtered to that trip.

interface Trip {
  id: string;
  referenceNumber: string;
  serviceDate: string;
  canceled: boolean;
  partnerPayStatus: string;
  farmoutContactId: string | null;
  farmoutName: string | null;
  tripLegs: { passengerId: string | null; locationFirst: { Lat: number | null; Address: string | null } }[];
}

interface PartnerOption {
  providerId: string;
  name: string;
  contactNumber: number | null;
  score: number;
  outOfArea: boolean;
  coverage: { covered: number; trips: number };
  parts: { distanceMiles: number | null };
}

const HEADERS = { 'x-client-version': '6' };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;



async function tripById(api: APIRequestContext, id: string): Promise<Trip> {
  const res = await api.get(`/api/drive-assignments?id=${id}`, { headers: HEADERS });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { rows: Trip[] }).rows[0];
}

/** The bulk picker's candidates for these trips, in the picker's order. */
async function partnerOptions(api: APIRequestContext, referenceNumbers: string[], origin: string): Promise<PartnerOption[]> {
  const res = await api.post('/api/partner-options-for-das', { headers: { ...HEADERS, origin }, data: { referenceNumbers } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as PartnerOption[]).slice().sort((a, b) => b.score - a.score);
}

const byReference = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Each state worth a picture is checked by axe too. */
async function shot(page: Page, name: string) {
  await expectNoA11yViolations(page, name);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('a dispatcher bulk-assigns trips and inspects them', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);

  const tomorrow = dayOffset(1);
  const open = (await dayTrips<Trip>(page.request, tomorrow)).filter((t) => !t.canceled && t.partnerPayStatus !== 'Final' && t.tripLegs[0]?.locationFirst.Lat !== null);
  expect(open.length, 'assignable trips tomorrow').toBeGreaterThanOrEqual(2);
  // Two trips with different partners, at least one with a partner, so the pick replaces a partner
  // they do not share. The picker scores partners for both trips.
  const origin = new URL(page.url()).origin;
  const candidates = open.slice(0, 10);
  const pairs = candidates.flatMap((a) =>
    candidates
      .filter((b) => byReference.compare(a.referenceNumber, b.referenceNumber) < 0)
      .filter((b) => a.farmoutContactId !== b.farmoutContactId && (a.farmoutContactId || b.farmoutContactId))
      .map((b) => [a, b] as const),
  );
  expect(pairs.length, 'two trips with different partners').toBeGreaterThan(0);
  // Best a pair with a local partner that serves one pickup and not the other: the picker must not
  // call it Out-Of-Area, and the assignment asks Out-Of-Area once for the other trip.
  let pick: { a: Trip; b: Trip; options: PartnerOption[]; index: number } | undefined;
  let fallback: typeof pick;
  for (const [a, b] of pairs.slice(0, 12)) {
    const options = await partnerOptions(page.request, [a.referenceNumber, b.referenceNumber], origin);
    const usable = (o: PartnerOption, i: number) => i > 0 && o.contactNumber !== null && o.providerId !== a.farmoutContactId && o.providerId !== b.farmoutContactId;
    const partial = options.findIndex((o, i) => usable(o, i) && o.coverage.covered === 1);
    if (partial >= 0) {
      pick = { a, b, options, index: partial };
      break;
    }
    fallback ??= { a, b, options, index: options.findIndex(usable) };
  }
  pick ??= fallback;
  expect(pick && pick.index > 0, 'two trips with different partners and a partner to assign').toBeTruthy();
  const [first, second] = [pick!.a, pick!.b];
  const chosen = [first, second];
  // ArrowDown moves from the highlighted best to the partner picked.
  const downs = pick!.index;
  const partner = pick!.options[downs];
  const lacking = 2 - partner.coverage.covered;
  const withPartner = chosen.filter((t) => t.farmoutContactId).length;

  await page.goto(`/admin/trips?serviceDate=${tomorrow}&referenceNumber=${chosen.map((t) => t.referenceNumber).join(',')}&sort=referenceNumber`);
  // outside partners' trips are hidden until asked for (spec 2 §6)
  await page.getByRole('switch', { name: /Show outside partners/ }).check();
  await shot(page, 'admin-trips-search');
  for (const t of chosen) await page.getByRole('checkbox', { name: `Select trip ${t.referenceNumber}` }).check();
  await page.getByRole('button', { name: 'Bulk actions (2)' }).click();
  await page.getByRole('menuitem', { name: 'Assign to partner…' }).click();

  const picker = page.getByRole('dialog', { name: 'Assign 2 trips to a partner' });
  await expect(picker.getByRole('option').first()).toBeVisible();
  await expect(picker.getByLabel('Filter partners')).toBeFocused();
  await shot(page, 'admin-trips-partner-picker');
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
  const row = picker.getByRole('option', { selected: true });
  await expect(row).toContainText(partner.name);
  // scored for both trips: distances in miles, the pickups it serves counted, Out-Of-Area only when it serves none
  await expect(row).toContainText(partner.parts.distanceMiles === null ? 'distance unknown' : `avg ${partner.parts.distanceMiles.toFixed(1)} mi`);
  await expect(picker).not.toContainText(' km');
  // a local partner, serving a pickup of the chosen trips, is not called Out-Of-Area
  const local = pick!.options.find((o) => o.coverage.covered > 0);
  expect(local, 'a partner serving a pickup of the two trips').toBeTruthy();
  const localRow = picker.locator(`#partner-option-${local!.providerId}`);
  await expect(localRow).toContainText(local!.coverage.covered === 2 ? 'ZIP covered for all 2 trips' : 'ZIP covered for 1 of 2 trips');
  await expect(localRow).toContainText(/\d+\.\d mi/);
  await expect(localRow).not.toContainText('Out-Of-Area');
  if (lacking === 1) {
    await expect(row).toContainText('ZIP covered for 1 of 2 trips');
    await expect(row).not.toContainText('Out-Of-Area');
  }
  await page.keyboard.press('Enter');

  // spec 3 §5 for every chosen trip: the replacement is confirmed with how many trips have a
  // partner, then Out-Of-Area once for the trips the partner does not serve.
  const bulkReplace = page.getByRole('dialog', { name: 'Replace partner' });
  await expect(bulkReplace).toContainText(
    withPartner === 2 ? `All 2 trips already have a partner (` : `1 of the 2 trips already has a partner (`,
  );
  await expect(bulkReplace).toContainText(`Replace ${withPartner === 2 ? 'them' : 'it'} with ${partner.name}?`);
  await shot(page, 'admin-trips-bulk-replace');
  await expect(bulkReplace.getByRole('button', { name: 'Replace' })).toBeFocused();
  await page.keyboard.press('Enter');
  if (lacking > 0) {
    const outside = page.getByRole('dialog', { name: 'Out-Of-Area' });
    await expect(outside).toContainText(
      lacking === 1 ? `${partner.name} does not cover the pickup ZIP code of 1 of the 2 trips` : `${partner.name} does not cover the pickup ZIP code of any of the 2 trips`,
    );
    await shot(page, 'admin-trips-bulk-out-of-area');
    await expect(outside.getByRole('button', { name: 'Assign Out-Of-Area' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  const question = page.getByRole('dialog', { name: 'Bulk action' });
  await expect(question).toContainText(`Assign 2 trips to ${partner.name}?`);
  await expect(question.getByRole('button', { name: 'Assign' })).toBeFocused();
  await page.keyboard.press('Enter');

  const result = page.getByRole('dialog', { name: 'Assign to partner: result' });
  await expect(result).toContainText('2 changed');
  await shot(page, 'admin-trips-bulk-result');
  // the footer's button (the dialog's X is named Close too)
  await result.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  for (const t of chosen) await expect.poll(async () => (await tripById(page.request, t.id)).farmoutContactId).toBe(partner.providerId);

  // Inspect the first trip from its row, page to the next and back, and read the tabs.
  await page.getByRole('row', { name: `Trip ${first.referenceNumber}` }).click();
  const inspect = page.getByRole('dialog').filter({ has: page.getByTestId('inspect-pager') });
  await expect(inspect.getByTestId('inspect-pager')).toHaveText(/^[12] of 2$/);
  const startLabel = await inspect.getByTestId('inspect-pager').textContent();
  await expect(inspect.getByTestId('inspect-partner')).toHaveText(partner.name);
  await shot(page, 'admin-trips-inspect-partner-activity');
  const forward = startLabel === '1 of 2';
  await inspect.getByRole('button', { name: forward ? 'Next trip' : 'Previous trip' }).click();
  await expect(inspect.getByTestId('inspect-pager')).toHaveText(forward ? '2 of 2' : '1 of 2');
  await expect(inspect.getByRole('heading', { name: `Trip ${second.referenceNumber}` })).toBeVisible();
  await page.keyboard.press(forward ? 'Alt+ArrowLeft' : 'Alt+ArrowRight');
  await expect(inspect.getByRole('heading', { name: `Trip ${first.referenceNumber}` })).toBeVisible();

  await inspect.getByRole('tab', { name: 'All activity' }).click();
  const assignment = inspect.getByRole('article', { name: /^bulk-assign on drive_assignments/ });
  await expect(assignment.first()).toBeVisible();
  await expect(assignment.first()).toContainText(partner.name);
  await shot(page, 'admin-trips-inspect-all-activity');

  await inspect.getByRole('tab', { name: 'Notes' }).click();
  await inspect.getByLabel('Notes summary').fill('Passenger asks for a call on arrival');
  await shot(page, 'admin-trips-inspect-notes');
  await inspect.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes saved')).toBeVisible();
  await expect.poll(async () => ((await tripById(page.request, first.id)) as Trip & { notesSummary: string | null }).notesSummary).toBe(
    'Passenger asks for a call on arrival',
  );

  // Someone else changes the open trip: the modal shows their version and says so (spec 2 §8).
  await page.waitForTimeout(5_500); // past the window in which live echoes of this tab's own save are ignored
  const flagged = await page.request.post('/api/drive-assignment-flag', {
    headers: { ...HEADERS, origin: new URL(page.url()).origin },
    data: { referenceNumber: first.referenceNumber, flag: 'CALL PAX' },
  });
  expect(flagged.ok()).toBe(true);
  await expect(page.getByText('Another process has modified this reservation! The reservation has been refreshed from the server.')).toBeVisible();

  // Change the trip's partner from its header: replacing asks first, confirmed with Enter.
  const again = ((await (await page.request.get(`/api/partner-options-for-da?referenceNumber=${first.referenceNumber}`, { headers: HEADERS })).json()) as PartnerOption[])
    .slice()
    .sort((a, b) => b.score - a.score);
  const to = again.findIndex((o) => o.providerId !== partner.providerId && o.contactNumber !== null);
  await inspect.getByRole('button', { name: 'Change partner' }).click();
  const single = page.getByRole('dialog', { name: `Choose a partner for trip ${first.referenceNumber}` });
  await expect(single.getByRole('option').first()).toBeVisible();
  for (let i = 0; i < to; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const replace = page.getByRole('dialog', { name: 'Replace partner' });
  await expect(replace).toContainText(`Replace ${partner.name} with ${again[to].name}?`);
  await shot(page, 'admin-trips-replace-confirm');
  await expect(replace.getByRole('button', { name: 'Replace' })).toBeFocused();
  await page.keyboard.press('Enter');
  if (again[to].outOfArea) {
    await expect(page.getByRole('button', { name: 'Assign Out-Of-Area' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(inspect.getByTestId('inspect-partner')).toHaveText(again[to].name);
  await inspect.getByRole('tab', { name: 'Ride service' }).click();
  await expect(inspect.getByText(/No ride-share provider is connected/)).toBeVisible();
  await shot(page, 'admin-trips-inspect-ride-service');
  await inspect.getByRole('tab', { name: 'ETAs' }).click();
  await expect(inspect.getByRole('table', { name: 'ETAs' })).toBeVisible();
  await shot(page, 'admin-trips-inspect-etas');
  await inspect.getByRole('tab', { name: 'Map' }).click();
  // the stops as circle markers, on the county outlines of their state
  await expect(inspect.getByTestId('trip-map').locator('path.leaflet-interactive').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => inspect.getByTestId('trip-map').locator('path:not(.leaflet-interactive)').count()).toBeGreaterThan(10);
  await page.waitForTimeout(500);
  await shot(page, 'admin-trips-inspect-map');
  await inspect.getByRole('tab', { name: 'Related trips' }).click();
  await expect(inspect.getByRole('table', { name: 'Related trips' }).or(inspect.getByText('No other trips for this passenger on this day'))).toBeVisible();
  await shot(page, 'admin-trips-inspect-related');
  await inspect.getByRole('tab', { name: 'Partner activity' }).click();
  await expect(inspect.getByRole('table', { name: 'Partner activity' }).or(inspect.getByText('No partner activity for this trip'))).toBeVisible();
  await shot(page, 'admin-trips-inspect-partner-activity-after');
});

test('a partner following a trip link lands on Home filtered to that trip', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/(\?.*)?$/);
  const day = dayOffset(3);
  const mine = (await dayTrips<Trip>(page.request, day))[0];
  expect(mine, 'a trip of the partner three days ahead').toBeTruthy();

  await page.goto(`/admin/trips-redirect?referenceNumber=${mine.referenceNumber}`);
  await expect(page).toHaveURL(new RegExp(`/\\?date=${mine.serviceDate}&q=${mine.referenceNumber}$`));
  await expect(page.getByLabel('Search trips')).toHaveValue(mine.referenceNumber);
  await expect(page.getByText(mine.referenceNumber).first()).toBeVisible();
  await expectNoA11yViolations(page, 'Home filtered to a linked trip');
});
