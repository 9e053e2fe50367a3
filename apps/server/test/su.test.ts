import { MSG, SU_MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/platform/auth/sessions.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, PASSWORD } from './factories.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

async function signedIn(spec: Parameters<typeof createContact>[1]) {
  const u = await createContact(db.pool, spec);
  const b = new Browser(t.app);
  expect((await b.login(u.username!, PASSWORD)).statusCode).toBe(200);
  return { u, b };
}

describe('GET /api/su', () => {
  it('401 without a session', async () => {
    expect((await new Browser(t.app).get('/api/su?id=100001')).statusCode).toBe(401);
  });

  it('400 without an id', async () => {
    const { b } = await signedIn({ types: ['SecureEmployee'] });
    const res = await b.get('/api/su');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Missing required contact id');
  });

  it('403 for a partner user, who stays themselves', async () => {
    const target = await createContact(db.pool, { types: ['Passenger'], username: null });
    const { u, b } = await signedIn({ types: ['Affiliate'] });
    expect((await b.get(`/api/su?id=${target.id}`)).statusCode).toBe(403);
    expect((await b.get('/api/current-user')).json().id).toBe(u.id);
  });

  it('404 for an unknown contact', async () => {
    const { b } = await signedIn({ types: ['SecureEmployee'] });
    expect((await b.get('/api/su?id=99999999')).statusCode).toBe(404);
  });

  it('refuses to let staff become an administrator', async () => {
    const admin = await createContact(db.pool, { adminAccess: true });
    const { b } = await signedIn({ types: ['SecureEmployee'] });
    const res = await b.get(`/api/su?id=${admin.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/holds .*administrator access, which yours does not\.$/);
  });

  it('impersonates by id or contact number, records both people, and ends at logout', async () => {
    const partner = await createContact(db.pool, { name: 'Mesa Rides', types: ['Affiliate'], username: null });
    const target = await createContact(db.pool, { name: 'Pat Driver', types: ['Affiliate'], parentId: partner.id });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'], name: 'Sam Staff' });
    const res = await b.get(`/api/su?id=${target.contactNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.NOW_LOGGED_IN_AS('Pat Driver'));
    const me = (await b.get('/api/current-user')).json();
    expect(me).toMatchObject({ id: target.id, partnerId: partner.id, partnerName: 'Mesa Rides', su: { id: staff.id, name: 'Sam Staff' } });
    const audit = await db.pool.query(`select actor_id, record_id from audit_log where activity_type = 'su'`);
    expect(audit.rows).toContainEqual({ actor_id: staff.id, record_id: target.id });
    // a second su while impersonating is refused
    expect((await b.get(`/api/su?id=${staff.id}`)).statusCode).toBe(403);
    await b.post('/api/logout');
    expect((await b.get('/api/current-user')).statusCode).toBe(401);
    const ended = await db.pool.query(`select actor_id, record_id from audit_log where activity_type = 'su-end'`);
    expect(ended.rows).toContainEqual({ actor_id: staff.id, record_id: target.id });
  });
});

/** The session row behind a browser's cookie: who it is and who is behind it. */
async function sessionOf(b: Browser) {
  const { rows } = await db.pool.query('select contact_id, impersonator_id from sessions where id_hash = $1', [
    hashToken(b.cookies.get('tripline_session')!),
  ]);
  return rows[0] ?? null;
}

async function refusals(actorId: string) {
  const { rows } = await db.pool.query(
    `select record_id, after from audit_log where activity_type = 'su-refused' and actor_id = $1 order by id`,
    [actorId],
  );
  return rows;
}

async function suRows(actorId: string) {
  const { rows } = await db.pool.query(`select record_id from audit_log where activity_type = 'su' and actor_id = $1`, [actorId]);
  return rows;
}

describe('su is guarded like a write', () => {
  it.each([
    ['from another site', { origin: 'https://evil.example' }],
    ['as a top-level navigation from a link', { origin: undefined, 'x-client-version': undefined, 'sec-fetch-site': 'cross-site' }],
    ['without the client version header', { 'x-client-version': undefined }],
    ['from a same-site page of another origin', { origin: undefined, 'sec-fetch-site': 'same-site' }],
  ])('refuses su %s: 403, the session unchanged, the attempt recorded', async (_name, headers) => {
    const target = await createContact(db.pool, { types: ['Affiliate'] });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'] });
    const before = await sessionOf(b);
    const cookie = b.cookies.get('tripline_session');
    const res = await b.get(`/api/su?id=${target.id}`, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.CSRF_REFUSED);
    expect(b.cookies.get('tripline_session')).toBe(cookie);
    expect(await sessionOf(b)).toEqual(before);
    expect(before).toEqual({ contact_id: staff.id, impersonator_id: null });
    expect((await b.get('/api/current-user')).json()).toMatchObject({ id: staff.id, su: null });
    expect(await refusals(staff.id)).toEqual([
      { record_id: target.id, after: { endpoint: 'su', reason: 'cross-site', message: MSG.CSRF_REFUSED } },
    ]);
    expect(await suRows(staff.id)).toEqual([]);
  });

  it('accepts the client version header alone, as a plain-http page sends it with neither Origin nor Sec-Fetch-Site', async () => {
    const target = await createContact(db.pool, { types: ['Affiliate'] });
    const { b } = await signedIn({ types: ['SecureEmployee'] });
    const res = await b.get(`/api/su?id=${target.id}`, { origin: undefined });
    expect(res.statusCode).toBe(200);
  });

  it('accepts a same-origin fetch that carries no Origin but says so in Sec-Fetch-Site', async () => {
    const target = await createContact(db.pool, { types: ['Affiliate'] });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'] });
    const res = await b.get(`/api/su?id=${target.id}`, { origin: undefined, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect(await sessionOf(b)).toEqual({ contact_id: target.id, impersonator_id: staff.id });
  });

  it('refuses ending an impersonation from another site: still impersonating, the attempt recorded', async () => {
    const target = await createContact(db.pool, { types: ['Affiliate'] });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'] });
    expect((await b.get(`/api/su?id=${target.id}`)).statusCode).toBe(200);
    const res = await b.post('/api/logout', {}, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const noHeaders = await b.post('/api/logout', {}, { origin: undefined, 'x-client-version': undefined });
    expect(noHeaders.statusCode).toBe(403);
    expect(await sessionOf(b)).toEqual({ contact_id: target.id, impersonator_id: staff.id });
    expect((await refusals(staff.id)).map((r) => r.after.endpoint)).toEqual(['logout', 'logout']);
    expect((await refusals(staff.id))[0].record_id).toBe(target.id);
    const cookie = b.cookies.get('tripline_session')!;
    expect((await b.post('/api/logout')).statusCode).toBe(200);
    const { rowCount } = await db.pool.query('select 1 from sessions where id_hash = $1', [hashToken(cookie)]);
    expect(rowCount).toBe(0);
  });
});

describe('su never reaches more than the caller holds', () => {
  it('refuses a credentialing employee su into a dispatcher, with the group named', async () => {
    const dispatcher = await createContact(db.pool, { name: 'Dana Dispatch', types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'], ldapGroups: ['PartnerCredentialing'] });
    const res = await b.get(`/api/su?id=${dispatcher.contactNumber}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot log in as Dana Dispatch: their account holds Dispatch, which yours does not.');
    expect(await sessionOf(b)).toEqual({ contact_id: staff.id, impersonator_id: null });
    expect(await refusals(staff.id)).toEqual([{ record_id: dispatcher.id, after: { endpoint: 'su', reason: 'wider', message: res.json().message } }]);
    expect(await suRows(staff.id)).toEqual([]);
  });

  it('refuses su into staff who sign in with a code unless the caller has adminAccess', async () => {
    const supervisor = await createContact(db.pool, { name: 'Sue Supervisor', types: ['SecureEmployee'], mfaRequired: true });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'], ldapGroups: ['Dispatch'] });
    const res = await b.get(`/api/su?id=${supervisor.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SU_MSG.CODE('Sue Supervisor'));
    expect(await sessionOf(b)).toEqual({ contact_id: staff.id, impersonator_id: null });
    expect((await refusals(staff.id)).map((r) => r.after.reason)).toEqual(['code']);

    const { u: admin, b: adminBrowser } = await signedIn({ types: ['SecureEmployee'], adminAccess: true });
    expect((await adminBrowser.get(`/api/su?id=${supervisor.id}`)).statusCode).toBe(200);
    expect(await sessionOf(adminBrowser)).toEqual({ contact_id: supervisor.id, impersonator_id: admin.id });
  });

  it('reaches staff holding no more than the caller, and partner users who sign in with a code', async () => {
    const plain = await createContact(db.pool, { types: ['SecureEmployee'] });
    const partnerWithCode = await createContact(db.pool, { types: ['Affiliate'], mfaRequired: true });
    const caseManager = await createContact(db.pool, { types: ['Case Manager'] });
    for (const target of [plain, partnerWithCode, caseManager]) {
      const { u: staff, b } = await signedIn({ types: ['SecureEmployee'], ldapGroups: ['PartnerCredentialing'] });
      expect((await b.get(`/api/su?id=${target.id}`)).statusCode).toBe(200);
      expect(await sessionOf(b)).toEqual({ contact_id: target.id, impersonator_id: staff.id });
    }
  });

  it('refuses a second su while impersonating staff, recording the staff member behind it', async () => {
    const plain = await createContact(db.pool, { types: ['SecureEmployee'] });
    const other = await createContact(db.pool, { types: ['Affiliate'] });
    const { u: staff, b } = await signedIn({ types: ['SecureEmployee'] });
    expect((await b.get(`/api/su?id=${plain.id}`)).statusCode).toBe(200);
    const res = await b.get(`/api/su?id=${other.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SU_MSG.IMPERSONATING);
    expect(await sessionOf(b)).toEqual({ contact_id: plain.id, impersonator_id: staff.id });
    expect((await refusals(staff.id)).map((r) => r.after.reason)).toEqual(['impersonating']);
  });
});
