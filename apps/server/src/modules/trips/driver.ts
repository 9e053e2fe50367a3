import { isStaff, partnerEditRefusal, TRIP_MSG, type AssignDriverBody, Driver, type DriveAssignment } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isUuid } from './repository.ts';
import { changeTrip, freshTrip, updateTrip } from './write.ts';

/**
 * Assigns one of the trip's partner's drivers (a Driver contact whose parent is the partner the
 * trip is farmed out to), or clears the driver with null. The partner may change it while it may
 * still change the trip.
 */
export async function assignDriver(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: z.output<typeof AssignDriverBody>): Promise<DriveAssignment> {
  return changeTrip(deps, req, user, { id: body.daId, modCount: body.modCount }, async (change) => {
    const refusal = partnerEditRefusal(change.trip);
    if (refusal) throw badRequest(refusal);
    let driver: { id: string; employee_number: string | null } | null = null;
    if (body.driverId !== null) {
      const { rows } = await change.client.query<{ id: string; employee_number: string | null }>(
        `select id, employee_number from contacts
          where id = $1::uuid and types @> '{Driver}' and parent_id = $2::uuid and not deleted`,
        [isUuid(body.driverId) ? body.driverId : null, change.trip.farmoutContactId],
      );
      driver = rows[0] ?? null;
      if (!driver) throw badRequest(TRIP_MSG.DRIVER_NOT_OF_PARTNER, [{ path: 'driverId', message: TRIP_MSG.DRIVER_NOT_OF_PARTNER }]);
    }
    const driverId = driver?.id ?? null;
    const driverEmpNumberAssigned = driver?.employee_number ?? null;
    if (driverId === change.trip.driverId && driverEmpNumberAssigned === change.trip.driverEmpNumberAssigned) return change.trip;
    await updateTrip(change, 'assign-driver', { driverId, driverEmpNumberAssigned });
    return freshTrip(change);
  });
}

/** The partner's drivers: a partner user's own partner; staff name the partner. Deleted ones only when asked. */
export async function listDrivers(deps: AppDeps, user: SessionUser, partnerId: string | undefined, includeDeleted = false): Promise<z.input<typeof Driver>[]> {
  let partner: string;
  if (isStaff(user)) {
    if (!partnerId) throw badRequest(TRIP_MSG.PARTNER_REQUIRED, [{ path: 'partnerId', message: TRIP_MSG.PARTNER_REQUIRED }]);
    partner = partnerId;
  } else {
    // another partner's drivers are out of scope: the same answer as a partner that does not exist
    if (!user.partnerId || (partnerId && partnerId !== user.partnerId)) throw notFound();
    partner = user.partnerId;
  }
  if (!isUuid(partner)) throw notFound();
  const { rows } = await deps.pool.query<{ id: string; name: string; employee_number: string | null; parent_id: string }>(
    `select id, name, employee_number, parent_id from contacts
      where parent_id = $1 and types @> '{Driver}' and (not deleted or $2) order by lower(name), id`,
    [partner, includeDeleted],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, employeeNumber: r.employee_number, partnerId: r.parent_id }));
}
