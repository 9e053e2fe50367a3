import { expect, test, type Page } from '@playwright/test';
import type pg from 'pg';
import { partnerCompanyOf, withDatabase } from './database.ts';
import { dayOffset, expectFitsWidth, expectNoA11yViolations, signIn } from './helpers.ts';

// The marketplace: a partner narrows the offered trips of a day, slides the time range, claims a
// passenger's linked pair and finds both on Home, while a second partner watching the same day
// sees the pair leave its list and map without reloading. Then the vehicles page, and a phone.

const DAY = dayOffset(2);
const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

interface Pair {
  refs: [string, string];
  /** First pickup of the earlier trip, minutes after midnight. */
  firstPickup: number;
}

/**
 * Two unassigned ambulatory trips of DAY made one passenger's pair, offered to every partner, with
 * a flat rate for both demo partners so each can claim them.
 */
async function offerLinkedPair(db: pg.Client): Promise<Pair> {
  const { rows } = await db.query<{ id: string; reference_number: string; passenger_id: string; minutes: number }>(
    `select da.id, da.reference_number, tl.passenger_id, extract(hour from da.first_pickup) * 60 + extract(minute from da.first_pickup) as minutes
       from drive_assignments da join trip_legs tl on tl.drive_assignment_id = da.id and tl.which_leg = 'A'
      where da.service_date = $1 and not da.accepted and not da.canceled and not da.locked and not da.will_call
        and da.first_pickup between time '07:00' and time '15:00' and tl.passenger_id is not null
        and coalesce(da.service_number, da.service_type_requested) in ('01', 'Ambulatory')
      order by da.first_pickup, da.reference_number
      limit 2`,
    [DAY],
  );
  if (rows.length < 2) throw new Error(`the demo has no two open ambulatory trips on ${DAY}`);
  const [a, b] = rows;
  await db.query(`update trip_legs set passenger_id = $1 where drive_assignment_id = $2`, [a.passenger_id, b.id]);
  await db.query(
    `update drive_assignments set farmout_contact_id = null, declined = false, marketplace_until = now() - interval '1 minute', mod_count = mod_count + 1
      where id = any($1::uuid[])`,
    [[a.id, b.id]],
  );
  await db.query(`delete from trip_declines where drive_assignment_id = any($1::uuid[])`, [[a.id, b.id]]).catch(() => undefined);
  for (const login of ['partner', 'partner2']) {
    const partnerId = await partnerCompanyOf(db, login);
    await db.query(
      `insert into partner_rates (affiliate_id, bill_to_contact_id, service_id, rate_type, base_flat_rate, cancel_rate, date_begin)
       select distinct $1::uuid, da.bill_to_contact_id, coalesce(da.service_number, da.service_type_requested), 'Flat Rate', 45, 20, current_date - 1
         from drive_assignments da where da.id = any($2::uuid[]) and da.bill_to_contact_id is not null
       on conflict do nothing`,
      [partnerId, [a.id, b.id]],
    );
  }
  return { refs: [a.reference_number, b.reference_number], firstPickup: Number(a.minutes) };
}

let pair: Pair;
test.beforeAll(async () => {
  pair = await withDatabase(offerLinkedPair);
});

const row = (page: Page, ref: string) => page.getByRole('row', { name: `Trip ${ref}` });

