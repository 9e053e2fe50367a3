import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { startScheduledJobs } from '../src/platform/jobs.ts';
import { messenger, outboxMessenger } from '../src/platform/providers/messaging.ts';
import { geoServices } from '../src/platform/providers/geo-services.ts';
import { localFileStore } from '../src/platform/providers/files.ts';
import { checkDelayedLegs } from '../src/modules/event-subscriptions/delayed.ts';
import { deliverNotice, fanOutOccurrences, type NoticeDeps } from '../src/modules/event-subscriptions/notices.ts';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createPerson } from './contact-search-factories.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createPartner, createTrip, signIn, TODAY } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let deps: NoticeDeps;
let billToA: Created, cmA: Created, cmB: Created, memberA: Created, staff: Created;

const PHONE_A = '(505) 555-0201';

async function subscribe(user: Created, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await (await signIn(t.app, user)).post('/api/event-subscriptions', body);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const outboxTo = async (to: string) => (await db.pool.query('select channel, subject, body, status from outbox_messages where recipient = $1 order by created_at', [to])).rows;
const occurrences = async (tripId: string) =>
  (await db.pool.query('select itineris_event_type as type, trip_leg_id from event_occurrences where drive_assignment_id = $1 order by created', [tripId])).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool, new ManualClock('2026-11-22T15:00:00Z'));
  deps = { pool: db.pool, messenger: outboxMessenger(db.pool), clock: t.clock, publicUrl: 'https://portal.example.org' };
  billToA = await createContact(db.pool, { types: ['Bill To'], username: null });
  const billToB = await createContact(db.pool, { types: ['Bill To'], username: null });
  cmA = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id], email: 'notice.a@example.org', phone: { number: '5055550201', smsEnabled: true } });
  cmB = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToB.id], email: 'notice.b@example.org' });
  memberA = await createPerson(db.pool, { coveredBy: billToA.id, memberId: 'NA1', name: 'Private Name' });
  staff = await createContact(db.pool, { types: ['SecureEmployee'], email: 'dispatch@example.org' });
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

describe('event occurrences from trip changes', () => {
  it('are written in the change’s transaction: assignment, arrival, pickup, will-call activation, one cancel per trip', async () => {
    const { partner } = await createPartner(db.pool);
    const trip = await createTrip(db.pool, { billToId: billToA.id, legs: [{ passengerId: memberA.id }, { passengerId: memberA.id, pickup: '23:59:00' }] });
    await db.pool.query('update drive_assignments set farmout_contact_id = $2 where id = $1', [trip.id, partner.id]);
    await db.pool.query(`update trip_legs set loc_first_time_act = '09:02:00' where id = $1`, [trip.legIds[0]]);
    await db.pool.query(`update trip_legs set loc_first_time_dep = '09:05:00' where id = $1`, [trip.legIds[0]]);
    await db.pool.query(`update trip_legs set call_in_time = '13:00:00' where id = $1`, [trip.legIds[1]]);
    // a change that is rolled back leaves no occurrence
    const client = await db.pool.connect();
    await client.query('begin');
    await client.query(`update trip_legs set status = 'Canceled' where drive_assignment_id = $1`, [trip.id]);
    await client.query('rollback');
    client.release();
    await db.pool.query(`update trip_legs set status = 'CanceledNoCharge' where drive_assignment_id = $1`, [trip.id]);
    expect((await occurrences(trip.id)).map((o) => o.type)).toEqual(['TripAssigned', 'DriverArrived', 'PickedUp', 'WillCallActivation', 'CancelTrip']);
    const row = await db.pool.query(`select partner_id from event_occurrences where drive_assignment_id = $1 and itineris_event_type = 'TripAssigned'`, [trip.id]);
    expect(row.rows[0].partner_id).toBe(partner.id);
  });

  it('are not written for times entered after the ride', async () => {
    const trip = await createTrip(db.pool, { billToId: billToA.id });
    await db.pool.query(`update trip_legs set loc_first_time_act = '09:00:00', loc_first_time_dep = '09:03:00', loc_second_time_act = '09:40:00' where id = $1`, [trip.legIds[0]]);
    expect(await occurrences(trip.id)).toEqual([]);
  });
});

