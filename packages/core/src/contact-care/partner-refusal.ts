import { HOLD_TYPE_LABEL, holdCovers, holdWindowText, type HoldPeriod } from './holds.ts';

/** spec 3 §5: who asked for a blacklist entry. */
export const BLACKLIST_REQUESTERS = ['Passenger', 'Partner', 'Operator'] as const;
export type BlacklistRequester = (typeof BLACKLIST_REQUESTERS)[number];

export interface BlacklistPeriod {
  partnerId: string;
  passengerId: string;
  requestedBy: BlacklistRequester;
  /** Null: no end. */
  endDate: string | null;
  deleted: boolean;
}

/** A blacklist entry counts on a service date until its end date (included); a removed one never. */
export function blacklistCovers(b: Pick<BlacklistPeriod, 'endDate' | 'deleted'>, date: string): boolean {
  return !b.deleted && (b.endDate === null || date <= b.endDate);
}

export interface TripToAssign {
  referenceNumber: string;
  serviceDate: string;
  passengers: readonly { id: string; name: string }[];
}

export interface PartnerToAssign {
  id: string;
  name: string;
}

export const REFUSAL_MSG = {
  HELD: (partner: string, h: HoldPeriod, trip: TripToAssign) =>
    `${partner} is on hold (${HOLD_TYPE_LABEL[h.type]}) ${holdWindowText(h)}: trip ${trip.referenceNumber} on ${trip.serviceDate} cannot be assigned to it`,
  BLACKLISTED: (partner: string, passenger: string, b: BlacklistPeriod, trip: TripToAssign) =>
    `${passenger} is on ${partner}\u2019s blacklist (requested by ${b.requestedBy}): trip ${trip.referenceNumber} cannot be assigned to it`,
} as const;

/**
 * Why a partner may not be given a trip, or null when it may (: one rule for every
 * assigning path: bulk assignment, a partner change, the partner picker, marketplace claims and
 * schedule approval). A hold of the partner in effect on the trip's service date refuses it, of
 * either type; so does a blacklist entry between the partner and a passenger of the trip still in
 * effect that day. `holds` and `blacklists` may hold other partners' entries: they are ignored.
 */
export function partnerRefusal(
  trip: TripToAssign,
  partner: PartnerToAssign,
  holds: readonly HoldPeriod[],
  blacklists: readonly BlacklistPeriod[],
): string | null {
  const hold = holds.find((h) => h.providerId === partner.id && holdCovers(h, trip.serviceDate));
  if (hold) return REFUSAL_MSG.HELD(partner.name, hold, trip);
  for (const p of trip.passengers) {
    const b = blacklists.find((e) => e.partnerId === partner.id && e.passengerId === p.id && blacklistCovers(e, trip.serviceDate));
    if (b) return REFUSAL_MSG.BLACKLISTED(partner.name, p.name, b, trip);
  }
  return null;
}
