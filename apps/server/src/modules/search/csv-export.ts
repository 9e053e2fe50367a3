import {
  CSV_EXPORT_TOKEN_MINUTES,
  METERS_TO_MILES,
  CSV_MSG,
  SEARCH_MSG,
  TRIP_CSV_COLUMNS,
  TripSearchQuery,
  csvRangeProblem,
  neutraliseFormula,
  operatorToday,
  parseSearchDate,
  type CsvExportBody,
} from '@tripline/core';
import { stringify, type Options as CsvOptions } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { decoyHash, verifyPassword } from '../../platform/auth/password.ts';
import { hashToken, newToken } from '../../platform/auth/sessions.ts';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { sendCsvDownload } from '../../platform/csv-download.ts';
import { validationError } from '../../platform/http.ts';
import { assertNotThrottled, recordFailure } from '../auth/throttle.ts';
import { compileTripSearch } from './compile.ts';

/**
 * CSV download of trips (spec 1 §5, §7 reports/csv/driveAssignments; docs/trip-search.md "CSV
 * download"). Preparing it checks the caller's password again and records an 'export' audit row;
 * the answer is a link with a one-time token that works for a few minutes, kept server-side as a
 * hash. Following the link streams the rows from a database cursor, a batch at a time.
 */

/** What a prepared download will read: the validated search, resolved against the day it was asked. */
interface Criteria {
  search: TripSearchQuery;
  today: string;
}

const DOWNLOAD_PATH = '/api/reports/csv/driveAssignments';

function resolveDate(text: string, today: string, path: string): string {
  const day = parseSearchDate(text, today);
  if (!day) throw badRequest(SEARCH_MSG.INVALID_DATE, [{ path, message: SEARCH_MSG.INVALID_DATE }]);
  return day;
}

/** The password to check again: the signed-in person's, or during su the staff member's behind it. */
async function checkPassword(deps: AppDeps, req: FastifyRequest, user: SessionUser, password: string): Promise<void> {
  const who = user.su?.id ?? user.id;
  const { rows } = await deps.pool.query<{ username: string | null; password_hash: string | null }>(
    'select username, password_hash from contacts where id = $1 and not deleted',
    [who],
  );
  const username = rows[0]?.username ?? who;
  // a wrong password here counts toward the sign-in throttle of that account
  await assertNotThrottled(deps.pool, deps.clock, username, req.ip);
  const ok = await verifyPassword(rows[0]?.password_hash ?? (await decoyHash()), password);
  if (ok) return;
  await recordFailure(deps.pool, deps.clock, username, req.ip);
  await writeAudit(deps.pool, { ...auditActor(req), activityType: 'export-denied', table: 'drive_assignments', recordId: null, after: { reason: 'wrong password' } });
  throw badRequest(CSV_MSG.WRONG_PASSWORD, [{ path: 'passwordVerify', message: CSV_MSG.WRONG_PASSWORD }]);
}

