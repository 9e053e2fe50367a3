import { BULK_MSG, mergedTripFix, REPAIR_MSG, repairFixes, type DriveAssignment, type RepairFix, type RepairResult } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudits, type AuditEntry } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { lockRequested } from './bulk.ts';

type Result = z.input<typeof RepairResult>;

/** What the trips' driver and partner records say (core RepairFacts), by trip id. */
async function factsOf(client: PoolClient, trips: readonly DriveAssignment[]) {
  const { rows } = await client.query<{ id: string; driver_number: string | null; partner_number: string | null }>(
    `select da.id, drv.employee_number as driver_number, fo.contact_number as partner_number
       from drive_assignments da
       left join contacts drv on drv.id = da.driver_id
       left join contacts fo on fo.id = da.farmout_contact_id
      where da.id = any($1::uuid[])`,
    [trips.map((t) => t.id)],
  );
  return new Map(
    rows.map((r) => [r.id, { driverEmployeeNumber: r.driver_number, partnerContactNumber: r.partner_number === null ? null : Number(r.partner_number) }]),
  );
}

const COLUMN = {
  willCall: 'will_call',
  driverEmpNumberAssigned: 'driver_emp_number_assigned',
  farmoutContactNumber: 'farmout_contact_number',
  partnerPayStatus: 'partner_pay_status',
} as const;

async function applyFixes(client: PoolClient, trip: DriveAssignment, fixes: readonly RepairFix[]): Promise<AuditEntry['before'][]> {
  const fields = mergedTripFix(fixes);
  const sets = ['mod_count = mod_count + 1', 'updated_at = now()'];
  const params: unknown[] = [trip.id];
  const before: Record<string, unknown> = { modCount: trip.modCount };
  const after: Record<string, unknown> = { modCount: trip.modCount + 1 };
  for (const [field, value] of Object.entries(fields) as [keyof typeof COLUMN, unknown][]) {
    params.push(value);
    sets.push(`${COLUMN[field]} = $${params.length}`);
    before[field] = trip[field];
    after[field] = value;
  }
  await client.query(`update drive_assignments set ${sets.join(', ')} where id = $1`, params);
  const legs = fixes.flatMap((f) => f.legs ?? []);
  for (const leg of legs) {
    await client.query(
      `update trip_legs set status = $2, cancel_nc = $3, cancel_wc = $4, mod_count = mod_count + 1 where id = $1 and drive_assignment_id = $5`,
      [leg.id, leg.status, leg.status === 'CanceledNoCharge', leg.status === 'Canceled', trip.id],
    );
  }
  if (legs.length > 0) {
    before.legStatuses = trip.tripLegs.filter((l) => legs.some((x) => x.id === l.id)).map((l) => ({ id: l.id, status: l.status }));
    after.legStatuses = legs;
  }
  after.fixes = fixes.map((f) => f.description);
  return [before, after];
}

/**
 * repair-trips (spec 2 §6, §7): finds the inconsistencies of core repairFixes in the trips named.
 * A dry run only reports them; otherwise, in one transaction, each trip is fixed and audited.
 */
export async function repairTrips(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  body: { referenceNumbers: readonly string[]; dryRun: boolean },
): Promise<Result> {
  return inTransaction(deps.pool, async (client) => {
    const found = await lockRequested(client, user, { by: 'referenceNumber', keys: body.referenceNumbers });
    const facts = await factsOf(client, [...found.values()]);
    const result: Result = { dryRun: body.dryRun, repaired: [], skipped: [] };
    const audits: AuditEntry[] = [];
    const actor = auditActor(req);
    for (const ref of new Set(body.referenceNumbers)) {
      const trip = found.get(ref);
      if (!trip) {
        result.skipped.push({ referenceNumber: ref, reason: BULK_MSG.NO_SUCH_TRIP });
        continue;
      }
      const fixes = repairFixes(trip, facts.get(trip.id) ?? { driverEmployeeNumber: null, partnerContactNumber: null });
      if (fixes.length === 0) {
        result.skipped.push({ referenceNumber: ref, reason: REPAIR_MSG.NOTHING_TO_REPAIR });
        continue;
      }
      result.repaired.push({ referenceNumber: ref, fixes: fixes.map((f) => f.description) });
      if (!body.dryRun) {
        const [before, after] = await applyFixes(client, trip, fixes);
        audits.push({ ...actor, activityType: 'repair-trips', table: 'drive_assignments', recordId: trip.id, before, after });
      }
    }
    await writeAudits(client, audits);
    return result;
  });
}
