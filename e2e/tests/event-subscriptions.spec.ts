import { expect, test, type Page } from '@playwright/test';
import { partnerCompanyOf, withDatabase } from './database.ts';
import { apiAs, dayOffset, expectFitsWidth, expectNoA11yViolations, signIn } from './helpers.ts';

// A case manager's trip notices on a phone: adds a text-message notice to its own mobile, sends a
// test about one of its trips (it lands in the outbox), deletes the notice and turns it back on.

test.use({ viewport: { width: 375, height: 812 } });

const MOBILE = '(505) 555-0188';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The case manager's id and the reference number of one of its trips. */
async function caseManagerAndTrip(): Promise<{ id: string; referenceNumber: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; reference_number: string }>(
      `select cm.id, da.reference_number
         from contacts cm
         join case_manager_bill_tos b on b.case_manager_id = cm.id
         join drive_assignments da on da.bill_to_contact_id = b.bill_to_id and not da.deleted
        where cm.username = 'casemanager'
        order by da.service_date desc limit 1`,
    );
    if (!rows[0]) throw new Error('the case manager has no trip');
    return { id: rows[0].id, referenceNumber: rows[0].reference_number };
  });
}

/** What the outbox holds for an address, read by an administrator. */
async function outboxFor(baseURL: string, to: string): Promise<{ channel: string; subject: string | null; body: string }[]> {
  const api = await apiAs(baseURL, 'admin');
  try {
    return (await (await api.get(`/api/outbox-messages?to=${encodeURIComponent(to)}`)).json()) as { channel: string; subject: string | null; body: string }[];
  } finally {
    await api.dispose();
  }
}

test('a case manager adds a text-message notice, sends a test, deletes it and turns it back on', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { id, referenceNumber } = await caseManagerAndTrip();
  await signIn(page, 'casemanager');
  await expect(page).toHaveURL(/\/case-manager\/$/);

  await page.goto(`/case-manager/edit/${id}`);
  const section = page.getByRole('region', { name: 'Trip notices' });
  // the demo's notice: assignments by e-mail
  await expect(section.getByRole('listitem').filter({ hasText: 'A driver is assigned' })).toContainText('Email to casemanager@tripline.example');
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'the trip notices at 375 px');
  await shot(page, 'notices-list');

  await section.getByRole('button', { name: 'Add a notice' }).click();
  const form = section.getByRole('form', { name: 'Add a trip notice' });
  await form.getByRole('combobox', { name: 'Tell me when' }).click();
  await page.getByRole('option', { name: 'The passenger is picked up' }).click();
  await form.getByRole('radio', { name: 'Text message' }).check();
  await expect(form.getByRole('combobox', { name: 'Send to' })).toHaveValue(MOBILE);
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'the new notice form at 375 px');
  await shot(page, 'notice-form');
  await form.getByRole('button', { name: 'Add notice' }).click();

  const item = section.getByRole('listitem').filter({ hasText: 'The passenger is picked up' });
  await expect(item).toContainText(`Text message to ${MOBILE}`);
  await expect(item.getByText('On', { exact: true })).toBeVisible();

  // a test about one of the case manager's trips lands in the outbox
  await item.getByRole('button', { name: 'Send a test' }).click();
  await item.getByRole('textbox', { name: 'Trip reference number' }).fill(referenceNumber);
  await expectNoA11yViolations(page, 'the test notice form');
  await item.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`Test notice sent to ${MOBILE}`)).toBeVisible();
  const sent = await outboxFor(baseURL!, MOBILE);
  expect(sent[0]).toMatchObject({ channel: 'sms' });
  expect(sent[0].body).toContain(`Test notice. Trip ${referenceNumber}`);
  expect(sent[0].body).toMatch(/Reply STOP to end$/);

  // a reference number that is not one of its trips is refused on the form
  await item.getByRole('button', { name: 'Send a test' }).click();
  await item.getByRole('textbox', { name: 'Trip reference number' }).fill('1');
  await item.getByRole('button', { name: 'Send test' }).click();
  await expect(item.getByText('No trip with that reference number was found.')).toBeVisible();
  await item.getByRole('button', { name: 'Send a test' }).click();

  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(item.getByText('Off', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'a deleted notice');
  await shot(page, 'notice-deleted');
  await item.getByRole('button', { name: 'Turn back on' }).click();
  await expect(item.getByText('On', { exact: true })).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'notice-on-again');
});

test('a dispatcher’s assignment reaches the case manager’s e-mail notice through the running portal', async ({ baseURL }) => {
  // the demo's notice: the case manager hears by e-mail when one of its trips gets a partner
  const trip = await withDatabase(async (db) => {
    const partnerId = await partnerCompanyOf(db, 'partner');
    const { rows } = await db.query<{ reference_number: string }>(
      `select da.reference_number from drive_assignments da
         join case_manager_bill_tos b on b.bill_to_id = da.bill_to_contact_id
         join contacts cm on cm.id = b.case_manager_id and cm.username = 'casemanager'
        where da.service_date between $1 and $2 and not da.canceled and not da.deleted
          and da.farmout_contact_id is distinct from $3
        order by da.service_date, da.reference_number limit 1`,
      [dayOffset(1), dayOffset(30), partnerId],
    );
    if (!rows[0]) throw new Error('the case manager has no upcoming trip to assign');
    return { referenceNumber: rows[0].reference_number, partnerId };
  });
  const dispatcher = await apiAs(baseURL!, 'dispatcher');
  try {
    const assign = await dispatcher.post('/api/drive-assignment-bulk-assign', { data: { referenceNumbers: [trip.referenceNumber], providerId: trip.partnerId } });
    expect(assign.ok(), await assign.text()).toBe(true);
  } finally {
    await dispatcher.dispose();
  }
  await expect
    .poll(async () => (await outboxFor(baseURL!, 'casemanager@tripline.example')).find((m) => m.subject === `Trip ${trip.referenceNumber}: a driver is assigned`)?.body ?? null, {
      timeout: 20_000,
    })
    .toMatch(new RegExp(`^Trip ${trip.referenceNumber} on \\w+day, .* now has a driver assigned`));
});
