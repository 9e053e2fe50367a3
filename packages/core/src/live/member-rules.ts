import type { BulkAction } from '../trips/bulk.ts';
import { SEARCH_MSG } from '../trips/search.ts';
import { MEMBER_FLAG, type WindowMember } from './window.ts';

/**
 * Whole-set actions decided from a windowed found set's members alone (their flags and modCount),
 * before any row is read. The server decides each trip again when the write arrives.
 */

/** A trip as a batch write names it. */
export interface MemberRef {
  id: string;
  modCount: number;
}

const NOT_TO_ACCEPT = MEMBER_FLAG.accepted | MEMBER_FLAG.readOnly | MEMBER_FLAG.cancelled | MEMBER_FLAG.declined;

/**
 * spec 1 §5 accept all, from the members of the list (their flags): accepted, declined, read-only
 * and cancelled trips are skipped, past ones counted; the others are sent with their modCount.
 */
export function acceptAllMembers(members: readonly WindowMember[]): { eligible: MemberRef[]; past: number } {
  const eligible: MemberRef[] = [];
  let past = 0;
  for (const [id, , modCount, flags] of members) {
    if (flags & NOT_TO_ACCEPT) continue;
    if (flags & MEMBER_FLAG.past) past++;
    else eligible.push({ id, modCount });
  }
  return { eligible, past };
}

/**
 * spec 2 §8: a bulk refusal decided from the member flags alone: un-cancel when no chosen trip is
 * cancelled and one at least has not occurred (so one is of today or later, and the rows would be
 * refused the same way by bulkRefusal: 'No canceled DAs in found set'). Null: read the trips.
 */
export function memberRefusal(action: BulkAction, flags: readonly number[]): string | null {
  if (action !== 'unCancel' || flags.some((f) => f & (MEMBER_FLAG.cancelled | MEMBER_FLAG.legCancelled))) return null;
  return flags.some((f) => !(f & MEMBER_FLAG.past)) ? SEARCH_MSG.NO_CANCELED_IN_FOUND_SET : null;
}
