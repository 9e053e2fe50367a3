import { describe, expect, it } from 'vitest';
import {
  defaultOfferInstant,
  isOffered,
  linkedGroups,
  marketplaceClaimRefusal,
  marketplaceFilterProblem,
  marketplaceState,
  MARKETPLACE_MSG,
  mayClaimNow,
  offerInstant,
  reservedUntilText,
  tripPickupAt,
  type Claimer,
  type OfferFacts,
} from './rules.ts';

const H = 3600_000;
const NOW = new Date('2026-11-20T15:00:00Z');
const PICKUP = Date.parse('2026-11-25T16:00:00Z'); // 09:00 in Denver
const FLEET = { vehicles: 1, ambulatorySeats: 4, wheelchairSeats: 1, stretchers: 0 };

const trip = (over: Partial<OfferFacts> = {}): OfferFacts => ({
  referenceNumber: 'T100',
  serviceTypeRequested: '01',
  accepted: false,
  canceled: false,
  locked: false,
  marketplaceUntil: '2026-11-20T12:00:00Z',
  pickupAt: PICKUP,
  farmoutContactId: 'own',
  declinedBy: [],
  timeZone: 'America/Denver',
  ...over,
});
const claimer = (over: Partial<Claimer> = {}): Claimer => ({ partnerId: 'other', compliant: true, fleet: FLEET, ...over });

describe('isOffered', () => {
  it('needs marketplaceUntil, an open trip, a vehicle and a pickup ahead', () => {
    expect(isOffered(trip(), NOW)).toBe(true);
    expect(isOffered(trip({ marketplaceUntil: null }), NOW)).toBe(false);
    expect(isOffered(trip({ accepted: true }), NOW)).toBe(false);
    expect(isOffered(trip({ canceled: true }), NOW)).toBe(false);
    expect(isOffered(trip({ locked: true }), NOW)).toBe(false);
    expect(isOffered(trip({ pickupAt: NOW.getTime() }), NOW)).toBe(false);
    expect(isOffered(trip({ pickupAt: NOW.getTime() + 1 }), NOW)).toBe(true);
  });

  it('leaves out the service types that need no vehicle (55, 56, 95, 98, 99)', () => {
    for (const t of ['55', '56', '95', '98', '99']) expect(isOffered(trip({ serviceTypeRequested: t }), NOW)).toBe(false);
    for (const t of ['01', '03', '05', '06', '91']) expect(isOffered(trip({ serviceTypeRequested: t }), NOW)).toBe(true);
  });
});

describe('the exclusive window', () => {
  const until = '2026-11-22T16:00:00Z';
  const at = (iso: string) => new Date(iso);
  it('reserves the trip for its partner before marketplaceUntil and opens it to anyone from that instant', () => {
    const t = trip({ marketplaceUntil: until });
    expect(mayClaimNow(t, 'other', at('2026-11-22T15:59:59.999Z'))).toBe(false);
    expect(mayClaimNow(t, 'own', at('2026-11-22T15:59:59.999Z'))).toBe(true);
    expect(mayClaimNow(t, 'other', at(until))).toBe(true);
    // a trip its partner declined, or one without a partner, is held for nobody
    expect(mayClaimNow({ ...t, declinedBy: ['own'] }, 'other', at('2026-11-22T15:59:59.999Z'))).toBe(true);
    expect(mayClaimNow({ ...t, farmoutContactId: null }, 'other', at('2026-11-22T15:59:59.999Z'))).toBe(true);
  });

  it("says 'reserved until {time}' in the trip's time zone", () => {
    const t = trip({ marketplaceUntil: until });
    expect(marketplaceClaimRefusal(t, 'T100', claimer(), true, at('2026-11-22T15:59:00Z'))).toBe(
      'Trip T100 is reserved for its partner until Nov 22, 9:00 AM.',
    );
    expect(marketplaceClaimRefusal(t, 'T100', claimer(), true, at(until))).toBeNull();
    expect(reservedUntilText('2026-11-23T00:30:00Z', 'America/Denver')).toBe('Nov 22, 5:30 PM');
  });
});

