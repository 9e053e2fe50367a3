import { minutesLate } from '../trips/etas.ts';
import { WILL_CALL } from '../trips/constants.ts';
import { EVENT_SUBSCRIPTION_MSG as MSG, TRIP_DELAYED_MINUTES, isPortalEventType, type Channel, type EventType } from './types.ts';

/** The notification part of a subscription (spec 3 §3). */
export interface SubscriptionChannels {
  notifyVogType: string | null;
  notifyEmails: readonly string[];
  notifyRobocallPhone: string | null;
  notifySmsPhone: string | null;
}

/** The match part of a subscription (spec 2 §3, 3 §3). */
export interface SubscriptionMatch {
  matchEventType: string;
  matchInHouse: boolean | null;
  matchNotifiedProvider: boolean | null;
  matchNotifiedDriver: boolean | null;
  matchProviderIds: readonly string[];
  matchBillToIds: readonly string[];
  matchPassengerIds: readonly string[];
}

/** The channels a subscription has filled in. */
export function channelsOf(s: SubscriptionChannels): Channel[] {
  const out: Channel[] = [];
  if (s.notifyVogType) out.push('vog');
  if (s.notifyEmails.length > 0) out.push('email');
  if (s.notifySmsPhone) out.push('sms');
  if (s.notifyRobocallPhone) out.push('voice');
  return out;
}

/** Rule 136: a subscription notifies through exactly one channel; the channel, or why not. */
export function subscriptionChannel(s: SubscriptionChannels): { channel: Channel } | { error: string } {
  const channels = channelsOf(s);
  if (channels.length === 0) return { error: MSG.NO_CHANNEL };
  if (channels.length > 1) return { error: MSG.ONE_CHANNEL };
  return { channel: channels[0]! };
}

/**
 * rule 136 as the editor applies it: choosing a channel keeps only that one, clearing the others.
 * `destination` is the VOG type, the e-mail address or the phone number.
 */
export function withOnlyChannel<S extends SubscriptionChannels>(s: S, channel: Channel, destination: string): S {
  return {
    ...s,
    notifyVogType: channel === 'vog' ? destination : null,
    notifyEmails: channel === 'email' ? [destination] : [],
    notifySmsPhone: channel === 'sms' ? destination : null,
    notifyRobocallPhone: channel === 'voice' ? destination : null,
  };
}

/**
 * What a case manager or passenger may not ask of a subscription: staff-only match fields
 * (providers, in-house, who was notified), or an event type outside the portal's list. Null when
 * the subscription is fine; which bill-tos and passengers are theirs the server checks.
 */
export function portalMatchProblem(s: SubscriptionMatch): string | null {
  if (s.matchProviderIds.length > 0 || s.matchInHouse !== null || s.matchNotifiedProvider !== null || s.matchNotifiedDriver !== null) {
    return MSG.STAFF_ONLY_MATCH;
  }
  if (!isPortalEventType(s.matchEventType)) return MSG.NOT_PORTAL_EVENT;
  return null;
}

/** The ids asked for that are not among those allowed (a case manager's bill-tos or members). */
export function idsOutside(asked: readonly string[], allowed: readonly string[]): string[] {
  const ok = new Set(allowed.map((id) => id.toLowerCase()));
  return asked.filter((id) => !ok.has(id.toLowerCase()));
}

/** An event occurrence as a subscription is matched against it. */
export interface OccurrenceFacts {
  itinerisEventType: string;
  partnerId: string | null;
  billToId: string | null;
  /** The leg's passenger, or every passenger of the trip for a trip-wide event. */
  passengerIds: readonly string[];
  inHouse: boolean;
  notifiedProvider: boolean;
  notifiedDriver: boolean;
}

const listMatches = (wanted: readonly string[], value: readonly (string | null)[]) =>
  wanted.length === 0 || value.some((v) => v !== null && wanted.includes(v));
const flagMatches = (wanted: boolean | null, value: boolean) => wanted === null || wanted === value;

/** Whether an occurrence is one the subscription asks for: its type and every match it fills in. */
export function subscriptionMatches(s: SubscriptionMatch, o: OccurrenceFacts): boolean {
  return (
    s.matchEventType === o.itinerisEventType &&
    listMatches(s.matchProviderIds, [o.partnerId]) &&
    listMatches(s.matchBillToIds, [o.billToId]) &&
    listMatches(s.matchPassengerIds, o.passengerIds) &&
    flagMatches(s.matchInHouse, o.inHouse) &&
    flagMatches(s.matchNotifiedProvider, o.notifiedProvider) &&
    flagMatches(s.matchNotifiedDriver, o.notifiedDriver)
  );
}

/**
 * TripDelayed: the leg's estimated pickup is more than 15 minutes past the ordered one.
 * A will-call pickup (23:59) or a missing time is never late.
 */
export function isLegDelayed(orderedPickup: string | null, estimatedPickup: string | null): boolean {
  if (!orderedPickup || orderedPickup.startsWith(WILL_CALL.slice(0, 5))) return false;
  const late = minutesLate(orderedPickup, estimatedPickup);
  return late !== null && late > TRIP_DELAYED_MINUTES;
}

export type { EventType };
