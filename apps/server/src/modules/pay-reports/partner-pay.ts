import {
  csvRow,
  PAY_CSV_COLUMNS,
  TripPay,
  operatorToday,
  payByDay,
  payByPartner,
  payCsvFileName,
  payCsvLine,
  payTotals,
  payWeek,
  payWeekProblem,
  toDollars,
  toPennies,
  type PartnerPayQuery,
  type PartnerPayReport,
  type PayAmount,
  type PayReportTrip,
  type PayTotals,
} from '@tripline/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { tripScope } from '../../platform/scope.ts';
import { ORDER } from '../trips/repository.ts';
import { sendCsvDownload } from '../../platform/csv-download.ts';
import { reportPartner } from './scope.ts';

type Query = z.output<typeof PartnerPayQuery>;

/**
 * The trips a week's pay is made of: those the partner accepted in the week (a declined trip is
 * deleted and pays nothing), each at its farmout rate. Row scope is the caller's.
 */
function payWhere(user: SessionUser, affiliateId: string | null, dateFrom: string, dateTo: string, params: unknown[]): string {
  const parts = [tripScope(user, params), 'da.farmout_contact_id is not null', 'da.accepted', 'not da.deleted', 'not da.declined'];
  params.push(dateFrom, dateTo);
  parts.push(`da.service_date between $${params.length - 1} and $${params.length}`);
  if (affiliateId) {
    params.push(affiliateId);
    parts.push(`da.farmout_contact_id = $${params.length}`);
  }
  return parts.join(' and ');
}

interface AmountRow {
  affiliate_id: string;
  partner_name: string | null;
  service_date: string;
  final: boolean;
  farmout_rate: string | null;
}

interface TripRow extends AmountRow {
  id: string;
  reference_number: string;
  mod_count: number;
  passenger_name: string | null;
  service_type: string | null;
  bill_to_name: string | null;
  partner_pay_status: PayReportTrip['partnerPayStatus'];
  breakdown: unknown;
  overridden: boolean;
}

const AMOUNT_COLUMNS = `da.farmout_contact_id as affiliate_id, fo.name as partner_name, to_char(da.service_date, 'YYYY-MM-DD') as service_date,
  da.partner_pay_status = 'Final' as final, da.farmout_rate`;

const TRIPS = (where: string) => `
  select da.id, da.reference_number, da.mod_count, ${AMOUNT_COLUMNS}, da.service_type_requested as service_type,
         bt.name as bill_to_name, da.partner_pay_status, da.farmout_rate_breakdown as breakdown,
         da.farmout_rate_override is not null as overridden,
         (select coalesce(p.name, tl.pass_name) from trip_legs tl left join contacts p on p.id = tl.passenger_id
           where tl.drive_assignment_id = da.id order by tl.leg_order, tl.which_leg limit 1) as passenger_name
    from drive_assignments da
    left join contacts fo on fo.id = da.farmout_contact_id
    left join contacts bt on bt.id = da.bill_to_contact_id
   where ${where}
   order by ${ORDER}`;

const rateOf = (v: string | null) => (v === null ? null : Number(v));

function amountOf(r: AmountRow): PayAmount {
  const rate = rateOf(r.farmout_rate);
  return {
    affiliateId: r.affiliate_id,
    partnerName: r.partner_name,
    serviceDate: r.service_date,
    final: r.final,
    pennies: rate === null ? 0 : toPennies(rate),
    noRate: rate === null,
  };
}

/** The stored breakdown: the priced TripPay, NoRate (as text or as TripPay), or nothing when never priced. */
function breakdownOf(stored: unknown): TripPay | null {
  if (stored === 'NoRate') return { noRate: true };
  const parsed = TripPay.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

function tripOf(r: TripRow): PayReportTrip {
  const farmoutRate = rateOf(r.farmout_rate);
  return {
    id: r.id,
    referenceNumber: r.reference_number,
    modCount: r.mod_count,
    serviceDate: r.service_date,
    affiliateId: r.affiliate_id,
    partnerName: r.partner_name,
    passengerName: r.passenger_name,
    serviceType: r.service_type,
    billToName: r.bill_to_name,
    partnerPayStatus: r.partner_pay_status,
    farmoutRate,
    breakdown: breakdownOf(r.breakdown),
    noRate: farmoutRate === null,
    overridden: r.overridden,
  };
}

const totalsJson = (t: PayTotals) => ({
  finalPay: toDollars(t.finalPennies),
  notFinalPay: toDollars(t.notFinalPennies),
  totalPay: toDollars(t.totalPennies),
  finalTrips: t.finalTrips,
  notFinalTrips: t.notFinalTrips,
  noRateTrips: t.noRateTrips,
});

/**
 * GET reports/partner-pay: the week beginning on a Sunday that is not in the future.
 * With a partner: each of its trips with breakdown, status and total; without (staff): a line per
 * partner. Both have the Final and not-Final sums and the sums per day. format=CSV streams the
 * trips instead, with a PHI access audit row.
 */
export async function partnerPayReport(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  query: Query,
): Promise<PartnerPayReport> {
  const problem = payWeekProblem(query.date, operatorToday(deps.clock.now()));
  if (problem) throw badRequest(problem, [{ path: 'date', message: problem }]);
  const partner = await reportPartner(deps.pool, user, query.affiliateId);
  const week = payWeek(query.date);
  const params: unknown[] = [];
  const where = payWhere(user, partner.affiliateId, week.dateFrom, week.dateTo, params);

  if (query.format === 'CSV') {
    await writeAudit(deps.pool, {
      ...auditActor(req),
      activityType: 'export',
      table: 'drive_assignments',
      recordId: null,
      after: { report: 'partner-pay', format: 'csv', dateFrom: week.dateFrom, dateTo: week.dateTo, affiliateId: partner.affiliateId },
    });
    return sendCsvDownload<TripRow>(deps.pool, reply, payCsvFileName(week.dateFrom), {
      sql: TRIPS(where),
      params,
      header: csvRow(PAY_CSV_COLUMNS),
      lines: (rows) => rows.map((r) => payCsvLine(tripOf(r))).join(''),
    });
  }

  let amounts: PayAmount[];
  let trips: PayReportTrip[] = [];
  if (partner.affiliateId) {
    const { rows } = await deps.pool.query<TripRow>(TRIPS(where), params);
    trips = rows.map(tripOf);
    amounts = rows.map(amountOf);
  } else {
    const { rows } = await deps.pool.query<AmountRow>(
      `select ${AMOUNT_COLUMNS} from drive_assignments da left join contacts fo on fo.id = da.farmout_contact_id where ${where}`,
      params,
    );
    amounts = rows.map(amountOf);
  }
  const partners = payByPartner(amounts).map((line) => ({ affiliateId: line.affiliateId, partnerName: line.partnerName, ...totalsJson(line) }));
  return {
    dateFrom: week.dateFrom,
    dateTo: week.dateTo,
    affiliateId: partner.affiliateId,
    partnerName: partner.partnerName,
    totals: totalsJson(payTotals(amounts)),
    partners:
      partner.affiliateId && partners.length === 0
        ? [{ affiliateId: partner.affiliateId, partnerName: partner.partnerName, ...totalsJson(payTotals([])) }]
        : partners,
    days: payByDay(amounts, week.days).map((d) => ({ date: d.date, finalPay: toDollars(d.finalPennies), notFinalPay: toDollars(d.notFinalPennies) })),
    trips,
  };
}