describe('defaultOfferInstant', () => {
  it('is pickup − 3 days, else pickup − 16 h, else now', () => {
    expect(defaultOfferInstant(PICKUP, NOW).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    const twoDaysAhead = NOW.getTime() + 48 * H;
    expect(defaultOfferInstant(twoDaysAhead, NOW).getTime()).toBe(twoDaysAhead - 16 * H);
    const exactly3Days = NOW.getTime() + 72 * H;
    expect(defaultOfferInstant(exactly3Days, NOW).getTime()).toBe(NOW.getTime());
    const tenHoursAhead = NOW.getTime() + 10 * H;
    expect(defaultOfferInstant(tenHoursAhead, NOW)).toEqual(NOW);
  });
});

describe('offerInstant', () => {
  it('accepts an instant from pickup − 3 days to pickup − 16 h, both included', () => {
    const threeDays = new Date(PICKUP - 72 * H);
    const sixteenHours = new Date(PICKUP - 16 * H);
    expect(offerInstant(PICKUP, threeDays, NOW)).toEqual({ at: threeDays });
    expect(offerInstant(PICKUP, sixteenHours, NOW)).toEqual({ at: sixteenHours });
    expect(offerInstant(PICKUP, new Date(PICKUP - 72 * H - 1), NOW)).toEqual({ error: MARKETPLACE_MSG.WINDOW });
    expect(offerInstant(PICKUP, new Date(PICKUP - 16 * H + 1), NOW)).toEqual({ error: MARKETPLACE_MSG.WINDOW });
    expect(MARKETPLACE_MSG.WINDOW).toBe('The exclusive window must end between 3 days and 16 hours before pickup');
  });

  it('takes now once that range has passed, and only now', () => {
    const soon = NOW.getTime() + 10 * H;
    expect(offerInstant(soon, NOW, NOW)).toEqual({ at: NOW });
    expect(offerInstant(soon, new Date(NOW.getTime() + 4 * 60_000), NOW)).toEqual({ at: NOW });
    expect(offerInstant(soon, new Date(NOW.getTime() + 60 * 60_000), NOW)).toEqual({ error: MARKETPLACE_MSG.WINDOW });
    // while the range is still ahead, now is refused
    expect(offerInstant(PICKUP, NOW, NOW)).toEqual({ error: MARKETPLACE_MSG.WINDOW });
  });
});

describe('marketplaceFilterProblem', () => {
  const today = '2026-11-20';
  it('allows today to 6 days ahead', () => {
    expect(marketplaceFilterProblem({ date: today, range: 50 }, today)).toBeNull();
    expect(marketplaceFilterProblem({ date: '2026-11-26', range: 50 }, today)).toBeNull();
    expect(marketplaceFilterProblem({ date: '2026-11-27', range: 50 }, today)).toEqual({ path: 'date', message: 'Choose a date from today to 6 days ahead' });
    expect(marketplaceFilterProblem({ date: '2026-11-19', range: 50 }, today)?.path).toBe('date');
  });

  it('allows a range of 1 to 300 miles and a ZIP of 5 digits', () => {
    expect(marketplaceFilterProblem({ date: today, range: 300 }, today)).toBeNull();
    expect(marketplaceFilterProblem({ date: today, range: 1 }, today)).toBeNull();
    expect(marketplaceFilterProblem({ date: today, range: 301 }, today)).toEqual({ path: 'range', message: 'The range is 1 to 300 miles' });
    expect(marketplaceFilterProblem({ date: today, range: 0 }, today)?.path).toBe('range');
    expect(marketplaceFilterProblem({ date: today, range: 50, zip: '87102' }, today)).toBeNull();
    expect(marketplaceFilterProblem({ date: today, range: 50, zip: '8710' }, today)).toEqual({ path: 'zip', message: 'A ZIP code has 5 digits' });
  });
});

describe('marketplaceClaimRefusal', () => {
  it('answers no longer available for an unknown, taken, canceled or declined trip', () => {
    const gone = 'Trip T100 is no longer available.';
    expect(marketplaceClaimRefusal(null, 'T100', claimer(), true, NOW)).toBe(gone);
    expect(marketplaceClaimRefusal(trip({ accepted: true }), 'T100', claimer(), true, NOW)).toBe(gone);
    expect(marketplaceClaimRefusal(trip({ canceled: true }), 'T100', claimer(), true, NOW)).toBe(gone);
    expect(marketplaceClaimRefusal(trip({ marketplaceUntil: null }), 'T100', claimer(), true, NOW)).toBe(gone);
    expect(marketplaceClaimRefusal(trip({ declinedBy: ['other'] }), 'T100', claimer(), true, NOW)).toBe(gone);
  });

  it('refuses a company whose credentials are incomplete', () => {
    expect(marketplaceClaimRefusal(trip(), 'T100', claimer({ compliant: false }), true, NOW)).toBe("Your company's credentials are incomplete.");
  });

  it('refuses a company with no vehicle for the service type, per type', () => {
    const noWheelchair = claimer({ fleet: { vehicles: 1, ambulatorySeats: 4, wheelchairSeats: 0, stretchers: 0 } });
    expect(marketplaceClaimRefusal(trip({ serviceTypeRequested: '03' }), 'T100', noWheelchair, true, NOW)).toBe(
      'Your company has no vehicle for 03 Wheelchair trips.',
    );
    expect(marketplaceClaimRefusal(trip({ serviceTypeRequested: '01' }), 'T100', noWheelchair, true, NOW)).toBeNull();
    expect(marketplaceClaimRefusal(trip({ serviceTypeRequested: '05' }), 'T100', noWheelchair, true, NOW)).toMatch(/^Your company has no vehicle for 05/);
    const noVehicle = claimer({ fleet: { vehicles: 0, ambulatorySeats: 0, wheelchairSeats: 0, stretchers: 0 } });
    expect(marketplaceClaimRefusal(trip({ serviceTypeRequested: '01' }), 'T100', noVehicle, true, NOW)).toMatch(/^Your company has no vehicle/);
  });

  it('refuses NoRate last', () => {
    expect(marketplaceClaimRefusal(trip(), 'T100', claimer(), false, NOW)).toBe('Trip T100 has no rate for your company (NoRate).');
    expect(marketplaceClaimRefusal(trip(), 'T100', claimer(), true, NOW)).toBeNull();
  });
});

describe('marketplaceState', () => {
  it('is available, reserved, no longer available or canceled as the viewer sees it', () => {
    const reserved = trip({ marketplaceUntil: '2026-11-22T16:00:00Z' });
    expect(marketplaceState(reserved, 'other', NOW)).toBe('reserved');
    expect(marketplaceState(reserved, 'own', NOW)).toBe('available');
    expect(marketplaceState(trip(), 'other', NOW)).toBe('available');
    expect(marketplaceState(trip({ accepted: true }), 'other', NOW)).toBe('noLongerAvailable');
    expect(marketplaceState(trip({ canceled: true }), 'other', NOW)).toBe('canceled');
  });
});

describe('linkedGroups and the toast', () => {
  it("groups a passenger's trips together and keeps trips without a key alone", () => {
    const groups = linkedGroups([
      { id: 'a', passengerKey: 'k1' },
      { id: 'b', passengerKey: null },
      { id: 'c', passengerKey: 'k1' },
    ]);
    expect(groups.map((g) => g.map((t) => t.id))).toEqual([['a', 'c'], ['b']]);
  });

  it("says '{a} of {n} trips accepted'", () => {
    expect(MARKETPLACE_MSG.TOAST(2, 3)).toBe('2 of 3 trips accepted');
  });
});

describe('tripPickupAt', () => {
  const at = (iso: string) => Date.parse(iso);
  it('is the earliest real ordered pickup, will calls left out', () => {
    const legs = [
      { locFirstTimeOrd: '23:59:00', locFirstTimeOrdMillis: at('2026-11-26T06:59:00Z') },
      { locFirstTimeOrd: '09:00:00', locFirstTimeOrdMillis: at('2026-11-25T16:00:00Z') },
      { locFirstTimeOrd: '07:30:00', locFirstTimeOrdMillis: at('2026-11-25T14:30:00Z') },
    ];
    expect(tripPickupAt({ tripLegs: legs })).toBe(at('2026-11-25T14:30:00Z'));
  });

  it('counts a trip of will calls only from the start of its day', () => {
    expect(tripPickupAt({ tripLegs: [{ locFirstTimeOrd: '23:59:00', locFirstTimeOrdMillis: at('2026-11-26T06:59:00Z') }] })).toBe(at('2026-11-25T07:00:00Z'));
  });
});
