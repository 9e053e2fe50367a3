import { describe, expect, it } from 'vitest';
import { BULK_ACTION_DEFS, pastNote, refusal, splitByDate } from './bulk-plan.ts';

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
  it("says 'No canceled DAs in found set' for un-cancel without a cancelled trip (spec 2 §8)", () => {
    expect(refusal('unCancel', [trip('2026-11-22')], 0)).toBe('No canceled DAs in found set');
    expect(refusal('unCancel', [trip('2026-11-22'), trip('2026-11-22', 'America/Denver', true)], 0)).toBeNull();
  });
  it('refuses when every chosen trip is before today', () => {
    expect(refusal('cancel', [], 3)).toBe('Bulk actions apply only to trips on or after today');
    expect(refusal('cancel', [], 0)).toBe('Choose at least one trip');
  });
  it('lets the other actions through', () => expect(refusal('assign', [trip('2026-11-22')], 2)).toBeNull());
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
