import {
  ASSIGN_MSG,
  bulkRefusal,
  planBulk,
  STAFF_CANCEL_REASON,
  type ActivityType,
  type BulkAction,
  type BulkResult,
  type DriveAssignment,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudits, type AuditEntry } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';
import { isUuid, lockTrips } from '../trips/repository.ts';
import { assertPartnerMayTake } from '../contact-care/partner-blocks.ts';
import { findPartner, type PartnerRef } from './partners.ts';
import { repriceTrips } from '../partner-rates/pricing.ts';

export type BulkKeys = { by: 'referenceNumber'; keys: readonly string[] } | { by: 'id'; keys: readonly string[] };

/** The ids of the trips with these reference numbers, in the caller's scope. */
async function idsOfReferences(client: PoolClient, user: SessionUser, refs: readonly string[]): Promise<string[]> {
  const params: unknown[] = [];
  const scope = tripScope(user, params);
  params.push(refs);
  const { rows } = await client.query<{ id: string }>(
    `select da.id from drive_assignments da where ${scope} and da.reference_number = any($${params.length}::text[])`,
    params,
  );
  return rows.map((r) => r.id);
}

/** Locks the requested trips (in id order) and keys them the way they were asked for. */
export async function lockRequested(client: PoolClient, user: SessionUser, req: BulkKeys): Promise<Map<string, DriveAssignment>> {
  const ids = req.by === 'id' ? req.keys.filter(isUuid).map((k) => k.toLowerCase()) : await idsOfReferences(client, user, req.keys);
  const locked = await lockTrips(client, user, ids);
  if (req.by === 'id') {
    // keyed as sent, so an id in capitals still finds its trip
    return new Map(req.keys.flatMap((k) => (isUuid(k) && locked.has(k.toLowerCase()) ? [[k, locked.get(k.toLowerCase())!]] : [])));
  }
  return new Map([...locked.values()].map((t) => [t.referenceNumber, t]));
}

/** The trip columns each action writes (besides mod_count and updated_at) and their spec names. */
function tripChanges(action: BulkAction, partner: PartnerRef | null): { column: string; field: keyof DriveAssignment; value: unknown }[] {
  const clearAnswer = [
    { column: 'accepted', field: 'accepted', value: false },
    { column: 'declined', field: 'declined', value: false },
    { column: 'deleted', field: 'deleted', value: false },
  ] as const;
  const clearDriver = [
    { column: 'driver_id', field: 'driverId', value: null },
    { column: 'driver_emp_number_assigned', field: 'driverEmpNumberAssigned', value: null },
  ] as const;
  switch (action) {
    case 'reset':
      return [...clearAnswer];
    case 'assign':
      return [
        { column: 'farmout_contact_id', field: 'farmoutContactId', value: partner!.id },
        { column: 'farmout_contact_number', field: 'farmoutContactNumber', value: partner!.contactNumber },
        ...clearAnswer,
        ...clearDriver,
      ];
    case 'unassign':
      return [
        { column: 'farmout_contact_id', field: 'farmoutContactId', value: null },
        { column: 'farmout_contact_number', field: 'farmoutContactNumber', value: null },
        ...clearAnswer,
        ...clearDriver,
      ];
    case 'cancel':
      return [
        { column: 'canceled', field: 'canceled', value: true },
        { column: 'cancelled_with_charge', field: 'cancelledWithCharge', value: false },
        { column: 'cancelled_without_charge', field: 'cancelledWithoutCharge', value: true },
        { column: 'cancelled_reason', field: 'cancelledReason', value: STAFF_CANCEL_REASON },
      ];
    case 'unCancel':
      return [
        { column: 'canceled', field: 'canceled', value: false },
        { column: 'cancelled_with_charge', field: 'cancelledWithCharge', value: false },
        { column: 'cancelled_without_charge', field: 'cancelledWithoutCharge', value: false },
        { column: 'cancelled_reason', field: 'cancelledReason', value: null },
      ];
  }
}

const ACTIVITY: Record<BulkAction, ActivityType> = {
  unCancel: 'bulk-un-cancel',
  reset: 'bulk-reset',
  assign: 'bulk-assign',
  cancel: 'bulk-cancel',
  unassign: 'bulk-unassign',
};

