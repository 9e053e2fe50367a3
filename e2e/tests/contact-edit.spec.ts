import { expect, test, type Locator, type Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expectNoA11yViolations, signIn } from './helpers.ts';

// Editing a contact (spec 2 §3, §5; 3 §2, §5): a dispatcher makes a new Person with a phone and a
// geocoded Home from /admin/contacts, meets the form's validation texts, edits the contact, and is
// asked before closing with unsaved changes.

/** A picture of the screen in the test's output folder, for review. */
const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

const save = (modal: Locator) => modal.getByRole('button', { name: 'Save', exact: true }).click();

test('a dispatcher creates a Person with a phone and an address, meets the validation texts and edits it', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto('/admin/contacts');
  await page.getByRole('button', { name: 'New Person' }).click();
  const modal = page.getByRole('dialog', { name: 'New Person' });
  await expect(modal.getByLabel('Location type')).toHaveValue('Residence');
  await modal.getByLabel('First name').fill('Rosa');
  await modal.getByLabel('Last name').fill('Quintana');
  await modal.getByLabel('Date of birth').fill('3/4/1950');
  await shot(page, 'contact-new-person');

  // a phone that is not (###) ###-####: the form's lead plus the detail, on the phones tab
  await modal.getByRole('tab', { name: 'Phones' }).click();
  await modal.getByRole('button', { name: 'Add phone' }).click();
  const phone = modal.getByLabel('Phone 1', { exact: true });
  await phone.fill('505-555');
  await save(modal);
  await expect(modal.getByRole('alert').first()).toHaveText('Please fix all validation errors. A phone number is (###) ###-#### with an optional extension');
  await shot(page, 'contact-phone-error');
  await phone.fill('+1 505 555 0142');
  await phone.blur();
  await expect(phone).toHaveValue('(505) 555-0142');

  // the first address of a Person is its Home, geocoded when the dialog is closed with OK
  await modal.getByRole('tab', { name: 'Addresses' }).click();
  await modal.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'New address' });
  await expect(dialog.getByLabel('Label')).toHaveValue('Home');
  await dialog.getByLabel('Street').fill('1100 Central Ave SE');
  // a city suggestion fills the city, state and a ZIP; the ZIP is then typed over
  await dialog.getByLabel('City').fill('Albuquer');
  await page.getByRole('option', { name: /^Albuquerque, NM \d{5}$/ }).first().click();
  await expect(dialog.getByLabel('City')).toHaveValue('Albuquerque');
  await expect(dialog.getByLabel('State')).toHaveValue('NM');
  await dialog.getByLabel('ZIP').fill('87106');
  await shot(page, 'contact-address-dialog');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  const addresses = modal.getByRole('table', { name: 'Addresses' });
  await expect(addresses).toContainText('1100 Central Ave SE, Albuquerque, NM 87106');
  await expect(addresses).toContainText('Placed');
  await expectNoA11yViolations(page, 'contact-addresses', { only: '[role="dialog"]' });
  await shot(page, 'contact-addresses');

  await save(modal);
  await expect(page.getByText('Rosa Quintana saved')).toBeVisible();
  const saved = page.getByRole('dialog', { name: /^Rosa Quintana #\d+$/ });
  await expect(saved).toBeVisible();
  const row = await withDatabase(async (db) => {
    const { rows } = await db.query(
      `select c.id, c.type1, c.types, c.location_type, c.service_type, to_char(c.date_of_birth, 'YYYY-MM-DD') as dob, d.code as division,
              (select phone_number_with_area_code from contact_phones p where p.contact_id = c.id and p.main) as phone,
              (select j.label from join_contact_addresses j where j.contact_id = c.id and not j.deleted) as label,
              (select a.lat from join_contact_addresses j join addresses a on a.id = j.address_id where j.contact_id = c.id and not j.deleted) as lat
         from contacts c left join divisions d on d.id = c.division_id
        where c.name = 'Rosa Quintana' and not c.deleted`,
    );
    return rows[0];
  });
  expect(row).toMatchObject({ type1: 'Person', types: ['S/N Passenger'], location_type: 'Residence', service_type: '01', dob: '1950-03-04', phone: '5055550142', label: 'Home' });
  expect(row.division).toMatch(/^[A-Z]{2}\d{2}$/);
  expect(row.lat).toBeCloseTo(35.07, 1);

  // a passenger cannot also be a case manager
  await saved.getByRole('tab', { name: 'General' }).click();
  const types = saved.getByRole('combobox', { name: 'Types' });
  await types.click();
  await types.fill('Case Manager');
  await page.getByRole('option', { name: 'Case Manager', exact: true }).click();
  await types.press('Escape');
  await save(saved);
  await expect(saved.getByRole('alert').first()).toHaveText('Please fix all validation errors. Contact cannot be both passenger and case manager');
  await shot(page, 'contact-type-error');
  await types.click();
  await types.press('Backspace');
  await types.press('Escape');
  await saved.getByLabel('Nickname').fill('Ro');
  await save(saved);
  await expect(saved.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => withDatabase(async (db) => (await db.query('select nickname, mod_count, types from contacts where id = $1', [row.id])).rows[0])).toMatchObject({
    nickname: 'Ro',
    mod_count: 1,
    types: ['S/N Passenger'],
  });

  // closing with unsaved changes asks first
  await saved.getByLabel('Nickname').fill('Rosie');
  await saved.getByRole('button', { name: 'Close', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(ask).toContainText('You have unsaved changes. Close the contact without saving them?');
  await shot(page, 'contact-unsaved');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(saved.getByLabel('Nickname')).toHaveValue('Rosie');
  await saved.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
  await expect(saved).toHaveCount(0);
});

test('showTab=5 opens a found contact on its phones, and a new Business is neither a Residence nor holds authorizations yet', async ({ page }) => {
  const rider = await withDatabase(async (db) => {
    const { rows } = await db.query(
      `select c.contact_number, c.name, p.phone_number_with_area_code as phone
         from contacts c join contact_phones p on p.contact_id = c.id and p.main
        where 'Passenger' = any(c.types) and not c.deleted and c.username is null
        order by c.contact_number limit 1`,
    );
    return rows[0] as { contact_number: string; name: string; phone: string };
  });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto(`/admin/contacts?q=${rider.contact_number}&showTab=5`);
  const found = page.getByRole('dialog', { name: `${rider.name} #${rider.contact_number}` });
  await expect(found.getByRole('tab', { name: 'Phones' })).toHaveAttribute('aria-selected', 'true');
  const digits = rider.phone.replace(/\D/g, '');
  await expect(found.getByLabel('Phone 1', { exact: true })).toHaveValue(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`);
  await shot(page, 'contact-phones-tab');
  await found.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(found).toHaveCount(0);

  await page.getByRole('button', { name: 'New Business' }).click();
  const modal = page.getByRole('dialog', { name: 'New Business' });
  await modal.getByRole('tab', { name: 'Authorizations' }).click();
  await expect(modal.getByText('You must save the contact first')).toBeVisible();
  await modal.getByRole('tab', { name: 'General' }).click();
  await modal.getByLabel('Company name').fill('Mesa Dialysis');
  const types = modal.getByRole('combobox', { name: 'Types' });
  await types.click();
  await types.fill('Facility');
  await page.getByRole('option', { name: 'Facility', exact: true }).click();
  await types.press('Escape');
  await modal.getByLabel('Location type').click();
  await page.getByRole('option', { name: 'Residence' }).click();
  await save(modal);
  await expect(modal.getByRole('alert').first()).toHaveText('Please fix all validation errors. A Business cannot have the location type Residence');
  await shot(page, 'contact-business');
});

test('a saved passenger gets a special request and a long-distance trip authorization; its coverages are read only', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto('/admin/contacts');
  await page.getByRole('button', { name: 'New Person' }).click();
  const modal = page.getByRole('dialog', { name: 'New Person' });
  await modal.getByLabel('First name').fill('Tomas');
  await modal.getByLabel('Last name').fill('Archuleta');
  await modal.getByRole('tab', { name: 'Special requests' }).click();
  await modal.getByRole('button', { name: 'Add request' }).click();
  await modal.getByLabel('Special request 1', { exact: true }).fill('Walker; needs help at the door');
  await save(modal);
  const saved = page.getByRole('dialog', { name: /^Tomas Archuleta #\d+$/ });
  await expect(saved.getByText(/^Marisol Trujillo, /)).toBeVisible();
  await shot(page, 'contact-special-requests');

  await saved.getByRole('tab', { name: 'Coverages' }).click();
  await expect(saved.getByText('No coverages.')).toBeVisible();
  for (const tab of ['Passenger', 'Billing', 'Blacklists']) {
    await saved.getByRole('tab', { name: tab }).click();
    await expect(saved.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await shot(page, `contact-tab-${tab.toLowerCase()}`);
  }

  await saved.getByRole('tab', { name: 'Authorizations' }).click();
  await expect(saved.getByText('No member trip authorizations.')).toBeVisible();
  await expect(saved.getByLabel('Type')).toHaveValue('LongDistance');
  await saved.getByLabel('Member id').fill('NM55501');
  await saved.getByRole('button', { name: 'Add authorization' }).click();
  const table = saved.getByRole('table', { name: 'Member trip authorizations' });
  await expect(table).toContainText('LongDistance');
  await expect(table).toContainText('NM55501');
  await expectNoA11yViolations(page, 'contact-authorizations', { only: '[role="dialog"]' });
  await shot(page, 'contact-authorizations');
  await saved.getByRole('button', { name: 'Remove LongDistance authorization' }).click();
  await page.getByRole('dialog', { name: 'Remove authorization' }).getByRole('button', { name: 'Remove' }).click();
  await expect(saved.getByText('No member trip authorizations.')).toBeVisible();

  // Delete keeps the contact, marked deleted
  await saved.getByRole('button', { name: 'Delete', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Delete contact' });
  await expect(ask).toContainText('Delete Tomas Archuleta? The contact is kept but hidden, and its sign-ins end.');
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(saved.getByText('Deleted', { exact: true })).toBeVisible();
  await expect.poll(() => withDatabase(async (db) => (await db.query(`select deleted from contacts where name = 'Tomas Archuleta'`)).rows)).toEqual([{ deleted: true }]);
});
