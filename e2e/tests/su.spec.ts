import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signIn } from './helpers.ts';

/** A picture of the screen in the test's output folder, for review. */
const shot = async (page: Page, name: string) => {
  await expectNoA11yViolations(page, name);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
};

async function searchContacts(page: Page, text: string, name: string) {
  const box = page.getByRole('textbox', { name: 'Search contacts' });
  await box.fill('');
  await box.fill(text);
  await expect(page.getByRole('option', { name: new RegExp(`^${name}`) }).first()).toBeVisible();
}

/** A contact's id as the navigation bar's search finds it, asked from the signed-in page. */
async function contactId(page: Page, q: string): Promise<string> {
  return page.evaluate(async (query) => {
    const res = await fetch(`/api/global-search?q=${encodeURIComponent(query)}`, { headers: { 'X-Client-Version': '6' } });
    const hits = (await res.json()) as { id: string }[];
    return hits[0]!.id;
  }, q);
}

test('a dispatcher logs in as a partner user from the contact search, lands on the day list and signs out to end it', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await searchContacts(page, 'Kevin Arch', 'Kevin Archuleta');
  await shot(page, 'su-offered');
  await page.getByRole('option', { name: 'Log in as Kevin Archuleta' }).click();

  await expect(page.getByText('You are now logged in as Kevin Archuleta')).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByText('Impersonating Kevin Archuleta (you are Marisol Trujillo) — sign out to end.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu, signed in as Kevin Archuleta' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the partner sees no staff search while impersonated
  await expect(page.getByRole('textbox', { name: 'Search contacts' })).toHaveCount(0);
  await shot(page, 'su-partner');

  await page.getByRole('status').getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('a credentialing employee is offered partner users but not a dispatcher or the supervisor, and the server refuses them', async ({ page }) => {
  await signIn(page, 'credentialing');
  await expect(page).toHaveURL(/\/compliance$/);

  await searchContacts(page, 'Kevin Arch', 'Kevin Archuleta');
  await expect(page.getByRole('option', { name: 'Log in as Kevin Archuleta' })).toBeVisible();

  await searchContacts(page, 'Marisol Truj', 'Marisol Trujillo');
  await expect(page.getByRole('option', { name: 'Log in as Marisol Trujillo' })).toHaveCount(0);
  await shot(page, 'su-not-offered');

  await searchContacts(page, 'Renee Sand', 'Renee Sandoval');
  await expect(page.getByRole('option', { name: 'Log in as Renee Sandoval' })).toHaveCount(0);

  // asked anyway, the server refuses with the reason and nothing changes
  const dispatcherId = await contactId(page, 'Marisol Truj');
  const refused = await page.evaluate(async (id) => {
    const res = await fetch(`/api/su?id=${id}`, { headers: { 'X-Client-Version': '6' } });
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  }, dispatcherId);
  expect(refused).toEqual({
    status: 403,
    message: 'You cannot log in as Marisol Trujillo: their account holds Dispatch, which yours does not.',
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu, signed in as Priya Natarajan' })).toBeVisible();
  await expect(page.getByText(/Impersonating/)).toHaveCount(0);
});

test('a link to su on another page does not change who is signed in', async ({ page, baseURL }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  const partnerId = await contactId(page, 'Kevin Arch');
  await page.goto('about:blank');
  await page.setContent(`<a href="${baseURL}/api/su?id=${partnerId}">See the trip</a>`);
  await page.getByRole('link', { name: 'See the trip' }).click();
  await expect(page.getByText('This request was refused because it did not come from the Tripline page.')).toBeVisible();
  await page.goto('/admin/trips');
  await expect(page.getByRole('button', { name: 'Account menu, signed in as Marisol Trujillo' })).toBeVisible();
  await expect(page.getByText(/Impersonating/)).toHaveCount(0);
});
