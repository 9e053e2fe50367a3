import { z } from 'zod';
import { text } from '../api/text.ts';
import type { DriveAssignment } from '../trips/model.ts';
import { filterTrips, hasOccurred, isReadOnly } from '../trips/rules.ts';
import { hasCancellation } from '../trips/bulk.ts';
import { isOutsidePartnerTrip } from './search-columns.ts';
import { sortKey, WINDOW_SORT_KEYS, type MemberTrip } from './sort-keys.ts';

export * from './search-columns.ts';
export * from './sort-keys.ts';

/**
 * Windowed found sets (an opt-in extension of the live protocol): a fetch with a `view` receives
 * only the rows of its window, plus every member of the set as `[id, key, modCount, flags]` in
 * order. The server filters by the Home search text (`q`, with its '!'), leaves out outside
 * partners' trips on request (`hideOutside`) and orders by `sort`.
 */

export const WINDOW_MAX_COUNT = 500;
export const WINDOW_MAX_Q = 200;

const start = z.number().int().min(0).max(1_000_000);
const count = z.number().int().min(1).max(WINDOW_MAX_COUNT);

export const WindowSort = z.object({ key: z.enum(WINDOW_SORT_KEYS), dir: z.enum(['asc', 'desc']) });
export type WindowSort = z.infer<typeof WindowSort>;

export const LiveView = z.object({
  start,
  count,
  sort: WindowSort.optional(),
  q: text().max(WINDOW_MAX_Q).optional(),
  /** Leave outside partners' trips out of the members (spec 2 §6); a search set counts them in `hidden`. */
  hideOutside: z.boolean().optional(),
});
export type LiveView = z.infer<typeof LiveView>;

/** What decides the members of a windowed set and their order (the window's place is per subscriber). */
export interface WindowQuery {
  sort: WindowSort;
  /** The Home search text, trimmed; '' keeps every trip. */
  q: string;
  /** Outside partners' trips are left out. */
  hideOutside: boolean;
}

export const DAY_ORDER: WindowSort = { key: 'dayOrder', dir: 'asc' };

/** The part of a view that every subscriber of one found set shares. */
export function windowQuery(view: Pick<LiveView, 'sort' | 'q' | 'hideOutside'>): WindowQuery {
  return { sort: view.sort ?? DAY_ORDER, q: (view.q ?? '').trim(), hideOutside: view.hideOutside ?? false };
}

/** Facts whole-set actions read of a member, as bits of `flags`. */
/** legCancelled: a leg is cancelled while the trip is not (un-cancel restores it too). */
export const MEMBER_FLAG = { accepted: 1, readOnly: 2, past: 4, cancelled: 8, final: 16, outside: 32, declined: 64, legCancelled: 128 } as const;

/** A member of a windowed found set: id, sort key, modCount and flags (MEMBER_FLAG). */
export type WindowMember = [id: string, key: string, modCount: number, flags: number];

export function memberFlags(trip: MemberTrip, now: Date): number {
  let f = 0;
  if (trip.accepted) f |= MEMBER_FLAG.accepted;
  if (isReadOnly(trip)) f |= MEMBER_FLAG.readOnly;
  if (hasOccurred(trip, now)) f |= MEMBER_FLAG.past;
  if (trip.canceled) f |= MEMBER_FLAG.cancelled;
  else if (hasCancellation(trip)) f |= MEMBER_FLAG.legCancelled;
  if (trip.partnerPayStatus === 'Final') f |= MEMBER_FLAG.final;
  if (isOutsidePartnerTrip(trip)) f |= MEMBER_FLAG.outside;
  if (trip.declined) f |= MEMBER_FLAG.declined;
  return f;
}

/**
 * The member a trip is in a windowed set, or null when the Home search text leaves it out (the
 * same rule as the search box, filterTrips). `now` decides the past flag. Whether an outside
 * partner's trip is shown is decided from its flag (isShown), so a set can count the ones it hides.
 */
export function toMember(trip: DriveAssignment, query: WindowQuery, now: Date): WindowMember | null {
  if (query.q !== '' && filterTrips([trip], query.q).length === 0) return null;
  return [trip.id, sortKey(trip, query.sort.key), trip.modCount, memberFlags(trip, now)];
}

