import { describe, expect, it } from 'vitest';
import { makeLeg, makeTrip } from '../../trips/trip-factory.ts';
import {
  assignTargets,
  BULK_ACTION_DEFS,
  outOfAreaConfirmation,
  pastNote,
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
  const PICKED = { providerId: 'acme', name: 'Acme Transit' };
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
    const out = (referenceNumber: string, zip: string | null) => ({ referenceNumber, zip });

    it('asks Out-Of-Area once for every trip the partner does not serve, with their ZIP codes', () => {
      expect(outOfAreaConfirmation(PICKED, [out('R2', '87110')], 3)).toEqual({
        kind: 'outOfArea',
        title: 'Out-Of-Area',
        message: 'Acme Transit does not cover the pickup ZIP code of 1 of the 3 trips (87110). Assign this Out-Of-Area partner anyway?',
        confirmLabel: 'Assign Out-Of-Area',
      });
      expect(outOfAreaConfirmation(PICKED, [out('R1', '87102'), out('R2', '87110'), out('R3', null)], 3)?.message).toBe(
        'Acme Transit does not cover the pickup ZIP code of any of the 3 trips (87102 and 87110). Assign this Out-Of-Area partner anyway?',
      );
      // the first trip is named like the others: the picker no longer asks for it on its own
      expect(outOfAreaConfirmation(PICKED, [out('R1', '87102'), out('R2', '87102')], 2)?.message).toBe(
        'Acme Transit does not cover the pickup ZIP code of any of the 2 trips (87102). Assign this Out-Of-Area partner anyway?',
      );
    });

    it('asks nothing when every trip is covered', () => {
      expect(outOfAreaConfirmation(PICKED, [], 3)).toBeNull();
    });

    it('words a single trip as the picker does', () => {
      expect(outOfAreaConfirmation(PICKED, [out('R9', '87102')], 1)?.message).toBe(
        'Acme Transit does not cover the pickup ZIP code. Assign this Out-Of-Area partner anyway?',
      );
    });
  });
});
