import { describe, expect, it } from 'vitest';
import { EventSubscriptionSave } from '../api/event-subscriptions.ts';
import {
  channelsOf,
  idsOutside,
  isLegDelayed,
  portalMatchProblem,
  subscriptionChannel,
  subscriptionMatches,
  withOnlyChannel,
  type OccurrenceFacts,
  type SubscriptionMatch,
} from './rules.ts';
import { DISPATCH_EVENT_TYPES, EVENT_SUBSCRIPTION_MSG, EVENT_TYPES, PORTAL_EVENT_TYPES, TRIP_DELAYED_MINUTES } from './types.ts';

const none = { notifyVogType: null, notifyEmails: [] as string[], notifyRobocallPhone: null, notifySmsPhone: null };

describe('event types (spec 3 §2)', () => {
  it('keep the dispatch list and add the portal types to it', () => {
    expect(DISPATCH_EVENT_TYPES[0]).toBe('WillCallActivation');
    for (const t of [...DISPATCH_EVENT_TYPES, ...PORTAL_EVENT_TYPES]) expect(EVENT_TYPES).toContain(t);
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
  });
});

describe('rule 136: one notification channel', () => {
  it('refuses a subscription without a channel', () => {
    expect(subscriptionChannel(none)).toEqual({ error: EVENT_SUBSCRIPTION_MSG.NO_CHANNEL });
  });
  it.each([
    ['vog', { notifyVogType: 'toastr' }],
    ['email', { notifyEmails: ['a@example.org'] }],
    ['sms', { notifySmsPhone: '5055550101' }],
    ['voice', { notifyRobocallPhone: '5055550101' }],
  ])('accepts exactly one channel: %s', (channel, part) => {
    expect(subscriptionChannel({ ...none, ...part })).toEqual({ channel });
  });
  it('refuses two channels with the spec text', () => {
    expect(subscriptionChannel({ ...none, notifySmsPhone: '5055550101', notifyEmails: ['a@example.org'] })).toEqual({
      error: 'An event subscription keeps only one notification channel.',
    });
  });
  it('choosing a channel keeps only that one', () => {
    const both = { ...none, notifySmsPhone: '5055550101', notifyVogType: 'dialog' };
    const kept = withOnlyChannel(both, 'email', 'a@example.org');
    expect(channelsOf(kept)).toEqual(['email']);
    expect(kept.notifyEmails).toEqual(['a@example.org']);
  });
});

const match: SubscriptionMatch = {
  matchEventType: 'TripAssigned',
  matchInHouse: null,
  matchNotifiedProvider: null,
  matchNotifiedDriver: null,
  matchProviderIds: [],
  matchBillToIds: [],
  matchPassengerIds: [],
};

describe('match scope of portal users', () => {
  it('allows the portal event types with no staff-only match', () => {
    for (const t of PORTAL_EVENT_TYPES) expect(portalMatchProblem({ ...match, matchEventType: t })).toBeNull();
  });
  it.each([
    ['matchProviderIds', { matchProviderIds: ['p1'] }],
    ['matchInHouse', { matchInHouse: false }],
    ['matchNotifiedProvider', { matchNotifiedProvider: true }],
    ['matchNotifiedDriver', { matchNotifiedDriver: false }],
  ])('refuses the staff-only %s', (_name, part) => {
    expect(portalMatchProblem({ ...match, ...part })).toBe(EVENT_SUBSCRIPTION_MSG.STAFF_ONLY_MATCH);
  });
  it('refuses a dispatch-only event type', () => {
    expect(portalMatchProblem({ ...match, matchEventType: 'PartnerAdjustment' })).toBe(EVENT_SUBSCRIPTION_MSG.NOT_PORTAL_EVENT);
  });
  it('names the ids outside those allowed, whatever their case', () => {
    expect(idsOutside(['A', 'b', 'c'], ['a', 'B'])).toEqual(['c']);
    expect(idsOutside([], ['a'])).toEqual([]);
  });
});

describe('matching an occurrence', () => {
  const occ: OccurrenceFacts = {
    itinerisEventType: 'TripAssigned',
    partnerId: 'p1',
    billToId: 'b1',
    passengerIds: ['m1'],
    inHouse: false,
    notifiedProvider: false,
    notifiedDriver: false,
  };
  it('matches its type with empty lists meaning any', () => {
    expect(subscriptionMatches(match, occ)).toBe(true);
    expect(subscriptionMatches({ ...match, matchEventType: 'PickedUp' }, occ)).toBe(false);
  });
  it('narrows by bill-to, passenger, provider and flags', () => {
    expect(subscriptionMatches({ ...match, matchBillToIds: ['b1'] }, occ)).toBe(true);
    expect(subscriptionMatches({ ...match, matchBillToIds: ['b2'] }, occ)).toBe(false);
    expect(subscriptionMatches({ ...match, matchPassengerIds: ['m2'] }, occ)).toBe(false);
    expect(subscriptionMatches({ ...match, matchProviderIds: ['p1'] }, occ)).toBe(true);
    expect(subscriptionMatches({ ...match, matchProviderIds: ['p1'] }, { ...occ, partnerId: null })).toBe(false);
    expect(subscriptionMatches({ ...match, matchInHouse: true }, occ)).toBe(false);
    expect(subscriptionMatches({ ...match, matchNotifiedDriver: false }, occ)).toBe(true);
  });
});

describe('TripDelayed: more than 15 minutes past the ordered pickup', () => {
  it('is not late at exactly 15 minutes, late a minute after', () => {
    expect(TRIP_DELAYED_MINUTES).toBe(15);
    expect(isLegDelayed('09:00:00', '09:15:00')).toBe(false);
    expect(isLegDelayed('09:00:00', '09:15:01')).toBe(true);
    expect(isLegDelayed('09:00:00', '09:16:00')).toBe(true);
  });
  it('is never late without both times or for a will-call pickup', () => {
    expect(isLegDelayed(null, '10:00:00')).toBe(false);
    expect(isLegDelayed('09:00:00', null)).toBe(false);
    expect(isLegDelayed('23:59:00', '23:59:59')).toBe(false);
    expect(isLegDelayed('09:00:00', '08:00:00')).toBe(false);
  });
});

describe('the save schema', () => {
  it('reads e-mail addresses in lower case and refuses a bad one', () => {
    const ok = EventSubscriptionSave.parse({ matchEventType: 'PickedUp', notifyEmails: [' Pat@Example.org '] });
    expect(ok.notifyEmails).toEqual(['pat@example.org']);
    const bad = EventSubscriptionSave.safeParse({ matchEventType: 'PickedUp', notifyEmails: ['nope'] });
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe('Enter a valid email address');
  });
  it('refuses an unknown event type', () => {
    const bad = EventSubscriptionSave.safeParse({ matchEventType: 'Nope' });
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe('Choose an event type');
  });
});
