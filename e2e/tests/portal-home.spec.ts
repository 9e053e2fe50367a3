import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expectFitsWidth, expectNoA11yViolations, gatedLiveSocket, signIn } from './helpers.ts';

// The portal homes on a phone: a passenger's and a case manager's trips in Today, Upcoming and
// Completed; a case manager's filters and the empty list; one trip's page with its step bar and
// map (the map's code fetched only then); cancelling from the page, and a cancel of a trip that
// changed meanwhile refused without changing anything.

test.use({ viewport: { width: 375, height: 812 } });

const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

/** The scripts the page has fetched so far. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') seen.push(res.url());
  });
  return seen;
}

/** The map's chunks of the build (vite.config.ts names Leaflet's 'map'). */
const MAP_CODE = /\/(map|TripMap)-[^/]*\.js$/;

const group = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

test('a passenger sees their trips in groups and opens one, the map coming only with it', async ({ page }) => {
  const scripts = scriptsOf(page);
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your trips' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a trip' })).toHaveAttribute('href', '/passenger-portal/new');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  // a passenger has no filters
  await expect(page.getByRole('form', { name: 'Find trips' })).toHaveCount(0);
  for (const name of ['Today', 'Upcoming', 'Completed']) await expect(group(page, name)).toBeVisible();
  // a card says the day in words and a 12-hour time
  const firstCard = group(page, 'Upcoming').getByRole('link').first();
  await expect(firstCard).toContainText(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}/);
  await expect(firstCard).toContainText(/Pickup at \d{1,2}:\d{2} (AM|PM)|Will call/);
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'passenger home at 375 px');
  await shot(page, 'passenger-home');
  expect(scripts.filter((u) => MAP_CODE.test(u)), 'map code on the home').toEqual([]);

  await firstCard.click();
  await expect(page).toHaveURL(/\/passenger-portal\/\?daId=/);
  await expect(page.getByRole('heading', { level: 1, name: /^Trip \S+/ })).toBeVisible();
  const steps = page.getByLabel('Where the trip stands');
  await expect(steps).toBeVisible();
  for (const step of ['Requested', 'Driver assigned', 'Driver arrived', 'Picked up', 'Dropped off']) await expect(steps).toContainText(step);
  await expect(page.getByTestId('trip-map')).toBeVisible();
  await expect(page.getByText(/Questions about this trip\? Call us at/).getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toBeVisible();
  expect(scripts.some((u) => MAP_CODE.test(u)), 'the map code is fetched with the trip page').toBe(true);
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'passenger trip page at 375 px');
  await shot(page, 'passenger-trip', true);

  // rule 72: a passenger books the same trip again on the request page
  const daId = new URL(page.url()).searchParams.get('daId')!;
  await page.getByRole('button', { name: 'Book again' }).click();
  await expect(page).toHaveURL(new RegExp(`/passenger-portal/new\\?duplicateFrom=${daId}$`));
  await page.goBack();

  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await expect(group(page, 'Upcoming')).toBeVisible();
});

