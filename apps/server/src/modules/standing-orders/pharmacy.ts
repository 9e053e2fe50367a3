import { PHARMACY_MSG, TRIP_MSG, legCancelled, type ParsedBodyOf, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { partnerActivities } from '../log/repository.ts';
import { auditOf, changeTrip, writeAudit, type TripChange } from '../trips/write.ts';

/** The action of a pharmacy stop waiting for review among the trip's partner activities. */
export const PHARMACY_ACTION = 'PharmacyStop';

interface PharmacyExtra {
  location: { addressId?: string | null; name?: string | null; address: string; lat?: number | null; lng?: number | null };
  createWait: boolean;
}

/** The leg a stop follows: the trip's last leg still to be driven. */
const lastOpenLeg = (trip: TripChange['trip']) => [...trip.tripLegs].reverse().find((l) => !legCancelled(l) && !l.cancelWc) ?? null;

/**
 * POST pharmacy-add (spec 2 §3, §5): a pharmacy stop waits for review as a Pending partner activity
 * (time1 = arrival at the pharmacy, time2 = leaving it). A Final trip is read-only; a will-call
 * trip takes no wait leg (spec 2 §5); a trip with every leg cancelled has nowhere to stop.
 */
export async function pharmacyAdd(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.pharmacyAdd>) {
  return changeTrip(deps, req, user, { id: body.driveAssignmentId }, async (change) => {
    const { trip, client } = change;
    if (trip.partnerPayStatus === 'Final') throw badRequest(TRIP_MSG.FINALIZED_READ_ONLY);
    if (!lastOpenLeg(trip) || trip.canceled) throw badRequest(PHARMACY_MSG.NO_LEG);
    if (body.createWait && trip.willCall) throw badRequest(PHARMACY_MSG.WILL_CALL_WAIT, [{ path: 'createWait', message: PHARMACY_MSG.WILL_CALL_WAIT }]);
    const extra: PharmacyExtra = { location: body.location!, createWait: body.createWait };
    const made = await client.query<{ id: string }>(
      `insert into partner_activities (drive_assignment_id, partner_id, action, status, notes, time1, time2, extra, created_by, created_at)
       values ($1, $2, $3, 'Pending', $4, $5, $6, $7, $8, $9) returning id`,
      [trip.id, trip.farmoutContactId, PHARMACY_ACTION, body.notes || null, body.time1, body.time2, JSON.stringify(extra), user.id, change.now],
    );
    const id = made.rows[0].id;
    await writeAudit(client, auditOf(req, 'pharmacy-add', 'partner_activities', id, null, { driveAssignmentId: trip.id, time1: body.time1, time2: body.time2, ...extra }));
    const [activity] = await partnerActivities(client, trip.id, { id });
    return { message: PHARMACY_MSG.SUBMITTED, activity };
  });
}

/**
 * The approval of a pharmacy stop (POST partner-monitor, Approved): the trip's last leg now ends at
 * the pharmacy at time1; with createWait a wait leg stays there from time1 to time2 (the return
 * type becomes Wait And Return, spec 2 §4); a new leg leaves the pharmacy at time2 for where the
 * trip used to end. The pharmacy is a stored place's address or a new address row.
 */
export async function applyPharmacyStop(change: TripChange, activityId: string): Promise<void> {
  const { client, trip, req } = change;
  const { rows } = await client.query<{ time1: string; time2: string; extra: PharmacyExtra }>(
    'select time1::text, time2::text, extra from partner_activities where id = $1',
    [activityId],
  );
  const stop = rows[0];
  const leg = lastOpenLeg(trip);
  if (!stop || !leg) throw badRequest(PHARMACY_MSG.NO_LEG);
  const loc = stop.extra.location;
  let addressId: string | null = null;
  if (loc.addressId) {
    const found = await client.query<{ id: string }>('select id from addresses where id::text = $1', [loc.addressId]);
    addressId = found.rows[0]?.id ?? null;
  }
  if (!addressId) {
    const made = await client.query<{ id: string }>(
      `insert into addresses (label, name, complete_address, google_formatted_address, lat, lng) values ('Pharmacy', $1, $2, $2, $3, $4) returning id`,
      [loc.name ?? null, loc.address, loc.lat ?? null, loc.lng ?? null],
    );
    addressId = made.rows[0].id;
  }
  const before = await client.query<{ location_second_id: string | null; loc_second_time_ord: string | null; leg_order: number }>(
    'select location_second_id, loc_second_time_ord::text, leg_order from trip_legs where id = $1',
    [leg.id],
  );
  const was = before.rows[0];
  await client.query('update trip_legs set leg_order = leg_order + 2 where drive_assignment_id = $1 and leg_order > $2', [trip.id, was.leg_order]);
  await client.query('update trip_legs set location_second_id = $2, loc_second_time_ord = $3, mod_count = mod_count + 1 where id = $1', [leg.id, addressId, stop.time1]);

  const copyLeg = (order: number, first: string, second: string | null, action: string, secondAction: string, t1: string, t2: string | null) =>
    client.query<{ id: string }>(
      `insert into trip_legs (drive_assignment_id, which_leg, leg_order, passenger_id, loc_first_action, loc_second_action, loc_first_time_ord,
         loc_second_time_ord, location_first_id, location_second_id, service_code, division_id, member_id, member_plan_id, lob,
         ambulatory_status, pass_name, serv_date_beg, tl_class, bill_to_contact_id, status)
       select drive_assignment_id, which_leg, $2, passenger_id, $5, $6, $7, $8, $3, $4, service_code, division_id, member_id, member_plan_id, lob,
              ambulatory_status, pass_name, serv_date_beg, tl_class, bill_to_contact_id, 'Pending'
         from trip_legs where id = $1 returning id`,
      [leg.id, order, first, second, action, secondAction, t1, t2],
    );
  const added: string[] = [];
  if (stop.extra.createWait) added.push((await copyLeg(was.leg_order + 1, addressId, addressId, 'WT', 'DP', stop.time1, stop.time2)).rows[0].id);
  added.push((await copyLeg(was.leg_order + 2, addressId, was.location_second_id, 'PU', 'DO', stop.time2, null)).rows[0].id);
  if (stop.extra.createWait) await client.query(`update drive_assignments set return_type = 'Wait And Return' where id = $1`, [trip.id]);
  await writeAudit(
    client,
    auditOf(req, 'pharmacy-stop', 'trip_legs', leg.id, { locationSecondId: was.location_second_id, locSecondTimeOrd: was.loc_second_time_ord }, {
      locationSecondId: addressId,
      locSecondTimeOrd: stop.time1,
      addedLegIds: added,
      partnerActivityId: activityId,
    }),
  );
}
