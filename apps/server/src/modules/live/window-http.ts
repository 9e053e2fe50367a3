import { compareMembers, windowIds, windowQuery, type TripWindowQuery, type WindowMember } from '@tripline/core';
import type { Pool } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { Clock } from '../../platform/clock.ts';
import { tripVisibleTo } from '../../platform/scope.ts';
import type { TripJsonCache } from '../trips/day-list.ts';
import { presentsPortal } from '../portal-trips/present.ts';
import { narrowTripFilter, toTripFilter } from './trip-filter.ts';
import { loadStampedTrips, memberOf, tripsJson, type StampedTrip } from './trip-rows.ts';

/**
 * GET drive-assignments-window: the twin of a live fetch with a view, over HTTP. The same found
 * set (the filter narrowed to the caller's partner, every member in the caller's row scope), the
 * same members and order, and the window's list rows from the trip JSON cache.
 */
export async function tripWindowJson(pool: Pool, clock: Clock, cache: TripJsonCache, user: SessionUser, q: TripWindowQuery): Promise<Buffer> {
  // list rows are the staff's and partners' shape: portal users get an empty window (they watch trips one by one)
  const filter = presentsPortal(user) ? null : narrowTripFilter(user, { pickupDate: q.pickupDate, affiliateId: q.affiliateId, division: q.division });
  const query = windowQuery({ sort: q.sort || q.dir ? { key: q.sort ?? 'dayOrder', dir: q.dir ?? 'asc' } : undefined, q: q.q });
  const members: WindowMember[] = [];
  const trips = new Map<string, StampedTrip>();
  if (filter) {
    const now = clock.now();
    for (const { row, record } of await loadStampedTrips(pool, cache, toTripFilter(filter), true, 2)) {
      if (!tripVisibleTo(user, row)) continue;
      const member = memberOf(record, query, now);
      if (!member) continue;
      members.push(member);
      trips.set(row.id, row);
    }
    members.sort(compareMembers(query.sort.dir));
  }
  const ids = windowIds(members, q.offset, q.limit);
  const json = ids.length > 0 ? await tripsJson(pool, cache, ids.map((id) => trips.get(id)!)) : new Map<string, string>();
  const rows = ids.flatMap((id) => json.get(id) ?? []).join(',');
  return Buffer.from(`{"rows":[${rows}],"start":${q.offset},"total":${members.length},"members":${JSON.stringify(members)}}`);
}
