import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { withDatabase } from './database.ts';
import { expectNoA11yViolations, signIn } from './helpers.ts';

// Contact care from the contact register: staff record an infectious disease (the passenger's legs
// of those days are flagged), place a hold on a partner after the confirmation that lists its
// trips (assigning it a trip of the window is then refused), and merge a passenger entered twice.

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};
const API_HEADERS = { 'x-client-version': '6', origin: baseURL };

/** Opens the inspect modal of the contact found by name in /admin/contacts. */
async function inspect(page: Page, name: string, contactNumber: string): Promise<void> {
  await page.goto(`/admin/contacts?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: `${name}, number ${contactNumber}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Inspect ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Inspect contact' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText(`#${contactNumber}`)).toBeVisible();
}

test('staff record an infectious disease and the passenger\u2019s legs of those days are flagged', async ({ page }) => {
  const rider = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; name: string; contact_number: string; day: string }>(
      `select c.id, c.name, c.contact_number::text, to_char(min(da.service_date), 'YYYY-MM-DD') as day
         from contacts c join trip_legs tl on tl.passenger_id = c.id join drive_assignments da on da.id = tl.drive_assignment_id
        where c.username is null and not c.deleted and not tl.infectious_disease_flag and da.service_date >= current_date
          and not exists (select 1 from infectious_diseases d where d.contact_id = c.id)
        group by c.id order by c.contact_number limit 1`,
    );
    return rows[0];
  });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await inspect(page, rider.name, rider.contact_number);
  const dialog = page.getByRole('dialog', { name: 'Inspect contact' });
  await shot(page, 'inspect-trips');
  await dialog.getByRole('tab', { name: 'Infectious diseases' }).click();
  await expect(dialog.getByText('No infectious diseases recorded.')).toBeVisible();

  // the start is the first day the passenger rides; the end is left to its 5-day default
  const [y, m, d] = rider.day.split('-');
  await dialog.getByRole('textbox', { name: 'Disease' }).fill('Norovirus');
  const start = dialog.getByRole('textbox', { name: 'Start' });
  await start.fill(`${m}/${d}/${y}`);
  await start.press('Tab');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Infectious disease recorded: Norovirus.')).toBeVisible();
  const row = dialog.getByRole('row').filter({ hasText: 'Norovirus' });
  await expect(row).toContainText('Marisol Trujillo');
  await expectNoA11yViolations(page, 'inspect-diseases');
  await shot(page, 'inspect-diseases');

  // the passenger's blacklist: a partner they will not ride with
  await dialog.getByRole('tab', { name: 'Blacklist' }).click();
  await expect(dialog.getByText('Nobody on the blacklist.')).toBeVisible();
  await dialog.getByLabel('Partner', { exact: true }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Added to the blacklist.')).toBeVisible();
  await expect(dialog.getByRole('row').nth(1)).toContainText('Passenger');
  await expectNoA11yViolations(page, 'inspect-blacklist');
  await shot(page, 'inspect-blacklist');

  const flagged = await withDatabase(async (db) => {
    const { rows } = await db.query<{ flag: boolean }>(
      `select tl.infectious_disease_flag as flag from trip_legs tl join drive_assignments da on da.id = tl.drive_assignment_id
        where tl.passenger_id = $1 and da.service_date = $2::date`,
      [rider.id, rider.day],
    );
    return rows.map((r) => r.flag);
  });
  expect(flagged.length).toBeGreaterThan(0);
  expect(flagged.every(Boolean)).toBe(true);
});

test('a hold placed after its confirmation refuses assigning the partner a trip of the window', async ({ page }) => {
  const { partner, trip } = await withDatabase(async (db) => {
    const p = await db.query<{ id: string; name: string; contact_number: string }>(
      `select id, name, contact_number::text from contacts c
        where 'Affiliate' = any(types) and parent_id is null and not deleted
          and not exists (select 1 from provider_holds h where h.provider_id = c.id)
          and not exists (select 1 from contacts u where u.parent_id = c.id and u.username is not null)
        order by contact_number desc limit 1`,
    );
    const t = await db.query<{ reference_number: string }>(
      `select reference_number from drive_assignments
        where farmout_contact_id is distinct from $1 and not canceled and partner_pay_status <> 'Final' and service_date > current_date + 1
        order by service_date, reference_number limit 1`,
      [p.rows[0].id],
    );
    return { partner: p.rows[0], trip: t.rows[0] };
  });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await inspect(page, partner.name, partner.contact_number);
  const dialog = page.getByRole('dialog', { name: 'Inspect contact' });
  await dialog.getByRole('tab', { name: 'Holds' }).click();
  await dialog.getByLabel('Reason').fill('Vehicle inspections overdue');
  await dialog.getByRole('button', { name: 'Place hold…' }).click();

  const confirmDialog = page.getByRole('dialog', { name: 'Place the hold?' });
  await expect(confirmDialog.getByText('This hold is not undoable and has severe consequences for the partner.')).toBeVisible();
  await expectNoA11yViolations(page, 'hold-confirm');
  await shot(page, 'hold-confirm');
  await confirmDialog.getByRole('button', { name: 'Place hold' }).click();
  await expect(page.getByText(/^Hold placed\./)).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Vehicle inspections overdue' })).toContainText('Open-ended');
  await shot(page, 'hold-placed');

  const res = await page.request.post('/api/drive-assignment-bulk-assign', {
    headers: API_HEADERS,
    data: { referenceNumbers: [trip.reference_number], providerId: partner.id },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toMatch(new RegExp(`^${partner.name} is on hold \\(No new trips\\) from \\d{4}-\\d\\d-\\d\\d, open-ended: trip ${trip.reference_number}`));
});

test('staff merge a passenger entered twice from the duplicates of the inspect modal', async ({ page }) => {
  const pair = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; name: string; contact_number: string; other_id: string; other_number: string }>(
      `select c.id, c.name, c.contact_number::text, o.id as other_id, o.contact_number::text as other_number from contacts c
         join contacts o on o.name = c.name and o.date_of_birth = c.date_of_birth and o.id <> c.id and not o.deleted
        where c.notes = 'Entered again by the call centre' and not c.deleted limit 1`,
    );
    return rows[0];
  });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await inspect(page, pair.name, pair.contact_number);
  const dialog = page.getByRole('dialog', { name: 'Inspect contact' });
  await dialog.getByRole('tab', { name: 'Duplicates and merge' }).click();
  const dup = dialog.getByRole('row').filter({ hasText: 'Same date of birth' });
  await expect(dup).toContainText('Similar name');
  await shot(page, 'duplicates');
  await dup.getByRole('button', { name: 'Merge…' }).click();

  const merge = page.getByRole('dialog', { name: 'Merge contacts' });
  await expect(merge.getByRole('radio', { name: `${pair.name} (#${pair.contact_number})` })).toBeChecked();
  await merge.getByRole('radio', { name: `${pair.name} (#${pair.other_number})` }).check();
  await expect(merge.getByRole('cell', { name: 'contact_phones' })).toBeVisible();
  await expectNoA11yViolations(page, 'merge-preview');
  await shot(page, 'merge-preview');
  await merge.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText(`${pair.name} (#${pair.contact_number}) was merged into ${pair.name} (#${pair.other_number}).`)).toBeVisible();

  const rows = await withDatabase(async (db) => (await db.query('select deleted, merged_into_id from contacts where id = $1', [pair.id])).rows);
  expect(rows[0]).toEqual({ deleted: true, merged_into_id: pair.other_id });
  await expect(dialog.getByText(`#${pair.contact_number}`)).toHaveCount(0);
  await shot(page, 'merged');
});
