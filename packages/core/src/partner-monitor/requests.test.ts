import { describe, expect, it } from 'vitest';
import { TEST_NOW, testLeg, testTrip } from '../trips/test-fixtures.ts';
import { AdjustMileageBody, MonitorQuery, PartnerActivitiesQuery, RateOverrideBody } from '../api/partner-monitor.ts';
import { MILEAGE_ADJUST, MONITOR_MSG, RATE_ADJUST } from './messages.ts';
import { deadheadAfterFinal, loadedMilesOf, mileageProblem, mileageToSend, payRequestRefusal, rateEditorOverrideRefusal } from './requests.ts';

const accepted = testTrip({ accepted: true, farmoutContactId: 'p-1' });

describe('payRequestRefusal (partner requests)', () => {
  it('lets a partner ask on its accepted trip once it has taken place', () => {
    expect(payRequestRefusal(accepted, 0, MILEAGE_ADJUST, TEST_NOW)).toBeNull();
    expect(payRequestRefusal({ ...accepted, partnerPayStatus: 'Pending' }, 0, RATE_ADJUST, TEST_NOW)).toBeNull();
  });
  it("refuses a Final trip with the spec's text", () => {
    expect(payRequestRefusal({ ...accepted, partnerPayStatus: 'Final' }, 0, RATE_ADJUST, TEST_NOW)).toEqual({
      message: 'This trip is Finalized, and read-only.',
      conflict: false,
    });
  });
  it('refuses a read-only (locked, cancelled, dry run) or declined trip', () => {
    for (const over of [{ locked: true }, { canceled: true }, { dryRun: true }, { declined: true }])
      expect(payRequestRefusal({ ...accepted, ...over }, 0, MILEAGE_ADJUST, TEST_NOW)?.message).toBe('This trip is not editable');
  });
  it('refuses an unaccepted trip and a trip without a partner', () => {
    expect(payRequestRefusal({ ...accepted, accepted: false }, 0, MILEAGE_ADJUST, TEST_NOW)?.message).toBe(MONITOR_MSG.NOT_ACCEPTED);
    expect(payRequestRefusal({ ...accepted, farmoutContactId: null }, 0, MILEAGE_ADJUST, TEST_NOW)?.message).toBe(MONITOR_MSG.NO_PARTNER);
  });
  it('refuses a trip before its first pickup, and takes it from the pickup minute on', () => {
    const at = (iso: string) => new Date(iso);
    // 09:00 in Albuquerque is 16:00 UTC
    expect(payRequestRefusal(accepted, 0, RATE_ADJUST, at('2026-11-20T15:59:00Z'))?.message).toBe(MONITOR_MSG.NOT_YET);
    expect(payRequestRefusal(accepted, 0, RATE_ADJUST, at('2026-11-20T16:00:00Z'))).toBeNull();
    expect(payRequestRefusal({ ...accepted, serviceDate: '2026-11-21' }, 0, RATE_ADJUST, TEST_NOW)?.message).toBe(MONITOR_MSG.NOT_YET);
  });
  it('answers a conflict for a second pending request of the same kind', () => {
    expect(payRequestRefusal(accepted, 1, RATE_ADJUST, TEST_NOW)).toEqual({
      message: 'A rate request for this trip is already waiting for review.',
      conflict: true,
    });
    expect(payRequestRefusal(accepted, 1, MILEAGE_ADJUST, TEST_NOW)?.message).toBe('A mileage request for this trip is already waiting for review.');
  });
});

describe("rateEditorOverrideRefusal (a rate editor's override)", () => {
  it('is refused only on a Final trip', () => {
    expect(rateEditorOverrideRefusal({ partnerPayStatus: 'Final', farmoutContactId: 'p-1' })?.message).toBe('This trip is Finalized, and read-only.');
    for (const partnerPayStatus of ['Open', 'Pending'] as const) expect(rateEditorOverrideRefusal({ partnerPayStatus, farmoutContactId: 'p-1' })).toBeNull();
    expect(rateEditorOverrideRefusal({ partnerPayStatus: 'Open', farmoutContactId: null })?.message).toBe(MONITOR_MSG.NO_PARTNER);
  });
});

