import { WILL_CALL } from '../trips/constants.ts';
import { ASSISTANT_SERVICE_CODE, type PlannedLeg } from './legs.ts';
import { RES_MSG } from './messages.ts';
import { dropoffTooLate, toMinutes } from './times.ts';
import { willCallLegIndex, willCallRefusal } from './will-call.ts';

/** A stop as far as validation cares: an address row or a typed text. */
export interface StopRef {
  id?: string | null;
  text?: string | null;
}

export interface ValidatedLeg extends PlannedLeg<StopRef> {
  /** The pickup time was typed rather than computed from the appointment. */
  pickupTimeOverride?: boolean;
  /** Driving seconds of the leg when known (the server's own measure; the browser's estimate). */
  drivingSeconds?: number | null;
}

export interface Issue {
  path: string;
  message: string;
}

const hasStop = (s: StopRef | null) => !!s && (!!s.id || !!s.text?.trim());
const real = (t: string | null) => (t && t !== WILL_CALL ? t : null);

/**
 * Why a reservation cannot be saved as it is (spec 2 §5 "Form must be valid"), with the path of each
 * field: the browser shows them beside the fields, the server answers them as a 400. Will call is
 * applied first (applyWillCall), so its 23:59 times are not judged as ordinary times.
 */
export function reservationIssues(r: { willCall: boolean; tripLegs: readonly ValidatedLeg[] }): Issue[] {
  const issues: Issue[] = [];
  const legs = r.tripLegs;
  const active = legs.filter((l) => !l.canceled);
  if (active.length === 0) issues.push({ path: 'tripLegs', message: RES_MSG.ONE_ACTIVE_LEG });
  const seen = new Set<string>();
  const willCallAt = r.willCall ? willCallLegIndex(legs) : -1;
  legs.forEach((leg, i) => {
    const at = (field: string) => `tripLegs.${i}.${field}`;
    if (seen.has(leg.whichLeg)) issues.push({ path: at('whichLeg'), message: RES_MSG.WHICH_LEG_TWICE(leg.whichLeg) });
    seen.add(leg.whichLeg);
    if (leg.canceled) return;
    if (!leg.passengerId && leg.serviceCode !== ASSISTANT_SERVICE_CODE) issues.push({ path: at('passengerId'), message: RES_MSG.PASSENGER_REQUIRED });
    if (!hasStop(leg.locationFirst)) issues.push({ path: at('locationFirst'), message: RES_MSG.PICKUP_ADDRESS_REQUIRED });
    if (!hasStop(leg.locationSecond)) issues.push({ path: at('locationSecond'), message: RES_MSG.DROPOFF_ADDRESS_REQUIRED });
    if (r.willCall && leg.locFirstAction === 'WT') {
      issues.push({ path: at('locFirstAction'), message: willCallRefusal(true, 'addWaitLeg') as string });
    }
    if (i === willCallAt) {
      if (leg.pickupTimeOverride) issues.push({ path: at('locFirstTimeOrd'), message: willCallRefusal(true, 'overridePickup') as string });
      return;
    }
    const pickup = real(leg.locFirstTimeOrd);
    const dropoff = real(leg.locSecondTimeOrd);
    const appt = real(leg.apptTime);
    if (!pickup && !dropoff && !appt) issues.push({ path: at('locFirstTimeOrd'), message: RES_MSG.PICKUP_REQUIRED });
    if (pickup && dropoff && toMinutes(dropoff) <= toMinutes(pickup)) issues.push({ path: at('locSecondTimeOrd'), message: RES_MSG.PICKUP_AFTER_DROPOFF });
    if (pickup && appt && toMinutes(appt) <= toMinutes(pickup)) issues.push({ path: at('apptTime'), message: RES_MSG.APPT_BEFORE_PICKUP });
    else {
      const late = dropoffTooLate(pickup, appt, leg.drivingSeconds ?? null, leg.serviceCode);
      if (late) issues.push({ path: at('apptTime'), message: late });
    }
  });
  return issues;
}
