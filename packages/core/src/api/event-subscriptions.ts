import { z } from 'zod';
import { CHANNELS, EVENT_TYPES, VOG_TYPES } from '../event-subscriptions/types.ts';
import { Uuid } from './auth.ts';
import type { Endpoint } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

// Event subscriptions and their notices (spec 2 §3, §4, §7; 3 §3, §5, §7).

const PORTAL_AND_STAFF = ['Case Manager', 'S/N Passenger', 'SecureEmployee'] as const;

const flag = (name: string) => z.union([z.boolean(), z.stringbool({ error: `${name} must be true or false` })]);
const EventTypeField = z.enum(EVENT_TYPES, { error: 'Choose an event type' });
const Ids = (what: string) => z.array(Uuid).max(200, `At most 200 ${what}`);

/** A subscription as the API answers it (spec 2 §3 and 3 §3 fields). */
export const EventSubscription = z.object({
  id: text(),
  recipientId: text(),
  matchEventType: EventTypeField,
  matchInHouse: z.boolean().nullable(),
  matchNotifiedProvider: z.boolean().nullable(),
  matchNotifiedDriver: z.boolean().nullable(),
  notifyVogType: z.enum(VOG_TYPES).nullable(),
  notifyEmails: z.array(text()),
  notifyRobocallPhone: text().nullable(),
  notifySmsPhone: text().nullable(),
  matchProviderIds: z.array(text()),
  matchBillToIds: z.array(text()),
  matchPassengerIds: z.array(text()),
  deleted: z.boolean(),
  modCount: z.number().int(),
  created: text(),
  modified: text(),
});
export type EventSubscription = z.infer<typeof EventSubscription>;

/**
 * A new subscription (no id) or a change to one (id and modCount), re-activation included
 * (deleted: false). Exactly one channel; portal users may not fill in the staff-only matches.
 */
export const EventSubscriptionSave = z.object({
  id: Uuid.optional(),
  modCount: z.number().int().min(0).optional(),
  /** Whose subscription; a portal user's own by default. Staff may name anyone. */
  recipientId: Uuid.optional(),
  matchEventType: EventTypeField,
  matchInHouse: z.boolean().nullable().default(null),
  matchNotifiedProvider: z.boolean().nullable().default(null),
  matchNotifiedDriver: z.boolean().nullable().default(null),
  notifyVogType: z.enum(VOG_TYPES, { error: 'Choose toastr, dialog or iqPush' }).nullable().default(null),
  notifyEmails: z.array(text().trim().toLowerCase().pipe(z.email({ error: 'Enter a valid email address' }))).max(5, 'At most 5 email addresses').default([]),
  notifyRobocallPhone: text().trim().min(1, 'Enter a phone number').max(30).nullable().default(null),
  notifySmsPhone: text().trim().min(1, 'Enter a phone number').max(30).nullable().default(null),
  matchProviderIds: Ids('providers').default([]),
  matchBillToIds: Ids('bill-to accounts').default([]),
  matchPassengerIds: Ids('passengers').default([]),
  deleted: z.boolean().default(false),
});
export type EventSubscriptionSave = z.input<typeof EventSubscriptionSave>;

/** What the subscription editor may offer a recipient: channels that exist, own addresses, own bill-tos and members. */
export const EventSubscriptionOptions = z.object({
  eventTypes: z.array(EventTypeField),
  channels: z.array(z.enum(CHANNELS)),
  emails: z.array(text()),
  /** Phones that can take a text message. */
  smsPhones: z.array(text()),
  /** Phones that can take a call. */
  voicePhones: z.array(text()),
  billTos: z.array(z.object({ id: text(), name: text() })),
  /** A case manager's members (at most 500, by name). */
  members: z.array(z.object({ id: text(), name: text() })),
});
export type EventSubscriptionOptions = z.infer<typeof EventSubscriptionOptions>;

