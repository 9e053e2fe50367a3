import { expect, test } from '@playwright/test';
import { withDatabase } from './database.ts';
import { signIn } from './helpers.ts';
import { checkStep, PHONE } from './portal-accounts-journey.ts';
import { chooseFirst, fillDate, previewAndRequest, requestDay } from './portal-request-journey.ts';

// The portal's trip request wizard at 375 px with axe at each step: a passenger books a trip and
// then its return; a case manager finds a member by member ID and books for them.

test.use({ viewport: PHONE });

const CLINIC = '1101 Medical Arts Ave NE, Albuquerque, NM 87106';
const CLIENT = { 'x-client-version': '6' };

test('a passenger books a trip to an appointment, then the ride home', async ({ page }) => {
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  const me = (await (await page.request.get('/api/current-user', { headers: CLIENT })).json()) as { id: string };
  const day = await requestDay(page, me.id, 3);

  await page.goto('/passenger-portal/new');
  await expect(page.getByRole('heading', { name: 'Trip details' })).toBeFocused();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await checkStep(page, 'passenger 1 details');

  // rule 188: an empty form is refused in the browser with the fields to fix
  await page.getByRole('button', { name: 'Preview the trip' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fix all validation errors first' })).toBeVisible();
  await expect(page.getByLabel('Date of the trip')).toHaveAccessibleDescription(/Choose the date of the trip/);
  await checkStep(page, 'passenger 1 details refused');

  await page.locator('label').filter({ hasText: /^Wheelchair$/ }).click();
  await expect(page.getByRole('radio', { name: 'Wheelchair' })).toBeChecked();
  await fillDate(page, day);
  await chooseFirst(page, 'Type of appointment');
  await page.getByLabel('Appointment time').fill('10:30');
  await chooseFirst(page, 'Pickup address');
  await page.getByRole('combobox', { name: 'Destination address' }).fill(CLINIC);
  await page.keyboard.press('Escape');
  await previewAndRequest(page, 'passenger 2');

  // the return trip starts at the clinic and goes home
  await page.getByRole('button', { name: 'Book the return trip' }).click();
  await expect(page.getByRole('heading', { name: 'Trip details' })).toBeFocused();
  await expect(page.getByText(/^The ride back from trip \w+: choose the day and time\.$/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pickup address' })).toHaveValue(CLINIC);
  await fillDate(page, day);
  await page.getByRole('radio', { name: 'Pick up at a set time' }).check();
  await page.getByLabel('Pickup time').fill('13:15');
  await checkStep(page, 'passenger 3 return details');
  await previewAndRequest(page, 'passenger 3 return');

  await page.getByRole('link', { name: 'See the trip' }).click();
  await expect(page).toHaveURL(/\/passenger-portal\/\?daId=/);
});

test('a case manager finds a member by member ID and books a trip for them', async ({ page }) => {
  const member = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; name: string; member_id: string }>(
      `select c.id, c.name, cv.member_id from contacts c
         join coverages cv on cv.contact_id = c.id and not cv.deleted and cv.status = 'Active'
         join case_manager_bill_tos b on b.bill_to_id = cv.bill_to_id
         join contacts m on m.id = b.case_manager_id and m.username = 'casemanager'
        where c.types && array['S/N Passenger', 'Passenger'] and not c.deleted and cv.date_end > current_date + 40
          and exists (select 1 from join_contact_addresses j where j.contact_id = c.id and not j.deleted)
        order by c.contact_number limit 1`,
    );
    if (!rows[0]) throw new Error('the demo case manager has no member with an address');
    return rows[0];
  });
  await signIn(page, 'casemanager');
  await expect(page).toHaveURL(/\/case-manager\/$/);
  const day = await requestDay(page, member.id, 3);

  await page.goto('/passenger-portal/new');
  await expect(page.getByRole('heading', { name: 'Who is the trip for?' })).toBeFocused();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await checkStep(page, 'case manager 1 choose');
  await page.getByLabel('Member ID').fill(member.member_id.toLowerCase());
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByRole('button', { name: member.name }).first().click();

  await expect(page.getByRole('heading', { name: 'Trip details' })).toBeFocused();
  await expect(page.getByText(`For ${member.name}`)).toBeVisible();
  await fillDate(page, day);
  await chooseFirst(page, 'Type of appointment');
  await page.getByLabel('Appointment time').fill('11:00');
  await chooseFirst(page, 'Pickup address');
  await page.getByRole('combobox', { name: 'Destination address' }).fill(CLINIC);
  await page.keyboard.press('Escape');
  await checkStep(page, 'case manager 2 details');
  await previewAndRequest(page, 'case manager 3');

  await page.getByRole('link', { name: 'See the trip' }).click();
  await expect(page).toHaveURL(/\/case-manager\/\?daId=/);
  const first = new URL(page.url()).searchParams.get('daId');

  // rule 72: from the trip page a case manager books it again in a dialog, all but the date filled in
  await page.getByRole('button', { name: 'Book again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book this trip again' });
  await expect(dialog.getByText(/^A copy of trip \w+: choose the day\.$/)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Destination address' })).toHaveValue(CLINIC);
  await expect(dialog.getByLabel('Appointment time')).toHaveValue('11:00');
  await fillDate(page, nextDay(day));
  await checkStep(page, 'case manager 4 book again');
  await dialog.getByRole('button', { name: 'Preview the trip' }).click();
  await dialog.getByRole('button', { name: 'Request this trip' }).click();
  // the dialog closes on the new trip's page
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/case-manager\/\?daId=/);
  expect(new URL(page.url()).searchParams.get('daId')).not.toBe(first);
});

function nextDay(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
