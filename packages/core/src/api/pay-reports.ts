import { z } from 'zod';
import { TripPay } from '../partner-pay/model.ts';
import { PARTNER_PAY_STATUSES } from '../trips/model.ts';
import { NON_FINAL_LIST_LIMIT, PAY_REPORT_MSG } from '../pay-reports/messages.ts';
import { isSunday, nonFinalRangeProblem } from '../pay-reports/week.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { RecordId } from './search.ts';
import { IsoDate, text } from './text.ts';

// Partner pay reports: the week's pay and the trips not yet final (spec 2 §5, 3 §2).

/** A report date: required ('Please enter all required fields'), then YYYY-MM-DD. */
const ReportDate = text({ error: (issue) => (issue.input === undefined ? PAY_REPORT_MSG.REQUIRED : 'Dates are YYYY-MM-DD') })
  .trim()
  .min(1, PAY_REPORT_MSG.REQUIRED)
  .pipe(IsoDate);

/** JSON on screen, CSV to download. */
const ReportFormat = z.enum(['JSON', 'CSV'], { error: 'The format is JSON or CSV' }).default('JSON');

export const PartnerPayQuery = z.object({
  /** The Sunday the week begins on; the server also refuses one in the future. */
  date: ReportDate.refine(isSunday, PAY_REPORT_MSG.CHOOSE_SUNDAY),
  /** The partner; staff may leave it out to see a line per partner, a partner sees only itself. */
  affiliateId: RecordId.optional(),
  format: ReportFormat,
});

export const NonFinalTripsQuery = z
  .object({
    dateFrom: ReportDate,
    dateTo: ReportDate,
    /** Staff: one partner, or every partner when left out. A partner sees only itself. */
    affiliateId: RecordId.optional(),
    format: ReportFormat,
  })
  .superRefine((q, ctx) => {
    const problem = nonFinalRangeProblem(q.dateFrom, q.dateTo);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['dateTo'] });
  });

const Money = z.number().describe('Dollars with two decimals.');
const PayStatus = z.enum(PARTNER_PAY_STATUSES);

/** The Final and not-Final sums of a set of trips, in dollars. */
export const PayTotalsJson = z.object({
  finalPay: Money,
  notFinalPay: Money,
  totalPay: Money,
  finalTrips: z.number().int(),
  notFinalTrips: z.number().int(),
  /** Trips with no rate in force (NoRate): they pay nothing until a rate or an override is set. */
  noRateTrips: z.number().int(),
});
export type PayTotalsJson = z.infer<typeof PayTotalsJson>;

/** What both reports show of a trip. */
const ReportTrip = z.object({
  id: text(),
  referenceNumber: text(),
  modCount: z.number().int(),
  serviceDate: IsoDate,
  affiliateId: text(),
  partnerName: text().nullable(),
  passengerName: text().nullable(),
  serviceType: text().nullable(),
  partnerPayStatus: PayStatus,
  /** What the trip pays (the override, else the rate's amount); null when it has no rate. */
  farmoutRate: Money.nullable(),
  noRate: z.boolean(),
});

/** One trip of the partner-pay report. */
export const PayReportTrip = ReportTrip.extend({
  billToName: text().nullable(),
  /** The priced lines of the rate in force, or NoRate; null when the trip was never priced. */
  breakdown: TripPay.nullable(),
  /** An override replaces the rate's amount. */
  overridden: z.boolean(),
});
export type PayReportTrip = z.infer<typeof PayReportTrip>;

export const PartnerPayReport = z.object({
  dateFrom: IsoDate,
  dateTo: IsoDate,
  /** The partner reported on, or null for every partner (staff). */
  affiliateId: text().nullable(),
  partnerName: text().nullable(),
  totals: PayTotalsJson,
  /** A line per partner (one line when a partner is chosen). */
  partners: z.array(PayTotalsJson.extend({ affiliateId: text(), partnerName: text().nullable() })),
  /** Sunday to Saturday: the chart's stacked bars. */
  days: z.array(z.object({ date: IsoDate, finalPay: Money, notFinalPay: Money })),
  /** The chosen partner's trips, in day order; empty when every partner is shown (the CSV lists them all). */
  trips: z.array(PayReportTrip),
});
export type PartnerPayReport = z.infer<typeof PartnerPayReport>;

/** One trip of the non-final trips report. */
export const NonFinalTrip = ReportTrip.extend({
  /** Why rate accept cannot finalise it yet, or 'Ready for rate accept'. */
  reason: text(),
  /** Rate accept would finalise it now. */
  ready: z.boolean(),
});
export type NonFinalTrip = z.infer<typeof NonFinalTrip>;

export const NonFinalTripsReport = z.object({
  dateFrom: IsoDate,
  dateTo: IsoDate,
  affiliateId: text().nullable(),
  /** Every non-final trip of the range; `trips` holds the first of them. */
  total: z.number().int(),
  trips: z.array(NonFinalTrip).describe(`At most ${NON_FINAL_LIST_LIMIT}, in day order; the CSV holds them all.`),
});
export type NonFinalTripsReport = z.infer<typeof NonFinalTripsReport>;

export const payReportEndpoints = {
  partnerPayReport: endpoint({
    method: 'GET',
    path: 'reports/partner-pay',
    area: 'reports',
    summary:
      "A partner's pay for the week beginning on a Sunday (not in the future): each trip with its breakdown, status and total, Final and not-Final sums, a line per partner and the sums per day. format=CSV streams the trips as a file.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404],
    query: PartnerPayQuery,
    response: PartnerPayReport,
  }),
  nonFinalTripsReport: endpoint({
    method: 'GET',
    path: 'reports/partner-non-final-trips',
    area: 'reports',
    summary:
      "Trips not yet Final in a date range (at most 366 days), each with the reason rate accept cannot finalise it or 'Ready for rate accept'. format=CSV streams them as non-finalized-trips.csv.",
    access: { roles: ['Affiliate', 'SecureEmployee'] },
    answers: [404],
    query: NonFinalTripsQuery,
    response: NonFinalTripsReport,
  }),
} satisfies Record<string, Endpoint>;
