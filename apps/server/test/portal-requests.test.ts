import { PORTAL_REQUEST_MSG, RES_MSG, type PortalPassengerOption, type TripCreateOptions } from '@tripline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { createPlan, cover, createMember, portalRequestSetup, tripRequest, type PortalRequestSetup } from './portal-requests-factories.ts';

let s: PortalRequestSetup;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** The test clock's day (2026-11-22, 08:00 in Denver): requests run from the 23rd to December 22. */
const DAY = '2026-11-25';

beforeAll(async () => {
  s = await portalRequestSetup();
});
afterAll(() => s.close());

const views = async (actor: string) =>
  Number((await s.db.pool.query(`select count(*) from audit_log where activity_type = 'contact-view' and actor_id = $1`, [actor])).rows[0].count);

describe('GET case-manager-passenger-options', () => {
  it('answers 401, then 403 to a passenger and a partner', async () => {
    expect((await new Browser(s.t.app).get('/api/case-manager-passenger-options')).statusCode).toBe(401);
    expect((await s.rider.get('/api/case-manager-passenger-options')).statusCode).toBe(403);
    expect((await s.partner.get('/api/case-manager-passenger-options')).statusCode).toBe(403);
  });

  it("offers a case manager only its own members, and logs each as a view of the passenger's record", async () => {
    const before = await views(s.w.managerA.id);
    const res = await s.managerA.get('/api/case-manager-passenger-options');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as PortalPassengerOption[]).map((p) => p.name).sort();
    expect(names).toEqual(['Grace Lee', 'Rosa Chavez']);
    expect(await views(s.w.managerA.id)).toBe(before + 2);
    const b = (await s.managerB.get('/api/case-manager-passenger-options')).json() as PortalPassengerOption[];
    expect(b.map((p) => p.name)).toEqual(['Luis Ortega']);
    expect(b[0]).toEqual({ id: s.w.memberB.id, name: 'Luis Ortega', dob: '1950-04-02', memberId: 'MC-2002', lastTripDate: null });
  });
});

