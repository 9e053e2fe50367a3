import {
  csvRow,
  NON_FINAL_CSV_COLUMNS,
  NON_FINAL_CSV_FILE,
  NON_FINAL_LIST_LIMIT,
  nonFinalCsvLine,
  nonFinalReason,
  type NonFinalTrip,
  type NonFinalTripsQuery,
  type NonFinalTripsReport,
  type TripListRow,
} from '@tripline/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { tripScope } from '../../platform/scope.ts';
import { ORDER, TRIP_LIST_JSON_FROM } from '../trips/repository.ts';
import { sendCsvDownload } from '../../platform/csv-download.ts';
import { reportPartner } from './scope.ts';

type Query = z.output<typeof NonFinalTripsQuery>;

/** A trip as the list row reads it (what finaliseBlockedReason needs), with its partner. */
interface Row {
  trip: TripListRow;
  affiliate_id: string;
}

/** Trips with a partner in the range whose pay is not Final; a declined trip is deleted and left out. */
function nonFinalWhere(user: SessionUser, affiliateId: string | null, q: Query, params: unknown[]): string {
  const parts = [tripScope(user, params), 'da.farmout_contact_id is not null', "da.partner_pay_status <> 'Final'", 'not da.deleted', 'not da.declined'];
  params.push(q.dateFrom, q.dateTo);
  parts.push(`da.service_date between $${params.length - 1} and $${params.length}`);
  if (affiliateId) {
    params.push(affiliateId);
    parts.push(`da.farmout_contact_id = $${params.length}`);
  }
  return parts.join(' and ');
}

const ROWS = (where: string, limit = '') => `
  select to_json(trip) as trip, da.farmout_contact_id as affiliate_id
  ${TRIP_LIST_JSON_FROM}
  where ${where}
  order by ${ORDER} ${limit}`;

function nonFinalOf(r: Row, now: Date): NonFinalTrip {
  const t = r.trip;
  const noRate = t.farmoutRate === null;
  const first = t.tripLegs[0];
  return {
    id: t.id,
    referenceNumber: t.referenceNumber,
    modCount: t.modCount,
    serviceDate: t.serviceDate,
    affiliateId: r.affiliate_id,
    partnerName: t.farmoutName,
    passengerName: first ? (first.passenger?.name ?? first.passName) : null,
    serviceType: t.serviceTypeRequested,
    partnerPayStatus: t.partnerPayStatus,
    farmoutRate: t.farmoutRate,
    noRate,
    ...nonFinalReason(t, now),
  };
}

/**
 * GET reports/partner-non-final-trips (spec 3 §2): the trips of a date range whose
 * pay is not Final, each with the reason rate accept cannot finalise it yet or 'Ready for rate
 * accept'. A partner sees its own; staff one partner or every one. format=CSV streams them all as
 * non-finalized-trips.csv, with a PHI access audit row.
 */
export async function nonFinalTripsReport(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  query: Query,
): Promise<NonFinalTripsReport> {
  const partner = await reportPartner(deps.pool, user, query.affiliateId);
  const now = deps.clock.now();
  const params: unknown[] = [];
  const where = nonFinalWhere(user, partner.affiliateId, query, params);

  if (query.format === 'CSV') {
    await writeAudit(deps.pool, {
      ...auditActor(req),
      activityType: 'export',
      table: 'drive_assignments',
      recordId: null,
      after: { report: 'partner-non-final-trips', format: 'csv', dateFrom: query.dateFrom, dateTo: query.dateTo, affiliateId: partner.affiliateId },
    });
    return sendCsvDownload<Row>(deps.pool, reply, NON_FINAL_CSV_FILE, {
      sql: ROWS(where),
      params,
      header: csvRow(NON_FINAL_CSV_COLUMNS),
      lines: (rows) => rows.map((r) => nonFinalCsvLine(nonFinalOf(r, now))).join(''),
    });
  }

  const [list, count] = await Promise.all([
    deps.pool.query<Row>(ROWS(where, `limit ${NON_FINAL_LIST_LIMIT}`), params),
    deps.pool.query<{ n: number }>(`select count(*)::int as n from drive_assignments da where ${where}`, params),
  ]);
  return {
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    affiliateId: partner.affiliateId,
    total: count.rows[0].n,
    trips: list.rows.map((r) => nonFinalOf(r, now)),
  };
}
