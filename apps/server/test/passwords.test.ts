import { LOGIN_THROTTLE, PASSWORD_ACCESS_MSG, PASSWORD_MSG, passwordChecklist, TEMPORARY_PASSWORD_MSG } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact, PASSWORD, type ContactSpec, type Created } from './factories.ts';
import { apiToken, auditRows, createPartner, signIn } from './trip-factories.ts';

const w = staffWorld();

const NEW = 'Better-Pass7';

async function user(spec: ContactSpec = {}): Promise<{ c: Created; b: Browser }> {
  const c = await createContact(w.db.pool, spec);
  return { c, b: await signIn(w.t.app, c) };
}

const hashOf = async (id: string) =>
  (await w.db.pool.query('select password_hash, password_change_required, mod_count from contacts where id = $1', [id])).rows[0];
const sessionsOf = async (id: string) => (await w.db.pool.query('select count(*)::int n from sessions where contact_id = $1', [id])).rows[0].n as number;
const canSignIn = async (c: Created, password: string) => (await new Browser(w.t.app, '10.9.9.9').login(c.username!, password)).statusCode === 200;
const edit = (b: Browser, body: Record<string, unknown>) => b.post('/api/password-edit', body);

describe('password-generator', () => {
  it('401 signed out; a password ticking every displayed rule for any signed-in user', async () => {
    expect((await new Browser(w.t.app).get('/api/password-generator')).statusCode).toBe(401);
    const { b } = await user({ types: ['Passenger', 'S/N Passenger'] });
    const res = await b.get('/api/password-generator');
    expect(res.statusCode).toBe(200);
    expect(passwordChecklist(res.json().password).every((r) => r.met)).toBe(true);
  });
});

