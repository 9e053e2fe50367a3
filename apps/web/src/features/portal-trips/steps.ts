import type { PortalStep, PortalTrip } from '@tripline/core';
import { timeInWords } from './words.ts';

/** The way a trip goes when it is not canceled. */
export const RIDE_STEPS = ['Requested', 'Driver assigned', 'Driver arrived', 'Picked up', 'Dropped off'] as const satisfies readonly PortalStep[];

export interface StepItem {
  title: string;
  state: 'done' | 'current' | 'next' | 'canceled';
  detail: string | null;
}

/**
 * The steps the bar shows and how far the trip is: every step up to the trip's is done and its own
 * is current (the last one is done once reached); a canceled trip shows Requested and then Canceled.
 */
export function stepItems(trip: Pick<PortalTrip, 'step' | 'providerName' | 'tripLegs' | 'cancelledReason'>): StepItem[] {
  const first = trip.tripLegs[0];
  const last = trip.tripLegs[trip.tripLegs.length - 1];
  if (trip.step === 'Canceled') {
    return [
      { title: 'Requested', state: 'done', detail: null },
      { title: 'Canceled', state: 'canceled', detail: trip.cancelledReason },
    ];
  }
  const at = RIDE_STEPS.indexOf(trip.step);
  const detailOf: Record<(typeof RIDE_STEPS)[number], string | null> = {
    Requested: null,
    'Driver assigned': trip.providerName,
    'Driver arrived': first?.locFirstTimeAct ? `at ${timeInWords(first.locFirstTimeAct)}` : null,
    'Picked up': first?.locFirstTimeDep ? `at ${timeInWords(first.locFirstTimeDep)}` : null,
    'Dropped off': last?.locSecondTimeAct ? `at ${timeInWords(last.locSecondTimeAct)}` : null,
  };
  return RIDE_STEPS.map((title, i) => ({
    title,
    state: i < at || (i === at && i === RIDE_STEPS.length - 1) ? 'done' : i === at ? 'current' : 'next',
    detail: i <= at ? detailOf[title] : null,
  }));
}
