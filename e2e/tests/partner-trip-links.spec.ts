import { expect, test } from '@playwright/test';
import { dayOffset, expectNoA11yViolations, signIn } from './helpers.ts';

// spec 1 §6: a partner who is not staff and opens a trip inspection link (as staff share them) is
// sent to its Home list filtered by the trip's day and reference; another partner's trip is not found.

const HEADERS = { 'x-client-version': '6' };

test('a partner opening a trip inspection link lands on Home filtered to that trip', async ({ page, browser, baseURL }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/(\?.*)?$/);
  const day = dayOffset(2);
  const res = await page.request.get(`/api/drive-assignments?serviceDate=${day}`, { headers: HEADERS });
  const mine = ((await res.json()) as { rows: { id: string; referenceNumber: string; serviceDate: string }[] }).rows[0];
  expect(mine, 'a trip of the partner two days ahead').toBeTruthy();

  await page.goto(`/admin/trips?serviceDate=${day}&inspect=${mine.id}`);
  await expect(page).toHaveURL(new RegExp(`/\\?date=${mine.serviceDate}&q=${mine.referenceNumber}$`));
  await expect(page.getByLabel('Search trips')).toHaveValue(mine.referenceNumber);
  await expect(page.getByText(mine.referenceNumber).first()).toBeVisible();
  await expectNoA11yViolations(page, 'Home filtered to a linked trip');

  // The same link in another partner's browser finds nothing and shows that partner's own Home.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, 'partner2');
  await expect(otherPage).toHaveURL(/:\d+\/(\?.*)?$/);
  await otherPage.goto(`/admin/trips?inspect=${mine.id}`);
  await expect(otherPage.getByText('The trip was not found.')).toBeVisible();
  await expectNoA11yViolations(otherPage, 'Home with the trip-not-found message');
  await expect(otherPage).toHaveURL(/:\d+\/$/);
  await other.close();
});
