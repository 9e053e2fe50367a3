import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, PASSWORD } from './helpers.ts';
import { withDatabase } from './database.ts';

/** The portal's journeys run on a phone-sized screen. */
export const PHONE = { width: 375, height: 812 };

/**
 * One state of a portal journey: no accessibility violations, nothing wider than the screen, and a
 * screenshot to look at.
 */
export async function checkStep(page: Page, label: string): Promise<void> {
  // the screen's code loads on first visit: its heading says it is there
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoA11yViolations(page, label);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${label}: wider than the screen`).toBeLessThanOrEqual(widths.screen);
  await page.screenshot({ path: test.info().outputPath(`${label.replace(/\W+/g, '-')}.png`), fullPage: true });
}

/** Signs in on a portal sign-in page with an email address or a user name. */
export async function portalSignIn(page: Page, path: string, username: string, password = PASSWORD): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email or user name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The newest email sent to an address, read from the outbox table. */
export async function latestEmailTo(address: string): Promise<{ subject: string | null; body: string }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ subject: string | null; body: string }>(
      `select subject, body from outbox_messages where channel = 'email' and lower(recipient) = lower($1) order by created_at desc limit 1`,
      [address],
    );
    if (!rows[0]) throw new Error(`no email to ${address}`);
    return rows[0];
  });
}

/** Waits for an email to an address whose body matches, and answers the match. */
export async function emailMatch(address: string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(async () => {
      found = pattern.exec((await latestEmailTo(address).catch(() => ({ body: '' }))).body);
      return found !== null;
    })
    .toBe(true);
  return found!;
}

/** The path and query of a link to the portal's sign-in page in an email. */
export function portalLink(body: string): string {
  const m = /https?:\/\/[^\s/]+(\/case-manager\/login\?[^\s"'<>]+)/.exec(body);
  if (!m) throw new Error('no portal link in the email');
  return m[1]!;
}
