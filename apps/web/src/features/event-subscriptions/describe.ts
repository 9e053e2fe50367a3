import { CHANNEL_TEXT, channelsOf, EVENT_TYPE_TEXT, type Channel, type EventSubscription } from '@tripline/core';

/** The subscription's one channel (rule 136) and where it goes, in words. */
export function channelOf(s: EventSubscription): { channel: Channel | null; text: string } {
  const [channel] = channelsOf(s);
  if (!channel) return { channel: null, text: 'No channel' };
  const where =
    channel === 'email' ? s.notifyEmails.join(', ') : channel === 'sms' ? s.notifySmsPhone : channel === 'voice' ? s.notifyRobocallPhone : null;
  return { channel, text: where ? `${CHANNEL_TEXT[channel]} to ${where}` : CHANNEL_TEXT[channel] };
}

export function eventText(s: EventSubscription): string {
  return EVENT_TYPE_TEXT[s.matchEventType];
}

/** What the subscription narrows to, for a case manager: 'Only for Alma Member · Only for trips of County A'. */
export function narrowedText(s: EventSubscription, names: ReadonlyMap<string, string>): string | null {
  const parts: string[] = [];
  const list = (ids: readonly string[], unknown: string) => ids.map((id) => names.get(id) ?? unknown).join(', ');
  if (s.matchPassengerIds.length) parts.push(`Only for ${list(s.matchPassengerIds, 'another member')}`);
  if (s.matchBillToIds.length) parts.push(`Only for trips of ${list(s.matchBillToIds, 'another account')}`);
  return parts.length ? parts.join(' · ') : null;
}