export const eventSubscriptionEndpoints = {
  eventSubscriptions: endpoint({
    method: 'GET',
    path: 'event-subscriptions',
    area: 'event subscriptions',
    summary:
      "A recipient's event subscriptions, oldest first: a portal user's own (another recipient answers 404), any recipient's for staff. itinerisEventType and deleted narrow the list.",
    access: { roles: PORTAL_AND_STAFF },
    answers: [404],
    query: z.object({
      itinerisEventType: EventTypeField.optional(),
      deleted: flag('deleted').optional(),
      recipientId: Uuid.optional(),
    }),
    response: z.array(EventSubscription),
  }),
  eventSubscriptionSave: endpoint({
    method: 'POST',
    path: 'event-subscriptions',
    area: 'event subscriptions',
    summary:
      'Adds a subscription (no id) or changes one (id, modCount; deleted: false re-activates it, rule 135). One channel only (rule 136); notices go only to the recipient’s own e-mail and phones on file; a portal user keeps to their own bill-tos and members (others answer 404) and may not use the staff-only matches (400). Audited.',
    access: { roles: PORTAL_AND_STAFF },
    answers: [404, 409],
    body: EventSubscriptionSave,
    response: EventSubscription,
  }),
  eventSubscriptionDelete: endpoint({
    method: 'DELETE',
    path: 'event-subscriptions',
    area: 'event subscriptions',
    summary: 'Deletes a subscription (kept, marked deleted, so it can be re-activated). Audited.',
    access: { roles: PORTAL_AND_STAFF },
    answers: [404],
    query: z.object({ id: Uuid }),
    response: EventSubscription,
  }),
  eventSubscriptionOptions: endpoint({
    method: 'GET',
    path: 'event-subscription-options',
    area: 'event subscriptions',
    summary: 'What the subscription editor offers a recipient: the event types, the channels configured (phone calls only with a phone provider), their own e-mail addresses and phones, bill-tos and members.',
    access: { roles: PORTAL_AND_STAFF },
    answers: [404],
    query: z.object({ recipientId: Uuid.optional() }),
    response: EventSubscriptionOptions,
  }),
  eventSubscriptionTest: endpoint({
    method: 'POST',
    path: 'event-subscriptions-test',
    area: 'event subscriptions',
    summary:
      "Sends one test notice of a subscription about a trip in the subscriber's scope (else 404), through its channel. At most 5 an hour per user (429).",
    access: { roles: PORTAL_AND_STAFF },
    answers: [404, 429],
    body: z.object({
      id: Uuid,
      referenceNumber: text().trim().min(1, 'Enter a reference number').max(10, 'A reference number has at most 10 characters'),
    }),
    response: z.object({ channel: z.enum(CHANNELS), to: text() }),
  }),
  eventSubscriptionUnsubscribePage: endpoint({
    method: 'GET',
    path: 'event-subscription-unsubscribe',
    area: 'event subscriptions',
    summary:
      "The page an e-mail's unsubscribe link opens: it names the notices and asks to confirm; with confirm=yes it ends the subscription. Public: the token is the proof.",
    access: { public: true },
    raw: true,
    query: z.object({ token: text().max(100), confirm: z.enum(['yes']).optional() }),
  }),
  eventSubscriptionUnsubscribe: endpoint({
    method: 'POST',
    path: 'event-subscription-unsubscribe',
    area: 'event subscriptions',
    summary: "Ends the subscription of an e-mail's unsubscribe token without the page (for a program acting on the link); the token is the proof.",
    access: { public: true },
    answers: [404],
    query: z.object({ token: text().max(100) }),
    response: z.object({ ok: z.literal(true) }),
  }),
  smsInbound: endpoint({
    method: 'POST',
    path: 'sms-inbound',
    area: 'event subscriptions',
    summary:
      "Replies to text messages, posted by the SMS gateway with its token in X-Sms-Token: STOP (or END, CANCEL, QUIT, UNSUBSCRIBE, STOPALL) ends every text-message subscription to that number.",
    access: { public: true },
    body: z.object({ from: text().trim().min(1, 'Missing sender').max(30), body: text().max(2000) }),
    response: z.object({ ended: z.number().int() }),
  }),
} satisfies Record<string, Endpoint>;
