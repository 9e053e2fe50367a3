import { SyncDriveAssvFilter, type DriveAssignment } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../platform/auth/users.ts';
import { tripVisibleTo } from '../../platform/scope.ts';
import { narrowTripFilter, toTripFilter, tripMatches, type TripFoundSetFilter } from './trip-filter.ts';

const X = '11111111-1111-4111-8111-111111111111';
const Y = '22222222-2222-4222-8222-222222222222';
const BILL = '33333333-3333-4333-8333-333333333333';
const PAX = '44444444-4444-4444-8444-444444444444';

const trip = (t: Partial<DriveAssignment>) =>
  ({ id: 't', serviceDate: '2026-11-22', division: 'NM01', farmoutContactId: X, billToContactId: null, tripLegs: [], ...t }) as DriveAssignment;
const user = (u: Partial<SessionUser>) =>
  ({ id: PAX, types: [], ldapGroups: [], adminAccess: false, partnerId: null, billToIds: [], ...u }) as SessionUser;

describe('tripMatches', () => {
  const f: TripFoundSetFilter = { pickupDate: '2026-11-22' };
  it('matches on pickup date and each optional field given', () => {
    expect(tripMatches(f, trip({}))).toBe(true);
    expect(tripMatches(f, trip({ serviceDate: '2026-11-23' }))).toBe(false);
    expect(tripMatches({ ...f, division: 'NM01' }, trip({}))).toBe(true);
    expect(tripMatches({ ...f, division: 'NM02' }, trip({}))).toBe(false);
    expect(tripMatches({ ...f, affiliateId: X }, trip({}))).toBe(true);
    expect(tripMatches({ ...f, affiliateId: Y }, trip({}))).toBe(false);
    expect(tripMatches({ ...f, affiliateId: X }, trip({ farmoutContactId: null }))).toBe(false);
    expect(tripMatches({ ...f, id: 't' }, trip({}))).toBe(true);
    expect(tripMatches({ ...f, id: 'u' }, trip({}))).toBe(false);
  });

  it('asks the repository the same question', () => {
    expect(toTripFilter({ pickupDate: '2026-11-22', division: 'NM01', affiliateId: X, id: 't' })).toEqual({
      serviceDate: '2026-11-22',
      division: 'NM01',
      affiliateId: X,
      ids: ['t'],
    });
    expect(toTripFilter({ pickupDate: '2026-11-22', division: '' })).toEqual({ serviceDate: '2026-11-22' });
  });
});

describe('a found set of one trip by id (trip inspect)', () => {
  const ID = '55555555-5555-4555-8555-555555555555';

  it('follows the trip on any date when no pickupDate is given', () => {
    expect(tripMatches({ id: ID }, trip({ id: ID }))).toBe(true);
    expect(tripMatches({ id: ID }, trip({ id: ID, serviceDate: '2027-01-05' }))).toBe(true);
    expect(tripMatches({ id: ID }, trip({ id: 'other' }))).toBe(false);
    expect(toTripFilter({ id: ID })).toEqual({ ids: [ID] });
  });

  it('still applies a pickupDate given with the id', () => {
    expect(tripMatches({ pickupDate: '2026-11-22', id: ID }, trip({ id: ID, serviceDate: '2026-11-23' }))).toBe(false);
  });

  it('lower-cases the id and keeps row scope: a partner asking for one trip is narrowed to its own trips', () => {
    expect(narrowTripFilter(user({ types: ['SecureEmployee'] }), { id: ID.toUpperCase() })).toEqual({ id: ID });
    const partner = user({ types: ['Affiliate'], partnerId: X });
    const narrowed = narrowTripFilter(partner, { id: ID })!;
    expect(narrowed).toEqual({ id: ID, affiliateId: X });
    expect(tripMatches(narrowed, trip({ id: ID, farmoutContactId: X }))).toBe(true);
    expect(tripMatches(narrowed, trip({ id: ID, farmoutContactId: Y }))).toBe(false);
  });

  it('is refused by the protocol without a pickupDate or an id', () => {
    expect(SyncDriveAssvFilter.safeParse({}).success).toBe(false);
    expect(SyncDriveAssvFilter.safeParse({ id: '' }).success).toBe(false);
    expect(SyncDriveAssvFilter.safeParse({ id: ID }).success).toBe(true);
    expect(SyncDriveAssvFilter.safeParse({ pickupDate: '2026-11-22' }).success).toBe(true);
  });
});

describe('narrowTripFilter', () => {
  const day = { pickupDate: '2026-11-22' };

  it('narrows a partner-only user to its partner, and answers nothing for another partner', () => {
    const partner = user({ types: ['Affiliate'], partnerId: X });
    expect(narrowTripFilter(partner, day)).toEqual({ ...day, affiliateId: X });
    expect(narrowTripFilter(partner, { ...day, affiliateId: X.toUpperCase() })).toEqual({ ...day, affiliateId: X });
    expect(narrowTripFilter(partner, { ...day, affiliateId: Y })).toBeNull();
  });

  it('leaves staff, case managers and passengers with the filter as asked (scope filters their rows)', () => {
    expect(narrowTripFilter(user({ types: ['SecureEmployee'] }), { ...day, division: '' })).toEqual(day);
    expect(narrowTripFilter(user({ types: ['Case Manager'], billToIds: [BILL] }), day)).toEqual(day);
    expect(narrowTripFilter(user({ types: ['Passenger'] }), day)).toEqual(day);
    expect(narrowTripFilter(user({ types: ['Affiliate', 'Passenger'], partnerId: X }), day)).toEqual(day);
  });

  it('answers nothing for a user with no trip scope', () => {
    expect(narrowTripFilter(user({ types: ['Driver'] }), day)).toBeNull();
    expect(narrowTripFilter(user({ types: ['Case Manager'] }), day)).toBeNull();
  });

  it('never changes which trips a user sees', () => {
    const trips = [
      trip({ id: 'a', farmoutContactId: X }),
      trip({ id: 'b', farmoutContactId: Y, billToContactId: BILL }),
      trip({ id: 'c', farmoutContactId: null, tripLegs: [{ passengerId: PAX }] as DriveAssignment['tripLegs'] }),
      trip({ id: 'd', farmoutContactId: X, division: 'NM02' }),
    ];
    const users = [
      user({ types: ['Affiliate'], partnerId: X }),
      user({ types: ['AffiliateEmployee'], partnerId: Y }),
      user({ types: ['Case Manager'], billToIds: [BILL] }),
      user({ types: ['S/N Passenger'] }),
      user({ types: ['Driver'] }),
      user({ types: [], adminAccess: true }),
    ];
    const filters: TripFoundSetFilter[] = [day, { ...day, affiliateId: X }, { ...day, affiliateId: Y }, { ...day, division: 'NM01' }];
    for (const u of users) {
      for (const f of filters) {
        const asked = trips.filter((t) => tripMatches(f, t) && tripVisibleTo(u, t)).map((t) => t.id);
        const narrowed = narrowTripFilter(u, f);
        const got = narrowed ? trips.filter((t) => tripMatches(narrowed, t) && tripVisibleTo(u, t)).map((t) => t.id) : [];
        expect(got, `${u.types.join()} ${JSON.stringify(f)}`).toEqual(asked);
      }
    }
  });
});
