import { reservationStatus, timePriority, willCallLegIndex, type CoverageCheckResult } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditOf, writeAudits } from '../trips/write.ts';
import { LEG_WRITE_COLUMNS, TRIP_WRITE_COLUMNS, assignments, changed, insertion, readColumns, type Values } from './columns.ts';
import type { PreparedLeg } from './prepare.ts';

const CANCELLED = ['Canceled', 'CanceledNoCharge'];
/** Leg statuses the editor sets; a leg under way or done keeps the status the field gave it. */
const PLANNED = ['Pending', 'WillCall'];

export interface TripPlan {
  id: string;
  values: Values;
}

/** The trip's columns as a save gives them. */
export function tripValues(
  body: { serviceDate: string; serviceNumber?: string | null; serviceTypeRequested: string; daClass: string; authorizedBy?: string | null; requestedBy?: string | null; pca: boolean; passengersAdditional: number; schedulePriority: number; returnType: string },
  willCall: boolean,
  divisionId: string,
  billToContactId: string | null,
): Values {
  return {
    serviceDate: body.serviceDate,
    serviceNumber: body.serviceNumber ?? body.serviceTypeRequested,
    serviceTypeRequested: body.serviceTypeRequested,
    daClass: body.daClass,
    billToContactId,
    authorizedBy: body.authorizedBy ?? null,
    authorized: !!body.authorizedBy,
    requestedBy: body.requestedBy ?? null,
    pca: body.pca,
    passengersAdditional: body.passengersAdditional,
    schedulePriority: body.schedulePriority,
    returnType: body.returnType,
    willCall,
    divisionId,
  };
}

/** A leg's columns as a save gives them: stops and drive from the server, member fields from coverage. */
function legValues(
  leg: PreparedLeg,
  order: number,
  status: string,
  ctx: { serviceDate: string; serviceTypeRequested: string; billToContactId: string | null; divisionId: string; savedWebFields: Values; coverage: CoverageCheckResult | null },
): Values {
  const l = leg.input;
  const webFields = { ...ctx.savedWebFields, ...l.webFields };
  webFields.timePriority = timePriority(l, l.webFields.timePriority ?? (ctx.savedWebFields.timePriority as never) ?? null);
  return {
    whichLeg: l.whichLeg,
    legOrder: order,
    passengerId: leg.passenger?.id ?? null,
    passName: leg.passenger?.name ?? null,
    locFirstAction: l.locFirstAction,
    locSecondAction: l.locSecondAction,
    locationFirstId: leg.first?.id ?? null,
    locationSecondId: leg.second?.id ?? null,
    locFirstTimeOrd: l.locFirstTimeOrd,
    locSecondTimeOrd: l.locSecondTimeOrd,
    apptTime: l.apptTime,
    apptType: l.apptType ?? null,
    apptToSee: l.apptToSee ?? null,
    serviceCode: l.serviceCode ?? ctx.serviceTypeRequested,
    passNotes: l.passNotes ?? null,
    googleDrivingDistanceMeters: leg.drive?.meters ?? null,
    googleDrivingTime: leg.drive?.seconds ?? null,
    googleDrivingTimeNoTraffic: leg.drive?.secondsNoTraffic ?? null,
    webFields,
    status,
    billToContactId: l.billToContactId ?? ctx.billToContactId,
    divisionId: ctx.divisionId,
    memberId: ctx.coverage?.coverage?.memberId ?? leg.passenger?.memberId ?? null,
    memberPlanId: ctx.coverage?.planId ?? null,
    lob: ctx.coverage?.lob ?? null,
    servDateBeg: ctx.serviceDate,
  };
}

/** The saved legs of a trip as the editor's columns, by id. */
export async function savedLegs(client: PoolClient, tripId: string): Promise<Map<string, Values>> {
  const { rows } = await client.query<Values & { id: string }>(
    `select id, ${readColumns(LEG_WRITE_COLUMNS)} from trip_legs where drive_assignment_id = $1`,
    [tripId],
  );
  return new Map(rows.map(({ id, ...v }) => [id, v]));
}

export async function savedTrip(client: PoolClient, tripId: string): Promise<Values> {
  const { rows } = await client.query<Values>(`select ${readColumns(TRIP_WRITE_COLUMNS)} from drive_assignments where id = $1`, [tripId]);
  return rows[0];
}

export interface WriteContext {
  client: PoolClient;
  req: FastifyRequest;
  user: SessionUser;
  activity: 'reservation-create' | 'reservation-save';
  now: Date;
}

/**
 * Writes a reservation: the trip row (inserted, or only its changed fields), each leg inserted,
 * updated or cancelled, one audit row per record changed with its fields before and after, and
 * modCount bumped once when anything changed. Answers the trip's reference number and whether
 * anything was written.
 */
