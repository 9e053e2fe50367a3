import { expect, test, type Page } from '@playwright/test';
import { partnerCompanyOf, withDatabase } from './database.ts';
import { apiAs, dayOffset, expectFitsWidth, expectNoA11yViolations, signIn } from './helpers.ts';

// A case manager's day on a phone: finds a member, previews and schedules a trip for them,
// subscribes to text-message notices of assignments on the account page and sends a test (it
// lands in the outbox), then watches the trip's page while a dispatcher assigns a driver: the step
// bar moves on without a reload, the change is announced to screen readers, and the notice goes out.

test.use({ viewport: { width: 375, height: 812 } });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** A member of the case manager's: a passenger with a coverage for one of its bill-tos, and its member id. */
async function aMember(): Promise<{ id: string; name: string; memberId: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; name: string; member_id: string }>(
      `select p.id, p.name, c.member_id
         from contacts cm
         join case_manager_bill_tos b on b.case_manager_id = cm.id
         join coverages c on c.bill_to_id = b.bill_to_id
         join contacts p on p.id = c.contact_id
        where cm.username = 'casemanager' and not p.deleted and not c.deleted
        order by p.name limit 1`,
    );
    if (!rows[0]) throw new Error('the case manager has no member');
    return { id: rows[0].id, name: rows[0].name, memberId: rows[0].member_id };
  });
}

/** The dispatcher gives the trip to the partner and assigns one of its drivers, as staff do. */
async function assignAsDispatcher(baseURL: string, referenceNumber: string, daId: string) {
  const partnerId = await withDatabase((db) => partnerCompanyOf(db, 'partner'));
  const dispatcher = await apiAs(baseURL, 'dispatcher');
  try {
    const assign = await dispatcher.post('/api/drive-assignment-bulk-assign', { data: { referenceNumbers: [referenceNumber], providerId: partnerId } });
    expect(assign.ok(), await assign.text()).toBe(true);
    const drivers = (await (await dispatcher.get(`/api/drivers?providerId=${partnerId}`)).json()) as { id: string }[];
    expect(drivers.length).toBeGreaterThan(0);
    const trip = (await (await dispatcher.get(`/api/drive-assignments?id=${daId}`)).json()) as { rows: { modCount: number }[] };
    const res = await dispatcher.post('/api/drive-assignment-assign-driver', { data: { daId, driverId: drivers[0].id, modCount: trip.rows[0].modCount } });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await dispatcher.dispose();
  }
}

test('a case manager books a trip for a member, subscribes to text messages, and sees the assignment arrive live', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const member = await aMember();
  await signIn(page, 'casemanager');
  await expect(page).toHaveURL(/\/case-manager\/$/);
  await expect(page.getByRole('heading', { level: 1, name: "Your members' trips" })).toBeVisible();

  // 1. the request wizard: find the member, fill the trip in, preview, schedule
  const daId = await scheduleForMember(page, member);
  const referenceNumber = await withDatabase(async (db) => (await db.query<{ reference_number: string }>('select reference_number from drive_assignments where id = $1', [daId])).rows[0].reference_number);

  // 2. SMS notices on the account page, and a test notice about the new trip that lands in the outbox
  await subscribeToSmsAndTest(page, referenceNumber);

  // 3. the trip page, live: a dispatcher's assignment shows without a reload
  await page.goto(`/case-manager/?daId=${daId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Trip ${referenceNumber}` })).toBeVisible();
  const steps = page.getByLabel('Where the trip stands');
  await expect(steps.locator('[aria-current="step"]')).toContainText('Requested');
  await expect(page.getByText(member.name).first()).toBeVisible();
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'the new trip page at 375 px');
  await shot(page, 'trip-requested');

  await assignAsDispatcher(baseURL!, referenceNumber, daId);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Driver assigned');
  await expect(page.getByRole('status').filter({ hasText: `Trip ${referenceNumber}: Driver assigned.` })).toBeAttached();
  await expectNoA11yViolations(page, 'the trip page after the assignment');
  await shot(page, 'trip-assigned-live');

  // the text-message notice of the assignment goes out too
  await expect.poll(async () => (await smsAbout(referenceNumber)).filter((body) => !body.startsWith('Test notice')).length, { timeout: 30_000 }).toBeGreaterThan(0);
});

/** The text messages in the outbox that name a trip, newest first. */
async function smsAbout(referenceNumber: string): Promise<string[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ body: string }>(
      `select body from outbox_messages where channel = 'sms' and body like '%' || $1 || '%' order by created_at desc`,
      [referenceNumber],
    );
    return rows.map((r) => r.body);
  });
}

