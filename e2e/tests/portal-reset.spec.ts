import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { PASSWORD } from './helpers.ts';
import { checkStep, emailMatch, PHONE, portalLink, portalSignIn } from './portal-accounts-journey.ts';

test.use({ viewport: PHONE });

const EMAIL = 'passenger.reset@example.com';
const NEW_PASSWORD = 'Fresh5start!';

/** The demo passenger's address on file for this journey; answers their contact id. */
async function passengerEmailOnFile(): Promise<string> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(`select id from contacts where username = 'passenger'`);
    const id = rows[0]!.id;
    await db.query('insert into contact_emails (contact_id, email, main) values ($1, $2, false)', [id, EMAIL]);
    return id;
  });
}

/** Moves the end of the passenger's open reset links: into the past, or close ahead. */
async function resetLinksEndIn(contactId: string, seconds: number): Promise<void> {
  await withDatabase((db) =>
    db.query(`update portal_account_links set expires_at = now() + make_interval(secs => $2) where contact_id = $1 and kind = 'reset' and used_at is null`, [
      contactId,
      seconds,
    ]),
  );
}

async function askForLink(page: Page, email: string): Promise<string> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(sent).toBeVisible();
  return (await sent.textContent()) ?? '';
}

test('a reset from an expired link, then a fresh link sets the password and signs in', async ({ page }) => {
  const passengerId = await passengerEmailOnFile();

  await page.goto('/passenger-portal/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
  await checkStep(page, '1 reset asked');

  // an unknown address gets the same answer as a known one
  const unknown = await askForLink(page, 'nobody.here@example.com');
  await page.getByRole('button', { name: 'Send another link' }).click();
  const known = await askForLink(page, EMAIL);
  expect(known.replace(EMAIL, '')).toBe(unknown.replace('nobody.here@example.com', ''));
  await checkStep(page, '2 reset link sent');

  // the link has expired by the time it is opened
  const [first] = await emailMatch(EMAIL, /https?:\/\/\S+\/case-manager\/login\?token=\S+/);
  await resetLinksEndIn(passengerId, -60);
  await page.goto(portalLink(first!));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText('This password reset link has expired! Try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/case-manager\/login$/);
  await checkStep(page, '3 expired link');

  // a fresh link, opened with little time left, warns before it stops working
  await askForLink(page, EMAIL);
  const [fresh] = await emailMatch(EMAIL, new RegExp(`https?://\\S+/case-manager/login\\?token=(?!${first!.split('token=')[1]})\\S+`));
  await resetLinksEndIn(passengerId, 90);
  await page.goto(portalLink(fresh!));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText('This link stops working in 2 minutes.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Type the new password again').fill('Fresh5start?');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByLabel('Type the new password again')).toHaveAccessibleDescription('The two new passwords do not match');
  await checkStep(page, '4 new password with a mismatch');
  await page.getByLabel('Type the new password again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/passenger-portal\/$/);

  // the link works once
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(portalLink(fresh!));
  await expect(page.getByText('This password reset link has expired! Try again.')).toBeVisible();

  // the new password signs in; account settings put the demo password back
  await portalSignIn(page, '/passenger-portal/login', 'passenger', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await page.goto(`/case-manager/edit/${passengerId}`);
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByRole('textbox', { name: 'Current password' }).fill(NEW_PASSWORD);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: 'Verify new password' }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your other sessions were signed out.')).toBeVisible();
});
