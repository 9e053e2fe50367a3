import { EVENT_SUBSCRIPTION_MSG as MSG } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createPerson } from './contact-search-factories.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createTrip, signIn, type CreatedTrip } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let billToA: Created, billToB: Created;
let cmA: Created, cmB: Created, memberA: Created, memberB: Created, passengerA: Created, passengerB: Created, staff: Created, partner: Created;
let tripA: CreatedTrip, tripPassengerA: CreatedTrip;
let asA: Browser, asB: Browser, asPassengerA: Browser, asPassengerB: Browser, asStaff: Browser;

const PHONE_A = '(505) 555-0101';
const PHONE_B = '(505) 555-0102';

const sms = (phone: string, extra: Record<string, unknown> = {}) => ({ matchEventType: 'TripAssigned', notifySmsPhone: phone, ...extra });

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  billToA = await createContact(db.pool, { types: ['Bill To'], username: null, name: 'County A' });
  billToB = await createContact(db.pool, { types: ['Bill To'], username: null, name: 'County B' });
  cmA = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id], email: 'cm.a@example.org', phone: { number: '5055550101', smsEnabled: true } });
  cmB = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToB.id], email: 'cm.b@example.org', phone: { number: '5055550102', smsEnabled: true } });
  memberA = await createPerson(db.pool, { coveredBy: billToA.id, memberId: 'MA1', name: 'Alma Member' });
  memberB = await createPerson(db.pool, { coveredBy: billToB.id, memberId: 'MB1' });
  passengerA = await createContact(db.pool, { types: ['S/N Passenger'], email: 'pass.a@example.org', phone: { number: '5055550111', type: 'Cell' } });
  passengerB = await createContact(db.pool, { types: ['S/N Passenger'], email: 'pass.b@example.org', phone: { number: '5055550112', type: 'Cell' } });
  staff = await createContact(db.pool, { types: ['SecureEmployee'], email: 'staff@example.org' });
  partner = await createContact(db.pool, { types: ['Affiliate'] });
  tripA = await createTrip(db.pool, { billToId: billToA.id, legs: [{ passengerId: memberA.id }] });
  tripPassengerA = await createTrip(db.pool, { legs: [{ passengerId: passengerA.id }] });
  [asA, asB, asPassengerA, asPassengerB, asStaff] = await Promise.all([cmA, cmB, passengerA, passengerB, staff].map((u) => signIn(t.app, u)));
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const subscriptionRows = async (recipientId: string) =>
  (await db.pool.query('select * from event_subscriptions where recipient_id = $1 order by created', [recipientId])).rows;

describe('event subscriptions: who may call', () => {
  it('answers 401 without a session', async () => {
    const b = new Browser(t.app);
    expect((await b.get('/api/event-subscriptions')).statusCode).toBe(401);
    expect((await b.post('/api/event-subscriptions', sms(PHONE_A))).statusCode).toBe(401);
    expect((await b.request('DELETE', `/api/event-subscriptions?id=${cmA.id}`)).statusCode).toBe(401);
    expect((await b.post('/api/event-subscriptions-test', { id: cmA.id, referenceNumber: tripA.referenceNumber })).statusCode).toBe(401);
  });

  it('answers 400 with the rule’s words before anything is written', async () => {
    const two = await asA.post('/api/event-subscriptions', sms(PHONE_A, { notifyEmails: ['cm.a@example.org'] }));
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('An event subscription keeps only one notification channel.');
    const none = await asA.post('/api/event-subscriptions', { matchEventType: 'PickedUp' });
    expect(none.json().message).toBe(MSG.NO_CHANNEL);
    const staffOnly = await asA.post('/api/event-subscriptions', sms(PHONE_A, { matchProviderIds: [partner.id] }));
    expect([staffOnly.statusCode, staffOnly.json().message]).toEqual([400, MSG.STAFF_ONLY_MATCH]);
    const inHouse = await asPassengerA.post('/api/event-subscriptions', { matchEventType: 'PickedUp', notifyVogType: 'toastr', matchInHouse: true });
    expect([inHouse.statusCode, inHouse.json().message]).toEqual([400, MSG.STAFF_ONLY_MATCH]);
    const voice = await asA.post('/api/event-subscriptions', { matchEventType: 'PickedUp', notifyRobocallPhone: PHONE_A });
    expect([voice.statusCode, voice.json().message]).toEqual([400, MSG.NO_VOICE]);
    const foreignEmail = await asA.post('/api/event-subscriptions', { matchEventType: 'PickedUp', notifyEmails: ['cm.b@example.org'] });
    expect([foreignEmail.statusCode, foreignEmail.json().message]).toEqual([400, MSG.NOT_OWN_EMAIL]);
    const foreignPhone = await asA.post('/api/event-subscriptions', sms(PHONE_B));
    expect([foreignPhone.statusCode, foreignPhone.json().message]).toEqual([400, MSG.NOT_OWN_PHONE]);
    const badType = await asA.post('/api/event-subscriptions', sms(PHONE_A, { matchEventType: 'Nope' }));
    expect(badType.statusCode).toBe(400);
    expect(await subscriptionRows(cmA.id)).toEqual([]);
    expect(await subscriptionRows(passengerA.id)).toEqual([]);
  });

  it('answers 403 to a partner', async () => {
    const asPartner = await signIn(t.app, partner);
    expect((await asPartner.get('/api/event-subscriptions')).statusCode).toBe(403);
    expect((await asPartner.post('/api/event-subscriptions', sms(PHONE_A))).statusCode).toBe(403);
  });
});