test('a case manager sees members in groups, filters, and gets the empty list', async ({ page }) => {
  await signIn(page, 'casemanager');
  await expect(page).toHaveURL(/\/case-manager\/$/);
  await expect(page.getByRole('heading', { level: 1, name: "Your members' trips" })).toBeVisible();
  const form = page.getByRole('form', { name: 'Find trips' });
  await expect(form).toBeVisible();
  // the default window is filled in: 30 days back to 60 ahead
  await expect(form.getByRole('textbox', { name: 'From' })).not.toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'To' })).not.toHaveValue('');
  await expect(group(page, 'Upcoming')).toBeVisible();
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'case manager home at 375 px');
  await shot(page, 'case-manager-home');

  // one of the two bill-to accounts
  await form.getByRole('combobox', { name: 'Bill-to account' }).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await expectNoA11yViolations(page, 'case manager filter with a bill-to account chosen');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/billToIds=[0-9a-f-]{36}/);
  await expect(group(page, 'Upcoming').or(page.getByText('No trips found'))).toBeVisible();
  await form.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/case-manager\/$/);

  // a window longer than 93 days is refused before asking
  await form.getByRole('textbox', { name: 'From' }).fill('01/01/2026');
  await form.getByRole('textbox', { name: 'To' }).fill('12/31/2026');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByText('Choose at most 93 days at once.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, 'case manager filter with a refused window');

  await form.getByRole('button', { name: 'Clear filters' }).click();
  await form.getByLabel('Member ID').fill('NO-SUCH-MEMBER');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/memberId=NO-SUCH-MEMBER/);
  await expect(page.getByText('No trips found')).toBeVisible();
  await expect(page.getByText('Try expanding your search criteria')).toBeVisible();
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'case manager, no trips found');
  await shot(page, 'case-manager-empty');

  await page.getByRole('form', { name: 'Find trips' }).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/case-manager\/$/);
  const card = group(page, 'Upcoming').getByRole('link').first();
  await card.click();
  await expect(page).toHaveURL(/\/case-manager\/\?daId=/);
  await expect(page.getByLabel('Where the trip stands')).toBeVisible();
  // a case manager sees whose trip it is
  await expect(page.getByText('Passenger', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('trip-map')).toBeVisible();
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'case manager trip page at 375 px');
  await shot(page, 'case-manager-trip', true);

  // rule 72: a case manager books again in the request dialog, without leaving the page
  await page.getByRole('button', { name: 'Book again' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/case-manager\/\?daId=/);
  await expectNoA11yViolations(page, 'the request dialog over the trip page');
  await shot(page, 'case-manager-book-again');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a passenger cancels a trip from its page; a cancel of a trip changed meanwhile changes nothing', async ({ page }) => {
  // No live updates in this tab, so the page keeps the copy it read while the trip changes.
  await page.routeWebSocket(/\/api\/live$/, () => undefined);
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  const scheduled = group(page, 'Upcoming').getByRole('link').filter({ hasText: 'Scheduled' });
  await scheduled.first().click();
  await expect(page).toHaveURL(/daId=/);
  const daId = new URL(page.url()).searchParams.get('daId')!;
  const cancel = page.getByRole('main').getByRole('button', { name: 'Cancel trip' });
  await expect(cancel).toBeVisible();

  // someone else changes the trip after the page read it
  const before = await withDatabase(async (db) => {
    await db.query('update drive_assignments set mod_count = mod_count + 1 where id = $1', [daId]);
    const { rows } = await db.query<{ mod_count: number; canceled: boolean }>('select mod_count, canceled from drive_assignments where id = $1', [daId]);
    return rows[0];
  });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this trip?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'cancel confirmation at 375 px');
  await shot(page, 'cancel-confirm');
  await dialog.getByRole('button', { name: 'Cancel trip' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This trip was changed while you were looking at it.' })).toBeVisible();
  const after = await withDatabase(async (db) => (await db.query<{ mod_count: number; canceled: boolean }>('select mod_count, canceled from drive_assignments where id = $1', [daId])).rows[0]);
  expect(after).toEqual(before);

  // the page now holds the trip as it is: this cancel goes through
  await expect(dialog).toHaveCount(0);
  await cancel.click();
  await page.getByRole('dialog', { name: 'Cancel this trip?' }).getByRole('button', { name: 'Cancel trip' }).click();
  await expect(page.getByText('Trip canceled', { exact: true })).toBeVisible();
  const steps = page.getByLabel('Where the trip stands');
  await expect(steps).toContainText('Canceled');
  await expect(cancel).toHaveCount(0);
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'a canceled trip at 375 px');
  await shot(page, 'trip-canceled', true);
  const legs = await withDatabase(async (db) => (await db.query<{ status: string }>('select status from trip_legs where drive_assignment_id = $1', [daId])).rows);
  expect(legs.every((l) => l.status === 'CanceledNoCharge')).toBe(true);
});

