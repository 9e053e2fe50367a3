import { describe, expect, it } from 'vitest';
import { RES_MSG } from '../reservations/messages.ts';
import { PORTAL_REQUEST_MSG } from './messages.ts';
import { requestPrefill } from './prefill.ts';
import {
  choosesPassenger,
  oneMonthAfter,
  requestDateWindow,
  requestDropoff,
  requestPathOf,
  requestPickup,
  requestServiceTypes,
  tripRequestIssues,
  type RequestContext,
  type RequestFields,
} from './rules.ts';

const user = (types: string[], adminAccess = false) => ({ types, ldapGroups: [], adminAccess });

describe('who picks the passenger (rule 69)', () => {
  it('case managers, staff and ItinerisAdmin choose; passengers request for themselves', () => {
    expect(choosesPassenger(user(['Case Manager']))).toBe(true);
    expect(choosesPassenger(user(['SecureEmployee']))).toBe(true);
    expect(choosesPassenger(user(['ItinerisAdmin']))).toBe(true);
    expect(choosesPassenger(user(['S/N Passenger']))).toBe(false);
  });
});

describe('requestServiceTypes (rule 190: only Ambulatory or Wheelchair for portal users)', () => {
  it('offers 01 and 03 to case managers and passengers', () => {
    expect(requestServiceTypes(user(['Case Manager']))).toEqual([
      { code: '01', name: 'Ambulatory' },
      { code: '03', name: 'Wheelchair' },
    ]);
    expect(requestServiceTypes(user(['S/N Passenger'])).map((s) => s.code)).toEqual(['01', '03']);
  });
  it('offers staff the whole list, Stretcher included', () => {
    const codes = requestServiceTypes(user(['SecureEmployee'])).map((s) => s.code);
    expect(codes).toContain('05');
    expect(codes.length).toBeGreaterThan(2);
    expect(requestServiceTypes(user([], true)).map((s) => s.code)).toContain('05');
  });
});

describe('oneMonthAfter', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(oneMonthAfter('2026-03-04')).toBe('2026-04-04');
    expect(oneMonthAfter('2026-01-31')).toBe('2026-02-28');
    expect(oneMonthAfter('2028-01-31')).toBe('2028-02-29');
    expect(oneMonthAfter('2026-12-15')).toBe('2027-01-15');
  });
});

describe('requestDateWindow (rule 189: tomorrow to one month ahead, narrowed by the plan)', () => {
  const none = { advanceNoticeDaysMin: null, advanceNoticeDaysMax: null, advanceNoticeHoursMin: null };
  it('is tomorrow to a month ahead without a plan', () => {
    expect(requestDateWindow('2026-03-04', '10:00:00', null)).toEqual({ earliestDate: '2026-03-05', latestDate: '2026-04-04', noticeHoursMin: null });
    expect(requestDateWindow('2026-03-04', '10:00:00', none).earliestDate).toBe('2026-03-05');
  });
  it('moves the first day by days min, and only past tomorrow', () => {
    expect(requestDateWindow('2026-03-04', '10:00', { ...none, advanceNoticeDaysMin: 0 }).earliestDate).toBe('2026-03-05');
    expect(requestDateWindow('2026-03-04', '10:00', { ...none, advanceNoticeDaysMin: 1 }).earliestDate).toBe('2026-03-05');
    expect(requestDateWindow('2026-03-04', '10:00', { ...none, advanceNoticeDaysMin: 3 }).earliestDate).toBe('2026-03-07');
  });
  it('moves the first day to the day the hours of notice run out', () => {
    expect(requestDateWindow('2026-03-04', '10:00', { ...none, advanceNoticeHoursMin: 48 })).toMatchObject({ earliestDate: '2026-03-06', noticeHoursMin: 48 });
    expect(requestDateWindow('2026-03-04', '23:59', { ...none, advanceNoticeHoursMin: 24 }).earliestDate).toBe('2026-03-05');
    expect(requestDateWindow('2026-03-04', '00:00', { ...none, advanceNoticeHoursMin: 72 }).earliestDate).toBe('2026-03-07');
  });
  it('brings the last day in by days max, never beyond a month', () => {
    expect(requestDateWindow('2026-03-04', '10:00', { ...none, advanceNoticeDaysMax: 14 }).latestDate).toBe('2026-03-18');
    expect(requestDateWindow('2026-03-04', '10:00', { ...none, advanceNoticeDaysMax: 90 }).latestDate).toBe('2026-04-04');
  });
});