describe('event subscriptions: scope', () => {
  let subA: { id: string; modCount: number };

  beforeAll(async () => {
    const res = await asA.post('/api/event-subscriptions', sms(PHONE_A, { matchBillToIds: [billToA.id], matchPassengerIds: [memberA.id] }));
    expect(res.statusCode).toBe(200);
    subA = res.json();
  });

  it('answers 404 when case manager B subscribes to A’s member or bill-to, and writes nothing', async () => {
    const member = await asB.post('/api/event-subscriptions', sms(PHONE_B, { matchPassengerIds: [memberA.id] }));
    expect(member.statusCode).toBe(404);
    const billTo = await asB.post('/api/event-subscriptions', sms(PHONE_B, { matchBillToIds: [billToA.id] }));
    expect(billTo.statusCode).toBe(404);
    expect(await subscriptionRows(cmB.id)).toEqual([]);
    const own = await asB.post('/api/event-subscriptions', sms(PHONE_B, { matchPassengerIds: [memberB.id], matchBillToIds: [billToB.id] }));
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 when B reads, changes, deletes or tests A’s subscription, and A’s row is unchanged', async () => {
    const before = await subscriptionRows(cmA.id);
    expect((await asB.get(`/api/event-subscriptions?recipientId=${cmA.id}`)).statusCode).toBe(404);
    expect((await asB.post('/api/event-subscriptions', sms(PHONE_B, { id: subA.id }))).statusCode).toBe(404);
    expect((await asB.request('DELETE', `/api/event-subscriptions?id=${subA.id}`)).statusCode).toBe(404);
    expect((await asB.post('/api/event-subscriptions-test', { id: subA.id, referenceNumber: tripA.referenceNumber })).statusCode).toBe(404);
    expect(await subscriptionRows(cmA.id)).toEqual(before);
  });

  it('answers 404 for a test about a trip outside the subscriber’s scope, between case managers and between passengers', async () => {
    const own = (await asB.post('/api/event-subscriptions', sms(PHONE_B))).json();
    const res = await asB.post('/api/event-subscriptions-test', { id: own.id, referenceNumber: tripA.referenceNumber });
    expect([res.statusCode, res.json().message]).toEqual([404, MSG.TRIP_NOT_FOUND]);
    const pb = (await asPassengerB.post('/api/event-subscriptions', { matchEventType: 'PickedUp', notifyVogType: 'toastr' })).json();
    const other = await asPassengerB.post('/api/event-subscriptions-test', { id: pb.id, referenceNumber: tripPassengerA.referenceNumber });
    expect(other.statusCode).toBe(404);
    const match = await asPassengerB.post('/api/event-subscriptions', { matchEventType: 'PickedUp', notifyVogType: 'toastr', matchPassengerIds: [passengerA.id] });
    expect(match.statusCode).toBe(404);
  });

  it('lists, deletes and re-activates one’s own, with an audit row each and 409 on a stale copy', async () => {
    const list = await asA.get('/api/event-subscriptions');
    expect(list.json().map((s: { id: string }) => s.id)).toEqual([subA.id]);
    const deleted = await asA.request('DELETE', `/api/event-subscriptions?id=${subA.id}`);
    expect(deleted.json()).toMatchObject({ id: subA.id, deleted: true });
    expect((await asA.get('/api/event-subscriptions?deleted=false')).json()).toEqual([]);
    const stale = await asA.post('/api/event-subscriptions', sms(PHONE_A, { id: subA.id, modCount: subA.modCount, deleted: false }));
    expect(stale.statusCode).toBe(409);
    const again = await asA.post('/api/event-subscriptions', sms(PHONE_A, { id: subA.id, modCount: deleted.json().modCount, deleted: false }));
    expect(again.json()).toMatchObject({ id: subA.id, deleted: false, notifySmsPhone: PHONE_A });
    const audit = await db.pool.query(`select activity_type from audit_log where table_name = 'event_subscriptions' and record_id = $1 order by id`, [subA.id]);
    expect(audit.rows.map((r) => r.activity_type)).toEqual(['event-subscription-save', 'event-subscription-delete', 'event-subscription-save']);
  });

  it('lets staff manage any recipient’s subscriptions', async () => {
    const res = await asStaff.post('/api/event-subscriptions', { recipientId: cmB.id, matchEventType: 'CancelTrip', notifyEmails: ['cm.b@example.org'] });
    expect(res.statusCode).toBe(200);
    expect((await asStaff.get(`/api/event-subscriptions?recipientId=${cmB.id}&itinerisEventType=CancelTrip`)).json()).toHaveLength(1);
  });

  it('offers the recipient’s own addresses, bill-tos and members, and no phone calls without a provider', async () => {
    const res = await asA.get('/api/event-subscription-options');
    expect(res.json()).toMatchObject({
      channels: ['vog', 'email', 'sms'],
      emails: ['cm.a@example.org'],
      smsPhones: [PHONE_A],
      voicePhones: [],
      billTos: [{ id: billToA.id, name: 'County A' }],
      members: [{ id: memberA.id, name: 'Alma Member' }],
    });
  });

  it('sends a test notice through the channel, at most 5 an hour', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await asA.post('/api/event-subscriptions-test', { id: subA.id, referenceNumber: tripA.referenceNumber });
      expect(res.json()).toEqual({ channel: 'sms', to: PHONE_A });
    }
    const { rows } = await db.pool.query(`select body, status from outbox_messages where recipient = $1`, [PHONE_A]);
    expect(rows).toHaveLength(5);
    expect(rows[0].body).toMatch(new RegExp(`^Tripline: Test notice\\. Trip ${tripA.referenceNumber} on .* Reply STOP to end$`));
    expect(rows[0].body).not.toContain('Alma');
    expect(rows[0].status).toBe('queued');
    const sixth = await asA.post('/api/event-subscriptions-test', { id: subA.id, referenceNumber: tripA.referenceNumber });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(MSG.TOO_MANY_TESTS(60));
  });
});
