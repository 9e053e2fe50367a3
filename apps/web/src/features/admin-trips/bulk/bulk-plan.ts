import {
  bulkRefusal,
  bulkSkipReason,
  dateInZone,
  isTodayOrLater,
  SEARCH_MSG,
  type BulkAction,
  type BulkTrip,
  type DriveAssignment,
  type PartnerOption,
} from '@tripline/core';
import { PICK_MSG, type PickConfirmation } from '../partner-picker/picker-rules.ts';

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
 * not, by the server's own rule (core's bulkRefusal). spec 2 §8: un-cancel without a cancelled trip
 * says 'No canceled DAs in found set' and sends nothing.
 */
export function refusal(action: BulkAction, eligible: readonly Pick<DriveAssignment, 'canceled' | 'serviceDate' | 'timeZone'>[], pastCount: number, now: Date): string | null {
  if (eligible.length === 0) return pastCount > 0 ? SEARCH_MSG.BULK_TODAY_OR_LATER : 'Choose at least one trip';
  return bulkRefusal(action, eligible, now);
}

/** The note under a confirmation when some chosen trips are left out. */
export function pastNote(pastCount: number): string | null {
  if (pastCount === 0) return null;
  return `${trips(pastCount)} before today ${pastCount === 1 ? 'is' : 'are'} left out: ${SEARCH_MSG.BULK_TODAY_OR_LATER.toLowerCase()}.`;
}

export const changedText = (n: number) => `${n} changed`;

// ---- Bulk partner assignment: the partner picker's confirmations for many trips (spec 3 §5) ----

/** A chosen trip as the bulk assignment weighs it: its partner. */
export type AssignTrip = BulkTrip & Pick<DriveAssignment, 'farmoutName'>;

/** The picked partner, as the picker offers it (scored for the picker's trip). */
export type PickedPartner = Pick<PartnerOption, 'providerId' | 'name'>;

/**
 * spec 3 §5 "Assigning the same partner just dismisses": when every chosen trip already has the
 * picked partner nothing is asked or sent. Otherwise the trips the assignment changes, as the
 * server decides (core bulkSkipReason): not cancelled, not Final, not already with this partner.
 */
export function assignTargets<T extends AssignTrip>(eligible: readonly T[], providerId: string, now: Date): { kind: 'dismiss' } | { kind: 'assign'; changing: T[] } {
  if (eligible.length > 0 && eligible.every((t) => t.farmoutContactId === providerId)) return { kind: 'dismiss' };
  return { kind: 'assign', changing: eligible.filter((t) => bulkSkipReason('assign', t, { now, providerId }) === null) };
}

/** A few names, then how many more: "A, B, C and 2 others". */
function someNames(names: readonly string[], shown = 3): string {
  if (names.length <= shown) return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
  const more = names.length - shown;
  return `${names.slice(0, shown).join(', ')} and ${more} ${more === 1 ? 'other' : 'others'}`;
}

/** "All 3 trips", "2 of the 3 trips", "This trip". */
function someTrips(count: number, total: number): string {
  if (count === total) return total === 1 ? 'The trip' : `All ${total} trips`;
  return `${count} of the ${total} trips`;
}

export const BULK_PICK_MSG = {
  REPLACE: (count: number, total: number, oldNames: readonly string[], newName: string) =>
    count === 1 && total === 1
      ? PICK_MSG.REPLACE(oldNames[0] ?? 'the current partner', newName)
      : `${someTrips(count, total)} already ${count === 1 ? 'has a partner' : 'have a partner'} (${someNames(oldNames)}). Replace ${count === 1 ? 'it' : 'them'} with ${newName}?`,
  OUT_OF_AREA: (name: string, count: number, total: number, zips: readonly string[]) =>
    count === 1 && total === 1
      ? PICK_MSG.OUT_OF_AREA(name)
      : `${name} does not cover the pickup ZIP code of ${count === total ? (total === 1 ? 'the trip' : `any of the ${total} trips`) : `${count} of the ${total} trips`}${zips.length ? ` (${someNames(zips, 5)})` : ''}. Assign this Out-Of-Area partner anyway?`,
} as const;

/**
 * spec 3 §5 "confirm when replacing an existing partner": asked whenever a trip the assignment
 * changes already has a partner (another one: trips with the picked partner are not changed),
 * with how many and whose.
 */
export function replaceConfirmation(changing: readonly AssignTrip[], partnerName: string): PickConfirmation | null {
  const replaced = changing.filter((t) => t.farmoutContactId !== null);
  if (replaced.length === 0) return null;
  const names = [...new Set(replaced.map((t) => t.farmoutName ?? 'a partner without a name'))];
  return {
    kind: 'replace',
    title: PICK_MSG.REPLACE_TITLE,
    message: BULK_PICK_MSG.REPLACE(replaced.length, changing.length, names, partnerName),
    confirmLabel: 'Replace',
  };
}

/** A trip of the batch whose pickup ZIP code the partner does not serve (POST partner-coverage-for-das). */
export interface OutOfAreaTrip {
  referenceNumber: string;
  zip: string | null;
}

/**
 * spec 3 §5 "confirm Out-Of-Area when the partner lacks ZIP coverage", for every trip the
 * assignment changes, from the server's answer for all of them: one question naming how many
 * trips and their ZIP codes; none when the partner serves every pickup.
 */
export function outOfAreaConfirmation(partner: PickedPartner, outOfArea: readonly OutOfAreaTrip[], total: number): PickConfirmation | null {
  if (outOfArea.length === 0) return null;
  const zips = [...new Set(outOfArea.flatMap((t) => (t.zip ? [t.zip] : [])))];
  const message = BULK_PICK_MSG.OUT_OF_AREA(partner.name, outOfArea.length, total, zips);
  return { kind: 'outOfArea', title: PICK_MSG.OUT_OF_AREA_TITLE, message, confirmLabel: 'Assign Out-Of-Area' };
}