const ctx: RequestContext = {
  window: { earliestDate: '2026-03-05', latestDate: '2026-04-04', noticeHoursMin: null },
  serviceCodes: ['01', '03'],
  apptTypes: ['DIALYSIS', 'MEDICAL'],
  today: '2026-03-04',
  now: '10:00:00',
};
const good: RequestFields = {
  passenger: '0b8e1a4e-6a4b-4c8a-9a51-1f7a7f0e9b11',
  serviceTypeCode: '01',
  serviceDate: '2026-03-10',
  apptTime: '10:00:00',
  locationFirst: { id: 'a' },
  locationSecond: { text: '100 Main St, Denver, CO 80202' },
  apptType: 'MEDICAL',
};
const paths = (r: RequestFields, c: RequestContext = ctx) => tripRequestIssues(r, c).map((i) => `${i.path}: ${i.message}`);

describe('tripRequestIssues (rule 188 and the reservation rules on one leg)', () => {
  it('accepts a complete request', () => {
    expect(paths(good)).toEqual([]);
  });
  it('names the missing fields by their request names', () => {
    expect(paths({ passenger: null, serviceTypeCode: null, serviceDate: null, locationFirst: null, locationSecond: null, apptType: null })).toEqual([
      `passenger: ${PORTAL_REQUEST_MSG.PASSENGER_REQUIRED}`,
      `serviceTypeCode: ${PORTAL_REQUEST_MSG.SERVICE_TYPE_REQUIRED}`,
      `serviceDate: ${PORTAL_REQUEST_MSG.DATE_REQUIRED}`,
      `apptType: ${PORTAL_REQUEST_MSG.APPT_TYPE_REQUIRED}`,
      `passenger: ${RES_MSG.PASSENGER_REQUIRED}`,
      `locationFirst: ${RES_MSG.PICKUP_ADDRESS_REQUIRED}`,
      `locationSecond: ${RES_MSG.DROPOFF_ADDRESS_REQUIRED}`,
      `pickupTime: ${RES_MSG.PICKUP_REQUIRED}`,
    ]);
  });
  it('refuses Stretcher to portal users (rule 190)', () => {
    expect(paths({ ...good, serviceTypeCode: '05' })).toEqual([`serviceTypeCode: ${PORTAL_REQUEST_MSG.SERVICE_TYPE_NOT_OFFERED}`]);
    expect(paths({ ...good, serviceTypeCode: '03' })).toEqual([]);
  });
  it('takes the first and last day of the window, not a day outside', () => {
    expect(paths({ ...good, serviceDate: '2026-03-05' })).toEqual([]);
    expect(paths({ ...good, serviceDate: '2026-04-04' })).toEqual([]);
    expect(paths({ ...good, serviceDate: '2026-03-04' })).toEqual(['serviceDate: The earliest date you can request is Thursday, March 5']);
    expect(paths({ ...good, serviceDate: '2026-04-05' })).toEqual(['serviceDate: The latest date you can request is Saturday, April 4']);
  });
  it('refuses an appointment type that is not offered', () => {
    expect(paths({ ...good, apptType: 'SPA' })).toEqual([`apptType: ${PORTAL_REQUEST_MSG.APPT_TYPE_UNKNOWN}`]);
  });
  it('applies the reservation time rules', () => {
    expect(paths({ ...good, apptTime: null, pickupTime: '11:00:00', dropoffTime: '10:00:00' })).toEqual([`dropoffTime: ${RES_MSG.PICKUP_AFTER_DROPOFF}`]);
    expect(paths({ ...good, pickupTime: '10:30:00', pickupTimeOverride: true })).toEqual([`apptTime: ${RES_MSG.APPT_BEFORE_PICKUP}`]);
    // 09:40 pickup, 5 minutes to board, a 20-minute drive: drop-off 10:05 is too late for 10:00
    expect(paths({ ...good, pickupTime: '09:40:00', pickupTimeOverride: true }, { ...ctx, drivingSeconds: 1200 })).toEqual([
      `apptTime: ${RES_MSG.DROPOFF_TOO_LATE('10:05', '10:00')}`,
    ]);
  });
  it('refuses overriding the pickup of a will-call trip, and needs no time for one', () => {
    expect(paths({ ...good, apptTime: null, willCall: true })).toEqual([]);
    expect(paths({ ...good, willCall: true, pickupTime: '09:00:00', pickupTimeOverride: true })).toEqual([`pickupTime: ${RES_MSG.WILL_CALL_PICKUP_OVERRIDE}`]);
  });
  it('refuses the same place twice', () => {
    expect(paths({ ...good, locationSecond: { id: 'a' } })).toEqual([`locationSecond: ${PORTAL_REQUEST_MSG.SAME_PLACES}`]);
  });
  it('checks the hours of notice against the pickup time, exactly the minimum being enough', () => {
    const c = { ...ctx, window: { ...ctx.window, noticeHoursMin: 48 } };
    const at = (serviceDate: string, pickupTime: string) => paths({ ...good, apptTime: null, serviceDate, pickupTime }, c);
    expect(at('2026-03-06', '10:00:00')).toEqual([]);
    expect(at('2026-03-06', '09:55:00')).toEqual([`pickupTime: ${PORTAL_REQUEST_MSG.NOTICE_HOURS(48)}`]);
  });
  it('says when no pickup can be worked out before the appointment', () => {
    expect(paths({ ...good, apptTime: '00:10:00' }, { ...ctx, drivingSeconds: 1800 })).toEqual([`pickupTime: ${PORTAL_REQUEST_MSG.PICKUP_NOT_COMPUTED}`]);
  });
});