describe('mileage (rules 251–252)', () => {
  it('sends the difference for loaded miles and the final for deadhead', () => {
    expect(mileageToSend(14.5, 10, false)).toBe(4.5);
    expect(mileageToSend(8, 10, false)).toBe(-2);
    expect(mileageToSend(14.5, 10, true)).toBe(14.5);
  });
  it('needs deadhead miles at least the original, with the exact text', () => {
    expect(mileageProblem(12.3, 12.4, true)).toBe('Deadhead adjusted mileage (12.3) must be greater than or equal to the original mileage (12.4).');
    expect(mileageProblem(12.4, 12.4, true)).toBeNull();
    expect(mileageProblem(12.5, 12.4, true)).toBeNull();
  });
  it('refuses a loaded change of nothing, or below zero miles', () => {
    expect(mileageProblem(0, 10, false)).toBe(MONITOR_MSG.SAME_MILEAGE);
    expect(mileageProblem(-10, 10, false)).toBeNull();
    expect(mileageProblem(-10.1, 10, false)).toBe(MONITOR_MSG.NEGATIVE_MILES);
  });
  it('turns deadhead off when the final is cleared', () => {
    expect(deadheadAfterFinal('', true)).toBe(false);
    expect(deadheadAfterFinal(null, true)).toBe(false);
    expect(deadheadAfterFinal(12, true)).toBe(true);
  });
  it("counts the driven legs' miles only", () => {
    const legs = [testLeg({ googleDrivingDistanceMeters: 16093 }), testLeg({ googleDrivingDistanceMeters: 8047 }), testLeg({ cancelNc: true })];
    expect(loadedMilesOf(legs)).toBe(15);
    expect(loadedMilesOf([testLeg({ googleDrivingDistanceMeters: null })])).toBe(0);
  });
});

describe('contracts', () => {
  const driveAssignmentId = '6f1c2b9e-1f2a-4c3d-9e8f-0a1b2c3d4e5f';
  it('takes a rate in dollars and cents, or null to clear', () => {
    const ok = RateOverrideBody.parse({ partnerActivity: { driveAssignmentId, action: 'RateAdjust', amount: 42.5, notes: 'Long wait' } });
    expect(ok.partnerActivity.amount).toBe(42.5);
    expect(RateOverrideBody.parse({ partnerActivity: { driveAssignmentId, action: 'RateAdjust', amount: null } }).partnerActivity.notes).toBe('');
    const cents = RateOverrideBody.safeParse({ partnerActivity: { driveAssignmentId, action: 'RateAdjust', amount: 1.005 } });
    expect(!cents.success && cents.error.issues[0].message).toBe('Use dollars and cents');
    const neg = RateOverrideBody.safeParse({ partnerActivity: { driveAssignmentId, action: 'RateAdjust', amount: -1 } });
    expect(!neg.success && neg.error.issues[0].message).toBe('A rate cannot be negative');
    const other = RateOverrideBody.safeParse({ partnerActivity: { driveAssignmentId, action: 'WaitTime', amount: 1 } });
    expect(!other.success && other.error.issues[0].message).toBe('The action is RateAdjust');
  });
  it('takes mileage with deadhead off by default', () => {
    expect(AdjustMileageBody.parse({ driveAssignmentId, mileage: -2 })).toEqual({ driveAssignmentId, mileage: -2, notes: '', deadhead: false });
    const none = AdjustMileageBody.safeParse({ driveAssignmentId });
    expect(!none.success && none.error.issues[0].message).toBe(MONITOR_MSG.MILEAGE_REQUIRED);
  });
  it('lists Pending requests when no status is given (rule 268)', () => {
    expect(MonitorQuery.parse({})).toMatchObject({ status: 'Pending', offset: 0, limit: 50 });
    expect(MonitorQuery.safeParse({ limit: '201' }).success).toBe(false);
  });
  it('needs a request id or a trip leg id', () => {
    const none = PartnerActivitiesQuery.safeParse({});
    expect(!none.success && none.error.issues[0].message).toBe(MONITOR_MSG.LEG_OR_ID);
    expect(PartnerActivitiesQuery.parse({ tripLegId: driveAssignmentId, onlyShowUnresolved: 'true' }).onlyShowUnresolved).toBe(true);
  });
});

describe("Home's row menu (rowActionStates)", () => {
  it('offers the rate and mileage requests on an accepted trip that took place, and says why not otherwise', async () => {
    const { rowActionStates } = await import('../trips/menu-state.ts');
    const open = rowActionStates(accepted, TEST_NOW, { developerMode: false });
    expect(open.rateOverride).toEqual({ enabled: true, reason: null });
    expect(open.mileage).toEqual({ enabled: true, reason: null });
    const final = rowActionStates({ ...accepted, partnerPayStatus: 'Final' }, TEST_NOW, { developerMode: false });
    expect(final.mileage).toEqual({ enabled: false, reason: 'This trip is Finalized, and read-only.' });
    const unaccepted = rowActionStates({ ...accepted, accepted: false }, TEST_NOW, { developerMode: false });
    expect(unaccepted.rateOverride).toEqual({ enabled: false, reason: MONITOR_MSG.NOT_ACCEPTED });
  });
});
