import { METERS_TO_MILES } from '../shell/constants.ts';
import type { DriveAssignment, TripLeg } from '../trips/model.ts';
import { WILL_CALL } from '../trips/constants.ts';
import { PAY_ITEMS, type PayItem, type PayLegInput, type PayLine, type RateForPay, type RateKey, type TripPay, type TripPayInput } from './model.ts';

/** Dollars (as the API and the database carry them) to whole pennies. */
export function toPennies(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Pennies to dollars with two decimals. */
export function toDollars(pennies: number): number {
  return Math.round(pennies) / 100;
}

/** What a trip pays in dollars (its farmoutRateDefault), or null for NoRate. */
export function payDollars(pay: TripPay): number | null {
  return pay.noRate ? null : toDollars(pay.totalPennies);
}

/** Pickups before 06:00 or from 18:00 on are paid addsOffHours. */
export const OFF_HOURS_BEFORE = '06:00:00';
export const OFF_HOURS_FROM = '18:00:00';

export function isOffHours(time: string | null): boolean {
  if (time === null || time === WILL_CALL) return false;
  return time < OFF_HOURS_BEFORE || time >= OFF_HOURS_FROM;
}

/** The service type a trip's rate is found by: its service number, else the service type requested. */
export function rateServiceType(trip: { serviceNumber: string | null; serviceTypeRequested: string }): string {
  return trip.serviceNumber ?? trip.serviceTypeRequested;
}

/** The rate in force for a trip on its service date (its bill-to and service type), or null. */
export function rateFor<R extends Pick<RateForPay, 'billToContactId' | 'serviceId' | 'dateBegin' | 'dateEnd'>>(
  rates: readonly R[],
  key: RateKey,
): R | null {
  if (!key.billToContactId || !key.serviceType) return null;
  let found: R | null = null;
  for (const r of rates) {
    if (r.billToContactId !== key.billToContactId || r.serviceId !== key.serviceType) continue;
    if (r.dateBegin > key.serviceDate || (r.dateEnd !== null && r.dateEnd < key.serviceDate)) continue;
    if (!found || r.dateBegin > found.dateBegin) found = r;
  }
  return found;
}

type PayLeg = Pick<
  TripLeg,
  'googleDrivingDistanceMeters' | 'googleDrivingTime' | 'locFirstTimeOrd' | 'locFirstTimeAct' | 'locSecondAction' | 'status' | 'cancelNc' | 'cancelWc'
>;
export type PayTrip = Pick<DriveAssignment, 'pca' | 'dryRun' | 'canceled' | 'cancelledWithCharge' | 'cancelledWithoutCharge'> & {
  tripLegs: readonly PayLeg[];
};

/** What the operator approved on top of the trip itself. */
export interface ApprovedPayExtras {
  waitMinutes: number;
  expensesPennies: number;
  paidMilesOverride: number | null;
  extraDeadheadMiles: number;
}

function legCancel(leg: PayLeg): PayLegInput['cancel'] {
  if (leg.cancelWc || leg.status === 'Canceled') return 'withCharge';
  if (leg.cancelNc || leg.status === 'CanceledNoCharge') return 'withoutCharge';
  return 'none';
}

/**
 * The pay inputs of a trip: each leg's loaded miles (to 0.1 mile) and drive minutes, the pickup
 * time paid for off hours (the ordered time; for a will call the actual one), pharmacy stops and
 * cancellations, plus what the operator approved (wait minutes, expenses, mileage).
 */
export function payInputOf(trip: PayTrip, extras: ApprovedPayExtras): TripPayInput {
  const legs = trip.tripLegs.map((leg): PayLegInput => {
    const ordered = leg.locFirstTimeOrd && leg.locFirstTimeOrd !== WILL_CALL ? leg.locFirstTimeOrd : null;
    return {
      miles: leg.googleDrivingDistanceMeters === null ? null : Math.round(leg.googleDrivingDistanceMeters * METERS_TO_MILES * 10) / 10,
      driveMinutes: leg.googleDrivingTime === null ? 0 : Math.round(leg.googleDrivingTime / 60),
      pickupTime: ordered ?? leg.locFirstTimeAct,
      pharmacyStop: leg.locSecondAction === 'DP',
      cancel: legCancel(leg),
    };
  });
  return {
    legs,
    pca: trip.pca,
    waitMinutes: extras.waitMinutes,
    expensesPennies: extras.expensesPennies,
    chargedCancel: trip.dryRun || (trip.canceled && trip.cancelledWithCharge),
    unchargedCancel: !trip.dryRun && trip.canceled && !trip.cancelledWithCharge,
    paidMilesOverride: extras.paidMilesOverride,
    extraDeadheadMiles: extras.extraDeadheadMiles,
  };
}

const tenths = (miles: number) => Math.round(miles * 10);

/**
 * The loaded miles paid on each driven leg, in tenths of a mile. An approved mileage adjustment
 * replaces the total: it is spread over the driven legs in proportion to their own miles (all on
 * the first leg when none has miles), each share rounded to 0.1 mile and the last leg taking what
 * is left, so the shares add up to the approved miles exactly.
 */
export function paidLegTenths(legs: readonly PayLegInput[], override: number | null): number[] {
  const own = legs.map((l) => tenths(l.miles ?? 0));
  if (override === null || legs.length === 0) return own;
  const total = tenths(override);
  const ownTotal = own.reduce((a, b) => a + b, 0);
  if (ownTotal === 0) return own.map((_, i) => (i === 0 ? total : 0));
  let given = 0;
  return own.map((t, i) => {
    if (i === legs.length - 1) return total - given;
    const share = Math.round((total * t) / ownTotal);
    given += share;
    return share;
  });
}

/**
 * spec 3 §3: what a trip pays its partner under a rate (docs/partner-pay.md). Every
 * line is rounded to the penny on its own (half a penny up); the total is the sum of the lines.
 */
export function tripPay(input: TripPayInput, rate: RateForPay | null): TripPay {
  if (!rate) return { noRate: true };
  const lines = new Map<PayItem, PayLine>();
  const add = (item: PayItem, quantity: number, unitDollars: number | null, tenthsQuantity = false) => {
    if (unitDollars === null || quantity <= 0) return;
    const unitPennies = toPennies(unitDollars);
    const prev = lines.get(item);
    const q = (prev ? (tenthsQuantity ? tenths(prev.quantity) : prev.quantity) : 0) + quantity;
    const shown = tenthsQuantity ? q / 10 : q;
    const pennies = tenthsQuantity ? Math.round((q * unitPennies) / 10) : Math.round(q * unitPennies);
    lines.set(item, { item, quantity: shown, unitPennies, pennies });
  };
  const result = (): TripPay => {
    const ordered = PAY_ITEMS.flatMap((item) => lines.get(item) ?? []);
    return { noRate: false, rateId: rate.id, rateType: rate.rateType, lines: ordered, totalPennies: ordered.reduce((s, l) => s + l.pennies, 0) };
  };
  if (input.unchargedCancel) return result();

  const deadheadUnit = rate.baseMileageRate ?? rate.baseMileageReimbursementRate;
  const extras = () => {
    if (input.expensesPennies > 0) lines.set('expenses', { item: 'expenses', quantity: 1, unitPennies: input.expensesPennies, pennies: input.expensesPennies });
    add('deadheadMiles', tenths(input.extraDeadheadMiles), deadheadUnit, true);
  };
  if (input.chargedCancel) {
    add('cancelRate', 1, rate.cancelRate ?? 0);
    extras();
    return result();
  }

  const driven = input.legs.filter((l) => l.cancel === 'none');
  const miles = paidLegTenths(driven, input.paidMilesOverride);
  const ceiling = tenths(rate.baseMileageCeilingRate ?? 0);
  driven.forEach((leg, i) => {
    if (rate.rateType === 'Flat Rate') add('baseFlatRate', 1, rate.baseFlatRate ?? 0);
    if (rate.rateType === 'Pick Up Per Mile') {
      add('basePickupRate', 1, rate.basePickupRate ?? 0);
      add('baseMileageRate', Math.min(miles[i], ceiling), rate.baseMileageRate ?? 0, true);
      add('baseBucketMileageRate', Math.max(0, miles[i] - ceiling), rate.baseBucketMileageRate ?? 0, true);
    }
    if (rate.rateType === 'Mile Reimburse') add('baseMileageReimbursementRate', miles[i], rate.baseMileageReimbursementRate ?? 0, true);
    add('timeCharge', leg.driveMinutes, rate.timeCharge);
    if (isOffHours(leg.pickupTime)) add('addsOffHours', 1, rate.addsOffHours);
    if (leg.pharmacyStop) add('addsPharmacyStop', 1, rate.addsPharmacyStop);
  });
  add('cancelRate', input.legs.filter((l) => l.cancel === 'withCharge').length, rate.cancelRate ?? 0);
  add('addWaitTime', input.waitMinutes, rate.addWaitTime);
  if (input.pca) add('addsPca', 1, rate.addsPca);
  extras();
  return result();
}
