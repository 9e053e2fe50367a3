import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expectNoA11yViolations, signIn } from './helpers.ts';

// The contact register: staff search by name (kept in the address), walk the rows with the
// keyboard and open one; an unknown name finds no one; the 834 search makes a contact of a member
// who is not one yet, and the member then names that contact. Partners never see the screen.

/** Clicks a chip or a segment by its label (their radio inputs are hidden behind the label). */
const choose = (page: Page, label: string) => page.locator('label').filter({ hasText: new RegExp(`^${label}$`) }).click();

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

test('staff find contacts by name, walk them with the keyboard and open one', async ({ page }) => {
  const person = await withDatabase(async (db) => {
    const { rows } = await db.query<{ name: string; last_name: string; contact_number: string }>(
      `select name, last_name, contact_number from contacts
        where 'S/N Passenger' = any(types) and not deleted and last_name is not null and member_id is not null
        order by contact_number limit 1`,
    );
    return rows[0];
  });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto('/admin/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts admin' })).toBeVisible();
  await expect(page.getByText('Enter a search term')).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Search', exact: true });
  await box.fill(person.last_name.slice(0, 2));
  await expect(page.getByText('Enter a search term')).toBeVisible();
  await box.fill(person.last_name);
  const table = page.getByRole('table', { name: 'Contacts' });
  const row = table.getByRole('row', { name: `${person.name}, number ${person.contact_number}` });
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(person.last_name)}`));
  await expect(table.getByRole('columnheader', { name: 'Member ID' })).toBeVisible();
  await expectNoA11yViolations(page, 'contacts-register');
  await shot(page, 'contacts-register');

  // the address keeps the search: a reload shows the same rows
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue(person.last_name);
  await expect(row).toBeVisible();

  // arrows move from the search box into the rows; Enter opens the contact
  await page.getByRole('textbox', { name: 'Search', exact: true }).press('ArrowDown');
  await expect(table.getByRole('row').nth(1)).toBeFocused();
  await table.getByRole('row').nth(1).press('ArrowUp');
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toBeFocused();
  await expect(page.getByRole('main').getByText(/^\d+ contacts? found$|^The first 50 contacts found$/)).toBeVisible();
  await row.focus();
  await row.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'contacts-opened');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // a pause after a space keeps the space: the next word is typed after it
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(`${person.last_name} `);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(person.last_name)}$`));
  await search.press('End');
  await page.keyboard.type(person.name.slice(0, 2));
  await expect(search).toHaveValue(`${person.last_name} ${person.name.slice(0, 2)}`);
  await expect(row).toBeVisible();

  // a type chip narrows; an unknown name finds no one
  await choose(page, 'Bill To');
  await expect(page.getByRole('main').getByText('No contacts found')).toBeVisible();
  await choose(page, 'All types');
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('Qzxwv Nobody');
  await expect(page.getByRole('main').getByText('No contacts found')).toBeVisible();
});

test('the 834 search makes a contact of a member, never twice', async ({ page }) => {
  const member = await withDatabase(async (db) => {
    const { rows } = await db.query<{ member_id: string; name: string }>(
      `select e.member_id, e.name from enrollment_834 e
        where not exists (select 1 from contacts c where lower(c.member_id) = lower(e.member_id))
        order by e.member_id limit 1`,
    );
    return rows[0];
  });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto(`/admin/contacts?search834=true&q=${encodeURIComponent(member.member_id)}`);
  const members = page.getByRole('table', { name: '834 members' });
  await expect(members.getByRole('cell', { name: member.name, exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'contacts-834');
  await shot(page, 'contacts-834');

  await members.getByRole('button', { name: `Create contact for ${member.name}` }).click();
  await expect(page.getByText(new RegExp(`^Contact \\d+ created for ${member.name}$`))).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(members.getByRole('button', { name: new RegExp(`^Open contact \\d+ of ${member.name}$`) })).toBeVisible();
  await shot(page, 'contacts-834-created');

  const count = await withDatabase(async (db) => {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from contacts where lower(member_id) = lower($1)', [member.member_id]);
    return rows[0].n;
  });
  expect(count).toBe(1);

  // back to the register: the new contact is found by its member id
  await choose(page, 'Contacts');
  await expect(page).not.toHaveURL(/search834/);
  await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: new RegExp(`^${member.name}, number`) })).toBeVisible();
});

test('a link with a contact number and showTab opens that contact on the tab', async ({ page }) => {
  const person = await withDatabase(async (db) => {
    const { rows } = await db.query<{ name: string; contact_number: string }>(
      `select c.name, c.contact_number from contacts c
        where 'S/N Passenger' = any(c.types) and not c.deleted and exists (select 1 from contact_phones p where p.contact_id = c.id)
        order by c.contact_number desc limit 1`,
    );
    return rows[0];
  });
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto(`/admin/contacts?q=${person.contact_number}&showTab=5`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Phones' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'contacts-show-tab');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // closing leaves the register on that contact, and it does not open again by itself
  await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: `${person.name}, number ${person.contact_number}` })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('partners do not reach the contact register', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/admin/contacts');
  await expect(page.getByText('Your account does not permit access to this area.')).toBeVisible();
});