test('a partner claims a linked pair that another partner sees leave', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  // the old address keeps its query
  await page.goto(`/marketplace-v1?date=${DAY}&range=300`);
  await expect(page).toHaveURL(new RegExp(`/marketplace\\?date=${DAY}&range=300$`));
  await expect(page.getByRole('heading', { name: 'Marketplace of offered trips' })).toBeVisible();
  await expect(row(page, pair.refs[0])).toBeVisible();
  await expect(row(page, pair.refs[1])).toBeVisible();
  await expect(row(page, pair.refs[0])).toContainText('2 linked');
  await expect(row(page, pair.refs[0])).toContainText('$');
  const counts = page.getByText(/^Showing \d+ of \d+$/);
  const total = Number((await counts.textContent())!.match(/of (\d+)/)![1]);
  await expect(page.getByTestId('marketplace-map').locator('canvas').first()).toBeVisible();
  await expectNoA11yViolations(page, 'marketplace-list');
  await shot(page, 'marketplace-1024');

  // the second partner watches the same day in its own browser
  const other = await browser.newContext({ baseURL, viewport: { width: 1024, height: 800 } });
  const page2 = await other.newPage();
  await signIn(page2, 'partner2');
  await expect(page2).toHaveURL(/:\d+\/$/);
  await page2.goto(`/marketplace?date=${DAY}&range=300`);
  await expect(row(page2, pair.refs[0])).toBeVisible();
  await expect(row(page2, pair.refs[1])).toBeVisible();

  // the search narrows on the server, and clearing it brings the day back
  await page.getByLabel('Search').fill(pair.refs[0]);
  await expect(page).toHaveURL(new RegExp(`q=${pair.refs[0]}`));
  await expect(counts).toHaveText(/^Showing 1 of 1$/);
  await page.getByLabel('Search').fill('');
  await expect(counts).toHaveText(`Showing ${total} of ${total}`);

  // sliding the earliest pickup past the pair hides it; back to midnight shows it again
  const earliest = page.getByRole('slider', { name: 'Earliest first pickup' });
  await earliest.focus();
  for (let at = 0; at <= pair.firstPickup; at += 15) await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^First pickup from \d+:\d\d [AP]M to Midnight$/)).toBeVisible();
  await expect(row(page, pair.refs[0])).toHaveCount(0);
  await expect(counts).not.toHaveText(`Showing ${total} of ${total}`);
  await shot(page, 'marketplace-slid');
  for (let at = 0; at <= pair.firstPickup; at += 15) await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('First pickup from 12:00 AM to Midnight')).toBeVisible();
  await expect(row(page, pair.refs[0])).toBeVisible();

  // exact reference numbers: the map centres on the one pickup, and a click on it selects the trip
  await page.getByLabel('Reference numbers').fill(pair.refs[0]);
  await expect(counts).toHaveText('Showing 1 of 1');
  const map = page.getByTestId('marketplace-map');
  await expect(map).toHaveAttribute('data-markers', '1');
  await map.click();
  await expect(row(page, pair.refs[0])).toHaveAttribute('data-selected', 'true');
  await map.click();
  await expect(row(page, pair.refs[0])).toHaveAttribute('data-selected', 'false');
  await page.getByLabel('Reference numbers').fill('');
  await expect(counts).toHaveText(`Showing ${total} of ${total}`);

  // Space on a row selects the passenger's linked trips together; Enter opens the trip
  await row(page, pair.refs[0]).focus();
  await page.keyboard.press('Space');
  await expect(row(page, pair.refs[0])).toHaveAttribute('data-selected', 'true');
  await expect(row(page, pair.refs[1])).toHaveAttribute('data-selected', 'true');
  await expect(page.getByRole('button', { name: 'Claim 2 trips' })).toBeEnabled();
  await page.keyboard.press('Enter');
  const inspect = page.getByRole('dialog', { name: `Trip ${pair.refs[0]}` });
  await expect(inspect.getByText('What it pays your company')).toBeVisible();
  await expect(inspect.getByRole('table').filter({ hasText: 'Amount' })).toContainText('Total');
  await expect(inspect.getByRole('region', { name: `Map of trip ${pair.refs[0]}'s route` })).toBeVisible();
  await expectNoA11yViolations(page, 'marketplace-inspect');
  await shot(page, 'marketplace-inspect');
  await page.keyboard.press('Escape');
  await expect(inspect).toBeHidden();

  // C claims what is selected; Out-Of-Area is confirmed when asked
  await row(page, pair.refs[0]).focus();
  await page.keyboard.press('c');
  const outOfArea = page.getByRole('dialog', { name: 'Out-Of-Area' });
  const toast = page.getByText('2 of 2 trips accepted');
  await expect(outOfArea.or(toast)).toBeVisible();
  if (await outOfArea.isVisible()) await outOfArea.getByRole('button', { name: 'Claim 2 trips' }).click();
  await expect(toast).toBeVisible();
  await expect(row(page, pair.refs[0])).toHaveCount(0);
  await expect(row(page, pair.refs[1])).toHaveCount(0);

  // the other partner's list lets them go without a reload
  await expect(row(page2, pair.refs[0])).toHaveCount(0);
  await expect(row(page2, pair.refs[1])).toHaveCount(0);
  await shot(page2, 'marketplace-after-claim-elsewhere');
  await other.close();

  // both are the partner's on Home for that day
  await page.goto(`/?date=${DAY}`);
  for (const ref of pair.refs) await expect(page.getByRole('row', { name: `Trip ${ref}` })).toBeVisible();
});

/** Makes a driver of the partner's trips on `day` the take-home driver of its vehicle SAN-101: its trip references. */
async function takeHomeDriver(db: pg.Client, day: string): Promise<string[]> {
  const partnerId = await partnerCompanyOf(db, 'partner');
  const { rows } = await db.query<{ employee_number: string; refs: string[] }>(
    `select d.employee_number, array_agg(da.reference_number order by da.reference_number) as refs
       from drive_assignments da join contacts d on d.id = da.driver_id
      where da.farmout_contact_id = $1 and da.service_date = $2 and not da.canceled and d.employee_number is not null
      group by d.employee_number order by count(*) desc limit 1`,
    [partnerId, day],
  );
  if (!rows[0]) return [];
  await db.query(`update vehicles set take_home_employee_number = $1 where partner_id = $2 and vehicle_number = 'SAN-101'`, [rows[0].employee_number, partnerId]);
  return rows[0].refs;
}

