import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ReservationDetail } from '@tripline/core';
import { withDatabase } from './database.ts';
import { apiAs, dayOffset, expectNoA11yViolations, signIn } from './helpers.ts';

// A dispatcher books a phoned request from the trip search (key n): passenger, saved pickup, typed
// destination, appointment → the pickup is computed, coverage and partners shown → saves, adds a
// 'WC' return leg (will call) and saves again. Another session then changes the trip: the clean
// editor refreshes with the spec's text; with unsaved changes it shows the banner, and saving over
// it is refused with the conflict text and the server's copy.

const DAY = dayOffset(4);
const CLINIC = '1101 Medical Arts Ave NE, Albuquerque, NM 87106';
const shot = async (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

let rider = { name: '', address: '' };

test.beforeAll(async () => {
  // a demo passenger with an active coverage and a placed home in a ZIP of a division
  rider = await withDatabase(async (db) => {
    const { rows } = await db.query<{ name: string; address: string }>(
      `select c.name, coalesce(a.complete_address, concat_ws(', ', a.street, a.city, a.state || ' ' || a.zip)) as address
         from contacts c
         join coverages cv on cv.contact_id = c.id and cv.date_end > current_date + 30
         join join_contact_addresses j on j.contact_id = c.id and not j.deleted
         join addresses a on a.id = j.address_id and a.lat is not null and a.zip like '871%'
        where 'S/N Passenger' = any(c.types) and not c.deleted and c.name ~ '^[A-Za-z]+ [A-Za-z]+$'
        order by c.contact_number limit 1`,
    );
    if (!rows[0]) throw new Error('no covered passenger in the demo data');
    return rows[0];
  });
});

/** Another session changes the trip's priority through the editor's own save. */
async function changeElsewhere(api: APIRequestContext, ref: string, priority: number): Promise<void> {
  const trip = (await (await api.get(`/api/drive-assignments-detailed?referenceNumber=${ref}`)).json()) as ReservationDetail;
  const res = await api.post('/api/drive-assignments-detailed', {
    data: {
      id: trip.id,
      modCount: trip.modCount,
      serviceDate: trip.serviceDate,
      authorizedBy: trip.authorizedBy,
      schedulePriority: priority,
      tripLegs: trip.tripLegs.map((l) => ({
        id: l.id,
        whichLeg: l.whichLeg,
        passengerId: l.passengerId,
        locationFirst: { id: l.locationFirst.Id },
        locationSecond: { id: l.locationSecond.Id },
        locFirstTimeOrd: l.locFirstTimeOrd,
        locSecondTimeOrd: l.locSecondTimeOrd,
        apptTime: l.apptTime,
        apptType: l.apptType,
      })),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('book a phoned request with a will-call return, then another session edits it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  // the page itself, not its loading heading ("Loading Trip search and bulk actions"): the key works once it is there
  await page.getByRole('heading', { name: 'Trip search', exact: true }).click();
  await expect(page.getByRole('button', { name: /^New trip/ })).toBeVisible();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/drive-assv-edit\/new/);
  await expect(page.getByRole('heading', { name: 'New reservation' })).toBeVisible();

  const day = page.getByLabel('Service date');
  await day.fill(DAY);
  await day.press('Tab');
  const legA = page.getByRole('region', { name: 'Leg A' });
  await legA.getByLabel('Passenger', { exact: true }).fill(rider.name.slice(0, 6));
  await page.getByRole('option', { name: new RegExp(rider.name) }).first().click();
  await legA.getByRole('textbox', { name: 'Pickup address' }).click();
  await page.getByRole('option', { name: new RegExp(rider.address.slice(0, 12)) }).first().click();
  await legA.getByRole('textbox', { name: 'Destination' }).fill(CLINIC);
  await legA.getByRole('textbox', { name: 'Destination' }).press('Enter');
  await legA.getByRole('textbox', { name: 'Appointment', exact: true }).fill('10:00');
  // the drive is measured 100 ms later and the pickup computed from it
  await expect(legA.getByRole('textbox', { name: 'Pickup', exact: true })).toHaveValue(/^\d\d:\d[05]$/);
  // the on-time window from the passenger's on-time rule
  await expect(legA.getByTestId('leg-A-window')).toContainText(/On time if picked up \d\d:\d\d–\d\d:\d\d · dropped off by \d\d:\d\d/);
  await legA.getByRole('combobox', { name: 'Appointment type' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Authorized by').fill('Dr. Lee');
  const coverage = page.getByRole('region', { name: 'Coverage' });
  await expect(coverage.getByText('Bill-to')).toBeVisible();
  await expect(coverage.getByText(/partner|ZIP/i).first()).toBeVisible();
  await shot(page, 'editor-new-trip');
  await expectNoA11yViolations(page, 'the editor with a new trip');

  await page.keyboard.press('Control+s');
  await expect(page.getByText(/^Reservation \d+ saved$/)).toBeVisible();
  await expect(page).toHaveURL(/\/drive-assv-edit\/\d+$/);
  const ref = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: `Reservation ${ref}` })).toBeVisible();

  // a will-call return: 'WC' as its pickup
  await page.getByRole('button', { name: 'Add leg' }).click();
  await page.getByRole('menuitem', { name: 'Return leg' }).click();
  const legB = page.getByRole('region', { name: 'Leg B' });
  await legB.getByRole('textbox', { name: 'Pickup', exact: true }).fill('WC');
  await expect(page.getByRole('switch', { name: 'Will call' })).toBeChecked();
  await expect(legB.getByRole('textbox', { name: 'Drop-off' })).toHaveValue('WC');
  await page.getByRole('button', { name: 'Save' }).click();
  // off the toasts, which stay while the pointer rests on them
  await page.mouse.move(400, 700);
  await expect(page.getByText(`Reservation ${ref} saved`).last()).toBeVisible();
  await expect(legB.getByText('New')).toHaveCount(0);
  await shot(page, 'editor-will-call-saved');

  // another session changes it: the clean editor takes it in and says so
  const other = await apiAs(baseURL!, 'dispatcher');
  // spec 2 §8: a change within 5 seconds of this tab's own save counts as its own
  await page.waitForTimeout(5_500);
  await changeElsewhere(other, ref, 3);
  await expect(page.getByText('Another process has modified this reservation! The reservation has been refreshed from the server.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Priority', exact: true })).toHaveValue('3');

  // with unsaved changes the editor asks first; saving over the other change is refused and rolled back
  await legA.getByRole('textbox', { name: 'Passenger notes' }).fill('Uses a walker');
  await changeElsewhere(other, ref, 4);
  const banner = page.getByRole('alert').filter({ hasText: 'Another process has modified this reservation!' });
  await expect(banner).toBeVisible();
  await shot(page, 'editor-changed-elsewhere');
  await banner.getByRole('button', { name: 'Keep editing' }).click();
  await page.keyboard.press('Control+s');
  await expect(page.getByText(`Could not update record ${ref}, your changes have been rolled back. Try saving the record again`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Priority', exact: true })).toHaveValue('4');
  await expect(legA.getByRole('textbox', { name: 'Passenger notes' })).toHaveValue('');
  await other.dispose();
});

test('an unknown reservation says so', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto('/drive-assv-edit/99999999');
  await expect(page.getByText('No trip found for id')).toBeVisible();
});
