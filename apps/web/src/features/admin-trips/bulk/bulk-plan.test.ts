import { describe, expect, it } from 'vitest';
import { makeLeg, makeTrip } from '../../trips/trip-factory.ts';
import {
  assignTargets,
  BULK_ACTION_DEFS,
  coverageChecks,
  outOfAreaConfirmation,
  partnerCovers,
  pastNote,
  pickupZip,
  refusal,
  replaceConfirmation,
  splitByDate,
} from './bulk-plan.ts';

const trip = (serviceDate: string, timeZone = 'America/Denver', canceled = false) => ({ serviceDate, timeZone, canceled });

describe('splitByDate (spec 2 §6, §9)', () => {
  // 2026-11-22 06:00 UTC is still 2026-11-21 in Denver and already 2026-11-22 in New York.
  const now = new Date('2026-11-22T06:00:00Z');
  it('keeps trips of today or later in their own zone and leaves out earlier ones', () => {
    const { eligible, past } = splitByDate(
      [trip('2026-11-21'), trip('2026-11-20'), trip('2026-11-21', 'America/New_York'), trip('2026-11-30', 'America/New_York')],
      now,
    );
    expect(eligible.map((t) => `${t.serviceDate} ${t.timeZone}`)).toEqual(['2026-11-21 America/Denver', '2026-11-30 America/New_York']);
    expect(past).toHaveLength(2);
  });
});

describe('refusal', () => {
  const today = new Date('2026-11-22T18:00:00Z');
  it("says 'No canceled DAs in found set' for un-cancel without a cancelled trip (spec 2 §8)", () => {
    expect(refusal('unCancel', [trip('2026-11-22')], 0, today)).toBe('No canceled DAs in found set');
    expect(refusal('unCancel', [trip('2026-11-22'), trip('2026-11-22', 'America/Denver', true)], 0, today)).toBeNull();
  });
  it('refuses when every chosen trip is before today', () => {
    expect(refusal('cancel', [], 3, today)).toBe('Bulk actions apply only to trips on or after today');
    expect(refusal('cancel', [], 0, today)).toBe('Choose at least one trip');
  });
  it('does not count a cancelled trip before today for un-cancel, as the server does', () => {
    expect(refusal('unCancel', [trip('2026-11-22'), trip('2026-11-21', 'America/Denver', true)], 0, today)).toBe('No canceled DAs in found set');
  });
  it('lets the other actions through', () => expect(refusal('assign', [trip('2026-11-22')], 2, today)).toBeNull());
});

describe('texts', () => {
  it('counts the trips in each question', () => {
    expect(BULK_ACTION_DEFS.assign.question(3, 'Mesa Rides')).toBe('Assign 3 trips to Mesa Rides?');
    expect(BULK_ACTION_DEFS.cancel.question(1)).toBe('Cancel 1 trip?');
  });
  it('notes the trips left out', () => {
    expect(pastNote(0)).toBeNull();
    expect(pastNote(2)).toBe('2 trips before today are left out: bulk actions apply only to trips on or after today.');
  });
});

