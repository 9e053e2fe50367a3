import { expect, request, test, type Page } from '@playwright/test';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { withDatabase } from './database.ts';
import { expectNoA11yViolations, PASSWORD, signIn } from './helpers.ts';

// Divisions: an administrator gives a county to a division by clicking it on the map and saves;
// the ZIP lookup names a ZIP's division. Watch list: the old address redirects, a workbook of the
// wrong type is refused, an .xlsx is previewed row by row and applied.

const CLIENT = { 'x-client-version': '6' };

/** A picture of the screen in the test's output folder, after axe has checked it. */
const shot = async (page: Page, name: string) => {
  await expectNoA11yViolations(page, name);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

async function divisionsAs(baseURL: string, username: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { ...CLIENT, origin: baseURL } });
  await api.post('/api/login', { headers: { authorization: 'Basic ' + Buffer.from(`${username}:${PASSWORD}`).toString('base64') } });
  const res = await api.get('/api/divisions');
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as { code: string; counties: { fips: string }[] }[];
  await api.dispose();
  return list;
}

/** Signs in and waits for the landing page, so the session cookie is set before the next address. */
async function signedIn(page: Page, username: string) {
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

// San Miguel County, New Mexico: beside Santa Fe, in no demo division.
const SAN_MIGUEL = '35047';

test('an administrator gives a county to a division on the map and saves it', async ({ page, baseURL }) => {
  await signedIn(page, 'admin');
  await page.goto('/admin/divisions');
  await expect(page.getByRole('heading', { level: 1, name: 'Divisions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Divisions' });
  await expect(table.getByRole('row')).toHaveCount(5);
  const county = page.locator(`path.county-${SAN_MIGUEL}`);
  await expect(county).toBeVisible();
  await shot(page, 'divisions');

  // the keyboard opens a division
  await table.getByRole('row', { name: /NM02/ }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Division' });
  await expect(form.getByRole('heading', { name: 'Division NM02' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save division' })).toBeDisabled();

  await county.click();
  await expect(form.getByText('San Miguel', { exact: true })).toBeVisible();
  await shot(page, 'divisions-county-added');
  await form.getByRole('button', { name: 'Save division' }).click();
  await expect(page.getByText('Division NM02 saved')).toBeVisible();
  const nm02 = (await divisionsAs(baseURL!, 'admin')).find((d) => d.code === 'NM02');
  expect(nm02?.counties.map((c) => c.fips)).toContain(SAN_MIGUEL);

  // a ZIP of that county now finds NM02
  await page.getByLabel('Division of a ZIP code').fill('87701');
  await expect(page.getByText(/Las Vegas, NM · San Miguel County · NM02/)).toBeVisible();
  await page.getByLabel('Division of a ZIP code').fill('99999');
  await expect(page.getByText('ZIP 99999 is not a known US ZIP code')).toBeVisible();
});

test("a division saved by someone else first is not overwritten: the form shows the saved one", async ({ page, baseURL }) => {
  await signedIn(page, 'admin');
  await page.goto('/admin/divisions');
  await page.getByRole('table', { name: 'Divisions' }).getByRole('row', { name: /NM03/ }).click();
  const form = page.getByRole('form', { name: 'Division' });
  await form.getByLabel('Name').fill('Mesilla Valley');

  // another administrator renames the division meanwhile
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { ...CLIENT, origin: baseURL! } });
  await api.post('/api/login', { headers: { authorization: 'Basic ' + Buffer.from(`admin:${PASSWORD}`).toString('base64') } });
  const nm03 = ((await (await api.get('/api/divisions')).json()) as { code: string; counties: { fips: string; name: string }[] }[]).find((d) => d.code === 'NM03')!;
  const other = await api.post('/api/divisions', { data: { ...nm03, name: 'Dona Ana and Otero' } });
  expect(other.ok()).toBe(true);
  await api.dispose();

  await form.getByRole('button', { name: 'Save division' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Could not update record NM03, your changes have been rolled back. Try saving the record again. The form now shows the division as saved.',
  );
  await expect(form.getByLabel('Name')).toHaveValue('Dona Ana and Otero');
});

test('a dispatcher sees the divisions but cannot change them', async ({ page }) => {
  await signedIn(page, 'dispatcher');
  await page.goto('/admin/divisions');
  await expect(page.getByRole('table', { name: 'Divisions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New division' })).toHaveCount(0);
  await page.getByRole('table', { name: 'Divisions' }).getByRole('row', { name: /NM01/ }).click();
  await expect(page.getByText('Only administrators may change divisions.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save division' })).toHaveCount(0);
});

test('a watch list workbook is refused by type, previewed and applied', async ({ page }) => {
  const members = await withDatabase(async (db) => {
    const { rows } = await db.query<{ member_id: string; name: string }>(
      `select member_id, name from contacts c
        where types && '{Passenger,S/N Passenger}' and member_id is not null and not deleted
          and not exists (select 1 from elevated_members e where e.passenger_id = c.id)
        order by contact_number desc limit 2`,
    );
    return rows;
  });
  expect(members).toHaveLength(2);
  const sheet: SheetData = [
    ['Member ID', 'Passenger', 'Reason', 'Start Date', 'End Date'].map((value) => ({ value })),
    [{ value: members[0].member_id }, { value: members[0].name }, { value: 'Threatened a driver' }, null, null],
    [{ value: members[1].member_id }, { value: members[1].name }, { value: 'Fall risk' }, null, { value: '12/31/2099' }],
    [{ value: 'NO-SUCH-MEMBER' }, { value: 'Nobody' }, { value: 'Unknown' }, null, null],
  ];
  const workbook = await writeXlsxFile(sheet).toBuffer();

  await signedIn(page, 'dispatcher');
  await page.goto('/admin/watchlist');
  await expect(page).toHaveURL(/\/admin\/elevated-member$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Watch list' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Elevated members' })).toBeVisible();
  await shot(page, 'watch-list');

  await page.getByRole('button', { name: 'Upload workbook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a watch list workbook' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'watch-list.csv', mimeType: 'text/csv', buffer: Buffer.from('Member ID,Reason\n') });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Upload is of the wrong type');

  await dialog.locator('input[type="file"]').setInputFiles({ name: 'watch-list.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('table', { name: 'Preview of the upload' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('row', { name: /NO-SUCH-MEMBER/ })).toContainText('No passenger has member id NO-SUCH-MEMBER');
  await expect(dialog.getByText('Add: 2')).toBeVisible();
  await shot(page, 'watch-list-preview');

  await dialog.getByRole('button', { name: 'Apply 2 changes' }).click();
  await expect(page.getByText('Watch list updated: 2 added, 0 changed, 0 unchanged, 1 skipped')).toBeVisible();
  const list = page.getByRole('table', { name: 'Elevated members' });
  await expect(list.getByRole('row', { name: new RegExp(members[0].name) })).toContainText('Threatened a driver');
  await expect(list.getByRole('row', { name: new RegExp(members[1].name) })).toContainText('12/31/2099');
  await shot(page, 'watch-list-applied');
});

test('a passenger is put on the watch list by hand, changed and taken off', async ({ page }) => {
  const rider = await withDatabase(async (db) => {
    const { rows } = await db.query<{ name: string; member_id: string }>(
      `select name, member_id from contacts c
        where types && '{Passenger,S/N Passenger}' and not deleted and member_id is not null and name ~ '^[A-Za-z]+ [A-Za-z]+$'
          and not exists (select 1 from elevated_members e where e.passenger_id = c.id)
        order by contact_number limit 1`,
    );
    return rows[0];
  });
  await signedIn(page, 'dispatcher');
  await page.goto('/admin/elevated-member');
  await page.getByRole('button', { name: 'Add passenger' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the watch list' });
  // the reason is needed: the dialog says so before anything is sent
  await dialog.getByRole('button', { name: 'Add to watch list' }).click();
  await expect(dialog.getByText('Choose the passenger')).toBeVisible();
  await expect(dialog.getByText('Give the reason')).toBeVisible();
  await dialog.getByLabel('Passenger', { exact: true }).fill(rider.member_id);
  await page.getByRole('option', { name: new RegExp(rider.name) }).first().click();
  await dialog.getByLabel('Reason').fill('Refused the seat belt twice');
  await dialog.getByLabel('End date').fill('2026-01-01');
  await dialog.getByRole('button', { name: 'Add to watch list' }).click();
  await expect(dialog.getByText('The end date is before the start date')).toBeVisible();
  await dialog.getByLabel('End date').fill('');
  await shot(page, 'watch-list-add');
  await dialog.getByRole('button', { name: 'Add to watch list' }).click();
  await expect(page.getByText(`${rider.name} added to the watch list`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Elevated members' }).getByRole('row', { name: new RegExp(rider.name) });
  await expect(row).toContainText('No end');

  await row.getByRole('button', { name: `Change the entry of ${rider.name}` }).click();
  const change = page.getByRole('dialog', { name: 'Change watch list entry' });
  await change.getByLabel('Reason').fill('Refused the seat belt three times');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Refused the seat belt three times');

  await row.getByRole('button', { name: `Remove ${rider.name} from the watch list` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${rider.name} removed from the watch list`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
