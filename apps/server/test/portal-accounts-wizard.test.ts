import { ACCOUNT_CODE_TTL_MS, CONTACT_MSG, PASSWORD_MSG, PORTAL_ACCOUNT_MSG } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact } from './factories.ts';
import { auditText, emailsTo, lastEmailTo, memberOnFile } from './portal-accounts-factories.ts';

const w = staffWorld();
const NEW = 'Fresh-Start8';
let ipCounter = 0;
/** Each test its own client address, so the per-address limits of one never reach another. */
const browser = () => new Browser(w.t.app, `10.20.${++ipCounter}.1`);

const find = (b: Browser, body: unknown) => b.post('/api/case-manager-login-find-my-account', body);
const saveEmail = (b: Browser, body: unknown) => b.post('/api/case-manager-login-save-email', body);
const verify = (b: Browser, body: unknown) => b.post('/api/case-manager-login-save-email-verification-code', body);
const savePhone = (b: Browser, body: unknown) => b.post('/api/case-manager-login-save-phone', body);
const requestCount = async () => (await w.db.pool.query('select count(*)::int n from portal_account_requests')).rows[0].n as number;
const contactRow = async (id: string) =>
  (await w.db.pool.query('select username, password_hash, types, phone_preference, mod_count from contacts where id = $1', [id])).rows[0];

/** find-my-account and save-email for a person, answering the request token. */
async function requestAccount(b: Browser, email: string, tel: string, caseManager = false): Promise<string> {
  const found = await find(b, { email, tel, caseManager });
  expect(found.statusCode).toBe(200);
  const sent = await saveEmail(b, { requestToken: found.json().requestToken, newPassword: NEW, newPasswordVerify: NEW });
  expect(sent.statusCode).toBe(200);
  return found.json().requestToken;
}

describe('find-my-account and save-email', () => {
  it('400 for a bad email, phone or role, writing nothing', async () => {
    const b = browser();
    const refused = [
      [{ email: 'not-an-email', tel: '(505) 555-0101', caseManager: false }, CONTACT_MSG.EMAIL_FORMAT],
      [{ email: 'pat@example.org', tel: '555-01', caseManager: false }, CONTACT_MSG.PHONE_FORMAT],
      [{ email: 'pat@example.org', tel: '(505) 555-0101' }, 'Choose whether you are a case manager or a passenger'],
    ] as const;
    const before = await requestCount();
    for (const [body, message] of refused) {
      const res = await find(b, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await requestCount()).toBe(before);
  });

  it('answers a known and an unknown person alike, and emails each address: a code and link, or how to get access', async () => {
    const m = await memberOnFile(w.db.pool);
    const known = await find(browser(), { email: m.email, tel: m.phone, caseManager: false });
    const unknown = await find(browser(), { email: 'nobody@example.org', tel: '(505) 555-0199', caseManager: false });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));

    const body = { newPassword: NEW, newPasswordVerify: NEW };
    const a = await saveEmail(browser(), { requestToken: known.json().requestToken, ...body });
    const b = await saveEmail(browser(), { requestToken: unknown.json().requestToken, ...body });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);

    const withCode = await lastEmailTo(w.db.pool, m.email);
    expect(withCode.code).toMatch(/^\d{6}$/);
    expect(withCode.link?.pathname).toBe('/case-manager/login');
    expect(withCode.link?.searchParams.get('emailToActivate')).toBe(m.email);
    const without = await lastEmailTo(w.db.pool, 'nobody@example.org');
    expect(without.code).toBeNull();
    expect(without.body).toContain('could not match');
  });

  it('matches nobody when two people share the email and phone, for the other role, or when the person already signs in', async () => {
    const twin = await memberOnFile(w.db.pool);
    await memberOnFile(w.db.pool, false, { email: twin.email, phone: twin.phone });
    const cm = await memberOnFile(w.db.pool, true);
    const user = await createContact(w.db.pool, { types: ['Passenger', 'S/N Passenger'], email: `signs.in.${ipCounter}@example.org`, phone: { number: '5055550177' } });
    for (const [email, tel, caseManager] of [
      [twin.email, twin.phone, false],
      [cm.email, cm.phone, false],
      [`signs.in.${ipCounter}@example.org`, '(505) 555-0177', false],
    ] as const) {
      await requestAccount(browser(), email, tel, caseManager);
      expect((await lastEmailTo(w.db.pool, email)).code, email).toBeNull();
    }
    expect((await contactRow(user.id)).username).toBe(user.username);
  });

  it('refuses a password that breaks the rule, and an unknown or expired request', async () => {
    const b = browser();
    const found = await find(b, { email: 'rule@example.org', tel: '5055550111', caseManager: true });
    const requestToken = found.json().requestToken;
    for (const [body, message] of [
      [{ requestToken, newPassword: 'abcdef12', newPasswordVerify: 'abcdef12' }, PASSWORD_MSG.CLASSES],
      [{ requestToken, newPassword: NEW, newPasswordVerify: `${NEW}x` }, PASSWORD_MSG.MISMATCH],
      [{ requestToken: 'made-up', newPassword: NEW, newPasswordVerify: NEW }, PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED],
    ] as const) {
      const res = await saveEmail(b, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await emailsTo(w.db.pool, 'rule@example.org')).toEqual([]);
    expect((await verify(b, { requestToken, code: '123456' })).json().message).toBe(PORTAL_ACCOUNT_MSG.NO_CODE);
  });
});

