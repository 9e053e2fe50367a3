import { CONTACT_MSG } from '../contacts/messages.ts';
import { CASE_MANAGER_TYPE, PASSENGER_TYPES } from '../contacts/rules.ts';
import { CARE_MSG } from './messages.ts';

/** What a merge needs to know of each contact. */
export interface MergeContact {
  id: string;
  name: string;
  /** Person or Business (spec 2 §3 type1). */
  kind: string;
  types: readonly string[];
  parentId: string | null;
  deleted: boolean;
  /** Has a username and a password. */
  canSignIn: boolean;
}

/** The contact types of the kept contact after the merge: its own, then the merged one's it lacks. */
export function unitedTypes(keep: readonly string[], merge: readonly string[]): string[] {
  return [...keep, ...merge.filter((t) => !keep.includes(t))];
}

/**
 * The contact rules on types(as the edit modal checks them): not both a passenger
 * and a case manager; a Business is not an S/N Passenger.
 */
export function contactTypesProblem(types: readonly string[], kind = 'Person'): string | null {
  if (types.includes(CASE_MANAGER_TYPE) && types.some((t) => PASSENGER_TYPES.includes(t))) return CARE_MSG.PASSENGER_AND_CASE_MANAGER;
  if (kind === 'Business' && types.includes('S/N Passenger')) return CONTACT_MSG.BUSINESS_PASSENGER;
  return null;
}

/**
 * Why `merge` may not be merged into `keep`, or null: not itself, neither deleted,
 * not its own parent or child, both a Person or both a Business, at most one of them signs in,
 * and the united types keep the contact rules.
 */
export function mergeRefusal(keep: MergeContact, merge: MergeContact): string | null {
  if (keep.id === merge.id) return CARE_MSG.MERGE_SAME;
  if (keep.deleted) return CARE_MSG.MERGE_DELETED(keep.name);
  if (merge.deleted) return CARE_MSG.MERGE_DELETED(merge.name);
  if (keep.parentId === merge.id || merge.parentId === keep.id) return CARE_MSG.MERGE_FAMILY;
  if (keep.kind !== merge.kind) return CARE_MSG.MERGE_KINDS(keep.kind, merge.kind);
  if (keep.canSignIn && merge.canSignIn) return CARE_MSG.MERGE_BOTH_SIGN_IN(keep.name, merge.name);
  return contactTypesProblem(unitedTypes(keep.types, merge.types), keep.kind);
}

/**
 * Which of the merged contact's rows duplicate one of the kept contact's (the same phone, email or
 * address by `key`): those are dropped, the rest move to the kept contact.
 */
export function splitDuplicates<T>(keep: readonly T[], merge: readonly T[], key: (row: T) => string | null): { move: T[]; drop: T[] } {
  const held = new Set(keep.map(key).filter((k) => k !== null));
  const move: T[] = [];
  const drop: T[] = [];
  for (const row of merge) {
    const k = key(row);
    if (k !== null && held.has(k)) drop.push(row);
    else {
      move.push(row);
      if (k !== null) held.add(k);
    }
  }
  return { move, drop };
}
