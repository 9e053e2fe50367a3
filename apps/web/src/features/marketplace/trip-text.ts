import { NO_RATE, reservedUntilText, rowStateAt, type MarketplacePlace, type MarketplaceTrip } from '@tripline/core';
import { formatMoney, formatTime } from '../trips/home/trip-format.ts';

/** spec 2 §4: a marketplace trip's state in words; a reserved trip says when it opens to every partner. */
export function stateText(t: Pick<MarketplaceTrip, 'state' | 'reservedUntil' | 'timeZone'>, now: Date = new Date()): string {
  switch (rowStateAt(t, now)) {
    case 'available':
      return 'Available';
    case 'reserved':
      return `Reserved until ${reservedUntilText(t.reservedUntil!, t.timeZone)}`;
    case 'noLongerAvailable':
      return 'No longer available';
    case 'canceled':
      return 'Canceled';
  }
}

/** What the trip pays the caller's company: dollars, or the spec's 'NoRate'. */
export function rateText(rate: MarketplaceTrip['rate']): string {
  return rate === NO_RATE ? NO_RATE : formatMoney(rate);
}

/** 'Albuquerque 87102'. */
export function placeText(p: Pick<MarketplacePlace, 'city' | 'zip'>): string {
  return [p.city, p.zip].filter(Boolean).join(' ');
}

/** The first pickup's time, or 'Will call'. */
export function pickupText(t: Pick<MarketplaceTrip, 'willCall' | 'pickupTime'>): string {
  return t.willCall || !t.pickupTime ? 'Will call' : formatTime(t.pickupTime);
}

export function milesText(miles: number | null): string {
  return miles === null ? '' : `${miles.toFixed(1)} mi`;
}

/** Whether the caller could claim the trip now: available and priced. */
export function isClaimable(t: Pick<MarketplaceTrip, 'state' | 'reservedUntil' | 'rate'>, now: Date = new Date()): boolean {
  return rowStateAt(t, now) === 'available' && t.rate !== NO_RATE;
}
