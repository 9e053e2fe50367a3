import { CONTACT_MSG, PASSWORD_MSG, PORTAL_ACCOUNT_MSG, RESET_LINK_TTL_MS } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact, PASSWORD, type Created } from './factories.ts';
import { auditText, emailsTo, lastEmailTo } from './portal-accounts-factories.ts';
import { signIn } from './trip-factories.ts';

const w = staffWorld();
const NEW = 'Fresh-Start8';
let ipCounter = 0;
const browser = () => new Browser(w.t.app, `10.30.${++ipCounter}.1`);

const remind = (b: Browser, email: unknown) => b.post('/api/case-manager-login-send-reminder-email', { email });
const state = (b: Browser, token: string) => b.get(`/api/case-manager-login-reset-password?token=${encodeURIComponent(token)}`);
const reset = (b: Browser, token: string, body: unknown) => b.post(`/api/case-manager-login-reset-password?token=${encodeURIComponent(token)}`, body);
const sessionsOf = async (id: string) => (await w.db.pool.query('select count(*)::int n from sessions where contact_id = $1', [id])).rows[0].n as number;

async function portalUser(types = ['Passenger', 'S/N Passenger']): Promise<Created & { email: string }> {
  const email = `portal.${++ipCounter}@example.org`;
  const c = await createContact(w.db.pool, { types, email });
  return { ...c, email };
}

/** Asks for a reset link for the address and answers its token. */
async function resetToken(email: string): Promise<string> {
  expect((await remind(browser(), email)).statusCode).toBe(200);
  const { link } = await lastEmailTo(w.db.pool, email);
  return link!.searchParams.get('token')!;
}

describe('send-reminder-email', () => {
  it('400 for a bad address; the same answer for a known and an unknown one, a link only to the known', async () => {
    expect((await remind(browser(), 'nope')).json().message).toBe(CONTACT_MSG.EMAIL_FORMAT);
    const u = await portalUser();
    const known = await remind(browser(), u.email);
    const unknown = await remind(browser(), 'who@example.org');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const { link, body } = await lastEmailTo(w.db.pool, u.email);
    expect(link?.pathname).toBe('/case-manager/login');
    expect(link?.searchParams.get('token')).toBeTruthy();
    expect(body).toContain(u.username!);
    expect(await emailsTo(w.db.pool, 'who@example.org')).toEqual([]);
  });

  it('sends no link to staff, partner users or people without a sign-in', async () => {
    for (const spec of [{ types: ['SecureEmployee', 'Case Manager'] }, { types: ['Affiliate'] }, { types: ['Passenger', 'S/N Passenger'], username: null }]) {
      const email = `no.link.${++ipCounter}@example.org`;
      await createContact(w.db.pool, { ...spec, email });
      expect((await remind(browser(), email)).statusCode).toBe(200);
      expect(await emailsTo(w.db.pool, email)).toEqual([]);
    }
  });
});

