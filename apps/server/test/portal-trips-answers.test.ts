import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Browser, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createMember, createPlan } from './portal-trips-factories.ts';
import { neverSentKeys } from './portal-trips-keys.ts';
import { createDriver, createPartner, createReasons, createTrip, FUTURE, signIn, type CreatedTrip } from './trip-factories.ts';

// Every answer a case manager or passenger receives is the portal's projection of the
// trip. Each answer below is walked to any depth for a key of the never-sent list; the same trips
// read by staff still carry them (the check can fail).
let db: TestDatabase;
let t: TestApp;
let staff: Browser;
let cmA: Browser;
let passP: Browser;
let memberP: Created;
let memberQ: Created;
/** A trip P shares with Q, billed to A, accepted with a driver and a rate. */
let shared: CreatedTrip;
let receiptId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  await createReasons(db.pool);
  const billToA = await createContact(db.pool, { types: ['Bill To'], username: null });
  const billToB = await createContact(db.pool, { types: ['Bill To'], username: null });
  memberP = await createMember(db.pool, billToA.id, 'MA-1', await createPlan(db.pool, { tripLimit: 12 }));
  memberQ = await createMember(db.pool, billToB.id, 'MB-1');
  await db.pool.query(`update contacts set name = 'Quentin Other' where id = $1`, [memberQ.id]);
  const { partner } = await createPartner(db.pool);
  const driver = await createDriver(db.pool, partner.id);
  shared = await createTrip(db.pool, {
    billToId: billToA.id,
    serviceDate: FUTURE,
    partnerId: partner.id,
    accepted: true,
    driverId: driver.id,
    flag: 'VIP',
    legs: [{ passengerId: memberP.id }, { passengerId: memberQ.id, pickup: '11:00:00' }],
  });
  await db.pool.query(`update drive_assignments set notes_summary = 'staff only', county = 'Bernalillo' where id = $1`, [shared.id]);
  await db.pool.query(`update trip_legs set pass_notes = 'gate 4', lob = 'MCD', member_id = 'MA-1' where drive_assignment_id = $1 and passenger_id = $2`, [shared.id, memberP.id]);
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
  cmA = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billToA.id] }));
  passP = await signIn(t.app, memberP);
  receiptId = (
    await db.pool.query(
      `insert into receipts (id, uploaded_by, drive_assignment_id, storage_key, original_name, content_type, size)
       values (gen_random_uuid(), $1, $2, 'receipts/x', 'r.pdf', 'application/pdf', 10) returning id`,
      [driver.id, shared.id],
    )
  ).rows[0].id;
});

afterAll(async () => {
  await t?.app.close();
  await db?.drop();
});

const reads = (trip: CreatedTrip, passengerId: string) => [
  `/api/case-manager-activity`,
  `/api/case-manager-activity?id=${trip.id}`,
  `/api/case-manager-trip-preview?daId=${trip.id}`,
  `/api/drive-assignments?id=${trip.id}`,
  `/api/drive-assignments?referenceNumber=${trip.referenceNumber}`,
  `/api/drive-assignments?serviceDate=${FUTURE}`,
  `/api/drive-assignments?serviceDate=${FUTURE}&view=list`,
  `/api/drive-assignments-by-passenger-service-date?passengerId=${passengerId}&serviceDate=${FUTURE}`,
  `/api/drive-assignment-etas?id=${trip.id}`,
];

describe('portal answers', () => {
  it('never carry a never-sent key, at any depth, while staff reading the same trips still get them', async () => {
    const staffAnswer = JSON.parse((await staff.get(`/api/drive-assignments?id=${shared.id}`)).body);
    expect(neverSentKeys(staffAnswer).length).toBeGreaterThan(0);
    for (const [who, b] of [['case manager', cmA], ['passenger', passP]] as const) {
      for (const url of reads(shared, memberP.id)) {
        const res = await b.get(url);
        expect(res.statusCode, `${who} ${url}`).toBe(200);
        const body = JSON.parse(res.body);
        expect(neverSentKeys(body), `${who} ${url}`).toEqual([]);
        expect(res.body, `${who} ${url}`).toContain(shared.legIds[0]);
      }
    }
    const plans = await passP.get(`/api/member-plans?contactNumber=${memberP.contactNumber}`);
    expect(plans.statusCode).toBe(200);
    expect(neverSentKeys(JSON.parse(plans.body))).toEqual([]);
  });

  it("show a passenger only their own legs of a shared trip, and a case manager the whole trip of its account", async () => {
    const mine = JSON.parse((await passP.get(`/api/drive-assignments?id=${shared.id}`)).body);
    expect(mine.rows[0].tripLegs.map((l: { id: string }) => l.id)).toEqual([shared.legIds[0]]);
    const etas = JSON.parse((await passP.get(`/api/drive-assignment-etas?id=${shared.id}`)).body);
    expect(etas.map((l: { legId: string }) => l.legId)).toEqual([shared.legIds[0]]);
    for (const url of reads(shared, memberP.id)) expect((await passP.get(url)).body, url).not.toContain('Quentin Other');
    const theirs = JSON.parse((await cmA.get(`/api/case-manager-trip-preview?daId=${shared.id}`)).body);
    expect(theirs.trip.tripLegs.map((l: { id: string }) => l.id)).toEqual(shared.legIds);
    expect(theirs.trip.tripLegs[0]).toMatchObject({ memberId: 'MA-1', phones: [expect.objectContaining({ phoneNumberWithAreaCode: '5055550142' })] });
  });

  it('of cancel-individual-trip-leg and case-manager-cancel, and their 409s, are projected too', async () => {
    const trip = await createTrip(db.pool, { billToId: (await db.pool.query('select bill_to_contact_id as b from drive_assignments where id = $1', [shared.id])).rows[0].b, serviceDate: FUTURE, legs: [{ passengerId: memberP.id }, { passengerId: memberP.id, pickup: '15:00:00' }] });
    const stale = await cmA.post('/api/cancel-individual-trip-leg', { driveAssignmentId: trip.id, modCount: trip.modCount + 1, tripLegId: trip.legIds[0], reason: 'Advance Notice' });
    expect(stale.statusCode).toBe(409);
    expect(JSON.parse(stale.body).current).toMatchObject({ id: trip.id });
    expect(neverSentKeys(JSON.parse(stale.body))).toEqual([]);
    const leg = await cmA.post('/api/cancel-individual-trip-leg', { driveAssignmentId: trip.id, modCount: trip.modCount, tripLegId: trip.legIds[0], reason: 'Advance Notice' });
    expect(leg.statusCode).toBe(200);
    expect(JSON.parse(leg.body)).toMatchObject({ id: trip.id, tripLegs: [{ status: 'CanceledNoCharge' }, { status: 'Pending' }] });
    expect(neverSentKeys(JSON.parse(leg.body))).toEqual([]);
    const rest = await passP.post('/api/case-manager-cancel', { id: trip.id, modCount: JSON.parse(leg.body).modCount });
    expect(rest.statusCode).toBe(200);
    expect(neverSentKeys(JSON.parse(rest.body))).toEqual([]);
  });

  it('never include an expense receipt: it is not found for portal users', async () => {
    expect((await passP.get(`/api/expense-receipt?id=${receiptId}`)).statusCode).toBe(404);
    expect((await cmA.get(`/api/expense-receipt?id=${receiptId}`)).statusCode).toBe(404);
  });
});
