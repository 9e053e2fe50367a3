/**
 * Partner holds (spec 2 §3 "Hold", §4): placed on startDate, effective from beginDate to endDate;
 * an endDate of 2078-12-31 means open-ended. The spec names no types; ours ( decision):
 * NoNewTrips refuses any assignment in the window, Suspension also takes its unstarted trips there
 * from the partner.
 */
export const HOLD_OPEN_END = '2078-12-31';
export const HOLD_TYPES = ['NoNewTrips', 'Suspension'] as const;
export type HoldType = (typeof HOLD_TYPES)[number];

export const HOLD_TYPE_LABEL: Record<HoldType, string> = {
  NoNewTrips: 'No new trips',
  Suspension: 'Suspension',
};

export interface HoldPeriod {
  providerId: string;
  type: HoldType;
  beginDate: string;
  endDate: string;
}

export const isOpenEnded = (h: Pick<HoldPeriod, 'endDate'>): boolean => h.endDate >= HOLD_OPEN_END;

/** Whether the hold is in effect on a service date (begin and end days included). */
export function holdCovers(h: Pick<HoldPeriod, 'beginDate' | 'endDate'>, date: string): boolean {
  return h.beginDate <= date && date <= h.endDate;
}

/** 'from 2026-11-22, open-ended' or 'from 2026-11-22 to 2026-11-30'. */
export function holdWindowText(h: Pick<HoldPeriod, 'beginDate' | 'endDate'>): string {
  return isOpenEnded(h) ? `from ${h.beginDate}, open-ended` : `from ${h.beginDate} to ${h.endDate}`;
}

export interface SuspendableTrip {
  canceled: boolean;
  partnerPayStatus: string;
  serviceDate: string;
  /** The trip has taken place or started (core hasOccurred, or a leg with an actual pickup). */
  started: boolean;
}

/** A Suspension takes these trips from the partner: in its window, not cancelled, not Final, not started. */
export function suspensionTakesTrip(h: Pick<HoldPeriod, 'type' | 'beginDate' | 'endDate'>, t: SuspendableTrip): boolean {
  return h.type === 'Suspension' && holdCovers(h, t.serviceDate) && !t.canceled && t.partnerPayStatus !== 'Final' && !t.started;
}