test('on the trip page a lost connection is said until it is back, reconnected without a reload', async ({ page }) => {
  const live = await gatedLiveSocket(page);
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await group(page, 'Upcoming').getByRole('link').first().click();
  await expect(page.getByLabel('Where the trip stands')).toBeVisible();
  await expect.poll(() => live.opened()).toBeGreaterThan(0);

  await live.drop();
  const lost = page.getByRole('alert').filter({ hasText: 'Live updates are paused while we reconnect.' });
  await expect(lost).toBeVisible();
  await expectNoA11yViolations(page, 'the trip page with its connection lost');
  await shot(page, 'trip-connection-lost');
  live.reopen();
  await expect(lost).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Connection restored' })).toBeAttached();
});

test("a trip's page opened from a link (a notice, a bookmark) reads as it does from the list", async ({ page }) => {
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await group(page, 'Upcoming').getByRole('link').first().click();
  await expect(page).toHaveURL(/daId=/);
  await page.goto(page.url());
  await expect(page.getByRole('heading', { level: 1, name: /^Trip \S+/ })).toBeVisible();
  await expect(page.getByLabel('Where the trip stands')).toBeVisible();
  await expect(page.getByTestId('trip-map')).toBeVisible();
  await expectFitsWidth(page);
  await expectNoA11yViolations(page, 'a trip page opened from its link');
});

test("another passenger's trip is not found, and a list that failed to load offers Try again", async ({ page }) => {
  // a trip of the case manager's members that is not the signed-in passenger's
  const otherTrip = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `select da.id from drive_assignments da
        where not da.deleted and not exists (
          select 1 from trip_legs tl join contacts p on p.id = tl.passenger_id
           where tl.drive_assignment_id = da.id and p.username = 'passenger')
        order by da.service_date desc limit 1`,
    );
    return rows[0].id;
  });
  // the first read of the list fails as a server would that is not answering
  let failures = 1;
  await page.route('**/api/case-manager-activity**', (route) => (failures-- > 0 ? route.fulfill({ status: 502, body: '' }) : route.continue()));
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  const failed = page.getByRole('alert').filter({ hasText: 'Your trips could not be loaded' });
  await expect(failed).toBeVisible();
  await expectNoA11yViolations(page, 'the home when the list failed');
  await shot(page, 'home-failed');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(group(page, 'Upcoming')).toBeVisible();

  await page.goto(`/passenger-portal/?daId=${otherTrip}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This trip was not found' })).toBeVisible();
  await expect(page.getByText(otherTrip)).toHaveCount(0);
  await expectNoA11yViolations(page, 'a trip page of a trip not found');
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(group(page, 'Upcoming')).toBeVisible();
});

test('a cancel the server refuses says why, with the number to call, and changes nothing', async ({ page }) => {
  // No live updates in this tab, so the page keeps offering Cancel while the trip is locked.
  await page.routeWebSocket(/\/api\/live$/, () => undefined);
  await signIn(page, 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await group(page, 'Upcoming').getByRole('link').filter({ hasText: 'Scheduled' }).first().click();
  const daId = new URL(page.url()).searchParams.get('daId')!;
  const cancel = page.getByRole('main').getByRole('button', { name: 'Cancel trip' });
  await expect(cancel).toBeVisible();

  // staff lock the trip meanwhile
  await withDatabase((db) => db.query('update drive_assignments set locked = true where id = $1', [daId]));
  await cancel.click();
  await page.getByRole('dialog', { name: 'Cancel this trip?' }).getByRole('button', { name: 'Cancel trip' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The trip was not canceled' });
  await expect(refused).toContainText(/This trip can no longer be changed here\. Please call us at \(\d{3}\) \d{3}-\d{4}\./);
  // the page reads the trip again: Cancel is no longer offered
  await expect(cancel).toHaveCount(0);
  await expectNoA11yViolations(page, 'a refused cancel at 375 px');
  await shot(page, 'cancel-refused');
  const legs = await withDatabase(async (db) => (await db.query<{ status: string }>('select status from trip_legs where drive_assignment_id = $1', [daId])).rows);
  expect(legs.some((l) => l.status.startsWith('Canceled'))).toBe(false);
});
