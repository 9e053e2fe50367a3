import { SEARCH_MSG, TEXT_MSG, TRIP_SEARCH_PARAMS, urgentUnacceptedFilter, type DriveAssignment, type FilterNode } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact, type Created } from './factories.ts';
import { createDriver, createPartner, createTrip, FUTURE, signIn, TODAY, type CreatedTrip, type Partner } from './trip-factories.ts';

let db: TestDatabase;
let t: TestApp;
let x: Partner;
let inHouse: Partner;
let oon: Partner;
let staff: Browser;
let passenger: Created;
let billTo: string;
let driverId: string;
let t1: CreatedTrip;
let t2: CreatedTrip;
let t3: CreatedTrip;
let t4: CreatedTrip;
let t5: CreatedTrip;
const BULK_DAY = '2026-11-02';
const BULK = 120;

// column names below are the test's own, never user input
async function setTrip(id: string, cols: Record<string, unknown>) {
  const keys = Object.keys(cols);
  await db.pool.query(`update drive_assignments set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id = $1`, [id, ...Object.values(cols)]);
}
async function setLeg(id: string, cols: Record<string, unknown>) {
  const keys = Object.keys(cols);
  await db.pool.query(`update trip_legs set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} where id = $1`, [id, ...Object.values(cols)]);
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
  x = await createPartner(db.pool, 'Sandia Mobility');
  inHouse = await createPartner(db.pool, 'Secure Transport');
  oon = await createPartner(db.pool, 'Mesa Out Of Network');
  await db.pool.query('update contacts set oon = true where id = $1', [oon.partner.id]);
  billTo = (await createContact(db.pool, { types: ['Bill To'], username: null })).id;
  passenger = await createContact(db.pool, { types: ['Passenger', 'S/N Passenger'], name: 'Ada Lovato' });
  driverId = (await createDriver(db.pool, x.partner.id)).id;
  const mco = await createContact(db.pool, { types: ['MCO'], username: null });
  const plan = await db.pool.query(`insert into plans (mco_id, name, code, lob) values ($1, 'Centennial', 'NMCENT', 'Medicaid') returning id`, [mco.id]);
  const clinic = await db.pool.query(
    `insert into addresses (name, street, city, state, zip, complete_address) values ('Presbyterian Clinic', '1100 Central Ave SE', 'Albuquerque', 'NM', '87106', '1100 Central Ave SE, Albuquerque, NM 87106') returning id`,
  );
  const home = await db.pool.query(`insert into addresses (name, street, city, state, zip) values ('Home', '5 Rio Grande Blvd', 'Albuquerque', 'NM', '87104') returning id`);

  t5 = await createTrip(db.pool, { partnerId: null, legs: [{ pickup: '06:00:00' }] });
  t1 = await createTrip(db.pool, { partnerId: x.partner.id, billToId: billTo, flag: 'VIP', legs: [{ pickup: '07:00:00', passengerId: passenger.id }] });
  t2 = await createTrip(db.pool, { partnerId: inHouse.partner.id, driverId, cancelledWithCharge: true, legs: [{ pickup: '08:00:00' }] });
  t3 = await createTrip(db.pool, { partnerId: oon.partner.id, legs: [{ pickup: '09:00:00' }, { pickup: '13:00:00' }] });
  t4 = await createTrip(db.pool, { partnerId: x.partner.id, serviceDate: FUTURE, legs: [{ pickup: '10:00:00' }] });
  await setTrip(t1.id, { schedule_priority: 4, ride_service: 'Lyft', da_class: 'NE', service_type_requested: '03' });
  await setLeg(t1.legIds[0], {
    member_id: 'M123',
    appt_type: 'Dialysis',
    appt_time: '10:00',
    lob: 'Medicaid',
    member_plan_id: plan.rows[0].id,
    google_driving_distance_meters: 20_000,
    location_first_id: clinic.rows[0].id,
    location_second_id: home.rows[0].id,
  });
  await setTrip(t2.id, { schedule_priority: 1 });
  await setTrip(t3.id, { schedule_priority: 2, service_type_requested: '05' });
  await setLeg(t3.legIds[0], { google_driving_distance_meters: 40_000 });
  await setTrip(t4.id, { schedule_priority: 3 });
  await db.pool.query('insert into trip_declines (drive_assignment_id, partner_id, reason) values ($1, $2, $3)', [t3.id, x.partner.id, 'No vehicle']);

  // a day with more trips than the smallest batch, all the partner's
  const bulk = await db.pool.query(
    `insert into drive_assignments (service_date, service_type_requested, farmout_contact_id)
     select $1::date, '01', $2 from generate_series(1, $3) returning id`,
    [BULK_DAY, x.partner.id, BULK],
  );
  await db.pool.query(
    `insert into trip_legs (drive_assignment_id, loc_first_time_ord, serv_date_beg) select id, '09:00', $2::date from unnest($1::uuid[]) id`,
    [bulk.rows.map((r) => r.id), BULK_DAY],
  );
  staff = await signIn(t.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

const search = (b: Browser, params: Record<string, string>) => b.get(`/api/drive-assignments?${new URLSearchParams(params)}`);
const refs = (body: { rows: DriveAssignment[] }) => body.rows.map((r) => r.referenceNumber);
const found = async (params: Record<string, string>, b = staff) => {
  const res = await search(b, params);
  expect(res.statusCode, `${JSON.stringify(params)}: ${res.body.slice(0, 300)}`).toBe(200);
  const body = res.json();
  expect(body.total, JSON.stringify(params)).toBe(body.rows.length);
  return refs(body);
};
const filter = (tree: FilterNode) => JSON.stringify(tree);
const R = () => ({ t1: t1.referenceNumber, t2: t2.referenceNumber, t3: t3.referenceNumber, t4: t4.referenceNumber, t5: t5.referenceNumber });

describe('GET /api/drive-assignments as the trip search: refusals', () => {
  it('answers 401 without a session', async () => {
    expect((await search(new Browser(t.app), { serviceDate: TODAY, priority: '2+' })).statusCode).toBe(401);
  });

  it('answers 400 with the exact text for each bad criterion', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ serviceDate: TODAY, priority: '3-1' }, SEARCH_MSG.INVALID_PRIORITY],
      [{ serviceDate: TODAY, priority: '0' }, SEARCH_MSG.INVALID_PRIORITY],
      [{ serviceDate: TODAY, distanceMiles: '24-12' }, 'Invalid distance filter'],
      [{ serviceDate: TODAY, distanceMiles: '12' }, 'Invalid distance filter'],
      [{}, SEARCH_MSG.CRITERIA_REQUIRED],
      [{ division: 'NM01', priority: '2+' }, SEARCH_MSG.CRITERIA_REQUIRED],
      [{ serviceDate: TODAY, limit: '0' }, SEARCH_MSG.INVALID_BATCH],
      [{ serviceDate: TODAY, limit: '10001' }, SEARCH_MSG.INVALID_BATCH],
      [{ serviceDate: TODAY, limit: '2.5' }, SEARCH_MSG.INVALID_BATCH],
      [{ serviceDate: TODAY, limit: 'all' }, SEARCH_MSG.INVALID_BATCH],
      [{ filter: '{"logicalOp":"or","filters":[]}' }, 'A custom query needs a top-level AND'],
      [{ filter: '{"logicalOp":"and","filters":[{"key":"nope","op":"eq","value":"x"}]}' }, 'Unknown filter key nope'],
      [{ filter: '{"logicalOp":"and","filters":[{"key":"constructor","op":"eq","value":"x"}]}' }, 'Unknown filter key constructor'],
      [{ filter: '{"logicalOp":"and","filters":[{"key":"serviceDate","op":"eq","value":"2026-02-30"}]}' }, 'Service date: use a date like 2026-11-22, +3 (days from today) or a range like +0..+3'],
      [{ serviceDate: '2026-02-30' }, SEARCH_MSG.INVALID_DATE],
      [{ serviceDate: 'tomorrow', division: 'NM01' }, SEARCH_MSG.INVALID_DATE],
      [{ serviceDate: FUTURE, serviceDateMax: TODAY }, SEARCH_MSG.DATE_RANGE],
      [{ serviceDate: TODAY, affiliateId: 'not-a-record' }, 'Partner: not a record id'],
      [{ serviceDate: TODAY, apptTime: '25:00' }, 'Appointment time: use a time like 08:30 or a range like 08:00-10:00'],
      [{ serviceDate: TODAY, whichLeg: 'C' }, 'Leg is A or B'],
      [{ serviceDate: TODAY, cancelType: 'some' }, 'Cancel type is one of all, active, canceled, withCharge, withoutCharge'],
    ];
    for (const [params, message] of cases) {
      const res = await search(staff, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().message, JSON.stringify(params)).toBe(message);
    }
    const bad = await search(staff, { filter: '{"logicalOp":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid JSON: /);
  });
});