test('the vehicles page leads to the trips a vehicle can carry', async ({ page }) => {
  const refs = await withDatabase((db) => takeHomeDriver(db, dayOffset(0)));
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/marketplace');
  await page.getByRole('link', { name: 'Trips for a vehicle' }).click();
  await expect(page.getByRole('heading', { name: 'Marketplace vehicles' })).toBeVisible();
  const first = page.getByRole('button', { name: /^Find trips vehicle / }).first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('table')).toContainText(/\d+(\.\d)? h/);
  // the vehicle of a driver with trips today lists them and has less than the whole day free
  const san101 = page.getByRole('row').filter({ hasText: 'SAN-101' });
  for (const ref of refs) await expect(san101).toContainText(ref);
  if (refs.length > 0) await expect(san101).not.toContainText('12 h');
  await expectNoA11yViolations(page, 'marketplace-vehicles');
  await shot(page, 'marketplace-vehicles');
  const label = (await first.getAttribute('aria-label'))!;
  const number = label.replace('Find trips vehicle ', '').replace(' can carry', '');
  await first.click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByText(`Trips vehicle ${number} can carry`)).toBeVisible();
  await page.getByRole('button', { name: 'Show trips for every vehicle' }).click();
  await expect(page.getByText(`Trips vehicle ${number} can carry`)).toHaveCount(0);
});

test('staff choose a partner to see its vehicles', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/marketplace/vehicles');
  await expect(page.getByText('Choose a partner to see its vehicles.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Partner' }).click();
  await page.getByRole('option', { name: 'Sandia Mobility' }).click();
  await expect(page.getByRole('button', { name: /^Find trips vehicle / }).first()).toBeVisible();
});

test('a place without offered trips says so, and one that cannot be placed offers Retry', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  // Gallup: no offered trip within a mile
  await page.goto(`/marketplace?date=${DAY}&zip=87301&range=1`);
  const [y, m, d] = DAY.split('-');
  await expect(page.getByText(`No offered trips for ${m}/${d}/${y} within 1 miles of 87301`)).toBeVisible();
  await page.goto(`/marketplace?date=${DAY}&zip=00000`);
  const failed = page.getByRole('alert').filter({ hasText: 'The offered trips could not be loaded' });
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, 'marketplace-error');
});

test('the list fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'partner2');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/marketplace?date=${DAY}&range=300`);
  await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'marketplace-375');
  await shot(page, 'marketplace-375');
});

test('staff offer a trip on the marketplace from trip inspect, then withdraw it', async ({ page }) => {
  const day = dayOffset(4);
  const trip = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; reference_number: string }>(
      `select id, reference_number from drive_assignments
        where service_date = $1 and not accepted and not canceled and not locked and marketplace_until is null
          and first_pickup is not null and coalesce(service_number, service_type_requested) in ('01', '03', 'Ambulatory', 'Wheelchair')
        order by reference_number limit 1`,
      [day],
    );
    return rows[0];
  });
  expect(trip, `an open trip on ${day}`).toBeTruthy();
  await signIn(page, 'dispatcher');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/admin/trips?serviceDate=${day}&referenceNumber=${trip.reference_number}&inspect=${trip.id}`);
  const offer = page.getByTestId('marketplace-offer');
  await expect(offer).toContainText('Not offered on the marketplace.');
  await offer.getByRole('button', { name: 'Offer on marketplace' }).click();
  const confirm = page.getByRole('dialog', { name: `Offer trip ${trip.reference_number} on the marketplace` });
  await expect(confirm).toBeVisible();
  await shot(page, 'marketplace-offer-confirm');
  await confirm.getByRole('button', { name: 'Offer on marketplace' }).click();
  await expect(page.getByText(`Trip ${trip.reference_number} is offered on the marketplace.`)).toBeVisible();
  await expect(offer).toContainText(/^Offered on the marketplace/);
  await expectNoA11yViolations(page, 'marketplace-offer');
  await offer.getByRole('button', { name: 'Withdraw from marketplace' }).click();
  await expect(page.getByText(`Trip ${trip.reference_number} is withdrawn from the marketplace.`)).toBeVisible();
  await expect(offer).toContainText('Not offered on the marketplace.');
});
