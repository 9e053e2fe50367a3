import { expect, test, type Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { latestCode, PASSWORD } from './helpers.ts';
import { checkStep, emailMatch, PHONE, portalLink, portalSignIn } from './portal-accounts-journey.ts';

test.use({ viewport: PHONE });

async function myId(page: Page): Promise<string> {
  const res = await page.request.get('/api/current-user', { headers: { 'x-client-version': '6' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

test('a passenger signs in on the passenger portal page and lands on their trips', async ({ page }) => {
  await page.goto('/passenger-portal/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'contact us', exact: true })).toHaveAttribute('href', '/contact');
  await checkStep(page, 'passenger portal sign-in');

  // an empty form says what is missing, next to each field
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email or user name')).toHaveAccessibleDescription('Enter your email or user name');
  await checkStep(page, 'passenger portal sign-in with errors');

  await portalSignIn(page, '/passenger-portal/login', 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
});

test('a case manager signs in on the case manager page and lands on the case manager home', async ({ page }) => {
  await page.goto('/case-manager/login');
  await checkStep(page, 'case manager sign-in');
  await portalSignIn(page, '/case-manager/login', 'casemanager');
  await expect(page).toHaveURL(/\/case-manager\/$/);
});

test('a wrong password says so and clears the password', async ({ page }) => {
  await portalSignIn(page, '/case-manager/login', 'casemanager', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Login error:');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await checkStep(page, 'portal sign-in refused');
});

test('a partner signing in on a portal page is refused and signed out', async ({ page }) => {
  await portalSignIn(page, '/case-manager/login', 'partner');
  await expect(page.getByText('Your account does not have case manager / passenger portal access')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'No portal access' })).toBeVisible();
  await checkStep(page, 'partner refused on the portal page');
  // the session was ended: the partner's own home asks to sign in again
  const res = await page.request.get('/api/current-user', { headers: { 'x-client-version': '6' } });
  expect(res.status()).toBe(401);
  await page.getByRole('link', { name: 'the main sign-in page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a sign-in that needs a code comes back to the portal page, which refuses a staff account', async ({ page, baseURL }) => {
  await portalSignIn(page, '/passenger-portal/login', 'supervisor');
  await expect(page).toHaveURL(/\/login-mfa$/);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await latestCode(baseURL!));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/passenger-portal\/login$/);
  await expect(page.getByText('Your account does not have case manager / passenger portal access')).toBeVisible();
  const res = await page.request.get('/api/current-user', { headers: { 'x-client-version': '6' } });
  expect(res.status()).toBe(401);
});

test('account settings: a case manager changes their email (a link goes to the new address) and their password', async ({ page }) => {
  await portalSignIn(page, '/case-manager/login', 'casemanager');
  await expect(page).toHaveURL(/\/case-manager\/$/);
  const id = await myId(page);
  // the account menu leads there
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/case-manager/edit/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await checkStep(page, 'account settings');

  // email: a wrong current password is refused on its field, then the link is sent
  const email = page.getByRole('form', { name: 'Change email address' });
  await email.getByLabel('New email address').fill('case.manager.new@example.com');
  await email.getByLabel('Current password').fill('not-the-password');
  await email.getByRole('button', { name: 'Send the link' }).click();
  await expect(email.getByLabel('Current password')).toHaveAccessibleDescription(/The current password is not correct/);
  await checkStep(page, 'account settings email refused');
  await email.getByLabel('Current password').fill(PASSWORD);
  await email.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('We sent a link to case.manager.new@example.com')).toBeVisible();
  const [link] = await emailMatch('case.manager.new@example.com', /https?:\/\/\S+\/case-manager\/login\?emailToActivate=\S+/);
  await checkStep(page, 'account settings email link sent');

  // password: the live checklist ticks, then other sessions are signed out
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill('Portal2#go');
  await expect(page.getByRole('list', { name: 'Password rules' }).getByText(/\(met\)/)).toHaveCount(5);
  await password.getByRole('textbox', { name: 'Verify new password' }).fill('Portal2#go');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your other sessions were signed out.')).toBeVisible();
  await checkStep(page, 'account settings password changed');

  // and back, so other journeys sign in as before
  await password.getByRole('textbox', { name: 'Current password' }).fill('Portal2#go');
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
  await password.getByRole('textbox', { name: 'Verify new password' }).fill(PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your other sessions were signed out.')).toBeVisible();

  // the link in the email confirms the new address
  await page.goto(portalLink(link!));
  await expect(page.getByText('Your email address is now case.manager.new@example.com.')).toBeVisible();
  await expect(page).toHaveURL(/\/case-manager\/login$/);
  await checkStep(page, 'new email address confirmed');
});

test("a portal user cannot open another account's settings", async ({ page }) => {
  await portalSignIn(page, '/passenger-portal/login', 'passenger');
  await expect(page).toHaveURL(/\/passenger-portal\/$/);
  await page.goto('/case-manager/edit/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This account was not found')).toBeVisible();
  await checkStep(page, 'account settings of another account');
});

test('keyboard only: from the sign-in form to asking for a reset link', async ({ page }) => {
  await page.goto('/case-manager/login');
  await expect(page.getByLabel('Email or user name')).toBeFocused();
  // the sign-in form, then its two links
  for (let i = 0; i < 10 && !(await page.getByRole('button', { name: 'Forgot your password?' }).evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeFocused();
  await page.keyboard.press('Enter');
  // the new step's heading takes the focus, so a screen reader says where the user is; its field is next
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await page.keyboard.type('nobody.at.all@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();
});

test('a case manager on file creates their account by opening the emailed link instead of typing the code', async ({ page }) => {
  await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into contacts (name, first_name, last_name, types) values ('Dana Ortiz', 'Dana', 'Ortiz', array['Case Manager']) returning id`,
    );
    await db.query('insert into contact_emails (contact_id, email, main) values ($1, $2, true)', [rows[0]!.id, 'dana.ortiz@example.com']);
    await db.query(`insert into contact_phones (contact_id, phone_number_with_area_code, main, type) values ($1, '5055550142', true, 'Work')`, [rows[0]!.id]);
  });
  await page.goto('/case-manager/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('radio', { name: 'A case manager booking rides for members' })).toBeChecked();
  await page.getByLabel('Email address').fill('dana.ortiz@example.com');
  await page.getByLabel('Phone number').fill('(505) 555-0142');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password', { exact: true }).fill('Cases4all!');
  await page.getByLabel('Type the new password again').fill('Cases4all!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  const [link] = await emailMatch('dana.ortiz@example.com', /https?:\/\/\S+\/case-manager\/login\?emailToActivate=\S+/);
  await page.goto(portalLink(link!));
  await expect(page.getByRole('heading', { level: 1, name: 'Add your phone' })).toBeVisible();
  await expect(page).toHaveURL(/\/case-manager\/login$/);
  await page.getByLabel('Phone number').fill('5055550142');
  await page.getByRole('radio', { name: 'Phone calls (voice)' }).check();
  await checkStep(page, 'case manager account from the link');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to my trips' }).click();
  await expect(page).toHaveURL(/\/case-manager\/$/);
});
