import { z } from 'zod';
import { RATE_MSG, rateAmountTooHigh } from '../partner-pay/messages.ts';
import { PartnerRate, RATE_FIELD_MAX, RATE_TYPES } from '../partner-pay/model.ts';
import { rateAmountProblems } from '../partner-pay/rules.ts';
import { SERVICE_TYPE_NAMES } from '../trips/constants.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { isoDateProblem, text } from './text.ts';

// Partner rates: the operator's pay rates per partner, bill-to and service type (spec 3 §3, §7).

const Id = (missing: string) => text({ error: missing }).trim().min(1, missing).max(36, 'Not a record id');
const ModCount = z.coerce.number({ error: 'modCount is a whole number' }).int('modCount is a whole number').min(0, 'modCount is a whole number');
const RateDay = text({ error: RATE_MSG.INVALID_DATE }).refine((s) => isoDateProblem(s) === null, RATE_MSG.INVALID_DATE);

/** An amount of a rate: dollars and cents (miles for the ceiling), not negative; empty = not paid. */
const Amount = z
  .number({ error: RATE_MSG.AMOUNT })
  .min(0, RATE_MSG.NEGATIVE)
  .max(RATE_FIELD_MAX, rateAmountTooHigh(RATE_FIELD_MAX))
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, RATE_MSG.AMOUNT)
  .nullable()
  .optional();

/** A rate's type and amounts; the fields its type needs are required (core rateAmountProblems). */
const rateAmountsShape = {
  rateType: z.enum(RATE_TYPES, { error: RATE_MSG.CHOOSE_RATE_TYPE }),
  cancelRate: Amount,
  basePickupRate: Amount,
  baseBucketMileageRate: Amount,
  baseFlatRate: Amount,
  baseMileageCeilingRate: Amount,
  baseMileageRate: Amount,
  timeCharge: Amount,
  baseMileageReimbursementRate: Amount,
  addWaitTime: Amount,
  addsOffHours: Amount,
  addsPca: Amount,
  addsPharmacyStop: Amount,
};
const checkAmounts = (v: { rateType: (typeof RATE_TYPES)[number] } & Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const p of rateAmountProblems(v.rateType, v as never)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};

export const RateAmounts = z.object(rateAmountsShape, { error: 'Send the rate as JSON' }).superRefine(checkAmounts);

/** POST partner-rates: a new rate for a group (partner, bill-to, service type); it begins today. */
export const NewPartnerRate = z
  .object(
    {
      affiliateId: Id(RATE_MSG.CHOOSE_PARTNER),
      billToContactId: Id(RATE_MSG.CHOOSE_BILL_TO),
      serviceId: z.enum(Object.keys(SERVICE_TYPE_NAMES) as [string, ...string[]], { error: RATE_MSG.CHOOSE_SERVICE_TYPE }),
      ...rateAmountsShape,
    },
    { error: 'Send the rate as JSON' },
  )
  .superRefine(checkAmounts);
export type NewPartnerRate = z.input<typeof NewPartnerRate>;

const isEmptyObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;

export const partnerRateEndpoints = {
  partnerRates: endpoint({
    method: 'GET',
    path: 'partner-rates',
    area: 'financials',
    summary:
      "The partner rates by bill-to and service type, current, future and ended, newest first in each group. Staff see every partner's (providerId and billToId narrow them); a partner sees only its own (another provider's answers 404).",
    access: { roles: ['SecureEmployee', 'Finance', 'PartnerCredentialing', 'Affiliate'] },
    answers: [404],
    query: z.object({ providerId: Id('Missing record id').optional(), billToId: Id('Missing record id').optional() }),
    response: z.array(PartnerRate),
  }),
  partnerRateAdd: endpoint({
    method: 'POST',
    path: 'partner-rates',
    area: 'financials',
    summary:
      "A new rate for a partner, bill-to and service type. It begins today (the operator's day) and the group's rate in force ends yesterday, in one transaction; the group's trips from today on that are not Final are repriced. A group whose rate already begins today answers 409, as does a second new rate racing this one.",
    access: { roles: ['Admin', 'Finance', 'PartnerCredentialing'] },
    answers: [404, 409],
    body: NewPartnerRate,
    response: z.object({ rate: PartnerRate, ended: PartnerRate.nullable(), repricedTrips: z.number().int() }),
  }),
  partnerRateChange: endpoint({
    method: 'PATCH',
    path: 'partner-rates',
    area: 'financials',
    summary:
      "Ends a rate on dateEnd (deleting a rate sets an end date; not before it begins, 'Invalid date!' for a day that is not YYYY-MM-DD) or, for a rate that begins today only, corrects its type and amounts (the body). The trips whose rate in force changes, and that are not Final, are repriced. A stale modCount answers 409 with the rate as it is.",
    access: { roles: ['Admin', 'Finance', 'PartnerCredentialing'] },
    answers: [404, 409],
    query: z.object({ id: Id('Missing record id'), dateEnd: RateDay.optional(), modCount: ModCount }),
    // an empty body is no correction
    body: z.preprocess((v) => (isEmptyObject(v) ? undefined : v), RateAmounts.optional()),
    response: z.object({ rate: PartnerRate, repricedTrips: z.number().int() }),
  }),
} satisfies Record<string, Endpoint>;