describe('bulk partner assignment (spec 3 §5 for many trips)', () => {
  const NOW = new Date('2026-11-22T18:00:00Z');
  const MESA = { id: 'mesa', name: 'Mesa Rides' };
  const SANDIA = { id: 'sandia', name: 'Sandia Mobility' };
  const PICKED = { providerId: 'acme', name: 'Acme Transit', outOfArea: false };
  const at = (address: string, id: string | null = null) => [makeLeg({ locationFirst: { Id: id, Address: address, Lat: null, Lng: null } })];
  const trip = (ref: string, partner: { id: string; name: string } | null, address = '100 Central Ave SW, Albuquerque, NM 87102', over: Parameters<typeof makeTrip>[0] = {}) =>
    makeTrip({
      id: ref.toLowerCase(),
      referenceNumber: ref,
      serviceDate: '2026-11-23',
      farmoutContactId: partner?.id ?? null,
      farmoutName: partner?.name ?? null,
      tripLegs: at(address),
      ...over,
    });

  describe('which trips change', () => {
    it('just dismisses when every chosen trip already has the picked partner', () => {
      expect(assignTargets([trip('R1', MESA), trip('R2', MESA)], 'mesa', NOW)).toEqual({ kind: 'dismiss' });
    });
    it('changes the others: not those with the partner already, cancelled or Final', () => {
      const plan = assignTargets(
        [trip('R1', MESA), trip('R2', SANDIA), trip('R3', null, undefined, { canceled: true }), trip('R4', null, undefined, { partnerPayStatus: 'Final' }), trip('R5', null)],
        'mesa',
        NOW,
      );
      expect(plan.kind === 'assign' && plan.changing.map((t) => t.referenceNumber)).toEqual(['R2', 'R5']);
    });
  });

  describe('replacing partners', () => {
    it('asks whenever any changed trip has another partner, with how many and whose, also when the partners differ', () => {
      const c = replaceConfirmation([trip('R1', MESA), trip('R2', SANDIA), trip('R3', null)], 'Acme Transit');
      expect(c).toEqual({
        kind: 'replace',
        title: 'Replace partner',
        message: '2 of the 3 trips already have a partner (Mesa Rides and Sandia Mobility). Replace them with Acme Transit?',
        confirmLabel: 'Replace',
      });
      expect(replaceConfirmation([trip('R1', MESA), trip('R2', MESA)], 'Acme Transit')?.message).toBe(
        'All 2 trips already have a partner (Mesa Rides). Replace them with Acme Transit?',
      );
      expect(replaceConfirmation([trip('R1', null), trip('R2', SANDIA)], 'Acme Transit')?.message).toBe(
        '1 of the 2 trips already has a partner (Sandia Mobility). Replace it with Acme Transit?',
      );
    });
    it('words one trip as the picker does, and asks nothing when no trip has a partner', () => {
      expect(replaceConfirmation([trip('R1', MESA)], 'Acme Transit')?.message).toBe('Replace Mesa Rides with Acme Transit?');
      expect(replaceConfirmation([trip('R1', null), trip('R2', null)], 'Acme Transit')).toBeNull();
    });
  });

  describe('ZIP coverage', () => {
    it('reads the pickup ZIP code at the end of the address', () => {
      expect(pickupZip(trip('R1', null, '12345 Fourth St NW, Albuquerque, NM 87102'))).toBe('87102');
      expect(pickupZip(trip('R1', null, '1 Plaza, Santa Fe, NM 87501-1234'))).toBe('87501');
      expect(pickupZip(trip('R1', null, '100 Central Ave SW, Albuquerque'))).toBeNull();
    });

    it('asks about one trip per pickup ZIP, the largest groups first, and not about the picker\'s own', () => {
      const picker = trip('R1', null, 'A, NM 87102');
      const changing = [picker, trip('R2', null, 'B, NM 87102'), trip('R3', null, 'C, NM 87110'), trip('R4', null, 'D, NM 87120'), trip('R5', null, 'E, NM 87120')];
      const checks = coverageChecks(changing, picker);
      expect(checks.known).toMatchObject({ zip: '87102', referenceNumber: 'R1', trips: 2 });
      expect(checks.lookups.map((g) => [g.zip, g.referenceNumber, g.trips])).toEqual([
        ['87120', 'R4', 2],
        ['87110', 'R3', 1],
      ]);
      expect(checks.unchecked).toBe(0);
    });

    it('bounds the lookups and counts the trips left unchecked', () => {
      const changing = Array.from({ length: 12 }, (_, i) => trip(`R${i}`, null, `Street ${i}, NM 871${String(i).padStart(2, '0')}`));
      const checks = coverageChecks(changing, null, 8);
      expect(checks.lookups).toHaveLength(8);
      expect(checks.unchecked).toBe(4);
    });

    it('groups trips without a readable ZIP by their pickup address', () => {
      const a = trip('R1', null, 'Clinic', undefined);
      const b = { ...trip('R2', null), tripLegs: at('Clinic', 'addr-1') };
      const c = { ...trip('R3', null), tripLegs: at('Clinic', 'addr-1') };
      const checks = coverageChecks([a, b, c], null);
      expect(checks.lookups.map((g) => g.trips)).toEqual([2, 1]);
    });

    it('reads coverage from a trip\'s partner options', () => {
      const options = [
        { providerId: 'acme', outOfArea: true },
        { providerId: 'mesa', outOfArea: false },
      ];
      expect(partnerCovers(options, 'acme')).toBe(false);
      expect(partnerCovers(options, 'mesa')).toBe(true);
      expect(partnerCovers(options, 'other')).toBeNull();
    });

    const three = () => {
      const picker = trip('R1', null, 'A, NM 87102');
      return { picker, checks: coverageChecks([picker, trip('R2', null, 'B, NM 87110'), trip('R3', null, 'C, NM 87120')], picker) };
    };

    it('asks Out-Of-Area when the partner lacks coverage for any checked trip, though it covers the picker\'s', () => {
      const { checks } = three();
      const { confirmation, unchecked } = outOfAreaConfirmation(PICKED, checks, [false, true], 3);
      expect(confirmation).toEqual({
        kind: 'outOfArea',
        title: 'Out-Of-Area',
        message: 'Acme Transit does not cover the pickup ZIP code of 1 of the 3 trips (87110). Assign this Out-Of-Area partner anyway?',
        confirmLabel: 'Assign Out-Of-Area',
      });
      expect(unchecked).toBe(0);
    });

    it('names only the other trips when the picker has asked for its own', () => {
      const { checks } = three();
      const outside = { ...PICKED, outOfArea: true };
      expect(outOfAreaConfirmation(outside, checks, [false, false], 3).confirmation?.message).toBe(
        'Acme Transit also does not cover the pickup ZIP code of 2 more trips (87110 and 87120). Assign this Out-Of-Area partner anyway?',
      );
      expect(outOfAreaConfirmation(outside, checks, [true, true], 3).confirmation).toBeNull();
    });

    it('asks nothing when every checked trip is covered, and counts what could not be checked', () => {
      const { checks } = three();
      expect(outOfAreaConfirmation(PICKED, checks, [true, null], 3)).toEqual({ confirmation: null, unchecked: 1 });
    });

    it('words a single trip as the picker does', () => {
      const only = trip('R9', null, 'A, NM 87102');
      const checks = coverageChecks([only], null);
      expect(outOfAreaConfirmation(PICKED, checks, [false], 1).confirmation?.message).toBe(
        'Acme Transit does not cover the pickup ZIP code. Assign this Out-Of-Area partner anyway?',
      );
    });
  });
});