/** Writes the action to the trips (and their legs when it cancels or restores them) and audits each (a hold's Suspension unassigns through it too). */
export async function applyBulk(
  client: PoolClient,
  req: FastifyRequest,
  action: BulkAction,
  trips: readonly DriveAssignment[],
  partner: PartnerRef | null,
  activityType: ActivityType = ACTIVITY[action],
) {
  const ids = trips.map((t) => t.id);
  const changes = tripChanges(action, partner);
  const params: unknown[] = [ids];
  const sets = ['mod_count = mod_count + 1', 'updated_at = now()'];
  for (const c of changes) {
    params.push(c.value);
    sets.push(`${c.column} = $${params.length}`);
  }
  // a vehicle belongs to the partner's fleet: a new or no partner leaves the trip without one
  if (action === 'assign' || action === 'unassign') sets.push('vehicle_id = null');
  await client.query(`update drive_assignments set ${sets.join(', ')} where id = any($1::uuid[])`, params);

  if (action === 'cancel') {
    // spec 2 §3: a trip cancelled without charge has every leg cancelled without charge
    await client.query(
      `update trip_legs set status = 'CanceledNoCharge', cancel_nc = true, cancel_wc = false, cancel_reason = $2, mod_count = mod_count + 1
        where drive_assignment_id = any($1::uuid[]) and status not in ('Canceled', 'CanceledNoCharge')`,
      [ids, STAFF_CANCEL_REASON],
    );
  } else if (action === 'unCancel') {
    // restored legs wait for their pickup again; an unactivated will-call pickup waits for the call
    await client.query(
      `update trip_legs set status = case when loc_first_time_ord = '23:59:00' and call_in_time is null then 'WillCall' else 'Pending' end,
              cancel_nc = false, cancel_wc = false, cancel_reason = null, cancel_notes = null, cancel_plate_state = null, cancel_plate = null,
              mod_count = mod_count + 1
        where drive_assignment_id = any($1::uuid[]) and (status in ('Canceled', 'CanceledNoCharge') or cancel_nc or cancel_wc)`,
      [ids],
    );
  }
  // a new partner, a cancellation or its undoing changes what the trips pay
  if (action === 'assign' || action === 'cancel' || action === 'unCancel') await repriceTrips(client, ids, new Date());

  const actor = auditActor(req);
  const entries: AuditEntry[] = trips.map((t) => {
    const before: Record<string, unknown> = { modCount: t.modCount };
    const after: Record<string, unknown> = { modCount: t.modCount + 1 };
    for (const c of changes) {
      before[c.field] = t[c.field];
      after[c.field] = c.value;
    }
    if (action === 'assign' || action === 'unassign') before.farmoutName = t.farmoutName;
    if (action === 'assign') after.farmoutName = partner!.name;
    if (action === 'cancel' || action === 'unCancel') {
      before.legStatuses = t.tripLegs.map((l) => ({ id: l.id, status: l.status }));
    }
    return { ...actor, activityType, table: 'drive_assignments', recordId: t.id, before, after };
  });
  await writeAudits(client, entries);
}

/**
 * One bulk action (spec 2 §6, §7): in one transaction the trips are locked, the rule of core decides
 * which change and which are skipped with why, the changed ones are written and audited. Any
 * failure rolls the whole batch back, so no trip is left half changed.
 */
export async function runBulk(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  action: BulkAction,
  requested: BulkKeys,
  providerId?: string,
): Promise<BulkResult> {
  return inTransaction(deps.pool, async (client) => {
    let partner: PartnerRef | null = null;
    if (action === 'assign') {
      partner = providerId ? await findPartner(client, { id: providerId }) : null;
      if (!partner) throw badRequest(ASSIGN_MSG.UNKNOWN_PARTNER, [{ path: 'providerId', message: ASSIGN_MSG.UNKNOWN_PARTNER }]);
    }
    const found = await lockRequested(client, user, requested);
    // spec 2 §8: nothing in scope matches nothing; un-cancel refuses a found set without a cancelled trip it may restore
    const refused = bulkRefusal(action, found.values(), deps.clock.now());
    if (refused) throw badRequest(refused);
    const plan = planBulk(action, requested.keys, found, { now: deps.clock.now(), providerId: partner?.id }, requested.by);
    // A held or blacklisted partner is refused the trips (400, nothing written)
    if (partner) await assertPartnerMayTake(client, partner, plan.change.map((t) => t.id));
    if (plan.change.length > 0) await applyBulk(client, req, action, plan.change, partner);
    return {
      changed: plan.change.map((t) => ({ id: t.id, referenceNumber: t.referenceNumber })),
      skipped: plan.skipped,
    };
  });
}
