import {
  checkStats,
  legCancelled,
  statsRefusal,
  TRIP_MSG,
  type DriveAssignment,
  type StatsBody,
  type TripLeg,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { payStatusAfter } from './pay.ts';
import { lockTrips } from './repository.ts';
import { assertFresh, auditOf, freshTrips, updateTrip, writeAudits, type TripChange } from './write.ts';

type Entry = z.output<typeof StatsBody>[number];

const fail = (message: string, path: string) => badRequest(message, [{ path, message }]);

/** One leg's entry, checked against the leg (spec 2 §5); throws the first refusal. */
function checkEntry(trip: DriveAssignment, leg: TripLeg, e: Entry, i: number, now: Date): void {
  const refusal = statsRefusal(trip, leg, now);
  if (refusal) throw fail(refusal, `${i}.tripLegId`);
  const check = checkStats({ pickup: leg.locFirstTimeOrd, dropoff: leg.locSecondTimeOrd }, e);
  const errors = Object.entries(check.errors);
  if (errors.length > 0) {
    throw badRequest(errors[0][1], errors.map(([field, message]) => ({ path: `${i}.${field}`, message })));
  }
  if (check.outOfRange && !e.outOfRangeReason) throw fail(TRIP_MSG.STATS_REASON_REQUIRED, `${i}.outOfRangeReason`);
}

/**
 * spec 2 §5: stats entry. Every entry is checked before anything is written; a refusal of any
 * entry writes nothing. Each leg gets its times (status Rode unless it was cancelled with charge),
 * and each trip its new modCount and pay status (docs/decisions.md "Partner pay").
 */
export async function enterStats(deps: AppDeps, req: FastifyRequest, user: SessionUser, entries: Entry[]): Promise<{ updated: DriveAssignment[] }> {
  const byTrip = new Map<string, { modCount: number; entries: { e: Entry; i: number }[] }>();
  const legs = new Set<string>();
  entries.forEach((e, i) => {
    if (legs.has(e.tripLegId)) throw fail(TRIP_MSG.STATS_ONE_ENTRY_PER_LEG, `${i}.tripLegId`);
    legs.add(e.tripLegId);
    const group = byTrip.get(e.driveAssignmentId) ?? { modCount: e.modCount, entries: [] };
    if (group.modCount !== e.modCount) throw fail(TRIP_MSG.STATS_ONE_MOD_COUNT, `${i}.modCount`);
    group.entries.push({ e, i });
    byTrip.set(e.driveAssignmentId, group);
  });

  return inTransaction(deps.pool, async (client) => {
    const now = deps.clock.now();
    const locked = await lockTrips(client, user, [...byTrip.keys()]);
    const work: { change: TripChange; legs: { leg: TripLeg; e: Entry }[] }[] = [];
    for (const [id, group] of byTrip) {
      const trip = locked.get(id);
      if (!trip) throw notFound();
      assertFresh(trip, group.modCount);
      const change: TripChange = { client, trip, user, req, now };
      const changed = group.entries.map(({ e, i }) => {
        const leg = trip.tripLegs.find((l) => l.id === e.tripLegId);
        if (!leg) throw notFound(TRIP_MSG.UNKNOWN_LEG);
        checkEntry(trip, leg, e, i, now);
        return { leg, e };
      });
      work.push({ change, legs: changed });
    }

    for (const { change, legs: changed } of work) {
      const tripLegs = change.trip.tripLegs.map((l) => {
        const e = changed.find((c) => c.leg.id === l.id)?.e;
        return e ? { ...l, locFirstTimeAct: e.timeArrive, locFirstTimeDep: e.timeDepart, locSecondTimeAct: e.timeDropOff } : l;
      });
      const partnerPayStatus = payStatusAfter(change, { tripLegs });
      // the trip row first: its legs' change then finds it already written by this transaction
      await updateTrip(change, 'stats', partnerPayStatus === change.trip.partnerPayStatus ? {} : { partnerPayStatus });
      const audits = [];
      for (const { leg, e } of changed) {
        const status = legCancelled(leg) ? leg.status : 'Rode';
        await client.query(
          `update trip_legs set loc_first_time_act = $2, loc_first_time_dep = $3, loc_second_time_act = $4, status = $5,
                  stats_reason = $6, stats_notes = $7, stats_entered_by = $8, stats_entered_at = now(), mod_count = mod_count + 1
            where id = $1`,
          [leg.id, e.timeArrive, e.timeDepart, e.timeDropOff, status, e.outOfRangeReason ?? null, e.notes || null, change.user.id],
        );
        audits.push(
          auditOf(
            change.req,
            'stats',
            'trip_legs',
            leg.id,
            { locFirstTimeAct: leg.locFirstTimeAct, locFirstTimeDep: leg.locFirstTimeDep, locSecondTimeAct: leg.locSecondTimeAct, status: leg.status },
            {
              locFirstTimeAct: e.timeArrive,
              locFirstTimeDep: e.timeDepart,
              locSecondTimeAct: e.timeDropOff,
              status,
              outOfRangeReason: e.outOfRangeReason ?? null,
              notes: e.notes ?? null,
            },
          ),
        );
      }
      await writeAudits(client, audits);
    }
    return { updated: await freshTrips(client, [...byTrip.keys()]) };
  });
}
