import { expect, type Page } from '@playwright/test';
import { checkStep } from './portal-accounts-journey.ts';

// The steps of the portal's trip request wizard as a user takes them, for the journeys that book trips.

/** A day the passenger's plan lets them request: `after` days after the first offered, or the last one. */
export async function requestDay(page: Page, passengerId: string, after: number): Promise<string> {
  const res = await page.request.get(`/api/case-manager-trip-create-options?passengerId=${passengerId}`, { headers: { 'x-client-version': '6' } });
  expect(res.ok()).toBe(true);
  const { earliestDate, latestDate } = (await res.json()) as { earliestDate: string; latestDate: string };
  const d = new Date(`${earliestDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + after);
  const day = d.toISOString().slice(0, 10);
  return day > latestDate ? latestDate : day;
}

const typed = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Types the trip's date as MM/DD/YYYY and leaves the field; it then reads in words. */
export async function fillDate(page: Page, iso: string) {
  const field = page.getByLabel('Date of the trip');
  await field.fill(typed(iso));
  await field.press('Tab');
  // the next field's list may open as it takes the focus
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue(/^\w+day, \w+ \d+, \d{4}$/);
}

/** Chooses the first option of a list field. */
export async function chooseFirst(page: Page, label: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  const option = page.getByRole('listbox', { name: label }).getByRole('option').first();
  // focus may have opened the list already, and the click closed it again
  if (!(await option.isVisible())) await box.click();
  await option.click();
}

/** Previews the filled form, then requests the trip; each step checked with axe and photographed. */
export async function previewAndRequest(page: Page, label: string) {
  await page.getByRole('button', { name: 'Preview the trip' }).click();
  await expect(page.getByRole('heading', { name: 'Check the trip' })).toBeFocused();
  await expect(page.getByText('Pickup', { exact: true })).toBeVisible();
  await checkStep(page, `${label} preview`);
  await page.getByRole('button', { name: 'Request this trip' }).click();
  await expect(page.getByRole('heading', { name: 'Trip requested' }).first()).toBeVisible();
  await expect(page.getByText(/^Trip \w+ on \w+day, \w+ \d+ is booked/)).toBeVisible();
  await checkStep(page, `${label} done`);
}
