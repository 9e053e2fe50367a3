import { WILL_CALL } from './constants.ts';
import type { DriveAssignment, TripLeg } from './model.ts';

/**
 * Repair trips (spec 2 §6, §7: Admin or Encounters): the inconsistencies between a trip's fields
 * that repair-trips finds and how each is fixed (docs/decisions.md "Repair trips"). Pure checks:
 * the server gathers the facts, applies the fixes and audits them.
 */
export type RepairTrip = Pick<
  DriveAssignment,
  | 'willCall'
  | 'driverId'
  | 'driverEmpNumberAssigned'
  | 'farmoutContactId'
  | 'farmoutContactNumber'
  | 'partnerPayStatus'
  | 'outstandingAdjustments'
  | 'canceled'
  | 'cancelledWithCharge'
  | 'cancelledWithoutCharge'
> & { tripLegs: Pick<TripLeg, 'id' | 'locFirstTimeOrd' | 'status'>[] };

/** What the trip's related records say. */
export interface RepairFacts {
  /** The employee number of the trip's driver (driverId); null when it has none or no driver. */
  driverEmployeeNumber: string | null;
  /** The contact number of the trip's partner (farmoutContactId); null without a partner. */
  partnerContactNumber: number | null;
}

export interface TripFieldsFix {
  willCall?: boolean;
  driverEmpNumberAssigned?: string | null;
  farmoutContactNumber?: number | null;
  partnerPayStatus?: 'Open';
}

export interface RepairFix {
  /** What was wrong and what the fix does, for the person running the repair. */
  description: string;
  trip?: TripFieldsFix;
  legs?: { id: string; status: string }[];
}

export const REPAIR_MSG = {
  NOTHING_TO_REPAIR: 'Nothing to repair',
  WILL_CALL_ON: 'A pickup is ordered at 23:59 (will call) but the trip is not marked Will Call: marked Will Call',
  WILL_CALL_OFF: 'The trip is marked Will Call but no pickup is at 23:59: Will Call turned off',
  DRIVER_NUMBER: (from: string | null, to: string | null) =>
    `The assigned employee number (${from ?? 'none'}) is not the driver's (${to ?? 'none'}): set to the driver's`,
  PARTNER_NUMBER: (from: number | null, to: number | null) =>
    `The partner number (${from ?? 'none'}) is not the partner's contact number (${to ?? 'none'}): set to the partner's`,
  FINAL_WITH_ADJUSTMENTS: (n: number) => `Pay is Final while ${n} adjustment(s) await review: pay reopened (Open)`,
  CANCELLED_LEGS: (n: number) => `The trip is cancelled but ${n} leg(s) are not: legs marked cancelled`,
} as const;

const CANCELLED_LEG = new Set(['Canceled', 'CanceledNoCharge']);

/** The fixes a trip needs, in a fixed order; empty when it is consistent. */
export function repairFixes(trip: RepairTrip, facts: RepairFacts): RepairFix[] {
  const fixes: RepairFix[] = [];

  // spec 2 §4: a pickup of 23:59 is will call, and will call is a pickup of 23:59
  const willCallTimes = trip.tripLegs.some((l) => l.locFirstTimeOrd === WILL_CALL);
  if (willCallTimes && !trip.willCall) fixes.push({ description: REPAIR_MSG.WILL_CALL_ON, trip: { willCall: true } });
  if (!willCallTimes && trip.willCall) fixes.push({ description: REPAIR_MSG.WILL_CALL_OFF, trip: { willCall: false } });

  // the employee number shown to the partner must be the assigned driver's
  if (trip.driverId && trip.driverEmpNumberAssigned !== facts.driverEmployeeNumber) {
    fixes.push({
      description: REPAIR_MSG.DRIVER_NUMBER(trip.driverEmpNumberAssigned, facts.driverEmployeeNumber),
      trip: { driverEmpNumberAssigned: facts.driverEmployeeNumber },
    });
  }

  // farmoutContactNumber names the partner the trip is farmed out to (GLOSSARY)
  const partnerNumber = trip.farmoutContactId ? facts.partnerContactNumber : null;
  if (trip.farmoutContactNumber !== partnerNumber) {
    fixes.push({ description: REPAIR_MSG.PARTNER_NUMBER(trip.farmoutContactNumber, partnerNumber), trip: { farmoutContactNumber: partnerNumber } });
  }

  // adjustments awaiting review hold pay at Open; Final would hide them from review
  if (trip.partnerPayStatus === 'Final' && trip.outstandingAdjustments > 0) {
    fixes.push({ description: REPAIR_MSG.FINAL_WITH_ADJUSTMENTS(trip.outstandingAdjustments), trip: { partnerPayStatus: 'Open' } });
  }

  // a cancelled trip has no leg left to drive
  if (trip.canceled) {
    const status = trip.cancelledWithCharge ? 'Canceled' : 'CanceledNoCharge';
    const legs = trip.tripLegs.filter((l) => !CANCELLED_LEG.has(l.status)).map((l) => ({ id: l.id, status }));
    if (legs.length > 0) fixes.push({ description: REPAIR_MSG.CANCELLED_LEGS(legs.length), legs });
  }
  return fixes;
}

/** The trip fields of all fixes together. */
export function mergedTripFix(fixes: readonly RepairFix[]): TripFieldsFix {
  return Object.assign({}, ...fixes.map((f) => f.trip ?? {})) as TripFieldsFix;
}
