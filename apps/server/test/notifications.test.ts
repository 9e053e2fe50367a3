import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, PASSWORD, type Created } from './factories.ts';

let db: TestDatabase;
let t: TestApp;
let staff: Created;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  staff = await createContact(db.pool, { types: ['SecureEmployee'] });
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

async function signedIn(c: Created): Promise<Browser> {
  const b = new Browser(t.app);
  expect((await b.login(c.username!, PASSWORD)).statusCode).toBe(200);
  return b;
}

async function deliver(recipientId: string, title: string, created: string, unread = true): Promise<string> {
  const { rows } = await db.pool.query(
    `insert into notification_deliveries (recipient_id, message, created, unread) values ($1, $2, $3, $4) returning id`,
    [recipientId, JSON.stringify({ type: 'dialog', title, body: `${title} body` }), created, unread],
  );
  return rows[0].id;
}

const message = { type: 'toastr', title: 'Snow', body: 'Roads are closed north of Santa Fe' };

describe('GET /api/vog-deliveries', () => {
  it('answers 401 without a session', async () => {
    expect((await new Browser(t.app).get('/api/vog-deliveries')).statusCode).toBe(401);
  });

  it("answers the user's own unread deliveries, newest first, or all of them with all=true", async () => {
    const me = await createContact(db.pool, { types: ['Affiliate'] });
    const other = await createContact(db.pool, { types: ['Affiliate'] });
    const old = await deliver(me.id, 'Old', '2026-11-20T10:00:00Z');
    const read = await deliver(me.id, 'Read', '2026-11-21T10:00:00Z', false);
    const fresh = await deliver(me.id, 'Fresh', '2026-11-22T10:00:00Z');
    await deliver(other.id, 'Not yours', '2026-11-22T11:00:00Z');
    const b = await signedIn(me);

    const unread = await b.get('/api/vog-deliveries');
    expect(unread.statusCode).toBe(200);
    expect(unread.json()).toEqual([
      {
        id: fresh,
        message: { type: 'dialog', title: 'Fresh', body: 'Fresh body', options: {} },
        maxAgeSeconds: 86400,
        created: '2026-11-22T10:00:00.000Z',
        unread: true,
        recipientId: me.id,
      },
      expect.objectContaining({ id: old }),
    ]);
    expect((await b.get('/api/vog-deliveries?all=false')).json().map((d: { id: string }) => d.id)).toEqual([fresh, old]);
    expect((await b.get('/api/vog-deliveries?all=true')).json().map((d: { id: string }) => d.id)).toEqual([fresh, read, old]);
  });

  it('answers one delivery by id, read or not, and nothing for somebody else’s', async () => {
    const me = await createContact(db.pool);
    const other = await createContact(db.pool);
    const read = await deliver(me.id, 'Read', '2026-11-21T10:00:00Z', false);
    const theirs = await deliver(other.id, 'Theirs', '2026-11-21T10:00:00Z');
    const b = await signedIn(me);
    expect((await b.get(`/api/vog-deliveries?id=${read}`)).json()).toEqual([expect.objectContaining({ id: read, unread: false })]);
    expect((await b.get(`/api/vog-deliveries?id=${theirs}`)).json()).toEqual([]);
    expect((await b.get('/api/vog-deliveries?id=not-a-uuid')).json()).toEqual([]);
  });
});

