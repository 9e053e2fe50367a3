import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL } from '../src/platform/live/listener.ts';
import { Browser } from './app.ts';
import { createContact } from './factories.ts';
import { createPassenger, rowsOf } from './contact-care-factories.ts';
import { auditRows, createTrip, FUTURE, PAST, signIn, TODAY } from './trip-factories.ts';
import { staffWorld } from './staff-world.ts';

const w = staffWorld('Dana Dispatch');
const NOBODY = '11111111-1111-4111-8111-111111111111';

const save = (b: Browser, body: unknown) => b.post('/api/infectious-diseases', body);
const legFlags = async (tripId: string) =>
  (await w.db.pool.query('select infectious_disease_flag as flag from trip_legs where drive_assignment_id = $1 order by leg_order', [tripId])).rows.map(
    (r) => r.flag,
  );

describe('who may use contact care', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', `/api/infectious-diseases?contactId=${NOBODY}`],
    ['POST', '/api/infectious-diseases', { contactId: NOBODY, disease: 'Flu', startDate: TODAY }],
    ['GET', `/api/provider-holds?providerId=${NOBODY}`],
    ['POST', '/api/provider-holds', { providerId: NOBODY, type: 'NoNewTrips', beginDate: TODAY }],
    ['GET', `/api/blacklists?passengerId=${NOBODY}`],
    ['POST', '/api/blacklists', { partnerId: NOBODY, passengerId: NOBODY, requestedBy: 'Passenger' }],
    ['GET', `/api/contact-dup-check?contactId=${NOBODY}`],
    ['POST', '/api/contact-merge', { keepId: NOBODY, mergeId: NOBODY, keepModCount: 0, mergeModCount: 0 }],
    ['GET', `/api/contact-care-summary?contactId=${NOBODY}`],
    ['GET', `/api/contact-trips?contactId=${NOBODY}&from=${TODAY}&to=${FUTURE}`],
  ];
  const call = (b: Browser, [method, url, body]: (typeof calls)[number]) => b.request(method as 'GET' | 'POST', url, { body });

  it('answers 401 without a session', async () => {
    for (const c of calls) expect((await call(new Browser(w.t.app), c)).statusCode, c[1]).toBe(401);
  });

  it("answers 403 to a partner's user, a case manager and a passenger: every part is staff's", async () => {
    const cm = await signIn(w.t.app, await createContact(w.db.pool, { types: ['Case Manager'] }));
    const passenger = await signIn(w.t.app, await createContact(w.db.pool, { types: ['S/N Passenger'] }));
    const partner = await signIn(w.t.app, w.x.user);
    for (const b of [cm, passenger, partner]) for (const c of calls) expect((await call(b, c)).statusCode, c[1]).toBe(403);
  });
});

