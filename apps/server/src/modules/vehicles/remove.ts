import { VEHICLE_MSG, isInHouse, mayEditVehicle, operatorToday, type Vehicle } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { SaveVia } from './save.ts';
import { findVehicle } from './repository.ts';

/**
 * DELETE vehicles-affiliate / vehicles-internal?id (spec 2 §7): the vehicle is kept and marked
 * deleted (its trips and credentials still name it). Refused while it is on a trip, not cancelled,
 * from today on; a stale modCount, when sent, answers 409.
 */
export async function deleteVehicle(deps: AppDeps, req: FastifyRequest, user: SessionUser, ref: { id: string; modCount?: number }, via: SaveVia): Promise<Vehicle> {
  const today = operatorToday(deps.clock.now());
  return inTransaction(deps.pool, async (client) => {
    const before = await findVehicle(client, user, ref.id, today, true);
    if (!before || before.deleted || !mayEditVehicle(user, before.partnerId)) throw notFound();
    if (via.internal && !isInHouse(before.partnerName)) throw notFound();
    if (ref.modCount !== undefined && ref.modCount !== before.modCount) throw conflict(VEHICLE_MSG.CONFLICT(before.vehicleNumber), before);
    const { rows } = await client.query<{ trips: number }>(
      `select count(*)::int as trips from drive_assignments
        where vehicle_id = $1 and service_date >= $2::date and not canceled and not deleted`,
      [before.id, today],
    );
    if (rows[0].trips > 0) throw badRequest(VEHICLE_MSG.ON_TRIPS(before.vehicleNumber, rows[0].trips));
    await client.query('update vehicles set deleted = true, available = false, mod_count = mod_count + 1, modified = now() where id = $1', [before.id]);
    const after = (await findVehicle(client, null, before.id, today))!;
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'vehicle-delete',
      table: 'vehicles',
      recordId: before.id,
      before: { deleted: false, available: before.available, modCount: before.modCount },
      after: { deleted: true, available: false, modCount: after.modCount },
    });
    return after;
  });
}