describe('GET case-manager-lookup-passenger', () => {
  it('answers 401, 400 without a member id or a name with a date of birth, 403 to a passenger', async () => {
    expect((await new Browser(s.t.app).get('/api/case-manager-lookup-passenger?memberId=VH-1001')).statusCode).toBe(401);
    for (const q of ['', 'fullName=Rosa%20Chavez', 'dob=1948-06-15', 'fullName=Rosa&dob=June']) {
      const res = await s.managerA.get(`/api/case-manager-lookup-passenger?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await s.managerA.get('/api/case-manager-lookup-passenger?fullName=Rosa')).json().message).toBe(PORTAL_REQUEST_MSG.LOOKUP_NEEDS);
    expect((await s.rider.get('/api/case-manager-lookup-passenger?memberId=VH-1001')).statusCode).toBe(403);
  });

  it("finds the case manager's member by member id or by name and birth date, case aside, and nobody else's", async () => {
    const byId = (await s.managerA.get('/api/case-manager-lookup-passenger?memberId=vh-1001')).json() as PortalPassengerOption[];
    expect(byId.map((p) => p.id)).toEqual([s.w.memberA.id]);
    const byName = (await s.managerA.get('/api/case-manager-lookup-passenger?fullName=rosa%20%20chavez&dob=1948-06-15')).json() as PortalPassengerOption[];
    expect(byName.map((p) => p.id)).toEqual([s.w.memberA.id]);
    expect((await s.managerA.get('/api/case-manager-lookup-passenger?fullName=Rosa%20Chavez&dob=1948-06-16')).json()).toEqual([]);
    // B's member is not found by A, by either key
    expect((await s.managerA.get('/api/case-manager-lookup-passenger?memberId=MC-2002')).json()).toEqual([]);
    expect((await s.managerA.get('/api/case-manager-lookup-passenger?fullName=Luis%20Ortega&dob=1950-04-02')).json()).toEqual([]);
    const before = await views(s.w.staff.id);
    expect(((await s.staff.get('/api/case-manager-lookup-passenger?memberId=MC-2002')).json() as PortalPassengerOption[]).map((p) => p.id)).toEqual([s.w.memberB.id]);
    expect(await views(s.w.staff.id)).toBe(before + 1);
  });
});

describe('GET case-manager-trip-create-options', () => {
  const options = (b: Browser, q: string) => b.get(`/api/case-manager-trip-create-options?${q}`);

  it('answers 401, 400 without a passenger, 403 to a s.partner, 404 for another account\'s member or a missing one', async () => {
    expect((await options(new Browser(s.t.app), `passengerId=${s.w.memberA.id}`)).statusCode).toBe(401);
    const bad = await options(s.managerA, 'passengerId=someone');
    expect(bad.statusCode).toBe(400);
    expect((await options(s.managerA, '')).json().message).toBe(PORTAL_REQUEST_MSG.PASSENGER_REQUIRED);
    expect((await options(s.partner, `passengerId=${s.w.memberA.id}`)).statusCode).toBe(403);
    expect((await options(s.managerB, `passengerId=${s.w.memberA.id}`)).statusCode).toBe(404);
    expect((await options(s.managerA, `passengerId=${UNKNOWN}`)).statusCode).toBe(404);
    // a passenger only for themselves
    expect((await options(s.rider, `passengerId=${s.w.memberA.id}`)).statusCode).toBe(404);
  });

  it("offers the passenger's addresses, the appointment types, Ambulatory and Wheelchair, tomorrow to a month ahead", async () => {
    const viewed = await views(s.w.managerA.id);
    const res = await options(s.managerA, `passengerId=${s.w.memberA.id}`);
    expect(res.statusCode).toBe(200);
    expect(await views(s.w.managerA.id)).toBe(viewed + 1);
    const o = res.json() as TripCreateOptions;
    expect(o.passenger).toMatchObject({ id: s.w.memberA.id, name: 'Rosa Chavez', memberId: 'VH-1001' });
    expect(o.addresses.map((a) => a.id).sort()).toEqual([s.w.memberA.homeId, s.w.memberA.clinicId].sort());
    expect(o.apptTypes.map((a) => a.code)).toEqual(['Dialysis', 'Medical']);
    expect(o.serviceTypes).toEqual([
      { code: '01', name: 'Ambulatory' },
      { code: '03', name: 'Wheelchair' },
    ]);
    expect(o).toMatchObject({ earliestDate: '2026-11-23', latestDate: '2026-12-22', noticeHoursMin: null, prefill: null });
    const mine = (await options(s.rider, `passengerId=${s.w.rider.id}`)).json() as TripCreateOptions;
    expect(mine.serviceTypes.map((s) => s.code)).toEqual(['01', '03']);
    const staffs = (await options(s.staff, `passengerId=${s.w.memberB.id}`)).json() as TripCreateOptions;
    expect(staffs.serviceTypes.map((s) => s.code)).toContain('05');
  });

  it("narrows the dates by the member's plan notice", async () => {
    const plan = await createPlan(s.db.pool, { advance_notice_days_min: 3, advance_notice_days_max: 14 });
    const m = await createMember(s.db.pool, s.w.billToA.id, { name: 'Nora Plan', memberId: 'VH-3001', planId: plan });
    const o = (await options(s.managerA, `passengerId=${m.id}`)).json() as TripCreateOptions;
    expect(o).toMatchObject({ earliestDate: '2026-11-25', latestDate: '2026-12-06' });
    const hours = await createPlan(s.db.pool, { advance_notice_hours_min: 48 });
    const h = await createMember(s.db.pool, s.w.billToA.id, { name: 'Hal Hours', memberId: 'VH-3002', planId: hours });
    expect((await options(s.managerA, `passengerId=${h.id}`)).json()).toMatchObject({ earliestDate: '2026-11-24', noticeHoursMin: 48 });
  });

  it("a member covered by two accounts gets the dates of the case manager's own plan", async () => {
    const plan = await createPlan(s.db.pool, { advance_notice_days_min: 5 });
    const m = await createMember(s.db.pool, s.w.billToB.id, { name: 'Two Plans', memberId: 'MC-4001' });
    await cover(s.db.pool, m.id, s.w.billToA.id, 'VH-4001', plan);
    expect((await options(s.managerA, `passengerId=${m.id}`)).json()).toMatchObject({ earliestDate: '2026-11-27' });
    expect((await options(s.managerB, `passengerId=${m.id}`)).json()).toMatchObject({ earliestDate: '2026-11-23' });
  });
});

describe('duplicateFrom and returnTripFrom', () => {
  async function book(b: Browser, body: Record<string, unknown>): Promise<string> {
    const preview = await b.post('/api/case-manager-trip-preview', body);
    if (preview.statusCode !== 200) throw new Error(preview.body);
    const done = await b.post('/api/case-manager-trip-schedule', { requestId: preview.json().requestId });
    if (done.statusCode !== 200) throw new Error(done.body);
    return done.json().daId;
  }
  const options = (b: Browser, q: string) => b.get(`/api/case-manager-trip-create-options?${q}`);

  it('fills in everything but the date from a trip in scope, and swaps the places of a return', async () => {
    const daId = await book(s.managerA, tripRequest(s.w.memberA, DAY, { serviceTypeCode: '03' }));
    const again = (await options(s.managerA, `duplicateFrom=${daId}`)).json() as TripCreateOptions;
    expect(again.passenger.id).toBe(s.w.memberA.id);
    expect(again.prefill).toMatchObject({ from: 'duplicate', serviceTypeCode: '03', apptTime: '10:00:00', apptType: 'Medical', willCall: false });
    expect(again.prefill?.locationFirst?.id).toBe(s.w.memberA.homeId);
    expect(again.prefill?.locationSecond?.id).toBe(s.w.memberA.clinicId);
    expect(again.prefill).not.toHaveProperty('serviceDate');
    const back = (await options(s.managerA, `returnTripFrom=${daId}`)).json() as TripCreateOptions;
    expect(back.prefill).toMatchObject({ from: 'return', apptTime: null, pickupTime: null });
    expect(back.prefill?.locationFirst?.id).toBe(s.w.memberA.clinicId);
    expect(back.prefill?.locationSecond?.id).toBe(s.w.memberA.homeId);
    // out of scope answers like a missing trip
    expect((await options(s.managerB, `duplicateFrom=${daId}`)).statusCode).toBe(404);
    expect((await options(s.rider, `returnTripFrom=${daId}`)).statusCode).toBe(404);
    expect((await options(s.managerA, `duplicateFrom=${UNKNOWN}`)).statusCode).toBe(404);
  });

  it('refuses the return of a will-call trip with the one will-call text', async () => {
    const daId = await book(s.rider, tripRequest(s.w.rider, DAY, { willCall: true, apptTime: null }));
    const res = await options(s.rider, `returnTripFrom=${daId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RES_MSG.WILL_CALL_ACTION);
    expect(((await options(s.rider, `duplicateFrom=${daId}`)).json() as TripCreateOptions).prefill).toMatchObject({ willCall: true, pickupTime: null });
  });
});
