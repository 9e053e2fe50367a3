import {
  EVENT_SUBSCRIPTION_MSG as MSG,
  formatPhone,
  idsOutside,
  isStaff,
  portalMatchProblem,
  subscriptionChannel,
  type EventSubscriptionSave,
} from '@tripline/core';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/providers/messaging.ts';
import { members, ownBillTos, ownDestinations, samePhone } from './recipient.ts';
import type { SubscriptionValues } from './repository.ts';

type Saved = Required<Omit<EventSubscriptionSave, 'id' | 'modCount' | 'recipientId'>>;

/**
 * Checks a subscription for its recipient and answers the values to store:
 * - one channel (rule 136), and phone calls only when a phone provider exists;
 * - notices only to the recipient's own e-mail and phones on file;
 * - a portal recipient: portal event types, no staff-only matches (400), and only their own
 *   bill-tos and members (a passenger: only themselves); an id outside answers 404 to a portal
 *   caller, as for any record out of scope, and 400 to staff, who can see it.
 */
export async function checkedValues(
  client: PoolClient,
  caller: SessionUser,
  recipient: SessionUser,
  body: Saved,
  messenger: Messenger,
): Promise<SubscriptionValues> {
  const channel = subscriptionChannel(body);
  if ('error' in channel) throw badRequest(channel.error, [{ path: 'notifyVogType', message: channel.error }]);
  if (channel.channel === 'voice' && !messenger.channels.voice) throw badRequest(MSG.NO_VOICE, [{ path: 'notifyRobocallPhone', message: MSG.NO_VOICE }]);

  const own = await ownDestinations(client, recipient.id);
  if (channel.channel === 'email') {
    const foreign = body.notifyEmails.find((e) => !own.emails.includes(e));
    if (foreign) throw badRequest(MSG.NOT_OWN_EMAIL, [{ path: 'notifyEmails', message: MSG.NOT_OWN_EMAIL }]);
  }
  if (channel.channel === 'sms') {
    const phone = body.notifySmsPhone!;
    if (!own.voicePhones.some((p) => samePhone(p, phone))) throw badRequest(MSG.NOT_OWN_PHONE, [{ path: 'notifySmsPhone', message: MSG.NOT_OWN_PHONE }]);
    if (!own.smsPhones.some((p) => samePhone(p, phone))) throw badRequest(MSG.NOT_SMS_PHONE, [{ path: 'notifySmsPhone', message: MSG.NOT_SMS_PHONE }]);
  }
  if (channel.channel === 'voice' && !own.voicePhones.some((p) => samePhone(p, body.notifyRobocallPhone!))) {
    throw badRequest(MSG.NOT_OWN_PHONE, [{ path: 'notifyRobocallPhone', message: MSG.NOT_OWN_PHONE }]);
  }

  const matchBillToIds = [...new Set(body.matchBillToIds.map((i) => i.toLowerCase()))];
  const matchPassengerIds = [...new Set(body.matchPassengerIds.map((i) => i.toLowerCase()))];
  if (!isStaff(recipient)) {
    const problem = portalMatchProblem(body);
    if (problem) throw badRequest(problem, [{ path: 'matchEventType', message: problem }]);
    const outOfScope = (what: string) => (isStaff(caller) ? badRequest(`Not one of the recipient's ${what}`) : notFound());
    const billTos = (await ownBillTos(client, recipient)).map((b) => b.id);
    if (idsOutside(matchBillToIds, billTos).length > 0) throw outOfScope('bill-to accounts');
    const isCaseManager = recipient.types.includes('Case Manager');
    const allowed = isCaseManager ? (await members(client, recipient, { ids: matchPassengerIds, limit: 200 })).map((m) => m.id) : [recipient.id];
    if (idsOutside(matchPassengerIds, allowed).length > 0) throw outOfScope('members');
  }

  return {
    recipientId: recipient.id,
    matchEventType: body.matchEventType,
    matchInHouse: body.matchInHouse,
    matchNotifiedProvider: body.matchNotifiedProvider,
    matchNotifiedDriver: body.matchNotifiedDriver,
    notifyVogType: body.notifyVogType,
    notifyEmails: [...new Set(body.notifyEmails)],
    notifySmsPhone: body.notifySmsPhone ? formatPhone(body.notifySmsPhone) : null,
    notifyRobocallPhone: body.notifyRobocallPhone ? formatPhone(body.notifyRobocallPhone) : null,
    matchProviderIds: [...new Set(body.matchProviderIds.map((i) => i.toLowerCase()))],
    matchBillToIds,
    matchPassengerIds,
    deleted: body.deleted,
  };
}
