import { RES_MSG, assistantLeg, type LegWebFields, type ReservationDetail, type ReservationLeg } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { auditOf, changeTrip, writeAudits } from '../trips/write.ts';
import { findReservation, reservationId } from './read.ts';

async function detail(db: Parameters<typeof findReservation>[0], id: string): Promise<ReservationDetail> {
  const found = await findReservation(db, null, id);
  if (!found) throw notFound();
  return found;
}

/**
 * POST trip-leg-web-fields: merges a leg's planning fields (spec 2 §3 webFields) into what it has;
 * the trip's modCount guards it like any other edit, and a Final trip is read-only.
 */
export async function saveLegWebFields(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  body: { tripLegId: string; modCount: number; webFields: LegWebFields },
): Promise<ReservationDetail> {
  const id = await reservationId(deps.pool, user, { tripLegId: body.tripLegId });
  if (!id) throw notFound();
  return changeTrip(deps, req, user, { id, modCount: body.modCount }, async ({ client, trip }) => {
    if (trip.partnerPayStatus === 'Final') throw badRequest(RES_MSG.FINALIZED);
    const leg = trip.tripLegs.find((l) => l.id === body.tripLegId.toLowerCase());
    if (!leg) throw notFound();
    const merged = { ...leg.webFields, ...body.webFields };
    if (JSON.stringify(merged) === JSON.stringify(leg.webFields)) return detail(client, id);
    await client.query('update trip_legs set web_fields = $2, mod_count = mod_count + 1 where id = $1', [leg.id, JSON.stringify(merged)]);
    await client.query('update drive_assignments set mod_count = mod_count + 1, updated_at = now() where id = $1', [id]);
    await writeAudits(client, [auditOf(req, 'leg-web-fields', 'trip_legs', leg.id, { webFields: leg.webFields }, { webFields: merged })]);
    return detail(client, id);
  });
}

/**
 * POST drive-assignment-add-assistant-transient: the assistant's leg beside a leg (service 06, no
 * passenger, the bill-to given), for the editor to add to the form. Nothing is stored.
 */
export async function addAssistantLeg(
  deps: AppDeps,
  _user: SessionUser,
  body: { tripLeg: ReservationLeg; whichLeg: string; billToId?: string | null },
): Promise<ReservationLeg> {
  if (body.billToId) {
    const { rows } = await deps.pool.query('select 1 from contacts where id = $1 and not deleted', [body.billToId]);
    if (!rows[0]) throw badRequest(RES_MSG.UNKNOWN_BILL_TO, [{ path: 'billToId', message: RES_MSG.UNKNOWN_BILL_TO }]);
  }
  const leg = assistantLeg({ ...body.tripLeg, serviceCode: body.tripLeg.serviceCode ?? null }, body.whichLeg);
  return { ...leg, billToContactId: body.billToId ?? body.tripLeg.billToContactId ?? null, passNotes: null, webFields: {} };
}

/**
 * POST da-override-create-timestamp (Admin): the time the trip counts as booked (advance notice,
 * reports); the real created time is kept. null removes the override.
 */
export async function overrideCreated(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  body: { referenceNumber: string; createdOverride: string | null },
): Promise<ReservationDetail> {
  const id = await reservationId(deps.pool, user, { referenceNumber: body.referenceNumber });
  if (!id) throw notFound();
  return changeTrip(deps, req, user, { id }, async ({ client, trip }) => {
    if (trip.partnerPayStatus === 'Final') throw badRequest(RES_MSG.FINALIZED);
    const { rows } = await client.query<{ was: string | null; now: string | null }>(
      `update drive_assignments da set created_override = $2, mod_count = mod_count + 1, updated_at = now()
         from (select created_override from drive_assignments where id = $1) old
        where da.id = $1 returning to_json(old.created_override) #>> '{}' as was, to_json(da.created_override) #>> '{}' as now`,
      [id, body.createdOverride],
    );
    await writeAudits(client, [auditOf(req, 'created-override', 'drive_assignments', id, { createdOverride: rows[0].was }, { createdOverride: rows[0].now })]);
    return detail(client, id);
  });
}
