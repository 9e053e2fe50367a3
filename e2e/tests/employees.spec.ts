import { expect, test, type Page } from '@playwright/test';
import { dayOffset, expectNoA11yViolations, signIn } from './helpers.ts';

// The employees screen: a partner's own people are listed at once, a new driver keeps its record when
// its photo is refused and gets a shift override for a day; staff find an employee by number (kept
// in the address), see a stale save rolled back, are told a Driver needs a partner, and record a
// day worked once per date.

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test('a partner adds a driver and sets a shift override for one day', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/admin/employees');
  await expect(page.getByRole('heading', { name: 'Employees admin' })).toBeVisible();
  // rule 75: the partner's own drivers are listed without a search
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^\d+ employees$/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'employees-partner-list');
  await shot(page, 'employees-partner-list');

  await page.getByRole('button', { name: 'New employee' }).click();
  const modal = page.getByRole('dialog', { name: 'New employee' });
  await modal.getByLabel('First name').fill('Teodora');
  await modal.getByLabel('Last name').fill('Quezada');
  await modal.getByRole('button', { name: 'Add phone' }).click();
  await modal.getByLabel('Phone 1', { exact: true }).fill('+1 505 555 0177');
  await modal.getByLabel('Employee number').fill('SAN900');
  // a file that calls itself a PNG but is not one: the employee is saved, the photo refused on its bytes
  await modal.locator('input[type="file"]').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 not a picture at all') });
  await modal.getByRole('tab', { name: 'Availability' }).click();
  await expect(modal.getByLabel('Monday start')).toHaveValue('09:00');
  await modal.getByLabel('Works on Saturday').check();
  await shot(page, 'employees-new-availability');
  await modal.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Employee saved, but the photo could not be uploaded: A photo must be a JPEG, PNG, GIF or WebP image')).toBeVisible();
  // saved: the modal stays on the new driver, at its shift overrides
  const saved = page.getByRole('dialog', { name: 'Teodora Quezada' });
  await expect(saved.getByRole('tab', { name: 'Shift overrides' })).toHaveAttribute('aria-selected', 'true');
  await expect(saved.getByText('No shift overrides: the usual week applies every day.')).toBeVisible();
  await saved.getByRole('button', { name: 'Set shift' }).click();
  await expect(saved.getByRole('alert')).toHaveText('Unable to set shift without an explicit service date');
  const day = dayOffset(3);
  await saved.getByLabel('Service date').fill(usDate(day));
  await saved.getByLabel('Start').fill('06:30');
  await saved.getByLabel('End').fill('14:30');
  await saved.getByRole('button', { name: 'Set shift' }).click();
  const overrides = saved.getByRole('table', { name: 'Shift overrides' });
  await expect(overrides.getByRole('row', { name: `${usDate(day)} 06:30–14:30` })).toBeVisible();
  await expectNoA11yViolations(page, 'employees-shift-override');
  await shot(page, 'employees-shift-override');
  await saved.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('Quezada');
  await expect(page).toHaveURL(/q=Quezada/);
  const row = table.getByRole('row', { name: 'Teodora Quezada' });
  await expect(row).toContainText('SAN900');
  await expect(row).toContainText('(505) 555-0177');
  await expect(row).toContainText('Sandia Mobility');
});

test('staff find an employee by number, meet a stale save, add a driver once it has a partner and record a day worked', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await page.goto('/admin/employees');
  await expect(page.getByText('Enter a search term or choose a company to list employees.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill('stx003');
  await expect(page).toHaveURL(/q=stx003/);
  const table = page.getByRole('table', { name: 'Employees' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Secure Transportation');
  await expectNoA11yViolations(page, 'employees-staff-search');
  await shot(page, 'employees-staff-search');

  // the keyboard opens the row
  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog');
  await expect(modal.getByLabel('Employee number')).toHaveValue('STX003');
  await shot(page, 'employees-staff-edit');

  // someone else saves the employee meanwhile: this save is rolled back and the form shows theirs (spec 1 §8)
  const name = await modal.getByLabel('First name').inputValue();
  await page.evaluate(async () => {
    const headers = { 'X-Client-Version': '6', 'content-type': 'application/json' };
    const [e] = await (await fetch('/api/employees?q=stx003', { headers })).json();
    const res = await fetch('/api/employees', { method: 'POST', headers, body: JSON.stringify({ ...e, notes: 'Changed at the other desk' }) });
    if (!res.ok) throw new Error(`save failed: ${res.status}`);
  });
  await modal.getByLabel('Notes').fill('Changed here');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert')).toContainText(`Could not update record ${name}`);
  await expect(modal.getByRole('alert')).toContainText('your changes have been rolled back. Try saving the record again');
  await expect(modal.getByLabel('Notes')).toHaveValue('Changed at the other desk');
  await shot(page, 'employees-staff-conflict');
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // the address keeps the search: a reload shows the same list
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue('stx003');
  await expect(table.getByRole('row')).toHaveCount(2);

  await page.getByRole('button', { name: 'New employee' }).click();
  const created = page.getByRole('dialog', { name: 'New employee' });
  await created.getByLabel('First name').fill('Nadia');
  await created.getByLabel('Last name').fill('Benavidez');
  await created.getByRole('button', { name: 'Save' }).click();
  await expect(created.getByRole('alert').filter({ hasText: 'Driver type must have a provider specified' }).first()).toBeVisible();
  await shot(page, 'employees-driver-needs-provider');

  // naming the partner saves the driver; a day worked goes on its pay history, one per date
  await created.getByRole('tab', { name: 'Details' }).click();
  await created.getByLabel('Partner company').click();
  await page.getByRole('option', { name: 'Bosque Wheelchair Express' }).click();
  await created.getByRole('button', { name: 'Save' }).click();
  const driver = page.getByRole('dialog', { name: 'Nadia Benavidez' });
  await driver.getByRole('tab', { name: 'Pay history' }).click();
  await expect(driver.getByText('No days worked recorded yet.')).toBeVisible();
  const worked = dayOffset(-1);
  for (const hours of ['7.5', '8']) {
    await driver.getByLabel('Date worked').fill(usDate(worked));
    await driver.getByLabel('Hours').fill(hours);
    await driver.getByRole('button', { name: 'Save day' }).click();
    await expect(driver.getByRole('table', { name: 'Pay history' }).getByRole('row', { name: new RegExp(`^${usDate(worked)} ${hours} `) })).toBeVisible();
  }
  await expect(driver.getByRole('table', { name: 'Pay history' }).getByRole('row')).toHaveCount(2);
  await expectNoA11yViolations(page, 'employees-pay-history');
  await shot(page, 'employees-pay-history');
});
