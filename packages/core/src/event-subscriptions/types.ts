/**
 * Event types, notification channels and the texts of event subscriptions (spec 2 §3, §4, 3 §2,
 * §3, §5).
 */

/** spec 3 §2: the dispatch event types (default WillCallActivation, rule 269). */
export const DISPATCH_EVENT_TYPES = ['WillCallActivation', 'PartnerDecline', 'AddOn', 'CancelTrip', 'TimelyFilingOverride', 'PartnerAdjustment'] as const;

/** What case managers and passengers may be told about. */
export const PORTAL_EVENT_TYPES = ['TripAssigned', 'DriverArrived', 'PickedUp', 'TripDelayed', 'CancelTrip', 'WillCallActivation'] as const;

/** Every event type an occurrence or a subscription names: the dispatch list with the portal's added. */
export const EVENT_TYPES = [...DISPATCH_EVENT_TYPES, 'TripAssigned', 'DriverArrived', 'PickedUp', 'TripDelayed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type PortalEventType = (typeof PORTAL_EVENT_TYPES)[number];

export const isPortalEventType = (t: string): t is PortalEventType => (PORTAL_EVENT_TYPES as readonly string[]).includes(t);

/** Each event type in words, as the screens list them. */
export const EVENT_TYPE_TEXT: Readonly<Record<EventType, string>> = {
  TripAssigned: 'A driver is assigned',
  DriverArrived: 'The driver arrives',
  PickedUp: 'The passenger is picked up',
  TripDelayed: 'The trip is running late',
  CancelTrip: 'A trip is cancelled',
  WillCallActivation: 'A will-call ride is requested',
  PartnerDecline: 'A partner declines a trip',
  AddOn: 'A trip is added on',
  TimelyFilingOverride: 'A timely filing override',
  PartnerAdjustment: 'A partner asks for an adjustment',
};

/** spec 3 §5 (rule 136): how a subscription notifies, exactly one of these. */
export const CHANNELS = ['vog', 'email', 'sms', 'voice'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_TEXT: Readonly<Record<Channel, string>> = {
  vog: 'Portal inbox',
  email: 'Email',
  sms: 'Text message',
  voice: 'Phone call',
};

/** The inbox message types a VOG subscription may use (spec 1 §3). */
export const VOG_TYPES = ['toastr', 'dialog', 'iqPush'] as const;

/** A leg is late once its ETA is more than this many minutes past the ordered pickup. */
export const TRIP_DELAYED_MINUTES = 15;

/** Test notices a user may send in an hour. */
export const TEST_NOTICES_PER_HOUR = 5;

export const EVENT_SUBSCRIPTION_MSG = {
  NO_CHANNEL: 'Choose how to be notified: the portal inbox, email, a text message or a phone call.',
  ONE_CHANNEL: 'An event subscription keeps only one notification channel.',
  STAFF_ONLY_MATCH: 'Only staff may match on providers, in-house trips or who was notified.',
  NOT_PORTAL_EVENT: 'Choose one of the trip events offered.',
  NOT_OWN_EMAIL: 'Notices go only to an email address of yours on file.',
  NOT_OWN_PHONE: 'Notices go only to a phone number of yours on file.',
  NOT_SMS_PHONE: 'That phone cannot take text messages: choose a mobile number.',
  NO_VOICE: 'Phone calls are not available. Choose another way to be notified.',
  TOO_MANY_TESTS: (minutes: number) =>
    `You have sent ${TEST_NOTICES_PER_HOUR} test notices in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  TRIP_NOT_FOUND: 'No trip with that reference number was found.',
  NOT_FOUND: 'The subscription was not found.',
  UNSUBSCRIBED: 'You will no longer get these notices.',
  UNSUBSCRIBE_LINK_INVALID: 'This unsubscribe link is not valid.',
  SMS_STOP_REPLY: 'Reply STOP to end',
} as const;
