import { expect, test, type Locator, type Page } from '@playwright/test';
import { dayOffset, expectFitsWidth, expectNoA11yViolations, signIn } from './helpers.ts';

// Partner rates: Finance narrows the rates to one partner, adds a new rate (first told which field
// the type needs), then ends a rate that has been in force for a while; a dispatcher reads the
// rates without edit buttons; a partner is refused the screen.

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

/** Chooses an option of a Mantine select by its visible label. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** 2026-11-25 as the rates table shows it: 11/25/2026. */
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test('Finance adds a rate for a partner and ends another', async ({ page }) => {
  const today = dayOffset(0);
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, 'finance');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/reporting/partner-rates');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner rates report' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Partner rates' });
  await expect(table.getByTestId('rate-row').first()).toBeVisible();

  await choose(page, page.getByRole('search').getByLabel('Partner'), 'Sandia Mobility');
  await expect(page).toHaveURL(/providerId=/);
  const rows = table.getByTestId('rate-row');
  // one partner's rates: the partner column gives way to the rest
  await expect(table.getByRole('columnheader', { name: 'Partner' })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await expectNoA11yViolations(page, 'partner rates, one partner');
  await expectFitsWidth(page);
  await shot(page, 'rates-1024');

  // A new wheelchair rate for the first bill-to: a Flat Rate needs its flat rate.
  await page.getByRole('button', { name: 'New rate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New partner rate' });
  await expect(dialog.getByLabel('Partner')).toHaveValue('Sandia Mobility');
  await choose(page, dialog.getByLabel('Bill-to'), /./);
  const billTo = await dialog.getByLabel('Bill-to').inputValue();
  await choose(page, dialog.getByLabel('Service type'), '03 Wheelchair');
  await dialog.getByText('Flat Rate', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Cancel rate', exact: true }).fill('12');
  await dialog.getByRole('button', { name: 'Add the rate' }).click();
  await expect(dialog.getByText('Flat rate is required for a Flat Rate rate')).toBeVisible();
  await expectNoA11yViolations(page, 'the new rate dialog with its error');
  await shot(page, 'rate-dialog');
  await dialog.getByRole('textbox', { name: 'Flat rate', exact: true }).fill('64.50');
  await dialog.getByRole('button', { name: 'Add the rate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/The new rate begins today\./)).toBeVisible();

  const added = rows.filter({ hasText: billTo }).filter({ hasText: '03 Wheelchair' }).filter({ hasText: `from ${us(today)}` });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('$64.50 a leg');
  await expect(added.getByRole('button', { name: /^Correct the rate/ })).toBeVisible();

  // A second new rate for that group the same day is refused; the one of today is corrected instead.
  await page.getByRole('button', { name: 'New rate', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'New partner rate' });
  await choose(page, again.getByLabel('Bill-to'), billTo);
  await choose(page, again.getByLabel('Service type'), '03 Wheelchair');
  await again.getByText('Flat Rate', { exact: true }).click();
  await again.getByRole('textbox', { name: 'Flat rate', exact: true }).fill('66');
  await again.getByRole('textbox', { name: 'Cancel rate', exact: true }).fill('12');
  await again.getByRole('button', { name: 'Add the rate' }).click();
  await expect(again.getByText('A rate for this group already begins today')).toBeVisible();
  await again.getByRole('button', { name: 'Correct that rate instead' }).click();
  const fix = page.getByRole('dialog', { name: 'Correct the rate that begins today' });
  await expect(fix.getByRole('textbox', { name: 'Flat rate', exact: true })).toHaveValue('$64.50');
  await fix.getByRole('textbox', { name: 'Flat rate', exact: true }).fill('66');
  await fix.getByRole('button', { name: 'Save the correction' }).click();
  await expect(fix).toBeHidden();
  await expect(added).toContainText('$66.00 a leg');

  // End a rate that has been in force for a while: its last day is today.
  const older = rows.filter({ has: page.getByRole('button', { name: /^New rate for/ }) }).first();
  const olderText = (await older.locator('td').nth(0).innerText()) + (await older.locator('td').nth(1).innerText());
  await older.getByRole('button', { name: /^End the rate/ }).click();
  const end = page.getByRole('dialog', { name: 'End the rate' });
  await expect(end.getByLabel('Last day in force')).toHaveValue(us(today));
  await expectNoA11yViolations(page, 'the end rate dialog');
  await shot(page, 'end-dialog');
  await end.getByRole('button', { name: 'End the rate' }).click();
  await expect(end).toBeHidden();
  await expect(page.getByText(`The rate ends ${us(today)}.`, { exact: false })).toBeVisible();
  const ended = rows.filter({ hasText: ` – ${us(today)}` });
  await expect(ended).toHaveCount(1);
  expect((await ended.locator('td').nth(0).innerText()) + (await ended.locator('td').nth(1).innerText())).toBe(olderText);
  await shot(page, 'rates-after');
});

test('a dispatcher reads the rates without changing them', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, 'dispatcher');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/reporting/partner-rates');
  await expect(page.getByRole('table', { name: 'Partner rates' }).getByTestId('rate-row').first()).toBeVisible();
  await expect(page.getByText('You can read the rates. Finance, Partner Credentialing or an administrator change them.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New rate', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^End the rate/ })).toHaveCount(0);
  await expectNoA11yViolations(page, 'partner rates, read-only');
  // every partner's rates at 1024 px: the table scrolls sideways inside the page, never the page
  await expectFitsWidth(page);
  await page.screenshot({ path: test.info().outputPath('rates-read-only.png') });
});

test('a partner is refused the partner rates screen', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/reporting/partner-rates');
  await expect(page.getByText('Your account does not permit access to this area.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Partner rates' })).toHaveCount(0);
});