describe('the account is created with the code or the link, then the phone', () => {
  it('code → enterPhone → signed in as an S/N Passenger, with no code, token or password in the audit log', async () => {
    const m = await memberOnFile(w.db.pool);
    const b = browser();
    const requestToken = await requestAccount(b, m.email, m.phone);
    const { code, link } = await lastEmailTo(w.db.pool, m.email);

    expect((await verify(b, { requestToken })).statusCode).toBe(400);
    expect((await savePhone(b, { requestToken, phone: m.phone, phonePreference: 'SMS' })).json().message).toBe(PORTAL_ACCOUNT_MSG.VERIFY_FIRST);
    const verified = await verify(b, { requestToken, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().next).toBe('enterPhone');
    const next = verified.json().requestToken as string;
    // the code, the link and the first token are spent
    expect((await verify(b, { requestToken, code })).statusCode).toBe(400);
    expect((await verify(b, { emailToActivate: m.email, token: link!.searchParams.get('token') })).json().message).toBe(PORTAL_ACCOUNT_MSG.LINK_EXPIRED);

    expect((await savePhone(b, { requestToken: next, phone: '12', phonePreference: 'SMS' })).json().message).toBe(CONTACT_MSG.PHONE_FORMAT);
    expect((await savePhone(b, { requestToken: next, phone: m.phone, phonePreference: 'Fax' })).statusCode).toBe(400);
    expect((await contactRow(m.id)).username).toBeNull();

    const done = await savePhone(b, { requestToken: next, phone: `+1 ${m.phone}`, phonePreference: 'SMS' });
    expect(done.statusCode).toBe(200);
    expect(done.json().id).toBe(m.id);
    expect((await b.get('/api/current-user')).json().types).toContain('S/N Passenger');
    const row = await contactRow(m.id);
    expect(row.username).toBe(m.email);
    expect(row.phone_preference).toBe('SMS');
    const phones = await w.db.pool.query('select sms_enabled from contact_phones where contact_id = $1', [m.id]);
    expect(phones.rows).toEqual([{ sms_enabled: true }]);
    // once is all: the request is used up
    expect((await savePhone(b, { requestToken: next, phone: m.phone, phonePreference: 'SMS' })).json().message).toBe(PORTAL_ACCOUNT_MSG.REQUEST_EXPIRED);
    // the new sign-in works on the login page
    expect((await browser().login(m.email, NEW)).statusCode).toBe(200);

    const audit = await auditText(w.db.pool);
    for (const secret of [code!, link!.searchParams.get('token')!, requestToken, next, NEW]) expect(audit).not.toContain(secret);
  });

  it('the email link verifies a case manager, adds a new phone with its Voice preference, and asks for the second step when the account needs it', async () => {
    const m = await memberOnFile(w.db.pool, true);
    await w.db.pool.query('update contacts set mfa_required = true where id = $1', [m.id]);
    const b = browser();
    await requestAccount(b, m.email, m.phone, true);
    const { link } = await lastEmailTo(w.db.pool, m.email);
    const token = link!.searchParams.get('token');
    expect((await verify(b, { emailToActivate: 'someone.else@example.org', token })).json().message).toBe(PORTAL_ACCOUNT_MSG.LINK_EXPIRED);
    const other = browser(); // the link may be opened in another browser
    const verified = await verify(other, { emailToActivate: m.email, token });
    expect(verified.json().next).toBe('enterPhone');
    const done = await savePhone(other, { requestToken: verified.json().requestToken, phone: '(575) 555-0142', phonePreference: 'Voice' });
    expect(done.json()).toEqual({ entity: 'MFA_NEEDED' });
    const phones = await w.db.pool.query('select phone_number_with_area_code p, sms_enabled, main from contact_phones where contact_id = $1 order by main desc', [m.id]);
    expect(phones.rows).toEqual([
      { p: m.phone, sms_enabled: false, main: true },
      { p: '5755550142', sms_enabled: false, main: false },
    ]);
    expect((await contactRow(m.id)).types).toEqual(['Case Manager']);
  });

  it('a code works for 10 minutes and takes 5 tries; a new email gives a fresh code', async () => {
    const m = await memberOnFile(w.db.pool);
    const b = browser();
    const requestToken = await requestAccount(b, m.email, m.phone);
    const { code } = await lastEmailTo(w.db.pool, m.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(b, { requestToken, code: wrong })).json().message).toBe(PORTAL_ACCOUNT_MSG.CODE_WRONG);
    expect((await verify(b, { requestToken, code })).json().message).toBe(PORTAL_ACCOUNT_MSG.CODE_EXPIRED);

    expect((await saveEmail(b, { requestToken, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    const fresh = (await lastEmailTo(w.db.pool, m.email)).code;
    w.t.clock.advance(ACCOUNT_CODE_TTL_MS);
    expect((await verify(b, { requestToken, code: fresh })).json().message).toBe(PORTAL_ACCOUNT_MSG.CODE_EXPIRED);
    expect((await contactRow(m.id)).username).toBeNull();
  });

  it('an unmatched request takes codes like a matched one: wrong, then spent', async () => {
    const b = browser();
    const requestToken = await requestAccount(b, 'stranger@example.org', '(505) 555-0188');
    for (let i = 0; i < 5; i++) expect((await verify(b, { requestToken, code: '123456' })).json().message).toBe(PORTAL_ACCOUNT_MSG.CODE_WRONG);
    expect((await verify(b, { requestToken, code: '123456' })).json().message).toBe(PORTAL_ACCOUNT_MSG.CODE_EXPIRED);
  });
});

describe('limits of the public steps', () => {
  it('sends at most 5 emails an hour to one address, from any client (429), known or not', async () => {
    const m = await memberOnFile(w.db.pool);
    for (const email of [m.email, 'unknown.limit@example.org']) {
      for (let i = 0; i < 5; i++) await requestAccount(browser(), email, m.phone);
      const found = await find(browser(), { email, tel: m.phone, caseManager: false });
      const res = await saveEmail(browser(), { requestToken: found.json().requestToken, newPassword: NEW, newPasswordVerify: NEW });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many emails were asked for\. Try again in \d+ minutes?\.$/);
    }
    expect((await emailsTo(w.db.pool, m.email)).length).toBe(5);
  });

  it('takes at most 60 public steps per client address in 15 minutes', async () => {
    const b = browser();
    for (let i = 0; i < 60; i++) expect((await b.get('/api/case-manager-login-reset-password?token=x')).statusCode).toBe(200);
    const res = await b.get('/api/case-manager-login-reset-password?token=x');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(PORTAL_ACCOUNT_MSG.TOO_MANY_STEPS(15));
    expect((await browser().get('/api/case-manager-login-reset-password?token=x')).statusCode).toBe(200);
  });
});
