import { describe, expect, it } from 'vitest';
import { TRIP_MSG } from '@tripline/core';
import { makeLeg, makeTrip } from '../trip-factory.ts';
import {
  conflictCopy,
  filterDeclineReasons,
  rateAcceptAllRefusal,
  rateAcceptSelection,
  receiptProblem,
  smsTargets,
  splitBatchFailures,
} from './partner-rules.ts';

// 2026-11-20 10:00 in Albuquerque; the factory's trips are that day at 09:00.
const NOW = new Date('2026-11-20T17:00:00Z');
const stats = { locFirstTimeAct: '09:02:00', locFirstTimeDep: '09:05:00', locSecondTimeAct: '09:41:00' };

describe('rate accept for the day', () => {
  const done = makeTrip({ id: 'a', accepted: true, tripLegs: [makeLeg(stats)] });
  const noStats = makeTrip({ id: 'b', accepted: true });
  const final = makeTrip({ id: 'c', accepted: true, partnerPayStatus: 'Final', tripLegs: [makeLeg(stats)] });
  const notAccepted = makeTrip({ id: 'd' });

  it('sends the accepted trips that may be finalised', () => {
    const selection = rateAcceptSelection([done, noStats, final, notAccepted], NOW);
    expect(selection.pending.map((t) => t.id)).toEqual(['a', 'b']);
    expect(selection.eligible.map((t) => t.id)).toEqual(['a']);
    expect(rateAcceptAllRefusal(selection)).toBeNull();
  });

  it('says when nothing is pending rate approval, as information', () => {
    expect(rateAcceptAllRefusal(rateAcceptSelection([final, notAccepted], NOW))).toEqual({ message: TRIP_MSG.NOTHING_PENDING_RATE, kind: 'info' });
  });

  it('warns when no pending trip is eligible', () => {
    expect(rateAcceptAllRefusal(rateAcceptSelection([noStats], NOW))).toEqual({ message: TRIP_MSG.NO_ELIGIBLE_TRIPS, kind: 'warning' });
  });
});

describe('filterDeclineReasons', () => {
  const reasons = [
    { name: 'No Availability', aliases: ['No Driver Available', 'Fully Booked'], alwaysVisible: false },
    { name: 'Out of Service Area', aliases: ['Too Far'], alwaysVisible: false },
    { name: 'Other', aliases: [], alwaysVisible: true },
  ];

  it('lists every reason without a search', () => {
    expect(filterDeclineReasons(reasons, ' ')).toHaveLength(3);
  });

  it('finds reasons by alias and keeps the always-visible ones', () => {
    expect(filterDeclineReasons(reasons, 'booked').map((r) => r.name)).toEqual(['No Availability', 'Other']);
    expect(filterDeclineReasons(reasons, 'far').map((r) => r.name)).toEqual(['Out of Service Area', 'Other']);
    expect(filterDeclineReasons(reasons, 'zzz').map((r) => r.name)).toEqual(['Other']);
  });
});

describe('receiptProblem', () => {
  it('takes images and PDFs up to 20 MB', () => {
    expect(receiptProblem({ name: 'r.pdf', size: 20 * 1024 * 1024, type: 'application/pdf' })).toBeNull();
    expect(receiptProblem({ name: 'IMG_1.HEIC', size: 10, type: '' })).toBeNull();
  });

  it('refuses other files, large ones and empty ones', () => {
    expect(receiptProblem({ name: 'r.docx', size: 10, type: 'application/msword' })).toBe(TRIP_MSG.RECEIPT_TYPE);
    expect(receiptProblem({ name: 'r.pdf', size: 20 * 1024 * 1024 + 1, type: 'application/pdf' })).toBe(TRIP_MSG.RECEIPT_TOO_LARGE);
    expect(receiptProblem({ name: 'r.png', size: 0, type: 'image/png' })).toBe(TRIP_MSG.RECEIPT_REQUIRED);
  });

  it('reads the common spellings of image types', () => {
    expect(receiptProblem({ name: 'r.jpg', size: 10, type: 'image/jpg' })).toBeNull();
  });
});

describe('smsTargets', () => {
  const cell = { phoneNumberWithAreaCode: '(505) 555-0101', smsEnabled: false, main: false, type: 'Cell' };
  const fax = { phoneNumberWithAreaCode: '(505) 555-0102', smsEnabled: false, main: false, type: 'Fax' };

  it('gives the eligible phone of each passenger once', () => {
    const trip = makeTrip({
      tripLegs: [makeLeg({ passenger: { id: 'p1', name: 'Ada Lovato', phones: [fax, cell] } }), makeLeg({ id: 'leg-2', passenger: { id: 'p1', name: 'Ada Lovato', phones: [fax, cell] } })],
    });
    expect(smsTargets(trip)).toEqual([{ ok: true, contactId: 'p1', name: 'Ada Lovato', phone: cell }]);
  });

  it('explains a passenger without an eligible phone', () => {
    const trip = makeTrip({ tripLegs: [makeLeg({ passenger: { id: 'p1', name: 'Ada Lovato', phones: [fax] } })] });
    expect(smsTargets(trip)).toEqual([{ ok: false, name: 'Ada Lovato', message: TRIP_MSG.NO_SMS_PHONE('Ada Lovato') }]);
  });

  it('needs a contact id', () => {
    const trip = makeTrip({ tripLegs: [makeLeg({ passenger: null, passengerId: null, passName: 'Walk-in' })] });
    expect(smsTargets(trip)).toEqual([{ ok: false, name: 'Walk-in', message: TRIP_MSG.MISSING_CONTACT_ID }]);
  });
});

describe('conflictCopy', () => {
  it('reads the server copy of a 409 answer', () => {
    const current = makeTrip({ modCount: 7 });
    expect(conflictCopy({ error: 'conflict', message: 'changed', current })?.modCount).toBe(7);
  });

  it('is null without a usable copy', () => {
    expect(conflictCopy({ error: 'conflict', message: 'changed' })).toBeNull();
    expect(conflictCopy({ current: { id: 'x' } })).toBeNull();
    expect(conflictCopy('text')).toBeNull();
  });
});


describe('splitBatchFailures (spec 1 §8)', () => {
  it('takes a failure with the server copy as a stale trip, with its ref and the server message', () => {
    const current = makeTrip({ id: 'a', referenceNumber: '2000001', modCount: 4 });
    const { stale, refused } = splitBatchFailures([
      { id: 'a', referenceNumber: '2000001', message: TRIP_MSG.CONFLICT_SERVER, current },
      { id: 'b', referenceNumber: '2000002', message: TRIP_MSG.ALREADY_ACCEPTED },
      { id: 'c', referenceNumber: null, message: 'The record was not found.' },
    ]);
    expect(stale).toEqual([{ ref: '2000001', serverMessage: TRIP_MSG.CONFLICT_SERVER, current }]);
    expect(refused.map((f) => f.id)).toEqual(['b', 'c']);
  });

  it("uses the copy's reference number when the failure has none", () => {
    const current = makeTrip({ id: 'a', referenceNumber: '2000009' });
    expect(splitBatchFailures([{ id: 'a', referenceNumber: null, message: 'changed', current }]).stale[0].ref).toBe('2000009');
  });

  it('finds nothing stale in plain refusals', () => {
    expect(splitBatchFailures([{ id: 'b', referenceNumber: '2000002', message: TRIP_MSG.NOT_EDITABLE }]).stale).toEqual([]);
    expect(splitBatchFailures([])).toEqual({ stale: [], refused: [] });
  });
});
