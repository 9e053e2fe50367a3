import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, signIn } from './helpers.ts';

/** A picture of the screen in the test's output folder, for review. */
const shot = async (page: Page, name: string) => {
  await expectNoA11yViolations(page, name);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

const cardLinks = (page: Page) => page.getByRole('main').locator('section').filter({ has: page.locator('h2') }).getByRole('link');

test('an administrator lands on the admin home, and every card opens a real screen', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Administration' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Trip search and bulk actions/ })).toBeVisible();
  await shot(page, 'admin-home');

  const targets = await cardLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(targets.length).toBeGreaterThan(3);
  for (const href of targets) {
    await page.goto('/admin');
    await page.getByRole('main').locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}(\\?.*)?$`));
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expect(page.getByText(/is not built yet\./), `${href} is a real screen`).toHaveCount(0);
  }
});

test('the admin home shows support messages, bug reports and the outbox; the keyboard opens a card', async ({ page, baseURL }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  // two messages from a signed-in sender (their e-mail and phone come from their record), one long
  const headers = { 'x-client-version': '6', origin: baseURL! };
  const long = 'The driver could not find the entrance of the clinic. '.repeat(8);
  for (const message of ['Please call me about my account.', long]) {
    expect((await page.request.post('/api/contact-support', { headers, data: { message } })).status()).toBe(200);
  }
  await page.reload();
  const messages = page.getByRole('table', { name: 'Support messages' });
  await expect(messages.getByText('Please call me about my account.')).toBeVisible();
  await messages.getByRole('button', { name: 'Show more' }).first().click();
  await expect(messages.getByRole('button', { name: 'Show less' })).toBeVisible();
  await shot(page, 'admin-home-messages');
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['Support messages', 'Bug reports', 'Outbox']);
  await tabs.getByRole('tab', { name: 'Outbox' }).click();
  // the demo's sign-in codes and notices are in the outbox
  await expect(page.getByRole('table', { name: 'Outbox' }).or(page.getByText('The outbox is empty.'))).toBeVisible();
  await shot(page, 'admin-home-outbox');
  await tabs.getByRole('tab', { name: 'Bug reports' }).click();
  await expect(page.getByRole('table', { name: 'Bug reports' }).or(page.getByText('No bug reports yet.'))).toBeVisible();

  const first = cardLinks(page).first();
  const href = await first.getAttribute('href');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}(\\?.*)?$`));
});

test('a dispatcher sees the admin home without the outbox, and only the screens open to them', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin home' })).toBeVisible();
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(['Support messages', 'Bug reports']);
  // Admin-only screens get no card
  await expect(page.getByRole('main').locator('a[href="/admin/mco"]')).toHaveCount(0);
  await shot(page, 'admin-home-dispatcher');
});

test('a partner has no admin home', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/admin');
  await expect(page).not.toHaveURL(/\/admin$/);
});