describe('each /admin/trips parameter', () => {
  it('serviceDate alone keeps the day order: date, first ordered pickup, reference', async () => {
    const r = R();
    // priority 1-9 matches every trip and sends the request through the search
    expect(await found({ serviceDate: TODAY, priority: '1+' })).toEqual([r.t5, r.t1, r.t2, r.t3]);
    expect(await found({ serviceDate: TODAY, serviceDateMax: FUTURE, priority: '1+' })).toEqual([r.t5, r.t1, r.t2, r.t3, r.t4]);
    expect(await found({ serviceDate: '+1', priority: '1+' })).toEqual([r.t4]);
    expect(await found({ serviceDate: '11/23/2026', priority: '1+' })).toEqual([r.t4]);
    expect(await found({ serviceDate: 'Nov 22, 2026', serviceDateMax: '+0', division: 'NM01' })).toEqual([r.t5, r.t1, r.t2, r.t3]);
  });

  it('matches each criterion on its own', async () => {
    const r = R();
    const d = { serviceDate: TODAY };
    const cases: [Record<string, string>, string[]][] = [
      [{ ...d, division: 'NM01' }, [r.t5, r.t1, r.t2, r.t3]],
      [{ ...d, division: 'XX99' }, []],
      [{ ...d, flag: 'VIP' }, [r.t1]],
      [{ ...d, affiliateId: x.partner.id }, [r.t1]],
      [{ referenceNumber: `${r.t3}, ${r.t1}` }, [r.t1, r.t3]],
      [{ memberId: 'M123' }, [r.t1]],
      [{ ...d, apptType: 'dialysis' }, [r.t1]],
      [{ ...d, apptTime: '09:00-10:30' }, [r.t1]],
      [{ ...d, apptTime: '10:00' }, [r.t1]],
      [{ ...d, planId: 'NMCENT' }, [r.t1]],
      [{ passengerId: passenger.id }, [r.t1]],
      [{ ...d, daClass: 'NE' }, [r.t1]],
      [{ driverId }, [r.t2]],
      [{ ...d, whichLeg: 'B' }, [r.t3]],
      [{ ...d, pickupName: 'clinic' }, [r.t1]],
      [{ ...d, pickupName: 'CENTRAL AVE' }, [r.t1]],
      [{ ...d, dropoffName: 'rio grande' }, [r.t1]],
      [{ ...d, dropoffName: 'clinic' }, []],
      [{ ...d, rideService: 'Lyft' }, [r.t1]],
      [{ ...d, inHouse: 'true' }, [r.t2]],
      [{ ...d, inHouse: 'false' }, [r.t5, r.t1, r.t3]],
      [{ ...d, oon: 'true' }, [r.t3]],
      [{ ...d, oon: 'false' }, [r.t5, r.t1, r.t2]],
      [{ ...d, lob: 'Medicaid' }, [r.t1]],
      [{ ...d, flagNonNull: 'true' }, [r.t1]],
      [{ ...d, flagNonNull: 'false' }, [r.t5, r.t2, r.t3]],
      [{ ...d, billingContactId: billTo }, [r.t1]],
      [{ ...d, priority: '2+' }, [r.t1, r.t3]],
      [{ ...d, priority: '1' }, [r.t5, r.t2]],
      [{ ...d, priority: '2-3' }, [r.t3]],
      [{ ...d, distanceMiles: '12-13' }, [r.t1]],
      [{ ...d, distanceMiles: '24.5-25' }, [r.t3]],
      [{ ...d, distanceMiles: '0-1' }, []],
      [{ ...d, cancelType: 'canceled' }, [r.t2]],
      [{ ...d, cancelType: 'withCharge' }, [r.t2]],
      [{ ...d, cancelType: 'withoutCharge' }, []],
      [{ ...d, cancelType: 'active' }, [r.t5, r.t1, r.t3]],
      [{ ...d, cancelType: 'all' }, [r.t5, r.t1, r.t2, r.t3]],
      [{ ...d, serviceTypes: '03,05' }, [r.t1, r.t3]],
      [{ ...d, serviceTypes: '01', showTab: 'trips' }, [r.t5, r.t2]],
      [{ id: t1.id, priority: '4' }, [r.t1]],
    ];
    for (const [params, expected] of cases) expect(await found(params), JSON.stringify(params)).toEqual(expected);
  });

  it('combines criteria with AND', async () => {
    const r = R();
    expect(await found({ serviceDate: TODAY, serviceDateMax: FUTURE, affiliateId: x.partner.id, priority: '3+' })).toEqual([r.t1, r.t4]);
    expect(await found({ serviceDate: TODAY, inHouse: 'false', priority: '2+', serviceTypes: '05' })).toEqual([r.t3]);
    expect(await found({ memberId: 'M123', pickupName: 'clinic', distanceMiles: '12-13', flag: 'VIP', cancelType: 'active' })).toEqual([r.t1]);
    expect(await found({ memberId: 'M123', cancelType: 'canceled' })).toEqual([]);
  });
});

