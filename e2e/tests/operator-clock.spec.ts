import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signIn } from './helpers.ts';

// The screens count days by the operator's clock (Mountain time), not the browser's: a browser in
// UTC is on tomorrow from 17:00 Mountain time, and Home and the CSV dialog must stay on today.

test.use({ timezoneId: 'UTC' });

const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const hourIn = (at: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** 21:00 in Albuquerque on the operator's today (UTC-7 in winter, UTC-6 in summer). */
function eveningInAlbuquerque(): { at: Date; operatorDay: string } {
  const operatorDay = dayIn(new Date(), 'America/Denver');
  for (const offset of ['-07:00', '-06:00']) {
    const at = new Date(`${operatorDay}T21:00:00${offset}`);
    if (dayIn(at, 'America/Denver') === operatorDay && hourIn(at, 'America/Denver') === 21) return { at, operatorDay };
  }
  throw new Error('no 21:00 in Albuquerque today');
}

async function browserDay(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

test("Home and the CSV dialog open on the operator's day in a UTC browser after 17:00 Mountain time", async ({ page, browser, baseURL }) => {
  const { at, operatorDay } = eveningInAlbuquerque();
  await page.clock.setFixedTime(at);

  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  // the browser is already on the next day
  const local = await browserDay(page);
  expect(local > operatorDay, `browser day ${local} after the operator's ${operatorDay}`).toBe(true);

  // Home: the service date, the list and the Today button are the operator's day
  await expect(page.getByText('Loading data from server...')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Service date' })).toHaveValue(usDate(operatorDay));
  await expect(page.getByRole('table', { name: `Trips for ${usDate(operatorDay)}` })).toBeVisible();
  await expectNoA11yViolations(page, 'home-operator-day');
  await page.screenshot({ path: test.info().outputPath('home-operator-day.png') });
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${local}`));
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`date=${operatorDay}`));
  await expect(page.getByRole('textbox', { name: 'Service date' })).toHaveValue(usDate(operatorDay));

  // The dispatcher's CSV dialog, for a search of "today"
  const staff = await browser.newContext({ baseURL, timezoneId: 'UTC' });
  const staffPage = await staff.newPage();
  await staffPage.clock.setFixedTime(at);
  await signIn(staffPage, 'dispatcher');
  await expect(staffPage).toHaveURL(/\/admin\/trips/);
  await staffPage.goto('/admin/trips?serviceDate=today');
  await expect(staffPage.getByRole('button', { name: 'CSV' })).toBeVisible({ timeout: 20_000 });
  await staffPage.getByRole('button', { name: 'CSV' }).click();
  const dialog = staffPage.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'From' })).toHaveValue(new RegExp(`^(${operatorDay}|${usDate(operatorDay).replaceAll('/', '\\/')})$`));
  await expect(dialog.getByRole('textbox', { name: 'To' })).toHaveValue(new RegExp(`^(${operatorDay}|${usDate(operatorDay).replaceAll('/', '\\/')})$`));
  await expectNoA11yViolations(staffPage, 'csv-operator-day');
  await staffPage.screenshot({ path: test.info().outputPath('csv-operator-day.png') });
  await staff.close();
});