describe('notices', () => {
  it('go to each matching subscription whose recipient may see the trip, once, with no names', async () => {
    const a = await subscribe(cmA, { matchEventType: 'DriverArrived', notifySmsPhone: PHONE_A });
    // B asks for every arrival, but A's member is not B's to know about
    await subscribe(cmB, { matchEventType: 'DriverArrived', notifyEmails: ['notice.b@example.org'] });
    const dispatch = await subscribe(staff, { matchEventType: 'DriverArrived', notifyVogType: 'toastr' });
    await db.pool.query('update event_occurrences set fanned_out_at = now()');
    const trip = await createTrip(db.pool, { billToId: billToA.id, legs: [{ passengerId: memberA.id }] });
    await db.pool.query(`update trip_legs set loc_first_time_act = '09:01:00' where id = $1`, [trip.legIds[0]]);

    const [first, second] = await Promise.all([fanOutOccurrences(db.pool), fanOutOccurrences(db.pool)]);
    const ids = [...first, ...second];
    const { rows } = await db.pool.query('select subscription_id from event_notices where id = any($1::uuid[]) order by subscription_id', [ids]);
    expect(rows.map((r) => r.subscription_id).sort()).toEqual([a.id, dispatch.id].sort());
    expect(await fanOutOccurrences(db.pool)).toEqual([]);

    for (const id of ids) expect(await deliverNotice(deps, id)).toBe('sent');
    for (const id of ids) expect(await deliverNotice(deps, id)).toBe('skipped');
    const sent = await outboxTo(PHONE_A);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toBe(
      `Tripline: The driver has arrived for trip ${trip.referenceNumber} on Sunday, November 22 (pickup at 9:00 AM). Reply STOP to end`,
    );
    expect(sent[0].body).not.toContain('Private');
    expect(await outboxTo('notice.b@example.org')).toEqual([]);
    const inbox = await db.pool.query('select message from notification_deliveries where recipient_id = $1', [staff.id]);
    expect(inbox.rows.map((r) => r.message.type)).toEqual(['toastr']);
  });

  it('skip an address taken off the recipient’s record since the subscription was made', async () => {
    const other = await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id], email: 'leaving@example.org' });
    await subscribe(other, { matchEventType: 'TripAssigned', notifyEmails: ['leaving@example.org'] });
    await db.pool.query('delete from contact_emails where contact_id = $1', [other.id]);
    await db.pool.query('update event_occurrences set fanned_out_at = now()');
    const trip = await createTrip(db.pool, { billToId: billToA.id });
    const { partner } = await createPartner(db.pool);
    await db.pool.query('update drive_assignments set farmout_contact_id = $2 where id = $1', [trip.id, partner.id]);
    const ids = await fanOutOccurrences(db.pool);
    const results = await Promise.all(ids.map((id) => deliverNotice(deps, id)));
    expect(results).toContain('skipped');
    expect(await outboxTo('leaving@example.org')).toEqual([]);
  });

  it('are sent once when two server processes run the job queue on one database', async () => {
    const sub = await subscribe(cmA, { matchEventType: 'PickedUp', notifyEmails: ['notice.a@example.org'] });
    const runners: Awaited<ReturnType<typeof startScheduledJobs>>[] = [];
    try {
      for (let i = 0; i < 2; i++) runners.push(await startScheduledJobs({ pool: db.pool, files: localFileStore('/nonexistent'), clock: t.clock }, () => {}, [], deps));
      const trip = await createTrip(db.pool, { billToId: billToA.id, legs: [{ passengerId: memberA.id }] });
      await db.pool.query(`update trip_legs set loc_first_time_dep = '09:04:00' where id = $1`, [trip.legIds[0]]);
      const deadline = Date.now() + 20_000;
      while ((await outboxTo('notice.a@example.org')).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 2500));
      const mails = await outboxTo('notice.a@example.org');
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(`Trip ${trip.referenceNumber}: the passenger is picked up`);
      expect(mails[0].body).toMatch(/To stop these notices, open https:\/\/portal\.example\.org\/api\/event-subscription-unsubscribe\?token=[0-9a-f]{64}$/);
      const notice = await db.pool.query('select status, attempts from event_notices where subscription_id = $1', [sub.id]);
      expect(notice.rows).toEqual([{ status: 'sent', attempts: 1 }]);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  }, 40_000);

  it('TripDelayed: once per leg whose ETA is more than 15 minutes past the ordered pickup', async () => {
    const trip = await createTrip(db.pool, { serviceDate: TODAY, billToId: billToA.id, legs: [{ pickup: '09:00:00' }, { pickup: '10:00:00' }] });
    await db.pool.query(`update trip_legs set web_fields = '{"estimatedPickupTime": "09:15:00"}' where id = $1`, [trip.legIds[0]]);
    await db.pool.query(`update trip_legs set web_fields = '{"estimatedPickupTime": "10:16:00"}' where id = $1`, [trip.legIds[1]]);
    expect(await checkDelayedLegs(deps)).toBe(1);
    expect(await checkDelayedLegs(deps)).toBe(0);
    expect(await occurrences(trip.id)).toEqual([{ type: 'TripDelayed', trip_leg_id: trip.legIds[1] }]);
  });
});

