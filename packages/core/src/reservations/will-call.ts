import { WILL_CALL } from '../trips/constants.ts';
import { RES_MSG } from './messages.ts';

/** What the will-call rules read and write of a leg (the editor's leg and the saved body alike). */
export interface WillCallLeg {
  whichLeg: string;
  locFirstTimeOrd: string | null;
  locSecondTimeOrd: string | null;
  apptTime: string | null;
  canceled?: boolean;
}

/** spec 2 §4: a reservation is WillCall when will call is on, otherwise Pending. */
export function reservationStatus(willCall: boolean): 'WillCall' | 'Pending' {
  return willCall ? 'WillCall' : 'Pending';
}

/** spec 1 §5, 2 §4: 23:59 (with or without seconds) or 'WC' typed as a pickup time means will call. */
export function isWillCallTime(value: string | null | undefined): boolean {
  if (!value) return false;
  const v = value.trim().toUpperCase();
  return v === 'WC' || v === '23:59' || v === WILL_CALL;
}

/**
 * The leg that waits for the passenger's call: the return leg B, or the only leg when there is one.
 * Cancelled legs do not count. -1 when there is none (several legs and no B).
 */
export function willCallLegIndex(legs: readonly WillCallLeg[]): number {
  const active = legs.map((l, i) => ({ l, i })).filter(({ l }) => !l.canceled);
  const b = active.find(({ l }) => l.whichLeg === 'B');
  if (b) return b.i;
  return active.length === 1 ? active[0].i : -1;
}

/**
 * spec 2 §4: turning will call on gives the will-call leg 23:59:00 pickup and drop-off and no
 * appointment; turning it off clears those times (the dispatcher enters the real ones).
 */
export function applyWillCall<L extends WillCallLeg>(legs: readonly L[], on: boolean): L[] {
  const at = willCallLegIndex(legs);
  return legs.map((leg, i) => {
    if (i !== at) return leg;
    if (on) return { ...leg, locFirstTimeOrd: WILL_CALL, locSecondTimeOrd: WILL_CALL, apptTime: null };
    return {
      ...leg,
      locFirstTimeOrd: isWillCallTime(leg.locFirstTimeOrd) ? null : leg.locFirstTimeOrd,
      locSecondTimeOrd: isWillCallTime(leg.locSecondTimeOrd) ? null : leg.locSecondTimeOrd,
    };
  });
}

/** spec 2 §4: choosing 23:59 (or 'WC') as a pickup time turns will call on. */
export function willCallFromPickup(current: boolean, pickupTyped: string | null): boolean {
  return current || isWillCallTime(pickupTyped);
}

/** Actions a will-call trip refuses (spec 1 §5, 2 §5; DECISIONS 4). */
export type WillCallAction = 'addWaitLeg' | 'overridePickup' | 'returnTrip';

/** Why a will-call trip refuses an action, or null when it is allowed (or the trip is not will call). */
export function willCallRefusal(willCall: boolean, action: WillCallAction): string | null {
  if (!willCall) return null;
  return action === 'overridePickup' ? RES_MSG.WILL_CALL_PICKUP_OVERRIDE : RES_MSG.WILL_CALL_ACTION;
}
