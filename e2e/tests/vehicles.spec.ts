import { expect, test, type Locator, type Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expectNoA11yViolations, signIn } from './helpers.ts';

// The vehicle list: a partner adds a van by its VIN, first being told the check digit is wrong,
// then the year and make fill in from the VIN and the seats from the make and model; staff filter
// every partner's fleet and find a termed van that cannot be made available.

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

/** Chooses an option of a Mantine select by its visible label. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// A 2020 Toyota (WMI 5TD, year code L): the check digit at position 9 is 7.
const VIN = '5TDKZ3DC7LS012345';
const WRONG_VIN = '5TDKZ3DC1LS012345';

test('a partner adds a vehicle by VIN, after the check-digit error', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Vehicles' });
  await expect(table.getByRole('row', { name: /^Vehicle SAN-101/ })).toBeVisible();
  await expect(page.getByText(/^\d+ vehicles$/)).toBeVisible();
  // the partner filter is for staff only
  await expect(page.getByRole('combobox', { name: 'Partner' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'vehicles-partner-list');
  await shot(page, 'vehicles-partner-list');

  await page.getByRole('button', { name: 'Add vehicle' }).click();
  const modal = page.getByRole('dialog', { name: 'New vehicle' });
  await modal.getByLabel('Vehicle number').fill('SAN-150');
  await choose(page, modal.getByRole('combobox', { name: 'Vehicle type', exact: true }), 'Wheelchair Van');
  await modal.getByLabel('VIN').fill(WRONG_VIN);
  await expect(modal.getByText(`VIN ${WRONG_VIN} is not valid: check digit should be 7`)).toBeVisible();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Fix validation errors first');
  await shot(page, 'vehicles-check-digit');
  await expectNoA11yViolations(page, 'vehicles-editor');

  // the right VIN: its year and maker fill in, then the model brings the seats
  await modal.getByLabel('VIN').fill(VIN);
  await expect(modal.getByText(/check digit should be/)).toHaveCount(0);
  await expect(modal.getByRole('combobox', { name: 'Model year' })).toHaveValue('2020');
  await expect(modal.getByRole('combobox', { name: 'Make' })).toHaveValue('Toyota');
  await modal.getByRole('combobox', { name: 'Model', exact: true }).fill('Sienna');
  await expect(modal.getByLabel('Walking seats')).toHaveValue('4');
  await expect(modal.getByLabel('Wheelchair places')).toHaveValue('1');
  await modal.getByLabel('License plate').fill('NMX-150');
  await shot(page, 'vehicles-new-filled');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  const row = table.getByRole('row', { name: /^Vehicle SAN-150/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(VIN);
  await expect(row).toContainText('Toyota Sienna 2020');

  // the same VIN again is refused by the server: one active vehicle per VIN
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  await modal.getByLabel('Vehicle number').fill('SAN-151');
  await choose(page, modal.getByRole('combobox', { name: 'Vehicle type', exact: true }), 'Wheelchair Van');
  await modal.getByLabel('VIN').fill(VIN);
  await expect(modal.getByRole('combobox', { name: 'Make' })).toHaveValue('Toyota');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert')).toContainText(`VIN ${VIN} already belongs to an active vehicle`);
  await modal.getByRole('button', { name: 'Cancel' }).click();
});

test('staff filter the fleets and find a termed van that stays unavailable', async ({ page }) => {
  await signIn(page, 'fleet');
  await expect(page).toHaveURL(/\/admin\/trips/);
  await page.goto('/vehicles');
  await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Partner' }), 'Sandia Mobility');
  await choose(page, page.getByRole('combobox', { name: 'Termed' }), 'Termed');
  const table = page.getByRole('table', { name: 'Vehicles' });
  const termed = table.getByRole('row', { name: /^Vehicle SAN-190/ });
  await expect(termed).toBeVisible();
  await expect(page.getByText('1 vehicle', { exact: true })).toBeVisible();
  await shot(page, 'vehicles-staff-termed');
  await termed.press('Enter');
  const modal = page.getByRole('dialog', { name: /Vehicle SAN-190/ });
  await expect(modal.getByLabel('Available')).not.toBeChecked();
  await expect(modal.getByLabel('Available')).toBeDisabled();
  await expect(modal.getByText('Termed: the vehicle is no longer available')).toBeVisible();
  await shot(page, 'vehicles-staff-termed-editor');
});

test('a partner imports vehicles from a CSV after its preview', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/vehicles');
  await page.getByRole('button', { name: 'Import' }).click();
  const modal = page.getByRole('dialog', { name: 'Import vehicles' });
  const csv = ['vehicleNumber,vehicleType,vin,modelYear,licensePlate', 'SAN-160,Ambulatory Sedan,1HGCM82633A004352,2019,NMX-160', 'SAN-101,Ambulatory Sedan,,,NEW-101'].join('\n');
  await modal.locator('input[type=file]').setInputFiles({ name: 'fleet.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await modal.getByRole('button', { name: 'Preview' }).click();
  const rows = modal.getByRole('table', { name: 'Rows of the import' });
  await expect(modal.getByText('2 rows ready, 0 with problems')).toBeVisible();
  await expect(rows.getByRole('row').nth(1)).toContainText('Add');
  // a vehicle number already in the fleet changes that vehicle, keeping what the file leaves out
  await expect(rows.getByRole('row').nth(2)).toContainText('Change');
  await shot(page, 'vehicles-import-preview');
  await modal.getByRole('button', { name: 'Approve' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('1 vehicle added, 1 changed')).toBeVisible();
  const table = page.getByRole('table', { name: 'Vehicles' });
  await expect(table.getByRole('row', { name: /^Vehicle SAN-160/ })).toContainText('NMX-160');
  await expect(table.getByRole('row', { name: /^Vehicle SAN-101/ })).toContainText('NEW-101');
  await expect(table.getByRole('row', { name: /^Vehicle SAN-101/ })).toContainText('Toyota');
});

test('a save over a change made meanwhile is refused and the editor shows the saved vehicle', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/vehicles');
  const table = page.getByRole('table', { name: 'Vehicles' });
  await table.getByRole('row', { name: /^Vehicle SAN-102/ }).click();
  const modal = page.getByRole('dialog', { name: /Vehicle SAN-102/ });
  await expect(modal.getByLabel('Vehicle number')).toHaveValue('SAN-102');
  // someone else changes the plate while the editor is open
  await withDatabase((db) => db.query(`update vehicles set license_plate = 'ZZZ-999', mod_count = mod_count + 1 where vehicle_number = 'SAN-102'`));
  await modal.getByLabel('Description').fill('New tyres');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert')).toContainText('Could not update record SAN-102, your changes have been rolled back. Try saving the record again');
  await expect(modal.getByLabel('License plate')).toHaveValue('ZZZ-999');
  await expect(modal.getByLabel('Description')).not.toHaveValue('New tyres');
  await shot(page, 'vehicles-conflict');
  // saved again on the fresh copy, it goes through
  await modal.getByLabel('Description').fill('New tyres');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
});
