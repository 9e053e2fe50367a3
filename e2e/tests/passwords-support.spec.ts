import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, expectNoA11yViolations, signIn } from './helpers.ts';

const shot = async (page: Page, name: string) => {
  await expectNoA11yViolations(page, name);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
};

const rule = (page: Page, label: RegExp) => page.getByRole('list', { name: 'Password rules' }).getByRole('listitem').filter({ hasText: label });

async function changePassword(page: Page, current: string, next: string) {
  await page.goto('/edit-password');
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel(/^New password/).fill(next);
  await page.getByLabel('Verify new password').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' }).first()).toBeVisible();
}

test('a partner changes their password with the live checklist, then signs in with it', async ({ page }) => {
  await signIn(page, 'partner2');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/edit-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Password edit' })).toBeVisible();

  const next = page.getByLabel(/^New password/);
  await next.fill('ab');
  await expect(rule(page, /lowercase/)).toHaveAttribute('data-met', 'true');
  await expect(rule(page, /uppercase/)).toHaveAttribute('data-met', 'false');
  await next.fill('abC3&x');
  for (const label of [/6 characters/, /special/, /digit/, /uppercase/, /lowercase/]) await expect(rule(page, label)).toHaveAttribute('data-met', 'true');
  await shot(page, 'password-checklist');

  // enforced: 3 of 4 classes, a matching verify field and the current password
  await next.fill('abcdefg');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password must mix at least 3 of')).toBeVisible();
  await next.fill('Sunny-days7');
  await page.getByLabel('Verify new password').fill('Sunny-days8');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The two new passwords do not match')).toBeVisible();
  await page.getByLabel('Verify new password').fill('Sunny-days7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await shot(page, 'password-wrong-current');

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' }).first()).toBeVisible();
  await shot(page, 'password-changed');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'partner2', 'Sunny-days7');
  await expect(page).toHaveURL(/:\d+\/$/);
  // back to the demo password, so other journeys still sign in
  await changePassword(page, 'Sunny-days7', PASSWORD);
});

test('Generate fills both fields with a password that ticks every rule', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await page.goto('/edit-password');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByLabel(/^New password/)).not.toHaveValue('');
  const generated = await page.getByLabel(/^New password/).inputValue();
  expect(generated).toHaveLength(12);
  await expect(page.getByLabel('Verify new password')).toHaveValue(generated);
  await expect(page.getByRole('list', { name: 'Password rules' }).locator('[data-met="false"]')).toHaveCount(0);
});

test('someone who is not signed in sends a message to support, and staff read it on the admin home', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '(505) 555-0100' })).toBeVisible();
  await expect(page.getByRole('link', { name: '(505) 555-0199' })).toBeVisible();

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter a message')).toBeVisible();
  await page.getByLabel('Your name').fill('Rosa Rider');
  await page.getByRole('textbox', { name: /^Message/ }).fill('My ride to dialysis did not come this morning. Please call me back.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter an email address or a phone number so that we can answer you')).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('(505) 555-0142');
  await shot(page, 'contact-support-form');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  await shot(page, 'contact-support-sent');

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  const table = page.getByRole('table', { name: 'Support messages' });
  await expect(table.getByText('Rosa Rider')).toBeVisible();
  await expect(table.getByText('My ride to dialysis did not come this morning.', { exact: false })).toBeVisible();
  await shot(page, 'admin-home-support');
});

test('staff reset a partner user’s password, shown once; the user must choose a new one at sign-in', async ({ page, browser }) => {
  // the partner user's id, as they see themselves
  const probe = await browser.newPage();
  await signIn(probe, 'partner2');
  await expect(probe).toHaveURL(/:\d+\/$/);
  const partnerId = await probe.evaluate(async () => {
    const res = await fetch('/api/current-user', { headers: { 'X-Client-Version': '6' } });
    return ((await res.json()) as { id: string }).id;
  });
  await probe.close();

  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await page.goto(`/edit-password?contactId=${partnerId}`);
  await expect(page.getByText(/^For .+ \(#\d+\)$/)).toBeVisible();
  await page.getByLabel('Send the temporary password to them', { exact: false }).uncheck();
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
  const temporary = (await page.getByTestId('temporary-password').textContent())!.trim();
  expect(temporary).toHaveLength(12);
  await shot(page, 'password-reset-shown-once');

  const other = await browser.newPage();
  await signIn(other, 'partner2', temporary);
  await expect(other).toHaveURL(/\/edit-password$/);
  await expect(other.getByText('You signed in with a temporary password.', { exact: false })).toBeVisible();
  await shot(other, 'password-must-change');
  await other.getByLabel('Current password').fill(temporary);
  await other.getByLabel(/^New password/).fill(PASSWORD);
  await other.getByLabel('Verify new password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Change password' }).click();
  await expect(other.getByRole('link', { name: 'Continue' })).toBeVisible();
  await other.getByRole('link', { name: 'Continue' }).click();
  await expect(other).toHaveURL(/:\d+\/$/);
  await other.close();
});

test('a signed-in partner writes to support with the message alone', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/contact');
  await expect(page.getByText(/^Writing as /)).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveCount(0);
  const message = page.getByRole('textbox', { name: /^Message/ });
  await message.fill('x'.repeat(5001));
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('The message may have at most 5,000 characters')).toBeVisible();
  await message.fill('Where do we upload the new insurance certificate for our vans?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  await shot(page, 'contact-support-signed-in');
});