describe('POST /api/vog-dismiss', () => {
  it('answers 401 without a session, then 400 without a delivery id', async () => {
    expect((await new Browser(t.app).post('/api/vog-dismiss', { deliveryId: 'x' })).statusCode).toBe(401);
    const b = await signedIn(await createContact(db.pool));
    const res = await b.post('/api/vog-dismiss', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('deliveryId is required');
    expect((await b.post('/api/vog-dismiss', { deliveryId: '' })).json().message).toBe('Missing delivery id');
  });

  it('answers 404 for somebody else’s delivery and leaves it unread', async () => {
    const other = await createContact(db.pool);
    const theirs = await deliver(other.id, 'Theirs', '2026-11-21T10:00:00Z');
    const b = await signedIn(await createContact(db.pool));
    const res = await b.post('/api/vog-dismiss', { deliveryId: theirs });
    expect(res.statusCode).toBe(404);
    expect((await b.post('/api/vog-dismiss', { deliveryId: 'no-such-delivery' })).statusCode).toBe(404);
    const { rows } = await db.pool.query('select unread, dismissed_at from notification_deliveries where id = $1', [theirs]);
    expect(rows[0]).toEqual({ unread: true, dismissed_at: null });
  });

  it('marks the delivery read with the time, audits it once, and accepts a repeated dismiss', async () => {
    const me = await createContact(db.pool);
    const mine = await deliver(me.id, 'Mine', '2026-11-21T10:00:00Z');
    const b = await signedIn(me);
    expect((await b.post('/api/vog-dismiss', { deliveryId: mine })).json()).toEqual({ ok: true });
    expect((await b.post('/api/vog-dismiss', { deliveryId: mine })).statusCode).toBe(200);
    const { rows } = await db.pool.query('select unread, dismissed_at from notification_deliveries where id = $1', [mine]);
    expect(rows[0]).toEqual({ unread: false, dismissed_at: t.clock.now() });
    const audit = await db.pool.query(`select actor_id, before, after from audit_log where activity_type = 'vog-dismiss' and record_id = $1`, [mine]);
    expect(audit.rows).toEqual([{ actor_id: me.id, before: { unread: true }, after: { unread: false } }]);
    expect((await b.get('/api/vog-deliveries')).json()).toEqual([]);
  });
});

describe('POST /api/vog-broadcast', () => {
  it('answers 401, then 400 without recipients, then 403 for a user who is not staff', async () => {
    expect((await new Browser(t.app).post('/api/vog-broadcast', { partnerId: 'x', message })).statusCode).toBe(401);
    const b = await signedIn(staff);
    const none = await b.post('/api/vog-broadcast', { message });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose the recipients');
    const partnerUser = await signedIn(await createContact(db.pool, { types: ['Affiliate'] }));
    expect((await partnerUser.post('/api/vog-broadcast', { recipientIds: [staff.id], message })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown partner and 400 for an unknown recipient, delivering nothing', async () => {
    const b = await signedIn(staff);
    const notPartner = await createContact(db.pool, { types: ['Passenger'] });
    expect((await b.post('/api/vog-broadcast', { partnerId: notPartner.id, message })).statusCode).toBe(404);
    const known = await createContact(db.pool);
    const res = await b.post('/api/vog-broadcast', { recipientIds: [known.id, '00000000-0000-4000-8000-000000000000'], message });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Recipient 00000000-0000-4000-8000-000000000000 was not found');
    const { rowCount } = await db.pool.query('select 1 from notification_deliveries where recipient_id = $1', [known.id]);
    expect(rowCount).toBe(0);
  });

  it("delivers to every user of a partner (not to contacts who cannot sign in) and audits the broadcast", async () => {
    const partner = await createContact(db.pool, { types: ['Affiliate'] });
    const u1 = await createContact(db.pool, { types: ['AffiliateAdmin'], parentId: partner.id });
    const u2 = await createContact(db.pool, { types: ['AffiliateEmployee'], parentId: partner.id });
    const driver = await createContact(db.pool, { types: ['Driver'], parentId: partner.id, username: null });
    const gone = await createContact(db.pool, { types: ['AffiliateEmployee'], parentId: partner.id });
    await db.pool.query('update contacts set deleted = true where id = $1', [gone.id]);
    const b = await signedIn(staff);
    const res = await b.post('/api/vog-broadcast', { partnerId: partner.id, message, maxAgeSeconds: 3600 });
    expect(res.json()).toEqual({ delivered: 3 });
    const { rows } = await db.pool.query(
      'select recipient_id, message, max_age_seconds, unread from notification_deliveries where recipient_id = any($1) order by recipient_id',
      [[partner.id, u1.id, u2.id, driver.id, gone.id]],
    );
    expect(rows.map((r) => r.recipient_id).sort()).toEqual([partner.id, u1.id, u2.id].sort());
    expect(rows[0]).toMatchObject({ message: { ...message, options: {} }, max_age_seconds: 3600, unread: true });

    const u1Inbox = await (await signedIn(u1)).get('/api/vog-deliveries');
    expect(u1Inbox.json()).toEqual([expect.objectContaining({ message: expect.objectContaining({ title: 'Snow' }), maxAgeSeconds: 3600 })]);
    const audit = await db.pool.query(`select actor_id, after from audit_log where activity_type = 'vog-broadcast' and record_id = $1`, [partner.id]);
    expect(audit.rows).toEqual([{ actor_id: staff.id, after: expect.objectContaining({ partnerId: partner.id, recipientIds: expect.any(Array) }) }]);
  });

  it('delivers to listed recipients once each, together with a partner’s users', async () => {
    const partner = await createContact(db.pool, { types: ['Affiliate'], username: null });
    const user = await createContact(db.pool, { types: ['Affiliate'], parentId: partner.id });
    const outsider = await createContact(db.pool, { types: ['Case Manager'] });
    const b = await signedIn(staff);
    const res = await b.post('/api/vog-broadcast', { partnerId: partner.id, recipientIds: [user.id, outsider.id.toUpperCase()], message });
    expect(res.json()).toEqual({ delivered: 2 });
  });
});
