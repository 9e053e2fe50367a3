import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, latestCode, signIn } from './helpers.ts';

const landings: [string, RegExp][] = [
  ['admin', /\/admin$/],
  ['dispatcher', /\/admin\/trips$/],
  ['partner', /:\d+\/$/],
  ['partner2', /:\d+\/$/],
  ['casemanager', /\/case-manager\/$/],
  ['passenger', /\/passenger-portal\/?$/],
  ['credentialing', /\/compliance$/],
  ['fleet', /\/admin\/trips$/],
];

test.describe('each demo user lands on their page', () => {
  for (const [user, landing] of landings) {
    test(user, async ({ page }) => {
      await signIn(page, user);
      await expect(page).toHaveURL(landing);
      await expect(page.getByRole('button', { name: /Account menu, signed in as/ })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page, `${user}'s landing page`);
    });
  }
});

test('a wrong password shows the login error and clears the password', async ({ page }) => {
  await signIn(page, 'dispatcher', 'not-the-password');
  await expect(page.getByText('Login error: The user name or password is not correct')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL(/\/login$/);
  await expectNoA11yViolations(page, 'sign-in with a login error');
});

test('an empty form does nothing', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/Login error/)).toHaveCount(0);
});

test('a denied route shows its message and goes to the default page', async ({ page }) => {
  await signIn(page, 'partner');
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto('/admin/trips');
  await expect(page.getByText('Your account does not permit access to this area.')).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test('a saved deep link is restored after sign-in', async ({ page }) => {
  await page.goto('/log?table=drive_assignments&activityType=update');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('User name').fill('dispatcher');
  await page.getByLabel('Password', { exact: true }).fill('Tripline1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/log\?table=drive_assignments&activityType=update$/);
  await expect(page).toHaveTitle(/Tripline/);
});

test('MFA: the supervisor signs in with a code read from the outbox', async ({ page, baseURL }) => {
  await signIn(page, 'supervisor');
  await expect(page).toHaveURL(/\/login-mfa$/);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expectNoA11yViolations(page, 'sign-in code: choose where to send it');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await expectNoA11yViolations(page, 'sign-in code: enter it');
  const code = await latestCode(baseURL!);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/trips$/);
});

test('signing out ends the session', async ({ page }) => {
  await signIn(page, 'fleet');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expectNoA11yViolations(page, 'account menu open');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/trips');
  await expect(page).toHaveURL(/\/login/);
});

test('staff impersonate a partner user from the contact search', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expect(page).toHaveURL(/\/admin\/trips$/);
  await page.getByRole('textbox', { name: 'Search contacts' }).fill('Kevin Arch');
  await expect(page.getByRole('option', { name: /Kevin Archuleta/ }).first()).toBeVisible();
  await expectNoA11yViolations(page, 'contact search suggestions open');
  await page.getByRole('option', { name: 'Log in as Kevin Archuleta' }).click();
  await expect(page.getByText('You are now logged in as Kevin Archuleta')).toBeVisible();
  await expect(page.getByText(/Impersonating/)).toBeVisible();
  // the partner's day, whose screen loads on first visit
  await expect(page.getByRole('heading', { level: 1, name: 'Trips' })).toBeVisible();
  await expectNoA11yViolations(page, 'impersonating a partner user');
});

test('a bug report needs enough detail and is sent', async ({ page }) => {
  await signIn(page, 'partner');
  await page.goto('/bug-report');
  await page.getByLabel('Description').fill('Too short');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('You must provide more detail')).toBeVisible();
  await expectNoA11yViolations(page, 'bug report refused for too little detail');
  await page
    .getByLabel('Description')
    .fill('When I pick tomorrow in the date box the list keeps showing today and I have to reload the page to see it.');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText(/thank/i)).toBeVisible();
  await expectNoA11yViolations(page, 'bug report sent');
});
