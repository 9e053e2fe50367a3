import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { checkStep, emailMatch, PHONE, portalSignIn } from './portal-accounts-journey.ts';
import { chooseFirst, fillDate, previewAndRequest, requestDay } from './portal-request-journey.ts';

test.use({ viewport: PHONE });

const EMAIL = 'rider.journey@example.com';
const PHONE_DIGITS = '5055550187';
const NEW_PASSWORD = 'Rides4me!';

/**
 * A demo member on file without a sign-in, with a coverage and a home to be picked up at: the
 * journey gives them an email address and a phone number of its own, as the operator would have on file.
 */
async function memberOnFile(): Promise<{ id: string; name: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `select c.id, c.name from contacts c
        where 'Passenger' = any(c.types) and c.username is null and c.password_hash is null and not c.deleted
          and exists (select 1 from coverages v where v.contact_id = c.id and not v.deleted and v.status = 'Active' and v.date_end > current_date + 40)
          and exists (select 1 from join_contact_addresses j where j.contact_id = c.id and not j.deleted)
        order by c.contact_number limit 1`,
    );
    const member = rows[0];
    if (!member) throw new Error('no demo member without a sign-in');
    await db.query('insert into contact_emails (contact_id, email, main) values ($1, $2, false)', [member.id, EMAIL]);
    await db.query(`insert into contact_phones (contact_id, phone_number_with_area_code, sms_enabled, type) values ($1, $2, true, 'Cell')`, [
      member.id,
      PHONE_DIGITS,
    ]);
    return member;
  });
}

const CLINIC = '1101 Medical Arts Ave NE, Albuquerque, NM 87106';

/** The trip request's details, by their visible labels: the date typed, the first pickup address offered. */
async function tripDetails(page: Page, day: string, when: { appointment: string } | { pickup: string }) {
  await fillDate(page, day);
  if ('appointment' in when) {
    await chooseFirst(page, 'Type of appointment');
    await page.getByLabel('Appointment time').fill(when.appointment);
  } else {
    await page.getByRole('radio', { name: 'Pick up at a set time' }).check();
    await page.getByLabel('Pickup time').fill(when.pickup);
  }
}

test('a passenger creates their account with the emailed code and reaches their trips', async ({ page }) => {
  const member = await memberOnFile();
  // the page's own clock, moved on later to see the warning before the code stops working
  await page.clock.install();

  await page.goto('/passenger-portal/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'A passenger booking my own rides' })).toBeChecked();
  await checkStep(page, '1 new account');

  // a phone that is not ten digits is refused next to the field
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Phone number').fill('555-01');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(/\(###\) ###-####|phone/i);
  await checkStep(page, '1 new account with a field error');
  await page.getByLabel('Phone number').fill('505 555 0187');
  await page.getByLabel('Phone number').blur();
  await expect(page.getByLabel('Phone number')).toHaveValue('(505) 555-0187');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose a password' })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(page.getByRole('list', { name: 'Password rules' }).getByText('(met)')).toHaveCount(1);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByRole('list', { name: 'Password rules' }).getByText('(met)')).toHaveCount(5);
  await page.getByLabel('Type the new password again').fill(NEW_PASSWORD);
  await checkStep(page, '2 contact info');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeFocused();
  const [, code] = await emailMatch(EMAIL, /account is (\d{6})/);
  // a wrong code is refused on the field, then the right one (pasted with a space) is taken
  await page.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Code from the email')).toHaveAccessibleDescription(/not correct/);
  await checkStep(page, '3 verification wrong code');
  // two minutes before the code stops working, the page says so and offers a new one
  await page.clock.fastForward('08:30');
  await expect(page.getByText('The code stops working in 2 minutes.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The code stops working' }).getByRole('button', { name: 'Send a new code' })).toBeVisible();
  await checkStep(page, '3 verification code about to expire');
  await page.getByLabel('Code from the email').fill(`${code!.slice(0, 3)} ${code!.slice(3)}`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Add your phone' })).toBeFocused();
  await expect(page.getByLabel('Phone number')).toHaveValue('(505) 555-0187');
  await page.getByRole('radio', { name: 'Text messages (SMS)' }).check();
  await checkStep(page, '4 phone');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeFocused();
  await expect(page.getByText(`Welcome, ${member.name}.`)).toBeVisible();
  await checkStep(page, '5 account ready');
  await page.getByRole('button', { name: 'Go to my trips' }).click();
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkStep(page, '6 passenger home');

  // the new sign-in works with the email address
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await portalSignIn(page, '/passenger-portal/login', EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/passenger-portal\/$/);

  // a trip to an appointment, and the ride home
  const day = await requestDay(page, member.id, 2);
  await page.goto('/passenger-portal/new');
  await expect(page.getByRole('heading', { name: 'Trip details' })).toBeFocused();
  await tripDetails(page, day, { appointment: '10:30' });
  await chooseFirst(page, 'Pickup address');
  await page.getByRole('combobox', { name: 'Destination address' }).fill(CLINIC);
  await page.keyboard.press('Escape');
  await checkStep(page, '7 trip details');
  await previewAndRequest(page, '8 trip');
  await page.getByRole('button', { name: 'Book the return trip' }).click();
  await expect(page.getByRole('combobox', { name: 'Pickup address' })).toHaveValue(CLINIC);
  await tripDetails(page, day, { pickup: '13:15' });
  await previewAndRequest(page, '9 return trip');

  // the ride home is canceled from its page
  await page.getByRole('link', { name: 'See the trip' }).click();
  await expect(page).toHaveURL(/\/passenger-portal\/\?daId=/);
  const daId = new URL(page.url()).searchParams.get('daId')!;
  await page.getByRole('button', { name: 'Cancel trip' }).click();
  await page.getByRole('dialog', { name: 'Cancel this trip?' }).getByRole('button', { name: 'Cancel trip' }).click();
  await expect(page.getByText('Trip canceled', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Where the trip stands')).toContainText('Canceled');
  await checkStep(page, '10 return trip canceled');
  const legs = await withDatabase(async (db) => (await db.query<{ status: string }>('select status from trip_legs where drive_assignment_id = $1', [daId])).rows);
  expect(legs.length).toBeGreaterThan(0);
  expect(legs.every((l) => l.status === 'CanceledNoCharge')).toBe(true);
});
