import { describe, expect, it } from 'vitest';
import { HOLD_OPEN_END, holdCovers, holdWindowText, isOpenEnded, suspensionTakesTrip, type HoldPeriod } from './holds.ts';
import { blacklistCovers, partnerRefusal, type BlacklistPeriod } from './partner-refusal.ts';

const partner = { id: 'p1', name: 'Sandia Mobility' };
const trip = { referenceNumber: '10042', serviceDate: '2026-11-23', passengers: [{ id: 'a', name: 'Ana Baca' }] };
const hold = (over: Partial<HoldPeriod> = {}): HoldPeriod => ({ providerId: 'p1', type: 'NoNewTrips', beginDate: '2026-11-23', endDate: HOLD_OPEN_END, ...over });
const entry = (over: Partial<BlacklistPeriod> = {}): BlacklistPeriod => ({
  partnerId: 'p1',
  passengerId: 'a',
  requestedBy: 'Passenger',
  endDate: null,
  deleted: false,
  ...over,
});

describe('holds (spec 2 §3, §4)', () => {
  it('treats 2078-12-31 as open-ended', () => {
    expect(isOpenEnded(hold())).toBe(true);
    expect(isOpenEnded(hold({ endDate: '2078-12-30' }))).toBe(false);
    expect(holdWindowText(hold())).toBe('from 2026-11-23, open-ended');
    expect(holdWindowText(hold({ endDate: '2026-11-30' }))).toBe('from 2026-11-23 to 2026-11-30');
  });

  it('is in effect from its begin day to its end day', () => {
    const h = hold({ endDate: '2026-11-25' });
    expect(holdCovers(h, '2026-11-22')).toBe(false);
    expect(holdCovers(h, '2026-11-23')).toBe(true);
    expect(holdCovers(h, '2026-11-25')).toBe(true);
    expect(holdCovers(h, '2026-11-26')).toBe(false);
  });

  it('a Suspension takes only unstarted, open trips of its window; NoNewTrips takes none', () => {
    const t = { canceled: false, partnerPayStatus: 'Open', serviceDate: '2026-11-23', started: false };
    const s = hold({ type: 'Suspension' });
    expect(suspensionTakesTrip(s, t)).toBe(true);
    expect(suspensionTakesTrip(hold(), t)).toBe(false);
    expect(suspensionTakesTrip(s, { ...t, started: true })).toBe(false);
    expect(suspensionTakesTrip(s, { ...t, canceled: true })).toBe(false);
    expect(suspensionTakesTrip(s, { ...t, partnerPayStatus: 'Final' })).toBe(false);
    expect(suspensionTakesTrip(s, { ...t, serviceDate: '2026-11-22' })).toBe(false);
  });
});

describe('partnerRefusal: a held or blacklisted partner is refused a trip', () => {
  it('allows a partner without holds or blacklist entries', () => {
    expect(partnerRefusal(trip, partner, [], [])).toBeNull();
  });

  it('refuses on the first day of a hold of either type, not the day before', () => {
    expect(partnerRefusal(trip, partner, [hold()], [])).toBe(
      'Sandia Mobility is on hold (No new trips) from 2026-11-23, open-ended: trip 10042 on 2026-11-23 cannot be assigned to it',
    );
    expect(partnerRefusal(trip, partner, [hold({ type: 'Suspension', endDate: '2026-11-23' })], [])).toBe(
      'Sandia Mobility is on hold (Suspension) from 2026-11-23 to 2026-11-23: trip 10042 on 2026-11-23 cannot be assigned to it',
    );
    expect(partnerRefusal(trip, partner, [hold({ beginDate: '2026-11-24' })], [])).toBeNull();
    expect(partnerRefusal(trip, partner, [hold({ beginDate: '2026-11-01', endDate: '2026-11-22' })], [])).toBeNull();
  });

  it("ignores another partner's hold and entries", () => {
    expect(partnerRefusal(trip, partner, [hold({ providerId: 'p2' })], [entry({ partnerId: 'p2' })])).toBeNull();
  });

  it('refuses a partner on the blacklist of a passenger of the trip, until its end date', () => {
    expect(partnerRefusal(trip, partner, [], [entry({ requestedBy: 'Operator' })])).toBe(
      'Ana Baca is on Sandia Mobility\u2019s blacklist (requested by Operator): trip 10042 cannot be assigned to it',
    );
    expect(partnerRefusal(trip, partner, [], [entry({ endDate: '2026-11-23' })])).not.toBeNull();
    expect(partnerRefusal(trip, partner, [], [entry({ endDate: '2026-11-22' })])).toBeNull();
    expect(partnerRefusal(trip, partner, [], [entry({ deleted: true })])).toBeNull();
    expect(partnerRefusal(trip, partner, [], [entry({ passengerId: 'b' })])).toBeNull();
  });

  it('counts a removed entry never and an open one always', () => {
    expect(blacklistCovers({ endDate: null, deleted: false }, '2099-01-01')).toBe(true);
    expect(blacklistCovers({ endDate: null, deleted: true }, '2026-01-01')).toBe(false);
  });
});