describe('custom queries (filter)', () => {
  it('nests AND and OR groups and reads every kind of key', async () => {
    const r = R();
    const cases: [FilterNode, string[]][] = [
      [{ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0' }, { logicalOp: 'or', filters: [{ key: 'priority', op: 'eq', value: '4' }, { key: 'affiliateId', op: 'eq', value: inHouse.partner.id }] }] }, [r.t1, r.t2]],
      [{ logicalOp: 'and', filters: [{ key: 'declinedByAffiliateId', op: 'eq', value: x.partner.id }] }, [r.t3]],
      [{ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0' }, { key: 'flag', op: 'eq', value: null }] }, [r.t5, r.t2, r.t3]],
      [{ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0' }, { key: 'affiliateId', op: 'notIn', value: [x.partner.id] }] }, [r.t5, r.t2, r.t3]],
      [{ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0' }, { key: 'memberId', op: 'notIn', value: ['M123'] }] }, [r.t5, r.t2, r.t3]],
      [{ logicalOp: 'and', filters: [{ key: 'pickupName', op: 'contains', value: 'CLINIC' }] }, [r.t1]],
      [{ logicalOp: 'and', filters: [{ key: 'pickupAddress', op: 'startsWith', value: '1100 central' }] }, [r.t1]],
      [{ logicalOp: 'and', filters: [{ key: 'passengerName', op: 'startsWith', value: 'ada' }] }, [r.t1]],
      [{ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0..+1' }, { key: 'driverId', op: 'eq', value: null }, { key: 'inHouse', op: 'eq', value: false }] }, [r.t5, r.t1, r.t3, r.t4]],
      [{ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0' }, { key: 'pickupTimeOrdered', op: 'in', value: ['06:00', '08:00-08:30'] }] }, [r.t5, r.t2]],
      [{ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: TODAY }, { key: 'acceptedNonNull', op: 'eq', value: false }, { key: 'oon', op: 'eq', value: true }] }, [r.t3]],
      [{ logicalOp: 'and', filters: [{ key: 'referenceNumber', op: 'in', value: [r.t2, r.t4] }] }, [r.t2, r.t4]],
      [urgentUnacceptedFilter(), [r.t1, r.t4]],
      [{ logicalOp: 'and', filters: [{ key: 'tripConfirmStatusNonNull', op: 'eq', value: true }] }, []],
    ];
    for (const [tree, expected] of cases) expect(await found({ filter: filter(tree) }), JSON.stringify(tree)).toEqual(expected);
  });

  it('adds to the form criteria, still in row scope', async () => {
    const r = R();
    expect(await found({ serviceDate: TODAY, filter: filter({ logicalOp: 'and', filters: [{ key: 'priority', op: 'eq', value: '2+' }] }) })).toEqual([r.t1, r.t3]);
    const partner = await signIn(t.app, x.user);
    expect(await found({ filter: filter({ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+0..+1' }] }) }, partner)).toEqual([r.t1, r.t4]);
  });
});

describe('batch size and truncation', () => {
  it('answers at most limit rows with the count of all', async () => {
    const res = await search(staff, { serviceDate: BULK_DAY, limit: '100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toHaveLength(100);
    expect(res.json().total).toBe(BULK);
    const all = await search(staff, { serviceDate: BULK_DAY, division: '', priority: '1+' });
    expect(all.json().rows).toHaveLength(BULK);
    expect(all.json().total).toBe(BULK);
    const sorted = (all.json().rows as DriveAssignment[]).map((r) => r.referenceNumber);
    expect(sorted).toEqual([...sorted].sort());
  });

  describe('on a day with more trips than the default batch', () => {
    const BIG_DAY = '2026-11-03';
    const BIG = 262;
    let partner: Browser;
    beforeAll(async () => {
      const y = await createPartner(db.pool);
      for (let i = 0; i < BIG; i += 25) {
        const batch = Array.from({ length: Math.min(25, BIG - i) }, () => createTrip(db.pool, { partnerId: y.partner.id, serviceDate: BIG_DAY }));
        await Promise.all(batch);
      }
      partner = await signIn(t.app, y.user);
    });
    // division '' and priority '1+' make it the search, not the day list
    const criteria = { serviceDate: BIG_DAY, division: '', priority: '1+' };

    it('answers 250 rows without limit (spec 2 §9: batch size default 250), the same as the screen', async () => {
      const res = await search(staff, criteria);
      expect(res.statusCode).toBe(200);
      expect(res.json().rows).toHaveLength(250);
      expect(res.json().total).toBe(BIG);
      const screen = await search(staff, { ...criteria, limit: '250' });
      expect(refs(screen.json())).toEqual(refs(res.json()));
    });

    it('takes any whole number up to 10,000 from API clients', async () => {
      for (const [limit, rows] of [['1', 1], ['99', 99], ['1000', BIG], ['10000', BIG]] as const) {
        const res = await search(staff, { ...criteria, limit });
        expect(res.statusCode, limit).toBe(200);
        expect(res.json(), limit).toMatchObject({ total: BIG });
        expect(res.json().rows, limit).toHaveLength(rows);
      }
    });

    it('refuses 0, 10,001 and 2.5 with the batch-size message', async () => {
      for (const limit of ['0', '10001', '2.5']) {
        const res = await search(staff, { ...criteria, limit });
        expect(res.statusCode, limit).toBe(400);
        expect(res.json().message, limit).toBe('Max Results is a whole number from 1 to 10,000 (the screen offers 100, 250, 500 and 1000)');
      }
    });

    it("leaves the partner's day list whole: it has no batch size", async () => {
      const day = await search(partner, { serviceDate: BIG_DAY });
      expect(day.statusCode).toBe(200);
      expect(day.json().rows).toHaveLength(BIG);
    });
  });
});

describe('a search that takes too long', () => {
  it('is stopped and asks to narrow it, instead of holding the database', async () => {
    const quick = await buildTestApp(db.pool, undefined, { searchTimeoutMs: 300 });
    const blocker = await db.pool.connect();
    try {
      const dispatcher = await signIn(quick.app, await createContact(db.pool, { types: ['SecureEmployee'] }));
      // another transaction holds the trips table, so the search waits past its limit
      await blocker.query('begin');
      await blocker.query('lock table drive_assignments in access exclusive mode');
      const res = await search(dispatcher, { filter: filter({ logicalOp: 'and', filters: [] }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SEARCH_MSG.TOO_BROAD);
    } finally {
      await blocker.query('rollback');
      blocker.release();
      await quick.app.close();
    }
  });
});

describe('row scope', () => {
  it("never shows a partner another partner's trip, in rows or in total", async () => {
    const r = R();
    const partner = await signIn(t.app, x.user);
    expect(await found({ serviceDate: TODAY, priority: '1+' }, partner)).toEqual([r.t1]);
    expect(await found({ referenceNumber: `${r.t1},${r.t2},${r.t3}` }, partner)).toEqual([r.t1]);
    expect(await found({ driverId }, partner)).toEqual([]);
    expect(await found({ filter: filter({ logicalOp: 'and', filters: [{ logicalOp: 'or', filters: [{ key: 'affiliateId', op: 'eq', value: inHouse.partner.id }, { key: 'inHouse', op: 'eq', value: true }] }] }) }, partner)).toEqual([]);
    const bulk = await search(partner, { serviceDate: BULK_DAY, limit: '100' });
    expect(bulk.json().total).toBe(BULK);
    const other = await signIn(t.app, inHouse.user);
    expect((await search(other, { serviceDate: BULK_DAY, limit: '100' })).json()).toEqual({ rows: [], total: 0 });
  });

  it('shows a case manager only the bill-to trips, and a passenger their own', async () => {
    const r = R();
    const cm = await signIn(t.app, await createContact(db.pool, { types: ['Case Manager'], billToIds: [billTo] }));
    expect(await found({ serviceDate: TODAY, serviceDateMax: FUTURE, priority: '1+' }, cm)).toEqual([r.t1]);
    expect(await found({ serviceDate: BULK_DAY, priority: '1+' }, cm)).toEqual([]);
    const own = await signIn(t.app, passenger);
    expect(await found({ serviceDate: TODAY, cancelType: 'all', division: 'NM01' }, own)).toEqual([r.t1]);
  });
});

describe('hostile text', () => {
  const HOSTILE = [
    "'",
    "''; drop table drive_assignments; --",
    "' or '1'='1",
    '%',
    '_',
    '\\',
    '%_\\%',
    '$1',
    '"); select pg_sleep(5); --',
    'Zoë 東京 🚑 ‮',
    'x'.repeat(10_000),
    'a\u0000b',
  ];
  const TEXT_PARAMS = TRIP_SEARCH_PARAMS.filter((p) => p !== 'serviceDate');

  it('never fails and never leaks, in any parameter', async () => {
    const partner = await signIn(t.app, x.user);
    const before = (await db.pool.query('select count(*)::int as n from drive_assignments')).rows[0].n;
    for (const value of HOSTILE) {
      for (const param of [...TEXT_PARAMS, 'serviceDate', 'limit', 'id']) {
        const params = param === 'serviceDate' ? { serviceDate: value } : { serviceDate: TODAY, [param]: value };
        for (const b of [staff, partner]) {
          const res = await search(b, params);
          // one id or reference number alone is the day list's lookup, which answers 404 when absent
          expect([200, 400, 404], `${param}=${value.slice(0, 30)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
          if (res.statusCode === 200 && b === partner) {
            for (const row of res.json().rows as DriveAssignment[]) expect(row.farmoutContactId).toBe(x.partner.id);
          }
        }
      }
    }
    expect((await db.pool.query('select count(*)::int as n from drive_assignments')).rows[0].n).toBe(before);
  });

  it('matches wildcard characters literally', async () => {
    expect(await found({ serviceDate: TODAY, pickupName: '%' })).toEqual([]);
    expect(await found({ serviceDate: TODAY, pickupName: '_' })).toEqual([]);
    expect(await found({ serviceDate: TODAY, flag: "' or '1'='1" })).toEqual([]);
    const res = await search(staff, { serviceDate: TODAY, pickupName: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    // refused at the door, like every text field of the API (api/text.ts)
    expect(res.json().message).toBe(TEXT_MSG.CONTROL_CHARACTER);
  });

  it('never fails on hostile keys, ops and values inside a custom query', async () => {
    const textKeys = ['referenceNumber', 'planId', 'division', 'serviceType', 'passengerName', 'apptType', 'pickupName', 'pickupAddress', 'dropoffName', 'dropoffAddress', 'memberId', 'cancelledReason', 'daClass', 'lob', 'rideService', 'flag'];
    const trees: unknown[] = [];
    for (const value of HOSTILE) {
      for (const key of textKeys) {
        for (const op of ['eq', 'contains', 'startsWith']) trees.push({ logicalOp: 'and', filters: [{ key, op, value }] });
        trees.push({ logicalOp: 'and', filters: [{ key, op: 'in', value: [value, 'A'] }] });
        trees.push({ logicalOp: 'and', filters: [{ key, op: 'notIn', value: [value] }] });
      }
      trees.push({ logicalOp: 'and', filters: [{ key: value, op: 'eq', value: 'x' }] });
      trees.push({ logicalOp: 'and', filters: [{ key: 'flag', op: value, value: 'x' }] });
      trees.push({ logicalOp: 'and', filters: [{ key: 'driverId', op: 'eq', value }] });
      trees.push({ logicalOp: 'and', filters: [{ key: 'priority', op: 'eq', value }] });
      trees.push({ logicalOp: 'and', filters: [{ key: 'apptTime', op: 'eq', value }] });
      trees.push({ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value }] });
      trees.push({ logicalOp: value, filters: [] });
    }
    trees.push({ logicalOp: 'and', filters: [{ key: '__proto__', op: 'eq', value: 'x' }] }, { logicalOp: 'and', filters: 'x' }, null, 42, []);
    for (const tree of trees) {
      const res = await search(staff, { filter: JSON.stringify(tree) });
      expect([200, 400], `${JSON.stringify(tree).slice(0, 120)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
  });
});
