import { RES_MSG } from './messages.ts';
import { waitLegStart } from './times.ts';
import { willCallRefusal } from './will-call.ts';

/** spec 2 §3: how the legs of a reservation come back. */
export const RETURN_TYPES = ['Standard Return', 'Wait And Return', 'Multiple Stops'] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];

/** The service type of an assistant riding along (spec 2 §3: 06 Assistant). */
export const ASSISTANT_SERVICE_CODE = '06';

/** What the leg rules read of a leg: its letter, stops' actions, times and whether it is cancelled. */
export interface PlannedLeg<Stop = unknown> {
  id?: string | null;
  whichLeg: string;
  locFirstAction: string;
  locSecondAction: string;
  passengerId: string | null;
  locationFirst: Stop | null;
  locationSecond: Stop | null;
  locFirstTimeOrd: string | null;
  locSecondTimeOrd: string | null;
  apptTime: string | null;
  serviceCode: string | null;
  canceled?: boolean;
}

/** The letter after the last leg's: A, B, C… (Z at most). */
export function nextWhichLeg(legs: readonly { whichLeg: string }[]): string {
  const last = legs.reduce((max, l) => Math.max(max, l.whichLeg.charCodeAt(0) - 65), -1);
  return String.fromCharCode(65 + Math.min(last + 1, 25));
}

/** spec 2 §4: adding a wait leg makes the trip Wait And Return, an assistant leg Multiple Stops. */
export function returnTypeAfterAdding(kind: 'return' | 'wait' | 'assistant', current: ReturnType | null): ReturnType {
  if (kind === 'wait') return 'Wait And Return';
  if (kind === 'assistant') return 'Multiple Stops';
  return current ?? 'Standard Return';
}

export type LegAddition<L> = { leg: L } | { error: string };

/**
 * The return leg of `from`: back from its destination to its pickup, same passenger and service,
 * times left for the dispatcher (or 'WC' for will call). Refused on a will-call trip (spec 1 §5,
 * DECISIONS 4): its return is already the leg waiting for the call.
 */
export function returnLeg<L extends PlannedLeg>(from: L, legs: readonly L[], willCall: boolean): LegAddition<L> {
  const refusal = willCallRefusal(willCall, 'returnTrip');
  if (refusal) return { error: refusal };
  return {
    leg: {
      ...from,
      id: null,
      whichLeg: nextWhichLeg(legs),
      locFirstAction: 'PU',
      locSecondAction: 'DO',
      locationFirst: from.locationSecond,
      locationSecond: from.locationFirst,
      locFirstTimeOrd: null,
      locSecondTimeOrd: null,
      apptTime: null,
      canceled: false,
    },
  };
}

/**
 * A wait leg after `from` (spec 2 §4, §9): the vehicle waits at the destination (WT) and brings the
 * passenger back (DP), starting 15 minutes after the appointment. Refused on a will-call trip.
 */
export function waitLeg<L extends PlannedLeg>(from: L, legs: readonly L[], willCall: boolean): LegAddition<L> {
  const refusal = willCallRefusal(willCall, 'addWaitLeg');
  if (refusal) return { error: refusal };
  return {
    leg: {
      ...from,
      id: null,
      whichLeg: nextWhichLeg(legs),
      locFirstAction: 'WT',
      locSecondAction: 'DP',
      locationFirst: from.locationSecond,
      locationSecond: from.locationFirst,
      locFirstTimeOrd: waitLegStart(from.apptTime),
      locSecondTimeOrd: null,
      apptTime: null,
      canceled: false,
    },
  };
}

/** An assistant's leg beside `from` (spec 2 §7 drive-assignment-add-assistant-transient): same stops and times, service 06, no passenger. */
export function assistantLeg<L extends PlannedLeg>(from: L, whichLeg: string): L {
  return { ...from, id: null, whichLeg, passengerId: null, serviceCode: ASSISTANT_SERVICE_CODE, canceled: false };
}

/** spec 2 §5: saved legs missing from a save (they can be cancelled, never deleted). */
export function droppedSavedLegs(savedIds: readonly string[], submitted: readonly { id?: string | null }[]): string[] {
  const kept = new Set(submitted.map((l) => l.id?.toLowerCase()).filter(Boolean));
  return savedIds.filter((id) => !kept.has(id.toLowerCase()));
}

/** Contact types that may ride as a passenger. */
const PASSENGER_TYPES = ['S/N Passenger', 'Passenger', 'Corp Passenger'];

/** spec 1 §5, 2 §5: a trip is scheduled only for a contact whose type includes a passenger type. */
export function passengerTypeError(types: readonly string[]): string | null {
  return types.some((t) => PASSENGER_TYPES.includes(t)) ? null : RES_MSG.NOT_A_PASSENGER;
}

/**
 * spec 2 §8: 'There are multiple providers for the same passenger on this day!' with the providers,
 * when the passenger's trips of the day (this one included) are with more than one partner.
 */
export function multipleProvidersWarning(trips: readonly { farmoutName: string | null; canceled?: boolean }[]): { message: string; providers: string[] } | null {
  const providers = [...new Set(trips.filter((t) => !t.canceled && t.farmoutName).map((t) => t.farmoutName as string))].sort();
  return providers.length > 1 ? { message: RES_MSG.MULTIPLE_PROVIDERS, providers } : null;
}

/** /drive-assv-edit/{id} (spec 1 §2): 'new' books a trip, over 10 characters is an id, else a reference number. */
export function reservationKey(param: string): { new: true } | { id: string } | { referenceNumber: string } {
  const v = param.trim();
  if (v.toLowerCase() === 'new') return { new: true };
  return v.length > 10 ? { id: v } : { referenceNumber: v };
}