/** On the account page, a text-message notice of assignments, and a test about the trip. */
async function subscribeToSmsAndTest(page: Page, referenceNumber: string): Promise<void> {
  const id = await withDatabase(async (db) => (await db.query<{ id: string }>(`select id from contacts where username = 'casemanager'`)).rows[0].id);
  await page.goto(`/case-manager/edit/${id}`);
  const section = page.getByRole('region', { name: 'Trip notices' });
  await section.getByRole('button', { name: 'Add a notice' }).click();
  const form = section.getByRole('form', { name: 'Add a trip notice' });
  await form.getByRole('combobox', { name: 'Tell me when' }).click();
  await page.getByRole('option', { name: 'A driver is assigned' }).click();
  await form.getByRole('radio', { name: 'Text message' }).check();
  await expectNoA11yViolations(page, 'the new notice form at 375 px');
  await form.getByRole('button', { name: 'Add notice' }).click();

  const item = section.getByRole('listitem').filter({ hasText: 'A driver is assigned' }).filter({ hasText: 'Text message to' });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Send a test' }).click();
  await item.getByRole('textbox', { name: 'Trip reference number' }).fill(referenceNumber);
  await item.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(/^Test notice sent to /)).toBeVisible();
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'the account page after a test notice');
  await shot(page, 'notice-test-sent');
  const sent = await smsAbout(referenceNumber);
  expect(sent[0]).toContain(`Test notice. Trip ${referenceNumber}`);
}

/** MM/DD/YYYY of a day counted from the operator's today. */
function typedDay(days: number): string {
  const [y, m, d] = dayOffset(days).split('-');
  return `${m}/${d}/${y}`;
}

/** Drives the request wizard at /passenger-portal/new by its visible labels; answers the new trip's id. */
async function scheduleForMember(page: Page, member: { name: string; memberId: string }): Promise<string> {
  await page.getByRole('link', { name: 'Request a trip' }).click();
  await expect(page).toHaveURL(/\/passenger-portal\/new/);

  const find = page.getByRole('form', { name: 'Find a member' });
  await find.getByLabel('Member ID').fill(member.memberId);
  await find.getByRole('button', { name: 'Find' }).click();
  await find.getByRole('button', { name: member.name }).click();

  await page.getByLabel('Date of the trip').fill(typedDay(3));
  await page.getByLabel('Date of the trip').press('Tab');
  await page.getByRole('combobox', { name: 'Type of appointment' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Appointment time').fill('10:30');
  for (const [field, nth] of [['Pickup address', 0], ['Destination address', 1]] as const) {
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option').nth(nth).click();
  }
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'the trip details at 375 px');
  await shot(page, 'request-details');
  await page.getByRole('button', { name: 'Preview the trip' }).click();

  await expect(page.getByRole('button', { name: 'Request this trip' })).toBeVisible();
  await expectNoA11yViolations(page, 'the preview at 375 px');
  await shot(page, 'request-preview');
  await page.getByRole('button', { name: 'Request this trip' }).click();
  await expect(page.getByRole('heading', { name: 'Trip requested' })).toBeVisible();
  await expectNoA11yViolations(page, 'the trip requested at 375 px');
  await page.getByRole('link', { name: 'See the trip' }).click();
  await expect(page).toHaveURL(/daId=/);
  return new URL(page.url()).searchParams.get('daId')!;
}


test("today's trips on the case manager's home follow a dispatcher's assignment without a reload", async ({ page, baseURL }) => {
  // one of today's trips of the case manager's members, set back to waiting for a driver
  const trip = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string; reference_number: string }>(
      `select da.id, da.reference_number from drive_assignments da
         join case_manager_bill_tos b on b.bill_to_id = da.bill_to_contact_id
         join contacts cm on cm.id = b.case_manager_id and cm.username = 'casemanager'
        where da.service_date = $1 and not da.canceled and not da.deleted and da.partner_pay_status = 'Open'
        order by da.reference_number limit 1`,
      [dayOffset(0)],
    );
    if (!rows[0]) throw new Error('the case manager has no trip today');
    await db.query(
      `update drive_assignments set driver_id = null, driver_emp_number_assigned = null, accepted = false, declined = false,
              farmout_contact_id = null, mod_count = mod_count + 1 where id = $1`,
      [rows[0].id],
    );
    await db.query(
      `update trip_legs set status = 'Pending', loc_first_time_act = null, loc_first_time_dep = null, loc_second_time_act = null
        where drive_assignment_id = $1`,
      [rows[0].id],
    );
    return { id: rows[0].id, referenceNumber: rows[0].reference_number };
  });
  await signIn(page, 'casemanager');
  await expect(page).toHaveURL(/\/case-manager\/$/);
  const card = page.getByRole('region', { name: /^Today \(\d+\)$/ }).getByRole('link').filter({ hasText: `Trip ${trip.referenceNumber}` });
  await expect(card).toContainText('Scheduled');
  await expect(card).not.toContainText('Driver assigned');

  await assignAsDispatcher(baseURL!, trip.referenceNumber, trip.id);
  await expect(card).toContainText('Driver assigned');
  await expectNoA11yViolations(page, "the case manager's home after a live assignment");

  // keyboard: the card is a link that Enter opens
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`daId=${trip.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Trip ${trip.referenceNumber}` })).toBeFocused();
});
