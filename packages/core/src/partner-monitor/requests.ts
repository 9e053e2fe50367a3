import { partnerEditRefusal } from '../trips/partner-edits.ts';
import { hasOccurred, type TripForRules } from '../trips/rules.ts';
import { METERS_TO_MILES } from '../shell/constants.ts';
import { MILEAGE_ADJUST, MONITOR_MSG, RATE_ADJUST } from './messages.ts';

/** A refusal: its text, and whether it is a conflict with another request (409) rather than bad input (400). */
export interface RequestRefusal {
  message: string;
  conflict: boolean;
}

/** A list row has no partner field: on a partner's Home every trip is its own (farmoutContactId left out). */
type RequestTrip = TripForRules & { farmoutContactId?: string | null; farmoutName?: string | null };

/** Whether a partner is paid for the trip: its id on a full trip, its name on a list row (which leaves the id out). */
const hasPartner = (t: RequestTrip) => !!t.farmoutContactId || !!t.farmoutName;

const refused = (message: string, conflict = false): RequestRefusal => ({ message, conflict });

/**
 * Why a partner may not ask for a rate or mileage change on a trip, or null. In this
 * order: Final ('This trip is Finalized, and read-only.'), declined or read-only, no partner, not
 * accepted, not yet taken place; then a second pending request of the same kind (409).
 */
export function payRequestRefusal(trip: RequestTrip, pendingOfKind: number, kind: typeof RATE_ADJUST | typeof MILEAGE_ADJUST, now: Date): RequestRefusal | null {
  const edit = partnerEditRefusal(trip);
  if (edit) return refused(edit);
  if (!hasPartner(trip)) return refused(MONITOR_MSG.NO_PARTNER);
  if (!trip.accepted) return refused(MONITOR_MSG.NOT_ACCEPTED);
  if (!hasOccurred(trip, now)) return refused(MONITOR_MSG.NOT_YET);
  if (pendingOfKind > 0) return refused(MONITOR_MSG.pendingTwice(kind === RATE_ADJUST ? 'rate' : 'mileage'), true);
  return null;
}

/** A rate editor's override applies at once, refused only on a Final trip (and where no partner is paid). */
export function rateEditorOverrideRefusal(trip: { partnerPayStatus: TripForRules['partnerPayStatus']; farmoutContactId: string | null }): RequestRefusal | null {
  if (trip.partnerPayStatus === 'Final') return refused(MONITOR_MSG.FINALIZED);
  if (!trip.farmoutContactId) return refused(MONITOR_MSG.NO_PARTNER);
  return null;
}

const tenth = (miles: number) => Math.round(miles * 10) / 10;

type MileLeg = { googleDrivingDistanceMeters: number | null; status: string; cancelNc: boolean; cancelWc: boolean };

/** The trip's own loaded miles (to 0.1 mile): its driven legs' router distances, as pay counts them. */
export function loadedMilesOf(legs: readonly MileLeg[]): number {
  const driven = legs.filter((l) => !l.cancelNc && !l.cancelWc && l.status !== 'Canceled' && l.status !== 'CanceledNoCharge');
  return tenth(driven.reduce((sum, l) => sum + tenth((l.googleDrivingDistanceMeters ?? 0) * METERS_TO_MILES), 0));
}

/** Deadhead miles (to 0.1 mile) from a drive's meters. */
export const milesOfMeters = (meters: number): number => tenth(meters * METERS_TO_MILES);

/**
 * Rule 252: what the mileage dialog sends: the difference final − original for loaded miles, the
 * final itself for deadhead miles.
 */
export function mileageToSend(final: number, original: number, deadhead: boolean): number {
  return deadhead ? tenth(final) : tenth(final - original);
}

/** Rule 251: clearing the final mileage turns deadhead off. */
export function deadheadAfterFinal(final: number | '' | null, deadhead: boolean): boolean {
  return final === '' || final === null ? false : deadhead;
}

/**
 * Rules 251–252 on what was sent: deadhead miles at least the original; a loaded change that
 * changes something and leaves the miles at zero or more. Null when the request may be made.
 */
export function mileageProblem(mileage: number, original: number, deadhead: boolean): string | null {
  if (deadhead) return mileage < original ? MONITOR_MSG.deadheadBelowOriginal(tenth(mileage), tenth(original)) : null;
  if (tenth(mileage) === 0) return MONITOR_MSG.SAME_MILEAGE;
  if (original + mileage < 0) return MONITOR_MSG.NEGATIVE_MILES;
  return null;
}