describe('password-edit: one’s own password', () => {
  it('401 → 400 for each enforced rule → success; nothing changes on a refusal', async () => {
    expect((await edit(new Browser(w.t.app), { currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(401);
    const { c, b } = await user({ types: ['Affiliate'] });
    const before = await hashOf(c.id);
    const refused = [
      [{ newPassword: 'Ab1de', newPasswordVerify: 'Ab1de' }, PASSWORD_MSG.TOO_SHORT],
      [{ newPassword: 'abcdef12', newPasswordVerify: 'abcdef12' }, PASSWORD_MSG.CLASSES],
      [{ newPassword: NEW, newPasswordVerify: NEW + 'x' }, PASSWORD_MSG.MISMATCH],
      [{ newPassword: NEW, newPasswordVerify: NEW }, PASSWORD_MSG.CURRENT_REQUIRED],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD, newPasswordVerify: PASSWORD }, PASSWORD_MSG.SAME_AS_CURRENT],
      [{ contactId: 'abc', currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW }, 'Must be a record id'],
    ] as const;
    for (const [body, message] of refused) {
      const res = await edit(b, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await hashOf(c.id)).toEqual(before);

    const ok = await edit(b, { currentPassword: PASSWORD, newPassword: 'Ab1def', newPasswordVerify: 'Ab1def' });
    expect(ok.statusCode).toBe(200);
    expect(await canSignIn(c, 'Ab1def')).toBe(true);
    expect(await canSignIn(c, PASSWORD)).toBe(false);
  });

  it('a wrong current password is 400, counts toward the sign-in throttle and then answers 429', async () => {
    const { c, b } = await user({ types: ['SecureEmployee'] });
    const before = await hashOf(c.id);
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++) {
      const res = await edit(b, { currentPassword: 'Wrong-pass1', newPassword: NEW, newPasswordVerify: NEW });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: PASSWORD_MSG.CURRENT_WRONG, details: [{ path: 'currentPassword' }] });
    }
    const failures = await w.db.pool.query('select count(*)::int n from login_failures where username = $1', [c.username]);
    expect(failures.rows[0].n).toBe(LOGIN_THROTTLE.perAccountAndAddress);
    // even the right one waits now, as a sign-in from this address would
    const throttled = await edit(b, { currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW });
    expect(throttled.statusCode).toBe(429);
    expect((await b.login(c.username!, PASSWORD)).statusCode).toBe(429);
    expect(await hashOf(c.id)).toEqual(before);
  });

  it('ends the user’s other sessions, keeps this one, and audits without the password', async () => {
    const { c, b } = await user({ types: ['Affiliate'] });
    const other = await signIn(w.t.app, c);
    expect(await sessionsOf(c.id)).toBe(2);
    expect((await edit(b, { currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    expect(await sessionsOf(c.id)).toBe(1);
    expect((await other.get('/api/current-user')).statusCode).toBe(401);
    expect((await b.get('/api/current-user')).statusCode).toBe(200);
    const audit = await auditRows(w.db.pool, 'contacts', c.id);
    expect(audit.at(-1)).toMatchObject({ activity_type: 'password-edit', actor_id: c.id, after: { own: true, sessionsEnded: 1 } });
    const all = JSON.stringify((await w.db.pool.query('select * from audit_log')).rows);
    expect(all).not.toContain(NEW);
  });

  it('an administrator changes their own without the current password', async () => {
    const { c, b } = await user({ types: ['SecureEmployee'], adminAccess: true });
    expect((await edit(b, { newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    expect(await canSignIn(c, NEW)).toBe(true);
  });
});

describe('password-edit: another contact’s password', () => {
  it('404 for a partner user reaching another company’s user, and for no such contact; the row is unchanged', async () => {
    const mine = await createPartner(w.db.pool);
    const theirs = await createPartner(w.db.pool);
    const b = await signIn(w.t.app, mine.user);
    const before = await hashOf(theirs.user.id);
    const res = await edit(b, { contactId: theirs.user.id, currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW });
    expect(res.statusCode).toBe(404);
    expect(await hashOf(theirs.user.id)).toEqual(before);
    const missing = await edit(b, { contactId: '00000000-0000-4000-8000-000000000000', newPassword: NEW, newPasswordVerify: NEW });
    expect(missing.statusCode).toBe(404);
  });

  it('an AffiliateAdmin sets a sibling’s password without the current one, and its sessions end', async () => {
    const { partner } = await createPartner(w.db.pool);
    const { b } = await user({ types: ['Affiliate', 'AffiliateAdmin'], parentId: partner.id });
    const sibling = await createContact(w.db.pool, { types: ['Affiliate'], parentId: partner.id });
    await signIn(w.t.app, sibling);
    expect((await edit(b, { contactId: sibling.id, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    expect(await sessionsOf(sibling.id)).toBe(0);
    expect(await canSignIn(sibling, NEW)).toBe(true);
  });

  it('a plain partner user may not set a sibling’s password', async () => {
    const { partner, user: plain } = await createPartner(w.db.pool);
    const sibling = await createContact(w.db.pool, { types: ['Affiliate'], parentId: partner.id });
    const b = await signIn(w.t.app, plain);
    expect((await edit(b, { contactId: sibling.id, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(404);
  });

  it('staff: 403 above their access, the target’s current password below it; admin needs none', async () => {
    const { b } = await user({ types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
    const finance = await createContact(w.db.pool, { name: 'Fay Finance', types: ['SecureEmployee'], ldapGroups: ['Finance'] });
    const before = await hashOf(finance.id);
    const above = await edit(b, { contactId: finance.id, newPassword: NEW, newPasswordVerify: NEW });
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe(PASSWORD_ACCESS_MSG.WIDER('Fay Finance', ['Finance']));
    expect(await hashOf(finance.id)).toEqual(before);

    const { user: partnerUser } = await createPartner(w.db.pool);
    expect((await edit(b, { contactId: partnerUser.id, newPassword: NEW, newPasswordVerify: NEW })).json().message).toBe(PASSWORD_MSG.CURRENT_REQUIRED);
    expect((await edit(b, { contactId: partnerUser.id, currentPassword: PASSWORD, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);

    const { b: admin, c: adminContact } = await user({ types: ['SecureEmployee'], adminAccess: true });
    expect((await edit(admin, { contactId: finance.id, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    expect((await auditRows(w.db.pool, 'contacts', finance.id)).at(-1)).toMatchObject({ actor_id: adminContact.id, after: { own: false } });
  });

  it('400 for a contact that cannot sign in', async () => {
    const { b } = await user({ types: ['SecureEmployee'], adminAccess: true });
    const record = await createContact(w.db.pool, { name: 'Bill To Co', types: ['Bill To'], username: null });
    const res = await edit(b, { contactId: record.id, newPassword: NEW, newPasswordVerify: NEW });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD_ACCESS_MSG.NO_USERNAME('Bill To Co'));
  });
});

describe('password-reset', () => {
  const reset = (b: Browser, contactId: string, sendNotification?: boolean) =>
    b.post(`/api/password-reset?contactId=${contactId}${sendNotification === undefined ? '' : `&sendNotification=${sendNotification}`}`);

  it('401 → 400 → 403 for roles that may not reset → 404 for another company’s user', async () => {
    const target = await createPartner(w.db.pool);
    expect((await reset(new Browser(w.t.app), target.user.id)).statusCode).toBe(401);
    const { b: staff } = await user({ types: ['SecureEmployee'] });
    expect((await reset(staff, 'nope')).statusCode).toBe(400);
    expect((await reset(staff, target.user.id, 'maybe' as unknown as boolean)).statusCode).toBe(400);
    const { b: partnerUser } = await user({ types: ['Affiliate'], parentId: target.partner.id });
    expect((await reset(partnerUser, target.user.id)).statusCode).toBe(403);
    const other = await createPartner(w.db.pool);
    const { b: otherAdmin } = await user({ types: ['Affiliate', 'AffiliateAdmin'], parentId: other.partner.id });
    const before = await hashOf(target.user.id);
    expect((await reset(otherAdmin, target.user.id)).statusCode).toBe(404);
    expect(await hashOf(target.user.id)).toEqual(before);
  });

  it('sends a temporary password through the outbox, ends the sessions and asks for a change at the next sign-in', async () => {
    const target = await createContact(w.db.pool, { types: ['Affiliate'], email: 'pat.partner@example.com' });
    const targetBrowser = await signIn(w.t.app, target);
    const { b: staff, c: staffContact } = await user({ types: ['SecureEmployee'] });
    const res = await reset(staff, target.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentTo: 'p•••@example.com', temporaryPassword: null });
    expect((await targetBrowser.get('/api/current-user')).statusCode).toBe(401);
    const { rows } = await w.db.pool.query("select body, subject from outbox_messages where recipient = 'pat.partner@example.com'");
    expect(rows).toHaveLength(1);
    const temporary = /Temporary password: (\S+)/.exec(rows[0].body)![1];
    expect(passwordChecklist(temporary).every((r) => r.met)).toBe(true);
    const signedIn = await new Browser(w.t.app, '10.9.9.8').login(target.username!, temporary);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().passwordChangeRequired).toBe(true);
    expect((await hashOf(target.id)).password_change_required).toBe(true);
    const audit = (await auditRows(w.db.pool, 'contacts', target.id)).at(-1);
    expect(audit).toMatchObject({ activity_type: 'password-reset', actor_id: staffContact.id, after: { sentBy: 'email' } });
    expect(JSON.stringify(audit)).not.toContain(temporary);

    // changing it clears the request
    const own = new Browser(w.t.app);
    await own.login(target.username!, temporary);
    // until then the portal answers only the password page
    const held = await own.get('/api/drive-assignments?serviceDate=2026-11-22');
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(TEMPORARY_PASSWORD_MSG);
    expect((await own.get('/api/password-generator')).statusCode).toBe(200);
    expect((await edit(own, { currentPassword: temporary, newPassword: NEW, newPasswordVerify: NEW })).statusCode).toBe(200);
    expect((await hashOf(target.id)).password_change_required).toBe(false);
    expect((await own.get('/api/current-user')).json().passwordChangeRequired).toBeUndefined();
    expect((await own.get('/api/drive-assignments?serviceDate=2026-11-22')).statusCode).toBe(200);
  });

  it('with sendNotification=false, answers the temporary password once and sends nothing', async () => {
    const { partner } = await createPartner(w.db.pool);
    const driver = await createContact(w.db.pool, { types: ['Driver'], parentId: partner.id, phone: { number: '5055550123', smsEnabled: true } });
    const { b: affAdmin } = await user({ types: ['Affiliate', 'AffiliateAdmin'], parentId: partner.id });
    const outbox = async () => (await w.db.pool.query('select count(*)::int n from outbox_messages where contact_id = $1', [driver.id])).rows[0].n;
    const res = await reset(affAdmin, driver.id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().sentTo).toBeNull();
    expect(await canSignIn(driver, res.json().temporaryPassword)).toBe(true);
    expect(await outbox()).toBe(0);
    // with the notification, a driver without email gets a text message
    const sms = await reset(affAdmin, driver.id);
    expect(sms.json()).toEqual({ sentTo: '(•••) •••-0123', temporaryPassword: null });
    expect(await outbox()).toBe(1);
  });

  it('refuses above the caller’s access, one’s own, and a contact with nowhere to send to', async () => {
    const { b: staff, c: me } = await user({ types: ['SecureEmployee'] });
    const adminContact = await createContact(w.db.pool, { types: ['SecureEmployee'], adminAccess: true });
    expect((await reset(staff, adminContact.id)).statusCode).toBe(403);
    const self = await reset(staff, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(PASSWORD_ACCESS_MSG.RESET_SELF);
    const silent = await createContact(w.db.pool, { name: 'Quiet Quinn', types: ['Affiliate'] });
    const before = await hashOf(silent.id);
    const res = await reset(staff, silent.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD_ACCESS_MSG.NO_EMAIL('Quiet Quinn'));
    expect(await hashOf(silent.id)).toEqual(before);
  });
});

describe('who may call the password endpoints', () => {
  it('role × endpoint: reset is for staff and AffiliateAdmins only; the others are for every signed-in user', async () => {
    const target = await createContact(w.db.pool, { types: ['Affiliate'] });
    const roles: [string, ContactSpec, number][] = [
      ['passenger', { types: ['Passenger', 'S/N Passenger'] }, 403],
      ['case manager', { types: ['Case Manager'] }, 403],
      ['partner user', { types: ['Affiliate'] }, 403],
      ['driver', { types: ['Driver'] }, 403],
      ['staff', { types: ['SecureEmployee'] }, 200],
    ];
    for (const [who, spec, resetStatus] of roles) {
      const { b } = await user(spec);
      expect((await b.post(`/api/password-reset?contactId=${target.id}&sendNotification=false`)).statusCode, who).toBe(resetStatus);
      expect((await b.get('/api/password-generator')).statusCode, who).toBe(200);
      // another's password: out of reach for all but staff, who must know the current one
      const res = await edit(b, { contactId: target.id, newPassword: NEW, newPasswordVerify: NEW });
      expect(res.statusCode, who).toBe(resetStatus === 200 ? 400 : 404);
    }
  });

  it('an API token cannot reach passwords, whatever areas it holds', async () => {
    const staff = await createContact(w.db.pool, { types: ['SecureEmployee'], adminAccess: true });
    const token = await apiToken(w.db.pool, staff.id, { contacts: ['GET', 'POST'], employees: ['GET', 'POST'] });
    const before = await hashOf(staff.id);
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/password-edit',
      headers: { authorization: `Bearer ${token}` },
      payload: { newPassword: NEW, newPasswordVerify: NEW },
    });
    expect(res.statusCode).toBe(403);
    expect(await hashOf(staff.id)).toEqual(before);
  });
});
