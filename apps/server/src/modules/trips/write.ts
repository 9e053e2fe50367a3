import { TRIP_MSG, type ActivityType, type DriveAssignment } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit, writeAudits, type AuditEntry } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { repriceTrips } from '../partner-rates/pricing.ts';
import { findTrip, findTrips, lockTrip } from './repository.ts';

/** What a change to one trip works with: the locked trip as it was, inside the transaction. */
export interface TripChange {
  client: PoolClient;
  trip: DriveAssignment;
  user: SessionUser;
  req: FastifyRequest;
  now: Date;
}

/**
 * One change to one trip (ARCHITECTURE "Writes"): in one transaction, lock the trip within the
 * caller's scope (missing or out of scope: 404, the same answer), refuse a stale modCount with 409
 * and the server's copy, then let `work` check the rule and write. Nothing is written when any
 * step throws.
 */
export function changeTrip<T>(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  ref: { id: string; modCount?: number },
  work: (change: TripChange) => Promise<T>,
): Promise<T> {
  return inTransaction(deps.pool, async (client) => {
    const trip = await lockTrip(client, user, ref.id);
    if (!trip) throw notFound();
    assertFresh(trip, ref.modCount);
    const now = deps.clock.now();
    const result = await work({ client, trip, user, req, now });
    await repricePending(client, now, [trip.id]);
    return result;
  });
}

/**
 * The writes that change what a trip pays (its legs, stats, cancellation, partner,
 * approved wait time or expenses, an override or mileage decision). Their trips are priced again
 * before the transaction ends; other writes (and trips without a partner) cost no extra query.
 */
const PAY_INPUT_ACTIVITIES = new Set<string>([
  'stats',
  'cancel-leg',
  'adjustment-review',
  'portal-cancel',
  'pharmacy-stop',
  'reservation-save',
  'partner-change',
  'rate-override',
]);
const PAY_INPUT_FIELDS: readonly string[] = ['canceled', 'cancelledWithCharge', 'cancelledWithoutCharge'];
const toReprice = new WeakMap<PoolClient, Set<string>>();

/**
 * Prices again, in this transaction, those of the given trips whose pay inputs it changed so far.
 * Only the trips the caller works on (and has locked) are priced: a mark left by a transaction that
 * failed on this connection is dropped, never acted on.
 */
export async function repricePending(client: PoolClient, now: Date, tripIds: readonly string[]): Promise<void> {
  const marked = toReprice.get(client);
  if (!marked?.size) return;
  toReprice.delete(client);
  const ids = tripIds.filter((id) => marked.has(id));
  if (ids.length > 0) await repriceTrips(client, ids, now);
}

/** spec 1 §8: a write made on an older copy of the trip answers 409 with the server's copy. */
export function assertFresh(trip: DriveAssignment, modCount: number | undefined): void {
  if (modCount !== undefined && trip.modCount !== modCount) throw conflict(TRIP_MSG.CONFLICT_SERVER, trip);
}

/** The spec's field names of the trip columns a change may write. */
const TRIP_COLUMNS = {
  accepted: 'accepted',
  declined: 'declined',
  deleted: 'deleted',
  canceled: 'canceled',
  cancelledWithCharge: 'cancelled_with_charge',
  cancelledWithoutCharge: 'cancelled_without_charge',
  cancelledReason: 'cancelled_reason',
  partnerPayStatus: 'partner_pay_status',
  driverId: 'driver_id',
  driverEmpNumberAssigned: 'driver_emp_number_assigned',
  flag: 'flag',
} as const satisfies Partial<Record<keyof DriveAssignment, string>>;

export type TripFields = Partial<Pick<DriveAssignment, keyof typeof TRIP_COLUMNS>>;

/**
 * Writes changed fields of a trip, bumps modCount and updated_at, and writes the audit row with
 * the fields before and after. `addWaitMinutes` adds approved extra wait time to the trip's pay.
 */
export async function updateTrip(
  change: TripChange,
  activityType: ActivityType,
  fields: TripFields,
  opts: { addWaitMinutes?: number; note?: object } = {},
): Promise<void> {
  const { client, trip, req } = change;
  const sets: string[] = ['mod_count = mod_count + 1', 'updated_at = now()'];
  const params: unknown[] = [trip.id];
  const before: Record<string, unknown> = { modCount: trip.modCount };
  const after: Record<string, unknown> = { modCount: trip.modCount + 1, ...opts.note };
  for (const [key, value] of Object.entries(fields) as [keyof typeof TRIP_COLUMNS, unknown][]) {
    params.push(value);
    sets.push(`${TRIP_COLUMNS[key]} = $${params.length}`);
    before[key] = trip[key];
    after[key] = value;
  }
  if (opts.addWaitMinutes) {
    params.push(opts.addWaitMinutes);
    sets.push(`wait_time_minutes = wait_time_minutes + $${params.length}`);
    after.addedWaitMinutes = opts.addWaitMinutes;
  }
  await client.query(`update drive_assignments set ${sets.join(', ')} where id = $1`, params);
  await writeAudit(client, { ...auditActor(req), activityType, table: 'drive_assignments', recordId: trip.id, before, after });
  const payInput = PAY_INPUT_ACTIVITIES.has(activityType) || !!opts.addWaitMinutes || Object.keys(fields).some((k) => PAY_INPUT_FIELDS.includes(k));
  if (payInput && (trip.farmoutContactId || activityType === 'partner-change')) {
    // priced when the change is complete (its legs may be written after the trip row)
    const ids = toReprice.get(client) ?? new Set<string>();
    ids.add(trip.id);
    toReprice.set(client, ids);
  }
}

/** The trip as it is now, after the change (still inside the transaction). */
export async function freshTrip(change: TripChange): Promise<DriveAssignment> {
  await repricePending(change.client, change.now, [change.trip.id]);
  const trip = await findTrip(change.client, null, change.trip.id);
  if (!trip) throw notFound();
  return trip;
}

export async function freshTrips(client: PoolClient, ids: readonly string[], now: Date = new Date()): Promise<DriveAssignment[]> {
  await repricePending(client, now, ids);
  return ids.length ? findTrips(client, null, { ids }) : [];
}

/** An audit row of the current request for a record other than the trip. */
export function auditOf(req: FastifyRequest, activityType: ActivityType, table: string, recordId: string, before: unknown, after: unknown): AuditEntry {
  return { ...auditActor(req), activityType, table, recordId, before, after };
}

export { writeAudit, writeAudits };