describe('infectious diseases', () => {
  it("refuses an unsaved contact with the spec's text, and a contact that does not exist with 404", async () => {
    for (const contactId of [undefined, null, '']) {
      const res = await save(w.staff, { contactId, disease: 'Flu', startDate: TODAY });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You must save the contact first');
    }
    expect((await save(w.staff, { contactId: NOBODY, disease: 'Flu', startDate: TODAY })).statusCode).toBe(404);
    expect((await w.staff.get(`/api/infectious-diseases?contactId=${NOBODY}`)).statusCode).toBe(404);
  });

  it('refuses an end before the start, a missing disease and a bad date, writing nothing', async () => {
    const p = await createPassenger(w.db.pool);
    const before = await rowsOf(w.db.pool, 'infectious_diseases');
    const end = await save(w.staff, { contactId: p.id, disease: 'Flu', startDate: TODAY, endDate: PAST });
    expect(end.json().message).toBe('The end date cannot be before the start date');
    expect((await save(w.staff, { contactId: p.id, disease: ' ', startDate: TODAY })).json().message).toBe('Enter the disease');
    expect((await save(w.staff, { contactId: p.id, disease: 'Flu', startDate: '2026-02-30' })).json().message).toBe('There is no such date');
    expect(await rowsOf(w.db.pool, 'infectious_diseases')).toEqual(before);
  });

  it('ends 5 days later by default, records the user as agent, and flags the legs of those days only, live on the partner\u2019s day', async () => {
    const p = await createPassenger(w.db.pool);
    const other = await createPassenger(w.db.pool);
    const inside = await createTrip(w.db.pool, { partnerId: w.x.partner.id, serviceDate: TODAY, legs: [{ passengerId: p.id }, { passengerId: other.id }] });
    const lastDay = await createTrip(w.db.pool, { partnerId: w.x.partner.id, serviceDate: '2026-11-27', legs: [{ passengerId: p.id }] });
    const dayBefore = await createTrip(w.db.pool, { serviceDate: PAST, legs: [{ passengerId: p.id }] });
    const dayAfter = await createTrip(w.db.pool, { serviceDate: '2026-11-28', legs: [{ passengerId: p.id }] });
    const stamp = async () => (await w.db.pool.query('select legs_stamp from drive_assignments where id = $1', [inside.id])).rows[0].legs_stamp;
    const stampBefore = await stamp();

    const res = await save(w.staff, { contactId: p.id, disease: 'Norovirus', startDate: TODAY, agentName: 'Somebody Else' });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ contactId: p.id, disease: 'Norovirus', startDate: TODAY, endDate: '2026-11-27', cancel: false, agentName: 'Dana Dispatch', active: true, modCount: 0 });

    expect(await legFlags(inside.id)).toEqual([true, false]);
    expect(await legFlags(lastDay.id)).toEqual([true]);
    expect(await legFlags(dayBefore.id)).toEqual([false]);
    expect(await legFlags(dayAfter.id)).toEqual([false]);
    expect(Number(await stamp())).toBeGreaterThan(Number(stampBefore));

    const day = await (await signIn(w.t.app, w.x.user)).get(`/api/drive-assignments?serviceDate=${TODAY}`);
    const trip = (day.json().rows as { id: string; tripLegs: { passengerId: string; infectiousDiseaseFlag: boolean }[] }[]).find((t) => t.id === inside.id)!;
    expect(trip.tripLegs.map((l) => l.infectiousDiseaseFlag)).toEqual([true, false]);

    const audits = await auditRows(w.db.pool, 'infectious_diseases', d.id);
    expect(audits).toMatchObject([{ activity_type: 'infectious-disease', before: null, after: { disease: 'Norovirus', agentName: 'Dana Dispatch' } }]);
    const legAudit = await auditRows(w.db.pool, 'trip_legs', (await w.db.pool.query('select id from trip_legs where drive_assignment_id = $1 and leg_order = 0', [inside.id])).rows[0].id);
    expect(legAudit).toMatchObject([{ before: { infectiousDiseaseFlag: false }, after: { infectiousDiseaseFlag: true } }]);

    // GET: all of the contact's diseases; with a date, only those active that day
    expect((await w.staff.get(`/api/infectious-diseases?contactId=${p.id}`)).json()).toHaveLength(1);
    expect((await w.staff.get(`/api/infectious-diseases?contactId=${p.id}&date=2026-11-27`)).json()).toHaveLength(1);
    expect((await w.staff.get(`/api/infectious-diseases?contactId=${p.id}&date=2026-11-28`)).json()).toHaveLength(0);

    // a stale change is refused and changes nothing; a current one cancels and clears the flags
    const stale = await save(w.staff, { id: d.id, modCount: 5, contactId: p.id, disease: 'Norovirus', startDate: TODAY, cancel: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: d.id, cancel: false });
    expect(await legFlags(inside.id)).toEqual([true, false]);
    const cancelled = await save(w.staff, { id: d.id, modCount: 0, contactId: p.id, disease: 'Norovirus', startDate: TODAY, endDate: '2026-11-27', cancel: true });
    expect(cancelled.json()).toMatchObject({ cancel: true, active: false, modCount: 1 });
    expect(await legFlags(inside.id)).toEqual([false, false]);
    expect(await legFlags(lastDay.id)).toEqual([false]);
  });

  it('keeps a leg flagged while another disease still covers its day', async () => {
    const p = await createPassenger(w.db.pool);
    const trip = await createTrip(w.db.pool, { serviceDate: FUTURE, legs: [{ passengerId: p.id }] });
    const a = (await save(w.staff, { contactId: p.id, disease: 'Flu', startDate: TODAY, endDate: FUTURE })).json();
    await save(w.staff, { contactId: p.id, disease: 'Measles', startDate: FUTURE });
    await save(w.staff, { id: a.id, modCount: a.modCount, contactId: p.id, disease: 'Flu', startDate: TODAY, endDate: FUTURE, cancel: true });
    expect(await legFlags(trip.id)).toEqual([true]);
  });
});

describe('contact-care-summary and contact-trips', () => {
  it("heads the inspect modal and lists the contact's trips between two days", async () => {
    const p = await createPassenger(w.db.pool, { name: 'Rosa Trujillo' });
    const trip = await createTrip(w.db.pool, { partnerId: w.x.partner.id, serviceDate: FUTURE, legs: [{ passengerId: p.id }] });
    await createTrip(w.db.pool, { serviceDate: '2026-12-30', legs: [{ passengerId: p.id }] });
    const s = await w.staff.get(`/api/contact-care-summary?contactId=${p.id}`);
    expect(s.json()).toMatchObject({ id: p.id, name: 'Rosa Trujillo', isPassenger: true, isPartner: false, canSignIn: false, mergedInto: null });
    const trips = await w.staff.get(`/api/contact-trips?contactId=${p.id}&from=${TODAY}&to=2026-12-01`);
    expect(trips.json()).toEqual([
      { id: trip.id, referenceNumber: trip.referenceNumber, serviceDate: FUTURE, pickupTime: '09:00', canceled: false, partnerName: w.x.partner.name, role: 'Passenger' },
    ]);
    expect((await w.staff.get(`/api/contact-trips?contactId=${p.id}&from=${TODAY}&to=2027-03-01`)).json().message).toBe('At most 62 days at once');
    expect((await w.staff.get(`/api/contact-trips?contactId=${NOBODY}&from=${TODAY}&to=${FUTURE}`)).statusCode).toBe(404);
  });
});


describe('live notice of the flag', () => {
  it("announces the flagged leg's trip on the live channel, so a partner's open day redraws it", async () => {
    const p = await createPassenger(w.db.pool);
    const trip = await createTrip(w.db.pool, { partnerId: w.x.partner.id, serviceDate: FUTURE, legs: [{ passengerId: p.id }] });
    const listener = new pg.Client({ connectionString: w.db.url });
    await listener.connect();
    await listener.query(`listen ${CHANGES_CHANNEL}`);
    const named = new Promise<void>((resolve) =>
      listener.on('notification', (m) => {
        if (m.payload?.includes(trip.id)) resolve();
      }),
    );
    try {
      expect((await save(w.staff, { contactId: p.id, disease: 'Flu', startDate: FUTURE })).statusCode).toBe(200);
      await named;
    } finally {
      await listener.end();
    }
  });
});
