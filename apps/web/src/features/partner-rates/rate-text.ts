import { RATE_FIELD_LABELS, SERVICE_TYPE_NAMES, type PartnerRate, type RateField } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';
import { formatMoney } from '../trips/home/trip-format.ts';

const perMile = (n: number) => `${formatMoney(n)}/mile`;
const perMinute = (n: number) => `${formatMoney(n)}/min`;

/** What the rate pays for the ride itself, in one line: '$18.00 a pickup + $1.85/mile up to 20 miles, $1.40/mile beyond'. */
export function baseText(r: PartnerRate): string {
  switch (r.rateType) {
    case 'Flat Rate':
      return `${formatMoney(r.baseFlatRate ?? 0)} a leg`;
    case 'Mile Reimburse':
      return perMile(r.baseMileageReimbursementRate ?? 0);
    case 'Pick Up Per Mile':
      return `${formatMoney(r.basePickupRate ?? 0)} a pickup + ${perMile(r.baseMileageRate ?? 0)} up to ${r.baseMileageCeilingRate ?? 0} miles, ${perMile(r.baseBucketMileageRate ?? 0)} beyond`;
  }
}

const EXTRAS: readonly [RateField, (n: number) => string][] = [
  ['cancelRate', (n) => `Cancel ${formatMoney(n)}`],
  ['timeCharge', (n) => `Drive ${perMinute(n)}`],
  ['addWaitTime', (n) => `Wait ${perMinute(n)}`],
  ['addsOffHours', (n) => `Off hours ${formatMoney(n)}`],
  ['addsPca', (n) => `PCA ${formatMoney(n)}`],
  ['addsPharmacyStop', (n) => `Pharmacy stop ${formatMoney(n)}`],
];

/** The extras a rate pays, each as a short phrase; those it leaves empty are left out. */
export function extrasText(r: PartnerRate): string[] {
  const out = EXTRAS.flatMap(([field, say]) => (r[field] === null ? [] : [say(r[field] as number)]));
  // deadhead is paid at the mileage rate; a flat rate shows it when it has one
  if (r.rateType === 'Flat Rate' && r.baseMileageRate !== null) out.push(`Deadhead ${perMile(r.baseMileageRate)}`);
  return out;
}

export const serviceTypeText = (code: string) => (SERVICE_TYPE_NAMES[code] ? `${code} ${SERVICE_TYPE_NAMES[code]}` : code);

/** The days a rate is in force: '11/01/2026 – 11/21/2026', or 'from 11/22/2026'. */
export function daysText(r: Pick<PartnerRate, 'dateBegin' | 'dateEnd'>): string {
  return r.dateEnd === null ? `from ${formatUsDate(r.dateBegin)}` : `${formatUsDate(r.dateBegin)} – ${formatUsDate(r.dateEnd)}`;
}

export const fieldLabel = (field: RateField) => RATE_FIELD_LABELS[field];
