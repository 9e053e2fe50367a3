import { secondsOfDay } from '../trips/etas.ts';
import { WILL_CALL } from '../trips/constants.ts';
import { EVENT_SUBSCRIPTION_MSG, EVENT_TYPE_TEXT, type EventType } from './types.ts';

/**
 * What a notice says: the trip's reference number, its date, the pickup time and the
 * pickup's town. Never a name, a member id, a diagnosis or a street address: a text message or an
 * e-mail may be read by anyone near the phone.
 */
export interface NoticeFacts {
  referenceNumber: string;
  /** YYYY-MM-DD */
  serviceDate: string;
  /** The ordered pickup, HH:MM:SS (23:59:00 for a will-call pickup), or null. */
  pickupTime: string | null;
  /** The estimated pickup, for a late trip. */
  estimatedTime?: string | null;
  /** The pickup's town. */
  place: string | null;
}

export interface NoticeText {
  subject: string;
  /** The e-mail and inbox text. */
  body: string;
  /** The text message, ending with how to stop them. */
  sms: string;
  /** What the phone call says. */
  voice: string;
}

/** 'Tuesday, March 4' */
export function spokenDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** '2:30 PM'; null for a missing time or a will-call pickup. */
export function spokenTime(time: string | null | undefined): string | null {
  if (!time || time === WILL_CALL) return null;
  const s = secondsOfDay(time);
  if (s === null) return null;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function sentence(type: EventType, f: NoticeFacts): string {
  const date = spokenDate(f.serviceDate);
  const time = spokenTime(f.pickupTime);
  const pickup = [time ? `pickup at ${time}` : 'pickup', f.place ? `in ${f.place}` : null].filter(Boolean).join(' ');
  const detail = time || f.place ? ` (${pickup})` : '';
  const trip = `Trip ${f.referenceNumber} on ${date}`;
  switch (type) {
    case 'TripAssigned':
      return `${trip} now has a driver assigned${detail}.`;
    case 'DriverArrived':
      return `The driver has arrived for trip ${f.referenceNumber} on ${date}${detail}.`;
    case 'PickedUp':
      return `${trip} has started: the passenger was picked up${detail}.`;
    case 'TripDelayed': {
      const eta = spokenTime(f.estimatedTime);
      return `${trip} is running late${eta ? `: the driver is now expected at ${eta}` : ''}${detail}.`;
    }
    case 'CancelTrip':
      return `${trip} was cancelled${detail}.`;
    case 'WillCallActivation':
      return `The will-call ride of trip ${f.referenceNumber} on ${date} was requested${detail}.`;
    default:
      return `${EVENT_TYPE_TEXT[type]}: trip ${f.referenceNumber} on ${date}${detail}.`;
  }
}

/** The notice of one event on one trip, for each channel. */
export function noticeText(type: EventType, facts: NoticeFacts, opts: { test?: boolean } = {}): NoticeText {
  const prefix = opts.test ? 'Test notice. ' : '';
  const said = prefix + sentence(type, facts);
  return {
    subject: `${opts.test ? 'Test: ' : ''}Trip ${facts.referenceNumber}: ${EVENT_TYPE_TEXT[type].toLowerCase()}`,
    body: said,
    sms: `Tripline: ${said} ${EVENT_SUBSCRIPTION_MSG.SMS_STOP_REPLY}`,
    // the reference number is read out digit by digit
    voice: `This is Tripline. ${prefix}${sentence(type, { ...facts, referenceNumber: facts.referenceNumber.split('').join(' ') })}`,
  };
}