export async function writeReservation(
  w: WriteContext,
  trip: TripPlan,
  creating: boolean,
  legs: readonly PreparedLeg[],
  coverage: Map<string, CoverageCheckResult>,
  willCall: boolean,
): Promise<{ referenceNumber: string; wrote: boolean }> {
  const { client, req, user } = w;
  const saved = creating ? new Map<string, Values>() : await savedLegs(client, trip.id);
  const willCallAt = willCall ? willCallLegIndex(legs.map((l) => l.input)) : -1;
  const audits = [];
  const legWrites: { id: string | null; values: Values }[] = [];
  for (const [i, leg] of legs.entries()) {
    const id = leg.input.id?.toLowerCase() ?? null;
    const was = id ? saved.get(id) : undefined;
    const wasCancelled = !!was && CANCELLED.includes(was.status as string);
    if (leg.input.canceled || wasCancelled) {
      // a new leg cancelled before it was saved is simply not saved; a cancelled leg stays as it is
      if (was && !wasCancelled) legWrites.push({ id, values: { status: 'Canceled', canceled: true } });
      continue;
    }
    const status = was && !PLANNED.includes(was.status as string) ? (was.status as string) : reservationStatus(i === willCallAt);
    const values = legValues(leg, i, status, {
      serviceDate: trip.values.serviceDate as string,
      serviceTypeRequested: trip.values.serviceTypeRequested as string,
      billToContactId: trip.values.billToContactId as string | null,
      divisionId: trip.values.divisionId as string,
      savedWebFields: (was?.webFields as Values) ?? {},
      coverage: leg.passenger ? (coverage.get(leg.passenger.id) ?? null) : null,
    });
    legWrites.push({ id, values });
  }

  const tripBefore = creating ? {} : await savedTrip(client, trip.id);
  const tripDiff = creating ? { before: null, after: trip.values } : changed(tripBefore, trip.values);
  const legDiffs = legWrites.map((l) => ({ ...l, diff: l.id ? changed(saved.get(l.id) ?? {}, l.values) : { before: null, after: l.values } }));
  const anything = creating || tripDiff || legDiffs.some((l) => l.diff);
  if (!anything) {
    const { rows } = await client.query<{ reference_number: string }>('select reference_number from drive_assignments where id = $1', [trip.id]);
    return { referenceNumber: rows[0].reference_number, wrote: false };
  }

  let referenceNumber: string;
  if (creating) {
    const params: unknown[] = [trip.id, user.id];
    const { names, places } = insertion(TRIP_WRITE_COLUMNS, trip.values, params);
    const { rows } = await client.query<{ reference_number: string }>(
      `insert into drive_assignments (id, created_by, ${names.join(', ')}) values ($1, $2, ${places.join(', ')}) returning reference_number`,
      params,
    );
    referenceNumber = rows[0].reference_number;
  } else {
    const params: unknown[] = [trip.id];
    const sets = tripDiff ? assignments(TRIP_WRITE_COLUMNS, tripDiff.after, params) : [];
    const { rows } = await client.query<{ reference_number: string; mod_count: number }>(
      `update drive_assignments set ${[...sets, 'mod_count = mod_count + 1', 'updated_at = now()'].join(', ')} where id = $1 returning reference_number, mod_count`,
      params,
    );
    referenceNumber = rows[0].reference_number;
  }
  if (tripDiff) audits.push(auditOf(req, w.activity, 'drive_assignments', trip.id, tripDiff.before, tripDiff.after));

  for (const leg of legDiffs) {
    if (!leg.diff) continue;
    if (leg.values.canceled) {
      await client.query(
        `update trip_legs set status = 'Canceled', canceled_at = now(), canceled_by = $2, mod_count = mod_count + 1 where id = $1`,
        [leg.id, user.id],
      );
      audits.push(auditOf(req, w.activity, 'trip_legs', leg.id as string, { status: saved.get(leg.id as string)?.status }, { status: 'Canceled' }));
    } else if (leg.id && saved.has(leg.id)) {
      const params: unknown[] = [leg.id];
      const sets = assignments(LEG_WRITE_COLUMNS, leg.diff.after, params);
      await client.query(`update trip_legs set ${sets.join(', ')}, mod_count = mod_count + 1 where id = $1`, params);
      audits.push(auditOf(req, w.activity, 'trip_legs', leg.id, leg.diff.before, leg.diff.after));
    } else {
      const params: unknown[] = [trip.id];
      const { names, places } = insertion(LEG_WRITE_COLUMNS, leg.values, params);
      const { rows } = await client.query<{ id: string }>(
        `insert into trip_legs (drive_assignment_id, ${names.join(', ')}) values ($1, ${places.join(', ')}) returning id`,
        params,
      );
      audits.push(auditOf(req, w.activity, 'trip_legs', rows[0].id, null, leg.values));
    }
  }
  await writeAudits(client, audits);
  return { referenceNumber, wrote: true };
}
