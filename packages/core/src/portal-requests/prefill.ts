import { WILL_CALL } from '../trips/constants.ts';
import { willCallRefusal } from '../reservations/will-call.ts';

/** What a prefill reads of the earlier trip: its service, will call and the leg it starts from. */
export interface PrefillSource<Place> {
  referenceNumber: string;
  serviceTypeRequested: string;
  willCall: boolean;
  /** The trip's legs in order, cancelled ones left out. */
  legs: readonly {
    locFirstTimeOrd: string | null;
    locSecondTimeOrd: string | null;
    apptTime: string | null;
    apptType: string | null;
    pickupTimeOverride: boolean;
    locationFirst: Place | null;
    locationSecond: Place | null;
  }[];
}

export interface Prefill<Place> {
  from: 'duplicate' | 'return';
  referenceNumber: string;
  serviceTypeCode: string;
  pickupTime: string | null;
  dropoffTime: string | null;
  apptTime: string | null;
  pickupTimeOverride: boolean;
  willCall: boolean;
  apptType: string | null;
  locationFirst: Place | null;
  locationSecond: Place | null;
}

const real = (t: string | null) => (t && t !== WILL_CALL ? t : null);

/**
 * The request the wizard starts from (spec 2 §2 duplicateFrom, returnTripFrom). Book again copies
 * the first leg but not the date; a return trip goes from the last leg's destination back to its
 * pickup, with its times left to fill in. A will-call trip has no return trip (rule 87, DECISIONS 4):
 * the answer is then the refusal's text.
 */
export function requestPrefill<Place>(trip: PrefillSource<Place>, from: 'duplicate' | 'return'): Prefill<Place> | { refused: string } | null {
  if (from === 'return') {
    const refused = willCallRefusal(trip.willCall, 'returnTrip');
    if (refused) return { refused };
  }
  const leg = from === 'duplicate' ? trip.legs[0] : trip.legs[trip.legs.length - 1];
  if (!leg) return null;
  const base = { from, referenceNumber: trip.referenceNumber, serviceTypeCode: trip.serviceTypeRequested, apptType: leg.apptType };
  if (from === 'return') {
    return { ...base, pickupTime: null, dropoffTime: null, apptTime: null, pickupTimeOverride: false, willCall: false, locationFirst: leg.locationSecond, locationSecond: leg.locationFirst };
  }
  return {
    ...base,
    pickupTime: real(leg.locFirstTimeOrd),
    dropoffTime: real(leg.locSecondTimeOrd),
    apptTime: real(leg.apptTime),
    pickupTimeOverride: leg.pickupTimeOverride,
    willCall: trip.willCall,
    locationFirst: leg.locationFirst,
    locationSecond: leg.locationSecond,
  };
}
