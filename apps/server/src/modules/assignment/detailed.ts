import { ASSIGN_MSG, type DriveAssignment } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { auditOf, changeTrip, freshTrip, writeAudit, writeAudits } from '../trips/write.ts';
import { findPartner, type PartnerRef } from './partners.ts';
import { assertPartnerMayTake } from '../contact-care/partner-blocks.ts';
import { offerChange } from '../marketplace/offer.ts';
import { repriceTrips } from '../partner-rates/pricing.ts';

export interface DetailedPatch {
  id: string;
  modCount: number;
  farmoutContactNumber?: number | null;
  farmoutCompany?: string | null;
  notesSummary?: string | null;
  tripLegs?: { id: string; passNotes: string | null }[];
  marketplaceUntil?: string | null;
}

type Column = { column: string; field: keyof DriveAssignment; value: unknown };

/** The partner fields of a partner change (spec 3 §5): a new partner answers afresh, with no driver. */
function partnerColumns(partner: PartnerRef | null): Column[] {
  return [
    { column: 'farmout_contact_id', field: 'farmoutContactId', value: partner?.id ?? null },
    { column: 'farmout_contact_number', field: 'farmoutContactNumber', value: partner?.contactNumber ?? null },
    { column: 'accepted', field: 'accepted', value: false },
    { column: 'declined', field: 'declined', value: false },
    { column: 'deleted', field: 'deleted', value: false },
    { column: 'driver_id', field: 'driverId', value: null },
    { column: 'driver_emp_number_assigned', field: 'driverEmpNumberAssigned', value: null },
  ];
}

/**
 * PATCH drive-assignments-detailed (spec 2 §7, 3 §7): a trip's partner by farmoutContactNumber
 * (null takes the trip from its partner; the same partner changes nothing; farmoutCompany is the
 * name the picker showed and is not needed to find the partner), its notes summary and its legs'
 * passenger notes, and its marketplace offer (marketplaceUntil). A stale modCount
 * answers 409 with the server's copy; a Final trip is read-only.
 */
export async function patchDetailed(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: DetailedPatch): Promise<DriveAssignment> {
  let partner: PartnerRef | null = null;
  if (body.farmoutContactNumber !== undefined && body.farmoutContactNumber !== null) {
    partner = await findPartner(deps.pool, { contactNumber: body.farmoutContactNumber });
    if (!partner) {
      const message = ASSIGN_MSG.UNKNOWN_PARTNER_NUMBER(body.farmoutContactNumber);
      throw badRequest(message, [{ path: 'farmoutContactNumber', message }]);
    }
  }

  return changeTrip(deps, req, user, { id: body.id, modCount: body.modCount }, async (change) => {
    const { trip, client } = change;
    if (trip.partnerPayStatus === 'Final') throw badRequest(ASSIGN_MSG.FINALIZED);
    const legs = body.tripLegs ?? [];
    const unknownLeg = legs.find((l) => !trip.tripLegs.some((t) => t.id === l.id.toLowerCase()));
    if (unknownLeg) throw badRequest(ASSIGN_MSG.UNKNOWN_LEG, [{ path: 'tripLegs', message: ASSIGN_MSG.UNKNOWN_LEG }]);

    const columns: Column[] = [];
    const partnerChange = body.farmoutContactNumber !== undefined && (partner?.id ?? null) !== trip.farmoutContactId;
    if (partnerChange) columns.push(...partnerColumns(partner));
    // A held or blacklisted partner is refused the trip
    if (partnerChange && partner) await assertPartnerMayTake(client, partner, [trip.id]);
    if (body.notesSummary !== undefined && body.notesSummary !== (trip.notesSummary ?? null)) {
      columns.push({ column: 'notes_summary', field: 'notesSummary', value: body.notesSummary });
    }
    const offer = body.marketplaceUntil === undefined ? undefined : offerChange(trip, body.marketplaceUntil, change.now);
    if (offer !== undefined) columns.push({ column: 'marketplace_until', field: 'marketplaceUntil', value: offer });
    const legChanges = legs
      .map((l) => ({ leg: trip.tripLegs.find((t) => t.id === l.id.toLowerCase())!, passNotes: l.passNotes }))
      .filter((l) => l.leg.passNotes !== l.passNotes);
    if (columns.length === 0 && legChanges.length === 0) return trip;

    const sets = ['mod_count = mod_count + 1', 'updated_at = now()'];
    const params: unknown[] = [trip.id];
    const before: Record<string, unknown> = { modCount: trip.modCount };
    const after: Record<string, unknown> = { modCount: trip.modCount + 1 };
    for (const c of columns) {
      params.push(c.value);
      sets.push(`${c.column} = $${params.length}`);
      before[c.field] = trip[c.field] ?? null;
      after[c.field] = c.value;
    }
    // a vehicle belongs to the old partner's fleet
    if (partnerChange) sets.push('vehicle_id = null');
    if (partnerChange) {
      before.farmoutName = trip.farmoutName;
      after.farmoutName = partner?.name ?? null;
    }
    await client.query(`update drive_assignments set ${sets.join(', ')} where id = $1`, params);
    // the new partner's rate prices the trip
    if (partnerChange) await repriceTrips(client, [trip.id], change.now);
    const onlyOffer = columns.length === 1 && offer !== undefined;
    await writeAudit(client, auditOf(req, partnerChange ? 'partner-change' : onlyOffer ? 'marketplace-offer' : 'trip-notes', 'drive_assignments', trip.id, before, after));

    for (const l of legChanges) {
      await client.query('update trip_legs set pass_notes = $2, mod_count = mod_count + 1 where id = $1', [l.leg.id, l.passNotes]);
    }
    await writeAudits(
      client,
      legChanges.map((l) => auditOf(req, 'trip-notes', 'trip_legs', l.leg.id, { passNotes: l.leg.passNotes }, { passNotes: l.passNotes })),
    );
    return freshTrip(change);
  });
}
