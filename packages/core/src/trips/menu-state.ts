/**
 * The row menu of the day list (spec 1 §2 row actions): for each action, whether the trip allows
 * it now and, when not, the refusal the action itself would give (spec 1 §4, §5). The menu asks
 * this before it shows an item, so an item the rules refuse is disabled with its reason instead
 * of being offered and then refused.
 */
import { TRIP_MSG } from './messages.ts';
import type { Phone, TripLeg } from './model.ts';
import { cancelLegRefusal, expenseRefusal, partnerEditRefusal, statsRefusal, waitTimeDecision } from './partner-edits.ts';
import { MILEAGE_ADJUST, RATE_ADJUST } from '../partner-monitor/messages.ts';
import { payRequestRefusal } from '../partner-monitor/requests.ts';
import { acceptRefusal, canCancelLeg, declineRefusal, eligibleSmsPhone, finaliseBlockedReason, hasOccurred, type TripForRules } from './rules.ts';

/** What an SMS needs of a leg: its passenger and the phones they may be texted on. */
type SmsLeg = Pick<TripLeg, 'passengerId' | 'passName'> & { passenger: { id: string; name: string; phones: readonly Phone[] } | null };

/**
 * The trip fields the row menu reads: the workflow rules' fields and, on each leg, whom an SMS
 * reaches. A full trip and its list row (TripListRow) both have them.
 */
export type TripForMenu = Omit<TripForRules, 'tripLegs'> & { tripLegs: (TripForRules['tripLegs'][number] & SmsLeg)[] };

/** The row actions, in the menu's order. */
export const ROW_ACTIONS = ['accept', 'decline', 'finalise', 'stats', 'waitTime', 'expense', 'rateOverride', 'mileage', 'driver', 'flag', 'sms', 'cancelLeg'] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];

/**
 * One item of the menu. Disabled: `reason` says why. Enabled: `reason` is null, or a warning the
 * user sees before going on (developer mode on a past trip: 'This trip has already occurred.').
 */
export type RowActionState = { enabled: true; reason: string | null } | { enabled: false; reason: string };

type StatsLeg = Pick<TripLeg, 'status' | 'cancelNc' | 'serviceCode'>;

/**
 * spec 2 §5: cancelled no-charge legs take no stats (statsRefusal says the same); neither do
 * non-transport legs (service 06). A leg cancelled with charge (a no-show) still takes them.
 */
export function legsTakingStats<L extends StatsLeg>(legs: readonly L[]): L[] {
  return legs.filter((l) => l.status !== 'CanceledNoCharge' && !l.cancelNc && l.serviceCode !== '06');
}

export type SmsTarget = { ok: true; contactId: string; name: string; phone: Phone } | { ok: false; name: string; message: string };

/** spec 1 §5: whom an SMS about the trip can reach, one entry per passenger. */
export function smsTargets(trip: { tripLegs: readonly SmsLeg[] }): SmsTarget[] {
  const seen = new Set<string>();
  const targets: SmsTarget[] = [];
  for (const leg of trip.tripLegs) {
    const name = leg.passenger?.name ?? leg.passName ?? 'the passenger';
    const key = leg.passenger?.id ?? leg.passengerId ?? name;
    if (seen.has(key)) continue;
    seen.add(key);
    const contactId = leg.passenger?.id ?? leg.passengerId;
    if (!contactId) {
      targets.push({ ok: false, name, message: TRIP_MSG.MISSING_CONTACT_ID });
      continue;
    }
    const phone = eligibleSmsPhone(leg.passenger?.phones ?? []);
    targets.push(phone ? { ok: true, contactId, name, phone } : { ok: false, name, message: TRIP_MSG.NO_SMS_PHONE(name) });
  }
  return targets;
}

/** Why no SMS can be sent about the trip, or null when some passenger can be reached. */
export function smsRefusal(trip: { tripLegs: readonly SmsLeg[] }): string | null {
  const targets = smsTargets(trip);
  if (targets.some((t) => t.ok)) return null;
  const first = targets[0];
  return first && !first.ok ? first.message : TRIP_MSG.MISSING_CONTACT_ID;
}

/** Why stats cannot be entered on any leg of the trip, or null when one leg takes them. */
export function statsEntryRefusal(trip: TripForRules, now: Date): string | null {
  const legs = legsTakingStats(trip.tripLegs);
  if (legs.length === 0) return TRIP_MSG.STATS_LEG_NOT_NEEDED;
  const refusals = legs.map((leg) => statsRefusal(trip, leg, now));
  return refusals.every(Boolean) ? refusals[0] : null;
}

/** Why a wait-time request cannot start: refusals and the denials the server would answer anyway. */
export function waitTimeRefusal(trip: TripForRules, now: Date): string | null {
  const decision = waitTimeDecision(trip, 1, 0, now);
  if ('refused' in decision) return decision.refused;
  return decision.status === 'Denied' ? decision.message : null;
}

/** The partner's row action (spec 1 §4, pay Open and accepted or assigned): why no leg of the trip can be cancelled, or null when one can. */
export function cancelAnyLegRefusal(trip: TripForRules, now: Date): string | null {
  if (trip.tripLegs.some((l) => canCancelLeg(trip, l))) return null;
  const leg = trip.tripLegs[0];
  return leg ? cancelLegRefusal(trip, leg, null, { staff: false, partner: true, now }) : TRIP_MSG.NOT_EDITABLE;
}

const state = (refusal: string | null): RowActionState => (refusal === null ? { enabled: true, reason: null } : { enabled: false, reason: refusal });

/**
 * spec 1 §5 accept and decline: a past trip is refused, except in developer mode where it stays
 * open with the warning 'This trip has already occurred.'.
 */
function answerState(refusal: ReturnType<typeof acceptRefusal>, trip: TripForRules, now: Date, developerMode: boolean): RowActionState {
  if (refusal) return { enabled: false, reason: refusal.message };
  if (developerMode && hasOccurred(trip, now)) return { enabled: true, reason: TRIP_MSG.ALREADY_OCCURRED };
  return { enabled: true, reason: null };
}

/** Every row action's state for one trip at `now`, from the same rules the actions and the server apply. */
export function rowActionStates(trip: TripForMenu, now: Date, opts: { developerMode: boolean }): Record<RowAction, RowActionState> {
  const dev = opts.developerMode;
  return {
    accept: answerState(acceptRefusal(trip, now, dev), trip, now, dev),
    decline: answerState(declineRefusal(trip, now, dev), trip, now, dev),
    finalise: state(finaliseBlockedReason(trip, now)),
    stats: state(statsEntryRefusal(trip, now)),
    waitTime: state(waitTimeRefusal(trip, now)),
    expense: state(expenseRefusal(trip)),
    // a second pending request is the server's to refuse (409): the list row does not know it
    rateOverride: state(payRequestRefusal(trip, 0, RATE_ADJUST, now)?.message ?? null),
    mileage: state(payRequestRefusal(trip, 0, MILEAGE_ADJUST, now)?.message ?? null),
    driver: state(partnerEditRefusal(trip)),
    // a flag is a note for the operator: any trip can carry one
    flag: state(null),
    sms: state(smsRefusal(trip)),
    cancelLeg: state(cancelAnyLegRefusal(trip, now)),
  };
}