describe('unsubscribing', () => {
  it('the e-mail link asks first, then ends the subscription; a post with the token does it at once', async () => {
    const sub = await subscribe(cmA, { matchEventType: 'CancelTrip', notifyEmails: ['notice.a@example.org'] });
    const { rows } = await db.pool.query('select unsubscribe_token from event_subscriptions where id = $1', [sub.id]);
    const token = rows[0].unsubscribe_token;
    const b = new Browser(t.app);
    const page = await b.get(`/api/event-subscription-unsubscribe?token=${token}`);
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('Stop these notices?');
    expect((await db.pool.query('select deleted from event_subscriptions where id = $1', [sub.id])).rows[0].deleted).toBe(false);
    const done = await b.get(`/api/event-subscription-unsubscribe?token=${token}&confirm=yes`);
    expect(done.body).toContain('You will no longer get these notices.');
    expect((await db.pool.query('select deleted from event_subscriptions where id = $1', [sub.id])).rows[0].deleted).toBe(true);
    const invalid = await b.get('/api/event-subscription-unsubscribe?token=nope');
    expect([invalid.statusCode, invalid.json().message]).toEqual([404, 'This unsubscribe link is not valid.']);

    const other = await subscribe(cmA, { matchEventType: 'TripAssigned', notifyEmails: ['notice.a@example.org'] });
    const token2 = (await db.pool.query('select unsubscribe_token from event_subscriptions where id = $1', [other.id])).rows[0].unsubscribe_token;
    const oneClick = await t.app.inject({ method: 'POST', url: `/api/event-subscription-unsubscribe?token=${token2}` });
    expect(oneClick.json()).toEqual({ ok: true });
    expect((await db.pool.query('select deleted from event_subscriptions where id = $1', [other.id])).rows[0].deleted).toBe(true);
    const audits = await db.pool.query(`select count(*)::int as n from audit_log where activity_type = 'event-subscription-unsubscribe' and record_id = any($1)`, [[sub.id, other.id]]);
    expect(audits.rows[0].n).toBe(2);
  });

  it('phone calls are offered and sent only with a phone provider', async () => {
    const calls: string[] = [];
    const phone = { sendSms: async () => 'sms-1', sendVoice: async (m: { to: string; body: string }) => (calls.push(`${m.to}: ${m.body}`), 'call-1') };
    const app = await buildApp({
      pool: db.pool,
      clock: t.clock,
      messenger: messenger(db.pool, { phone }),
      files: t.files,
      geo: geoServices(),
      config: { secureCookies: false, appVersion: 'test' },
    });
    try {
      const b = await signIn(app, cmA);
      const options = (await b.get('/api/event-subscription-options')).json();
      expect(options.channels).toEqual(['vog', 'email', 'sms', 'voice']);
      expect(options.voicePhones).toEqual([PHONE_A]);
      const sub = await b.post('/api/event-subscriptions', { matchEventType: 'TripDelayed', notifyRobocallPhone: PHONE_A });
      expect(sub.statusCode).toBe(200);
      const trip = await createTrip(db.pool, { billToId: billToA.id });
      const test = await b.post('/api/event-subscriptions-test', { id: sub.json().id, referenceNumber: trip.referenceNumber });
      expect(test.json()).toEqual({ channel: 'voice', to: PHONE_A });
      expect(calls).toHaveLength(1);
      expect(calls[0]).toContain(`This is Tripline. Test notice. Trip ${trip.referenceNumber.split('').join(' ')} on Sunday, November 22 is running late`);
      const voice = await db.pool.query(`select status, provider_message_id from outbox_messages where channel = 'voice' and recipient = $1`, [PHONE_A]);
      expect(voice.rows).toEqual([{ status: 'sent', provider_message_id: 'call-1' }]);
    } finally {
      await app.close();
    }
    // without a provider the option is not offered (and a voice subscription is refused, see event-subscriptions.test.ts)
    const plain = await signIn(t.app, cmA);
    expect((await plain.get('/api/event-subscription-options')).json().channels).toEqual(['vog', 'email', 'sms']);
  });

  it('an SMS STOP from the gateway, proven by its token, ends the text messages to that number', async () => {
    const app = await buildApp({
      pool: db.pool,
      clock: t.clock,
      messenger: outboxMessenger(db.pool),
      files: t.files,
      geo: geoServices(),
      config: { secureCookies: false, appVersion: 'test', smsHttpToken: 'gateway-secret' },
    });
    try {
      const sub = await subscribe(cmA, { matchEventType: 'CancelTrip', notifySmsPhone: PHONE_A });
      const post = (token: string | undefined, body: unknown) =>
        app.inject({ method: 'POST', url: '/api/sms-inbound', headers: token ? { 'x-sms-token': token } : {}, payload: body as object });
      expect((await post(undefined, { from: '+15055550201', body: 'STOP' })).statusCode).toBe(403);
      expect((await post('wrong', { from: '+15055550201', body: 'STOP' })).statusCode).toBe(403);
      expect((await post('gateway-secret', { from: '+15055550201', body: 'thanks' })).json()).toEqual({ ended: 0 });
      const active = await db.pool.query(`select count(*)::int as n from event_subscriptions where notify_sms_phone = $1 and not deleted`, [PHONE_A]);
      expect(active.rows[0].n).toBeGreaterThan(0);
      expect((await post('gateway-secret', { from: '+15055550201', body: ' stop ' })).json()).toEqual({ ended: active.rows[0].n });
      expect((await db.pool.query('select deleted from event_subscriptions where id = $1', [sub.id])).rows[0].deleted).toBe(true);
    } finally {
      await app.close();
    }
  });
});
