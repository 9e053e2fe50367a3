import { z } from 'zod';
import { IsoDate, text } from '../api/text.ts';

/** spec 3 §9: the ways a partner rate pays a trip. */
export const RATE_TYPES = ['Pick Up Per Mile', 'Flat Rate', 'Mile Reimburse'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** What a trip shows when no rate is in force for it (spec 2 §2). */
export const NO_RATE = 'NoRate';

/** spec 3 §3 "Rate breakdown": the amounts of a rate, in dollars as the API carries them. */
export const RATE_FIELDS = [
  'cancelRate',
  'basePickupRate',
  'baseBucketMileageRate',
  'baseFlatRate',
  'baseMileageCeilingRate',
  'baseMileageRate',
  'timeCharge',
  'baseMileageReimbursementRate',
  'addWaitTime',
  'addsOffHours',
  'addsPca',
  'addsPharmacyStop',
] as const;
export type RateField = (typeof RATE_FIELDS)[number];

/** The breakdown fields each rate type needs; the others are optional extras (none = nothing added). */
export const REQUIRED_RATE_FIELDS: Record<RateType, readonly RateField[]> = {
  'Flat Rate': ['baseFlatRate', 'cancelRate'],
  'Pick Up Per Mile': ['basePickupRate', 'baseMileageRate', 'baseMileageCeilingRate', 'baseBucketMileageRate', 'cancelRate'],
  'Mile Reimburse': ['baseMileageReimbursementRate', 'cancelRate'],
};

/** The highest amount a rate field takes (numeric(10,2) holds less than 100,000,000). */
export const RATE_FIELD_MAX = 99_999;

export type RateBreakdown = Record<RateField, number | null>;

/** Partner rate (spec 3 §3) as the API answers it. */
export const PartnerRate = z.object({
  id: text(),
  affiliateId: text(),
  billToContactId: text(),
  serviceId: text(),
  rateType: z.enum(RATE_TYPES),
  cancelRate: z.number().nullable(),
  basePickupRate: z.number().nullable(),
  baseBucketMileageRate: z.number().nullable(),
  baseFlatRate: z.number().nullable(),
  baseMileageCeilingRate: z.number().nullable(),
  baseMileageRate: z.number().nullable(),
  timeCharge: z.number().nullable(),
  baseMileageReimbursementRate: z.number().nullable(),
  addWaitTime: z.number().nullable(),
  addsOffHours: z.number().nullable(),
  addsPca: z.number().nullable(),
  addsPharmacyStop: z.number().nullable(),
  dateBegin: IsoDate,
  dateEnd: IsoDate.nullable(),
  /** Active (in force today), Future (begins later) or Ended (its end date has passed). */
  status: text(),
  created: text(),
  billToName: text().nullable(),
  providerName: text().nullable(),
  modCount: z.number().int(),
});
export type PartnerRate = z.infer<typeof PartnerRate>;

/** What pricing needs of a rate: its group, days in force and amounts. */
export type RateForPay = Pick<PartnerRate, 'id' | 'billToContactId' | 'serviceId' | 'rateType' | 'dateBegin' | 'dateEnd'> &
  RateBreakdown & { affiliateId?: string };

/** The items a trip's pay is made of; each is named after the rate field that prices it. */
export const PAY_ITEMS = [
  'baseFlatRate',
  'basePickupRate',
  'baseMileageRate',
  'baseBucketMileageRate',
  'baseMileageReimbursementRate',
  'timeCharge',
  'addWaitTime',
  'addsPca',
  'addsOffHours',
  'addsPharmacyStop',
  'cancelRate',
  'expenses',
  'deadheadMiles',
] as const;
export type PayItem = (typeof PAY_ITEMS)[number];

export const PayLine = z.object({
  item: z.enum(PAY_ITEMS),
  /** Legs, miles (to 0.1), minutes or stops; 1 for amounts paid once. */
  quantity: z.number(),
  unitPennies: z.number().int(),
  pennies: z.number().int(),
});
export type PayLine = z.infer<typeof PayLine>;

/** A trip's pay: NoRate, or the priced lines of the rate in force (pennies). Stored as the breakdown. */
export const TripPay = z.discriminatedUnion('noRate', [
  z.object({ noRate: z.literal(true) }),
  z.object({
    noRate: z.literal(false),
    rateId: text(),
    rateType: z.enum(RATE_TYPES),
    lines: z.array(PayLine),
    totalPennies: z.number().int(),
  }),
]);
export type TripPay = z.infer<typeof TripPay>;

/** One leg as pay sees it. */
export interface PayLegInput {
  /** Loaded miles (Google driving distance), to 0.1 mile; null when unknown. */
  miles: number | null;
  /** Drive minutes (Google driving time), whole minutes. */
  driveMinutes: number;
  /** The pickup time paid for off hours ('HH:MM:SS'), or null when there is none (will call not yet done). */
  pickupTime: string | null;
  /** The leg ends at a pharmacy stop (DP). */
  pharmacyStop: boolean;
  /** The leg was cancelled with charge (paid cancelRate) or without (paid nothing). */
  cancel: 'none' | 'withCharge' | 'withoutCharge';
}

/** Everything a trip's pay depends on besides the rate. */
export interface TripPayInput {
  legs: PayLegInput[];
  pca: boolean;
  /** Approved extra wait minutes. */
  waitMinutes: number;
  /** Approved expenses, pennies. */
  expensesPennies: number;
  /** The whole trip was a dry run or cancelled with charge: it pays cancelRate. */
  chargedCancel: boolean;
  /** The whole trip was cancelled without charge: it pays nothing. */
  unchargedCancel: boolean;
  /** Approved loaded miles replacing the legs' own (null: none). */
  paidMilesOverride: number | null;
  /** Approved deadhead miles. */
  extraDeadheadMiles: number;
}

/** The key a trip's rate is found by. */
export interface RateKey {
  billToContactId: string | null;
  serviceType: string | null;
  serviceDate: string;
}
