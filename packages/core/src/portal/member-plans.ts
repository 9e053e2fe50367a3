import { z } from 'zod';
import { Uuid } from '../api/auth.ts';
import { text } from '../api/text.ts';
import { CoverageStatusSchema } from '../coverage/schemas.ts';

/**
 * A passenger's plan as the portal shows it (GET member-plans, spec 2 §7): the coverage (member id,
 * bill-to, status today, dates) and the plan's limits a trip request must keep: the yearly trip
 * limit against the trips taken this year, and the advance notice. Asked by planId alone (staff),
 * the plan itself: the member fields are then null.
 */
export const MemberPlan = z.object({
  planId: Uuid.nullable(),
  planName: text().nullable(),
  planCode: text().nullable(),
  /** The coverage this row comes from; null for a plan asked by planId alone. */
  coverageId: Uuid.nullable(),
  memberId: text().nullable(),
  billToId: Uuid.nullable(),
  billToName: text().nullable(),
  /** The coverage's status today (Active, Pending, Expired, Termed); null for a plan alone. */
  status: CoverageStatusSchema.nullable(),
  /** The days the coverage (or plan) runs, inclusive, YYYY-MM-DD. */
  dateBegin: text(),
  dateEnd: text(),
  /** Trips a year the plan pays for (the member's own limit when set); null for no limit. */
  tripLimitCount: z.number().int().nullable(),
  /** Trips of this coverage this calendar year (not cancelled); null for a plan alone. */
  tripsYTD: z.number().int().nullable(),
  /** A trip must be booked at least this many days ahead (or hours ahead), and at most this many days. */
  advanceNoticeDaysMin: z.number().int().nullable(),
  advanceNoticeHoursMin: z.number().int().nullable(),
  advanceNoticeDaysMax: z.number().int().nullable(),
  /** Service type codes the plan pays for. */
  includedServiceTypes: z.array(text()),
});
export type MemberPlan = z.infer<typeof MemberPlan>;