/** Whether a view shows a member: not when it hides outside partners and the member is one's. */
export const isShown = (query: Pick<WindowQuery, 'hideOutside'>, m: WindowMember) => !(query.hideOutside && m[3] & MEMBER_FLAG.outside);

/** Where a member goes in an ordered list: the first position whose member sorts after it. */
export function insertionIndex(members: readonly WindowMember[], m: WindowMember, compare: (a: WindowMember, b: WindowMember) => number): number {
  let lo = 0;
  let hi = members.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(members[mid], m) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The ids of a window over ordered members; a window past the end is empty. */
export function windowIds(members: readonly WindowMember[], start: number, count: number): string[] {
  return members.slice(start, start + count).map((m) => m[0]);
}

export const sameMember = (a: WindowMember, b: WindowMember) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

/** What a windowed subscriber is told after its members changed (before row JSON is attached). */
export interface WindowDelta {
  /** In the window now and not held before: sent as full rows. */
  added: string[];
  /** In the window, held, and changed: sent as full rows. */
  updated: string[];
  /** Members that left the set. */
  removed: string[];
  /** Members that joined or changed anywhere in the set: ids, keys and flags only. */
  members: WindowMember[];
  total: number;
}

/**
 * The rows a windowed subscriber is sent after a change: members in its window it does not hold
 * (added) and held ones whose rows changed (updated). `held` becomes the new window. `firstMoved`:
 * no position before it changed (moveMembers), so a window ending before it holds the same rows.
 */
export function windowRows(
  after: readonly WindowMember[],
  changed: ReadonlySet<string>,
  held: Set<string>,
  start: number,
  count: number,
  firstMoved = 0,
): { added: string[]; updated: string[] } {
  if (firstMoved >= start + count && ![...changed].some((id) => held.has(id))) return { added: [], updated: [] };
  const added: string[] = [];
  const updated: string[] = [];
  const inWindow = windowIds(after, start, count);
  for (const id of inWindow) {
    if (!held.has(id)) added.push(id);
    else if (changed.has(id)) updated.push(id);
  }
  held.clear();
  for (const id of inWindow) held.add(id);
  return { added, updated };
}

/**
 * The difference between a subscriber's members before and after a change. `held` are the rows it
 * holds (its last window) and is updated to the new window; `changed` the ids whose rows changed.
 */
export function windowDelta(
  before: readonly WindowMember[],
  after: readonly WindowMember[],
  changed: ReadonlySet<string>,
  held: Set<string>,
  start: number,
  count: number,
): WindowDelta {
  const old = new Map(before.map((m) => [m[0], m]));
  const now = new Set<string>();
  const members: WindowMember[] = [];
  for (const m of after) {
    now.add(m[0]);
    const was = old.get(m[0]);
    if (!was || !sameMember(was, m)) members.push(m);
  }
  const removed = before.filter((m) => !now.has(m[0])).map((m) => m[0]);
  return { ...windowRows(after, changed, held, start, count), removed, members, total: after.length };
}

/**
 * Applies member changes to an ordered member list in place: `next` maps an id to its member now,
 * or null when it left the set. Answers the members that joined or changed, the ids that left, and
 * the first position that changed (Infinity when none did).
 */
export function moveMembers(
  members: WindowMember[],
  byId: Map<string, WindowMember>,
  next: ReadonlyMap<string, WindowMember | null>,
  compare: (a: WindowMember, b: WindowMember) => number,
): { moved: WindowMember[]; left: string[]; firstMoved: number } {
  const moved: WindowMember[] = [];
  const left: string[] = [];
  // each splice changes only the positions from its own on: none before the smallest did
  let firstMoved = Infinity;
  for (const [id, m] of next) {
    const was = byId.get(id);
    if (was && m && sameMember(was, m)) continue;
    if (was) {
      const at = insertionIndex(members, was, compare) - 1;
      members.splice(at, 1);
      byId.delete(id);
      firstMoved = Math.min(firstMoved, at);
    }
    if (m) {
      const at = insertionIndex(members, m, compare);
      members.splice(at, 0, m);
      byId.set(id, m);
      moved.push(m);
      firstMoved = Math.min(firstMoved, at);
    } else if (was) left.push(id);
  }
  return { moved, left, firstMoved };
}

export const isEmptyWindowDelta = (d: WindowDelta) => d.added.length + d.updated.length + d.removed.length + d.members.length === 0;
