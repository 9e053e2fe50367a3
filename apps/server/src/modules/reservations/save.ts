import {
  RES_MSG,
  applyWillCall,
  droppedSavedLegs,
  isWillCallTime,
  multipleProvidersWarning,
  type ReservationSave,
  type ReservationSaveResult,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { inTransaction } from '../../platform/audit.ts';
import { assertNewPassengersMayRide } from '../contact-care/partner-blocks.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { lockTrip } from '../trips/repository.ts';
import { checkReservationCoverage } from './coverage.ts';
import { assertValid, loadPassengers, prepareLegs, resolveDivision } from './prepare.ts';
import { bookedBy, findReservation, recordRequest } from './read.ts';
import { applySeries, snapshot } from './series.ts';
import { tripValues, writeReservation } from './write.ts';
import { repriceTrips } from '../partner-rates/pricing.ts';

type Save = z.output<typeof ReservationSave>;

/** Refuses a save that drops a saved leg or names a leg of another trip (spec 2 §5). */
function assertLegsBelong(savedIds: readonly string[], body: Save): void {
  if (droppedSavedLegs(savedIds, body.tripLegs).length) {
    throw badRequest(RES_MSG.SAVED_LEG_DROPPED, [{ path: 'tripLegs', message: RES_MSG.SAVED_LEG_DROPPED }]);
  }
  const i = body.tripLegs.findIndex((l) => l.id && !savedIds.includes(l.id.toLowerCase()));
  if (i >= 0) throw badRequest(RES_MSG.UNKNOWN_LEG, [{ path: `tripLegs.${i}.id`, message: RES_MSG.UNKNOWN_LEG }]);
}

async function assertBillTo(client: PoolClient, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const { rows } = await client.query('select 1 from contacts where id = $1 and not deleted', [id]);
  if (!rows[0]) throw badRequest(RES_MSG.UNKNOWN_BILL_TO, [{ path: 'billToContactId', message: RES_MSG.UNKNOWN_BILL_TO }]);
}

/** When the trip counts as booked (an administrator's override, else its real time), for the advance notice. */
async function createdAt(client: PoolClient, id: string): Promise<string> {
  const { rows } = await client.query<{ at: string }>(`select to_json(coalesce(created_override, created_at)) #>> '{}' as at from drive_assignments where id = $1`, [id]);
  return rows[0].at;
}

/** spec 2 §8: the passengers' trips of the day with more than one partner. */
async function providerWarnings(client: PoolClient, tripId: string): Promise<string[]> {
  const { rows } = await client.query<{ passenger: string; farmoutName: string | null }>(
    `select distinct tl.passenger_id as passenger, fo.name as "farmoutName"
       from drive_assignments me join trip_legs mine on mine.drive_assignment_id = me.id
       join trip_legs tl on tl.passenger_id = mine.passenger_id
        -- the leg's own date narrows the passenger's legs to the day (index trip_legs_passenger); a leg without one is checked by its trip
        and (tl.serv_date_beg = me.service_date or tl.serv_date_beg is null)
       join drive_assignments da on da.id = tl.drive_assignment_id and da.service_date = me.service_date and not da.canceled
       left join contacts fo on fo.id = da.farmout_contact_id
      where me.id = $1`,
    [tripId],
  );
  const warnings: string[] = [];
  for (const passenger of new Set(rows.map((r) => r.passenger))) {
    const w = multipleProvidersWarning(rows.filter((r) => r.passenger === passenger));
    if (w) warnings.push(`${w.message} ${w.providers.join(', ')}`);
  }
  return warnings;
}

/**
 * POST drive-assignments-detailed: books (no modCount) or saves a reservation whole in one
 * transaction. A retried booking (same id, same user) answers the first trip and writes nothing.
 */
export async function saveReservation(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: Save, applyToAll: boolean): Promise<ReservationSaveResult> {
  const creating = body.modCount === undefined;
  // spec 1 §5, 2 §4: a 23:59 or 'WC' pickup turns will call on; will call sets the will-call leg's times
  const willCall = body.willCall || body.tripLegs.some((l) => !l.canceled && isWillCallTime(l.locFirstTimeOrd));
  const legsIn = applyWillCall(body.tripLegs, willCall);
  const outcome = await inTransaction(deps.pool, async (client) => {
    if (creating) {
      // two tries of one booking wait for each other here rather than both writing
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [body.id]);
      const { rows } = await client.query('select 1 from drive_assignments where id = $1', [body.id]);
      if (rows[0]) {
        if (await bookedBy(client, body.id, user.id)) return { warnings: [], seriesUpdated: [] };
        throw badRequest(RES_MSG.ID_TAKEN, [{ path: 'id', message: RES_MSG.ID_TAKEN }]);
      }
    }
    const current = creating ? null : await lockTrip(client, user, body.id);
    if (current) {
      if (current.modCount !== body.modCount) {
        throw conflict(RES_MSG.CONFLICT(current.referenceNumber), await findReservation(client, null, current.id));
      }
      if (current.partnerPayStatus === 'Final') throw badRequest(RES_MSG.FINALIZED);
      assertLegsBelong(current.tripLegs.map((l) => l.id), body);
    } else if (!creating) {
      throw notFound();
    }
    await assertBillTo(client, body.billToContactId);
    const passengers = await loadPassengers(client, legsIn);
    const legs = await prepareLegs(client, deps.geo, legsIn, passengers);
    assertValid(willCall, legs, body.farConfirmed);
    const divisionId = await resolveDivision(client, body.division, legs, current?.division ?? null);
    const coverage = await checkReservationCoverage(
      client,
      {
        id: body.id,
        serviceDate: body.serviceDate,
        serviceTypeRequested: body.serviceTypeRequested,
        authorizedBy: body.authorizedBy ?? null,
        created: current ? await createdAt(client, body.id) : null,
      },
      legs,
      deps.clock.now(),
    );
    const firstCovered = [...coverage.byPassenger.values()].find((c) => c.billToId)?.billToId ?? null;
    const billTo = body.billToContactId ?? current?.billToContactId ?? firstCovered;
    const values = tripValues(body, willCall, divisionId, billTo);
    const w = { client, req, user, activity: creating ? ('reservation-create' as const) : ('reservation-save' as const), now: deps.clock.now() };
    const seriesBefore = applyToAll && current ? await snapshot(client, body.id) : null;
    const written = await writeReservation(w, { id: body.id, values }, creating, legs, coverage.byPassenger, willCall);
    // a saved trip of a partner is priced again from its legs; a new booking has no partner yet
    if (written.wrote && current?.farmoutContactId) await repriceTrips(client, [body.id], w.now);
    // a passenger newly on a trip its partner already has: refused when they blacklisted that partner
    const before = new Set(current?.tripLegs.map((l) => l.passengerId) ?? []);
    await assertNewPassengersMayRide(client, body.id, new Set(legs.flatMap((l) => (l.passenger && !before.has(l.passenger.id) ? [l.passenger.id] : []))));
    await recordRequest(client, { id: body.id, referenceNumber: written.referenceNumber }, creating ? 'create' : 'update', user.id, req.body);
    const seriesUpdated = seriesBefore ? await applySeries(w, body.id, seriesBefore) : [];
    return { warnings: [...coverage.warnings, ...(await providerWarnings(client, body.id))], seriesUpdated };
  });
  const trip = await findReservation(deps.pool, user, body.id);
  if (!trip) throw notFound();
  return { trip, ...outcome };
}