export async function prepareCsvExport(
  deps: AppDeps,
  req: FastifyRequest,
  user: SessionUser,
  body: z.output<typeof CsvExportBody>,
): Promise<{ url: string; expiresAt: string }> {
  if (user.tokenEndpoints) throw forbidden(CSV_MSG.TOKEN_NOT_ALLOWED);
  const now = deps.clock.now();
  const today = operatorToday(now);
  const from = resolveDate(body.dateFrom, today, 'dateFrom');
  const to = resolveDate(body.dateTo, today, 'dateTo');
  const rangeProblem = csvRangeProblem(from, to);
  if (rangeProblem) throw badRequest(rangeProblem, [{ path: 'dateTo', message: rangeProblem }]);
  // the rest of the search, if any, is read exactly as GET drive-assignments reads it
  const { limit: _limit, id: _id, ...rest } = body.search ?? {};
  const parsed = TripSearchQuery.safeParse({ ...rest, serviceDate: from, serviceDateMax: to });
  if (!parsed.success) throw validationError(parsed.error);
  const search = parsed.data;
  const params: unknown[] = [];
  const where = compileTripSearch(search, user, today, params);

  await checkPassword(deps, req, user, body.passwordVerify);

  const { rows } = await deps.pool.query<{ n: number }>(`select count(*)::int as n from drive_assignments da where ${where}`, params);
  const rowCount = rows[0].n;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + CSV_EXPORT_TOKEN_MINUTES * 60_000);
  const criteria: Criteria = { search, today };
  await inTransaction(deps.pool, async (client) => {
    await client.query(
      `insert into csv_export_tokens (token_hash, contact_id, impersonator_id, criteria, row_count, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [hashToken(token), user.id, user.su?.id ?? null, JSON.stringify(criteria), rowCount, now, expiresAt],
    );
    // spec DECISIONS: every export of patient data is an audit row
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'export',
      table: 'drive_assignments',
      recordId: null,
      after: { format: 'csv', dateFrom: from, dateTo: to, search: rest, rowCount },
    });
  });
  return { url: `${DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
}

interface CsvLine {
  reference_number: string;
  service_date: string;
  which_leg: string;
  status: string;
  passenger: string | null;
  pickup: string | null;
  pickup_ord: string | null;
  pickup_act: string | null;
  dropoff: string | null;
  dropoff_ord: string | null;
  dropoff_act: string | null;
  appt_time: string | null;
  service_type: string | null;
  miles: string | null;
  partner: string | null;
  driver: string | null;
  partner_pay_status: string;
  rate: string | null;
  division: string | null;
}

const hm = (col: string) => `to_char(${col}, 'HH24:MI')`;
const place = (a: string) => `coalesce(${a}.complete_address, concat_ws(', ', ${a}.name, ${a}.street, ${a}.city, ${a}.state || ' ' || ${a}.zip))`;

/** One line per trip leg, in day order then leg order. */
const LINES = (where: string) => `
  select da.reference_number, to_char(da.service_date, 'YYYY-MM-DD') as service_date, tl.which_leg,
         case when da.declined then 'Declined' else tl.status end as status, coalesce(p.name, tl.pass_name) as passenger,
         ${place('a1')} as pickup, ${hm('tl.loc_first_time_ord')} as pickup_ord, ${hm('tl.loc_first_time_act')} as pickup_act,
         ${place('a2')} as dropoff, ${hm('tl.loc_second_time_ord')} as dropoff_ord, ${hm('tl.loc_second_time_act')} as dropoff_act,
         ${hm('tl.appt_time')} as appt_time, coalesce(tl.service_code, da.service_type_requested) as service_type,
         round(tl.google_driving_distance_meters * ${METERS_TO_MILES}, 1) as miles, fo.name as partner, drv.name as driver,
         da.partner_pay_status, da.farmout_rate as rate, dv.code as division
    from drive_assignments da
    join trip_legs tl on tl.drive_assignment_id = da.id
    left join contacts p on p.id = tl.passenger_id
    left join addresses a1 on a1.id = tl.location_first_id
    left join addresses a2 on a2.id = tl.location_second_id
    left join contacts fo on fo.id = da.farmout_contact_id
    left join contacts drv on drv.id = da.driver_id
    left join divisions dv on dv.id = da.division_id
   where ${where}
   order by da.service_date, da.reference_number, tl.leg_order, tl.which_leg`;

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * RFC 4180 lines (CRLF) written by csv-stringify; every text cell goes through core's formula
 * guard first. Text holding a line break, or spaces at either end, is quoted so a spreadsheet
 * keeps it whole (csv-stringify alone quotes only the whole CRLF).
 */
const CSV_FORMAT: CsvOptions = {
  record_delimiter: '\r\n',
  quoted_match: [/^\s/, /\s$/, /[\r\n]/],
  cast: {
    string: neutraliseFormula,
    number: (n) => (Number.isFinite(n) ? String(n) : ''),
    boolean: (b) => (b ? 'true' : 'false'),
  },
};

const record = (r: CsvLine) => [
    r.reference_number,
    r.service_date,
    r.which_leg,
    r.status,
    r.passenger,
    r.pickup,
    r.pickup_ord,
    r.pickup_act,
    r.dropoff,
    r.dropoff_ord,
    r.dropoff_act,
    r.appt_time,
    r.service_type,
    num(r.miles),
    r.partner,
    r.driver,
    r.partner_pay_status,
    num(r.rate),
    r.division,
  ];

export async function downloadCsvExport(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, user: SessionUser, token: string): Promise<FastifyReply> {
  const now = deps.clock.now();
  // one use: the first request that finds the token unused and unexpired takes it
  const { rows } = await deps.pool.query<{ criteria: Criteria; row_count: number }>(
    `update csv_export_tokens set used_at = $2
      where token_hash = $1 and contact_id = $3 and used_at is null and expires_at > $2
      returning criteria, row_count`,
    [hashToken(token), now, user.id],
  );
  if (!rows[0]) throw notFound(CSV_MSG.LINK_USED);
  const { search, today } = rows[0].criteria;
  const params: unknown[] = [];
  // row scope is the caller's as it is now
  const where = compileTripSearch(search, user, today, params);
  await writeAudit(deps.pool, {
    ...auditActor(req),
    activityType: 'export-download',
    table: 'drive_assignments',
    recordId: null,
    after: { format: 'csv', dateFrom: search.serviceDate, dateTo: search.serviceDateMax, rowCount: rows[0].row_count },
  });
  const name = `trips-${search.serviceDate}-to-${search.serviceDateMax}.csv`;
  return sendCsvDownload<CsvLine>(deps.pool, reply, name, {
    sql: LINES(where),
    params,
    header: stringify([[...TRIP_CSV_COLUMNS]], CSV_FORMAT),
    lines: (rows) => stringify(rows.map(record), CSV_FORMAT),
  });
}