describe('case-manager-login-reset-password', () => {
  it('GET gives the expiry of a working link and the exact text for an unknown one', async () => {
    const u = await portalUser(['Case Manager']);
    const token = await resetToken(u.email);
    const res = await state(browser(), token);
    expect(res.json()).toEqual({ expired: false, expiresAt: new Date(w.t.clock.now().getTime() + RESET_LINK_TTL_MS).toISOString() });
    expect((await state(browser(), 'made-up')).json()).toEqual({ expired: true, message: 'This password reset link has expired! Try again.' });
    expect((await browser().get('/api/case-manager-login-reset-password')).statusCode).toBe(400);
  });

  it('POST: 400 for a bad password (the link still works) → new password, signed in, other sessions ended; the link works once', async () => {
    const u = await portalUser();
    const elsewhere = await signIn(w.t.app, u);
    const token = await resetToken(u.email);
    const b = browser();
    const bad = await reset(b, token, { newPassword: 'abcdef12', newPasswordVerify: 'abcdef12' });
    expect(bad.json().message).toBe(PASSWORD_MSG.CLASSES);
    expect((await state(b, token)).json().expired).toBe(false);

    const ok = await reset(b, token, { newPassword: NEW, newPasswordVerify: NEW });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(u.id);
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/current-user')).statusCode).toBe(401);
    expect(await sessionsOf(u.id)).toBe(1);
    expect((await browser().login(u.username!, PASSWORD)).statusCode).toBe(401);
    expect((await browser().login(u.username!, NEW)).statusCode).toBe(200);

    const again = await reset(browser(), token, { newPassword: 'Other-Pass9', newPasswordVerify: 'Other-Pass9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PORTAL_ACCOUNT_MSG.RESET_LINK_EXPIRED);
    expect((await state(browser(), token)).json().expired).toBe(true);
    expect(await auditText(w.db.pool)).not.toContain(token);
  });

  it('a link expires after 60 minutes, and a newer one replaces it', async () => {
    const u = await portalUser();
    const first = await resetToken(u.email);
    const second = await resetToken(u.email);
    expect((await state(browser(), first)).json().expired).toBe(true);
    w.t.clock.advance(RESET_LINK_TTL_MS - 1000);
    expect((await state(browser(), second)).json().expired).toBe(false);
    w.t.clock.advance(1000);
    expect((await state(browser(), second)).json()).toEqual({ expired: true, message: PORTAL_ACCOUNT_MSG.RESET_LINK_EXPIRED });
    const res = await reset(browser(), second, { newPassword: NEW, newPasswordVerify: NEW });
    expect(res.json().message).toBe(PORTAL_ACCOUNT_MSG.RESET_LINK_EXPIRED);
    expect((await browser().login(u.username!, PASSWORD)).statusCode).toBe(200);
  });
});

describe('signing in with an email address', () => {
  it('finds the one account with a sign-in that has the address on file; two such accounts sign in neither', async () => {
    const u = await portalUser(['Case Manager']);
    expect((await browser().login(u.email.toUpperCase(), PASSWORD)).json().id).toBe(u.id);
    expect((await browser().login(u.email, 'wrong-One1')).statusCode).toBe(401);
    const shared = `shared.${++ipCounter}@example.org`;
    await createContact(w.db.pool, { types: ['S/N Passenger'], email: shared });
    await createContact(w.db.pool, { types: ['S/N Passenger'], email: shared });
    expect((await browser().login(shared, PASSWORD)).statusCode).toBe(401);
  });

  it('a reset lifts the sign-in throttle of earlier wrong passwords', async () => {
    const u = await portalUser();
    const b = browser();
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) last = (await b.login(u.username!, 'wrong-One1')).statusCode;
    expect(last).toBe(429);
    const token = await resetToken(u.email);
    expect((await reset(b, token, { newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    expect((await b.login(u.username!, NEW)).statusCode).toBe(200);
  });
});

describe('case-manager-update-password', () => {
  const change = (b: Browser, body: unknown) => b.post('/api/case-manager-update-password', body);

  it('401 → 400 → 403 → success: other sessions end, this one stays', async () => {
    expect((await change(browser(), { currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(401);
    const u = await portalUser(['Case Manager']);
    const b = await signIn(w.t.app, u);
    const other = await signIn(w.t.app, u);
    for (const [body, message] of [
      [{ currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: 'x' }, PASSWORD_MSG.MISMATCH],
      [{ currentPassword: 'wrong-One1', newPassword: NEW, newPasswordVerify: NEW }, PASSWORD_MSG.CURRENT_WRONG],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD, newPasswordVerify: PASSWORD }, PASSWORD_MSG.SAME_AS_CURRENT],
      [{ newPassword: NEW, newPasswordVerify: NEW }, PASSWORD_MSG.CURRENT_REQUIRED],
    ] as const) {
      const res = await change(b, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const staff = await signIn(w.t.app, await createContact(w.db.pool, { types: ['SecureEmployee'] }));
    expect((await change(staff, { currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(403);
    expect((await browser().login(u.username!, PASSWORD)).statusCode).toBe(200);

    expect((await change(b, { currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
    expect((await other.get('/api/current-user')).statusCode).toBe(401);
    expect((await browser().login(u.username!, NEW)).statusCode).toBe(200);
  });
});

describe('case-manager-update-email', () => {
  const update = (b: Browser, body: unknown) => b.post('/api/case-manager-update-email', body);
  const emailOf = async (id: string) => (await w.db.pool.query('select email from contact_emails where contact_id = $1', [id])).rows.map((r) => r.email);

  it('401 → 400 → 403 → a link to the new address, the old one told; the address changes only when the link is opened, once', async () => {
    expect((await update(browser(), { email: 'a@example.org', currentPassword: PASSWORD })).statusCode).toBe(401);
    const u = await portalUser();
    await w.db.pool.query('update contacts set username = $2 where id = $1', [u.id, u.email]);
    const b = await signIn(w.t.app, { ...u, username: u.email });
    const taken = await portalUser();
    await w.db.pool.query('update contacts set username = $2 where id = $1', [taken.id, taken.email]);
    for (const [body, message] of [
      [{ email: 'nope', currentPassword: PASSWORD }, CONTACT_MSG.EMAIL_FORMAT],
      [{ email: 'new@example.org', currentPassword: 'wrong-One1' }, PASSWORD_MSG.CURRENT_WRONG],
      [{ email: u.email.toUpperCase(), currentPassword: PASSWORD }, PORTAL_ACCOUNT_MSG.EMAIL_SAME],
      [{ email: taken.email, currentPassword: PASSWORD }, PORTAL_ACCOUNT_MSG.EMAIL_TAKEN],
    ] as const) {
      const res = await update(b, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const staff = await signIn(w.t.app, await createContact(w.db.pool, { types: ['SecureEmployee'] }));
    expect((await update(staff, { email: 'staff.new@example.org', currentPassword: PASSWORD })).statusCode).toBe(403);

    const next = `moved.${ipCounter}@example.org`;
    expect((await update(b, { email: next, currentPassword: PASSWORD })).statusCode).toBe(200);
    expect(await emailOf(u.id)).toEqual([u.email]);
    const notice = await lastEmailTo(w.db.pool, u.email);
    expect(notice.subject).toBe('Your Tripline email address is being changed');
    expect(notice.link).toBeNull();
    const { link } = await lastEmailTo(w.db.pool, next);
    expect(link?.searchParams.get('emailToActivate')).toBe(next);

    const confirm = { emailToActivate: next, token: link!.searchParams.get('token') };
    const res = await browser().post('/api/case-manager-login-save-email-verification-code', confirm);
    expect(res.json()).toEqual({ next: 'emailChanged', email: next });
    expect(await emailOf(u.id)).toEqual([next]);
    expect((await browser().login(next, PASSWORD)).statusCode).toBe(200);
    const again = await browser().post('/api/case-manager-login-save-email-verification-code', confirm);
    expect(again.json().message).toBe(PORTAL_ACCOUNT_MSG.LINK_EXPIRED);
  });
});
