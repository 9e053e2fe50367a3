import { dateInZone, hasCancelledTrip, isTodayOrLater, SEARCH_MSG, type BulkAction, type DriveAssignment } from '@tripline/core';

type DatedTrip = Pick<DriveAssignment, 'serviceDate' | 'timeZone'>;

/**
 * spec 2 §6, §9: same-day bulk actions apply only to trips on or after today. "Today" is the date
 * in each trip's own zone, as the server judges it, so the browser leaves out exactly what the
 * server would refuse.
 */
export function splitByDate<T extends DatedTrip>(trips: readonly T[], now: Date): { eligible: T[]; past: T[] } {
  const eligible: T[] = [];
  const past: T[] = [];
  for (const t of trips) (isTodayOrLater(t.serviceDate, dateInZone(now, t.timeZone)) ? eligible : past).push(t);
  return { eligible, past };
}

export interface BulkActionDef {
  action: BulkAction;
  label: string;
  /** The confirmation's question for n trips. */
  question(n: number, partner?: string): string;
  confirmLabel: string;
  danger?: boolean;
}

const trips = (n: number) => `${n} ${n === 1 ? 'trip' : 'trips'}`;

export const BULK_ACTION_DEFS: Record<BulkAction, BulkActionDef> = {
  assign: {
    action: 'assign',
    label: 'Assign to partner…',
    question: (n, partner) => `Assign ${trips(n)} to ${partner ?? 'this partner'}?`,
    confirmLabel: 'Assign',
  },
  unassign: {
    action: 'unassign',
    label: 'Unassign',
    question: (n) => `Take ${trips(n)} away from their partner?`,
    confirmLabel: 'Unassign',
    danger: true,
  },
  reset: {
    action: 'reset',
    label: 'Reset partner answer',
    question: (n) => `Clear the partner's answer on ${trips(n)}, so the partner answers again?`,
    confirmLabel: 'Reset answers',
  },
  cancel: {
    action: 'cancel',
    label: 'Cancel trips',
    question: (n) => `Cancel ${trips(n)}?`,
    confirmLabel: 'Cancel trips',
    danger: true,
  },
  unCancel: {
    action: 'unCancel',
    label: 'Un-cancel',
    question: (n) => `Restore the cancelled trips among ${trips(n)}?`,
    confirmLabel: 'Un-cancel',
  },
};

/** The menu's order. */
export const BULK_MENU: readonly BulkAction[] = ['assign', 'unassign', 'reset', 'cancel', 'unCancel'];

/**
 * Whether an action can be sent for these (today-or-later) trips, or the message that says why
 * not. spec 2 §8: un-cancel without a cancelled trip says 'No canceled DAs in found set' and sends nothing.
 */
export function refusal(action: BulkAction, eligible: readonly Pick<DriveAssignment, 'canceled'>[], pastCount: number): string | null {
  if (eligible.length === 0) return pastCount > 0 ? SEARCH_MSG.BULK_TODAY_OR_LATER : 'Choose at least one trip';
  if (action === 'unCancel' && !hasCancelledTrip(eligible)) return SEARCH_MSG.NO_CANCELED_IN_FOUND_SET;
  return null;
}

/** The note under a confirmation when some chosen trips are left out. */
export function pastNote(pastCount: number): string | null {
  if (pastCount === 0) return null;
  return `${trips(pastCount)} before today ${pastCount === 1 ? 'is' : 'are'} left out: ${SEARCH_MSG.BULK_TODAY_OR_LATER.toLowerCase()}.`;
}

export const changedText = (n: number) => `${n} changed`;