describe('requestPickup and requestDropoff (spec 2 §9 through the reservation rules)', () => {
  it('works the pickup back from the appointment, rounded down to 5 minutes', () => {
    // 10:00 − 23 min drive − 5 min boarding = 09:32 → 09:30
    expect(requestPickup(good, 23 * 60)).toBe('09:30:00');
    expect(requestDropoff(good, '09:30:00', 23 * 60)).toBe('09:58:00');
  });
  it('keeps a typed pickup when overridden or without an appointment', () => {
    expect(requestPickup({ ...good, pickupTime: '08:00:00', pickupTimeOverride: true }, 600)).toBe('08:00:00');
    expect(requestPickup({ ...good, apptTime: null, pickupTime: '08:00:00' }, 600)).toBe('08:00:00');
  });
  it('is 23:59:00 on will call, with no drop-off estimate', () => {
    expect(requestPickup({ ...good, willCall: true }, 600)).toBe('23:59:00');
    expect(requestDropoff({ ...good, willCall: true }, '23:59:00', 600)).toBeNull();
  });
});

describe('requestPrefill (duplicateFrom, returnTripFrom)', () => {
  const trip = {
    referenceNumber: 'R1',
    serviceTypeRequested: '03',
    willCall: false,
    legs: [{ locFirstTimeOrd: '09:30:00', locSecondTimeOrd: null, apptTime: '10:00:00', apptType: 'MEDICAL', pickupTimeOverride: false, locationFirst: 'home', locationSecond: 'clinic' }],
  };
  it('copies everything of a duplicate (the date is not part of it)', () => {
    expect(requestPrefill(trip, 'duplicate')).toEqual({
      from: 'duplicate',
      referenceNumber: 'R1',
      serviceTypeCode: '03',
      pickupTime: '09:30:00',
      dropoffTime: null,
      apptTime: '10:00:00',
      pickupTimeOverride: false,
      willCall: false,
      apptType: 'MEDICAL',
      locationFirst: 'home',
      locationSecond: 'clinic',
    });
  });
  it('swaps the places of a return trip and leaves its times to fill in', () => {
    expect(requestPrefill(trip, 'return')).toMatchObject({ from: 'return', locationFirst: 'clinic', locationSecond: 'home', pickupTime: null, apptTime: null, willCall: false });
  });
  it('refuses the return of a will-call trip with the one will-call text (DECISIONS 4)', () => {
    expect(requestPrefill({ ...trip, willCall: true }, 'return')).toEqual({ refused: 'This action is not possible for a "Will Call" trip.' });
  });
  it('duplicates a will-call trip as will call, without its 23:59 times', () => {
    const wc = { ...trip, willCall: true, legs: [{ ...trip.legs[0], locFirstTimeOrd: '23:59:00', locSecondTimeOrd: '23:59:00', apptTime: null }] };
    expect(requestPrefill(wc, 'duplicate')).toMatchObject({ willCall: true, pickupTime: null, dropoffTime: null });
  });
  it('has nothing to start from without a leg', () => {
    expect(requestPrefill({ ...trip, legs: [] }, 'duplicate')).toBeNull();
  });
});

describe('texts', () => {
  it('keeps the spec wording of the invalid form (rule 188)', () => {
    expect(PORTAL_REQUEST_MSG.FIX_ERRORS).toBe('Please fix all validation errors first');
  });
});

describe('requestPathOf', () => {
  it("names the editor's leg fields as the request does", () => {
    expect(requestPathOf('tripLegs.0.locFirstTimeOrd')).toBe('pickupTime');
    expect(requestPathOf('tripLegs.0.passengerId')).toBe('passenger');
    expect(requestPathOf('tripLegs.0.locationSecond.id')).toBe('locationSecond.id');
    expect(requestPathOf('farConfirmed')).toBe('farConfirmed');
  });
});
