import { isInHouse, noticeText, subscriptionChannel, subscriptionMatches, type EventType, type NoticeFacts, type NoticeText } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Messenger } from '../../platform/providers/messaging.ts';
import { deliver } from '../notifications/deliveries.ts';
import { loadSessionUser, ownDestinations, samePhone, tripsVisibleTo } from './recipient.ts';
import { activeSubscriptions, findSubscription, type SubscriptionRow } from './repository.ts';

type Db = Pool | PoolClient;

/** What notice delivery needs: the database, the messenger, and the portal's address for unsubscribe links. */
export interface NoticeDeps {
  pool: Pool;
  messenger: Messenger;
  clock: AppDeps['clock'];
  /** The portal's address as recipients reach it, e.g. https://portal.example.org. */
  publicUrl: string;
}

/** Attempts of one notice before it is marked failed (pg-boss retries in between, with backoff). */
export const NOTICE_ATTEMPTS = 5;

export interface TripFacts extends NoticeFacts {
  tripId: string;
  billToId: string | null;
  partnerName: string | null;
  passengerIds: string[];
}

/** The facts of a trip a notice tells, and what subscriptions match on: of one leg, or of the trip's first. */
export async function tripFacts(db: Db, tripId: string, legId: string | null): Promise<TripFacts | null> {
  const { rows } = await db.query(
    `select da.id, da.reference_number, da.service_date::text as service_date, da.bill_to_contact_id, p.name as partner_name,
            l.loc_first_time_ord::text as pickup, l.web_fields->>'estimatedPickupTime' as estimated, a.city,
            case when $2::uuid is null then (select coalesce(array_agg(distinct x.passenger_id::text), '{}') from trip_legs x
                                              where x.drive_assignment_id = da.id and x.passenger_id is not null)
                 else array_remove(array[l.passenger_id::text], null) end as passenger_ids
       from drive_assignments da
       left join contacts p on p.id = da.farmout_contact_id
       left join lateral (select * from trip_legs tl where tl.drive_assignment_id = da.id and ($2::uuid is null or tl.id = $2)
                           order by tl.leg_order, tl.which_leg limit 1) l on true
       left join addresses a on a.id = l.location_first_id
      where da.id = $1`,
    [tripId, legId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    tripId: r.id,
    referenceNumber: r.reference_number,
    serviceDate: r.service_date,
    pickupTime: r.pickup,
    estimatedTime: r.estimated,
    place: r.city,
    billToId: r.bill_to_contact_id,
    partnerName: r.partner_name,
    passengerIds: r.passenger_ids,
  };
}

/** The unsubscribe address of a subscription, for e-mails: it shows what it ends and asks to confirm. */
export async function unsubscribeUrl(db: Db, publicUrl: string, subscriptionId: string): Promise<string> {
  const { rows } = await db.query(`select unsubscribe_token from event_subscriptions where id = $1`, [subscriptionId]);
  return `${publicUrl.replace(/\/+$/, '')}/api/event-subscription-unsubscribe?token=${rows[0]?.unsubscribe_token ?? ''}`;
}

/** Sends one notice through the subscription's one channel; answers the channel and where it went. */
export async function sendNotice(deps: NoticeDeps, sub: SubscriptionRow, text: NoticeText): Promise<{ channel: 'vog' | 'email' | 'sms' | 'voice'; to: string }> {
  const found = subscriptionChannel({
    notifyVogType: sub.notify_vog_type,
    notifyEmails: sub.notify_emails,
    notifyRobocallPhone: sub.notify_robocall_phone,
    notifySmsPhone: sub.notify_sms_phone,
  });
  if ('error' in found) throw new Error(found.error);
  const to = sub.recipient_id;
  switch (found.channel) {
    case 'vog':
      await deliver(deps.pool, [to], { type: sub.notify_vog_type!, title: text.subject, body: text.body, options: {} }, 86_400, deps.clock.now());
      return { channel: 'vog', to: 'Portal inbox' };
    case 'email': {
      const url = await unsubscribeUrl(deps.pool, deps.publicUrl, sub.id);
      const body = `${text.body}\n\nTo stop these notices, open ${url}`;
      const headers = { 'List-Unsubscribe': `<${url}>` };
      for (const address of sub.notify_emails) await deps.messenger.sendEmail(address, text.subject, body, to, { headers });
      return { channel: 'email', to: sub.notify_emails.join(', ') };
    }
    case 'sms':
      await deps.messenger.sendSms(sub.notify_sms_phone!, text.sms, to);
      return { channel: 'sms', to: sub.notify_sms_phone! };
    case 'voice':
      await deps.messenger.sendVoice(sub.notify_robocall_phone!, text.voice, to);
      return { channel: 'voice', to: sub.notify_robocall_phone! };
  }
}

interface OccurrenceRow {
  id: string;
  itineris_event_type: EventType;
  drive_assignment_id: string;
  trip_leg_id: string | null;
  notified_provider: boolean;
  notified_driver: boolean;
  partner_id: string | null;
}

/**
 * Makes the notices of occurrences not yet fanned out: one per matching active subscription whose
 * recipient may see the trip (their row scope, whatever the subscription's matches say). Each
 * occurrence is taken by one server process (SKIP LOCKED) and each notice exists once (unique
 * occurrence and subscription). Answers the new notices' ids, to be queued for sending.
 */
export async function fanOutOccurrences(pool: Pool, limit = 200): Promise<string[]> {
  return inTransaction(pool, async (client) => {
    const { rows: occurrences } = await client.query<OccurrenceRow>(
      `select id, itineris_event_type, drive_assignment_id, trip_leg_id, notified_provider, notified_driver, partner_id::text
         from event_occurrences where fanned_out_at is null order by created limit $1 for update skip locked`,
      [limit],
    );
    if (occurrences.length === 0) return [];
    const types = [...new Set(occurrences.map((o) => o.itineris_event_type))];
    const subscriptions = await activeSubscriptions(client, types);
    const pairs: [string, string][] = [];
    const recipients = new Map<string, Awaited<ReturnType<typeof loadSessionUser>>>();
    for (const o of occurrences) {
      const facts = o.drive_assignment_id ? await tripFacts(client, o.drive_assignment_id, o.trip_leg_id) : null;
      if (!facts) continue;
      const occ = {
        itinerisEventType: o.itineris_event_type,
        partnerId: o.partner_id,
        billToId: facts.billToId,
        passengerIds: facts.passengerIds,
        inHouse: isInHouse(facts.partnerName),
        notifiedProvider: o.notified_provider,
        notifiedDriver: o.notified_driver,
      };
      for (const s of subscriptions) {
        const match = {
          matchEventType: s.match_event_type,
          matchInHouse: s.match_in_house,
          matchNotifiedProvider: s.match_notified_provider,
          matchNotifiedDriver: s.match_notified_driver,
          matchProviderIds: s.match_provider_ids,
          matchBillToIds: s.match_bill_to_ids,
          matchPassengerIds: s.match_passenger_ids,
        };
        if (!subscriptionMatches(match, occ)) continue;
        if (!recipients.has(s.recipient_id)) recipients.set(s.recipient_id, await loadSessionUser(client, s.recipient_id, null));
        const recipient = recipients.get(s.recipient_id);
        if (!recipient || !(await tripsVisibleTo(client, recipient, [facts.tripId])).has(facts.tripId)) continue;
        pairs.push([o.id, s.id]);
      }
    }
    const { rows: made } = await client.query<{ id: string }>(
      `insert into event_notices (occurrence_id, subscription_id)
       select * from unnest($1::uuid[], $2::uuid[]) on conflict (occurrence_id, subscription_id) do nothing returning id`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    await client.query(`update event_occurrences set fanned_out_at = now() where id = any($1::uuid[])`, [occurrences.map((o) => o.id)]);
    return made.map((r) => r.id);
  });
}

/**
 * Sends one notice, once: the notice is claimed first (a claim older than five minutes is taken
 * as a crashed sender's), sent, then marked sent. A failed send throws so the queue tries again
 * with backoff; after NOTICE_ATTEMPTS it is marked failed. Answers what became of it.
 */
export async function deliverNotice(deps: NoticeDeps, noticeId: string): Promise<'sent' | 'skipped' | 'failed' | 'retry'> {
  const { rows } = await deps.pool.query<{ subscription_id: string; occurrence_id: string; attempts: number }>(
    `update event_notices set status = 'sending', attempts = attempts + 1, claimed_at = now()
      where id = $1 and (status = 'queued' or (status = 'sending' and claimed_at < now() - interval '5 minutes'))
      returning subscription_id, occurrence_id, attempts`,
    [noticeId],
  );
  const claim = rows[0];
  if (!claim) return 'skipped';
  const mark = (status: string, error: string | null = null) =>
    deps.pool.query(`update event_notices set status = $2, error = $3, sent_at = case when $2 = 'sent' then now() end where id = $1`, [noticeId, status, error]);
  const sub = await findSubscription(deps.pool, claim.subscription_id);
  const { rows: occ } = await deps.pool.query(`select itineris_event_type, drive_assignment_id, trip_leg_id from event_occurrences where id = $1`, [claim.occurrence_id]);
  const facts = occ[0] ? await tripFacts(deps.pool, occ[0].drive_assignment_id, occ[0].trip_leg_id) : null;
  if (!sub || sub.deleted || !facts) {
    await mark('skipped');
    return 'skipped';
  }
  if (!(await stillOwnDestination(deps.pool, sub))) {
    await mark('skipped', 'The address is no longer on file for the recipient');
    return 'skipped';
  }
  try {
    await sendNotice(deps, sub, noticeText(occ[0].itineris_event_type, facts));
  } catch (e) {
    const message = e instanceof Error ? e.message.slice(0, 500) : 'The notice could not be sent';
    if (claim.attempts >= NOTICE_ATTEMPTS) {
      await mark('failed', message);
      return 'failed';
    }
    await mark('queued', message);
    throw e;
  }
  await mark('sent');
  return 'sent';
}

/** Notices go only to the recipient's own addresses: one removed from their record since is not used. */
async function stillOwnDestination(db: Db, sub: SubscriptionRow): Promise<boolean> {
  if (sub.notify_vog_type) return true;
  const own = await ownDestinations(db, sub.recipient_id);
  if (sub.notify_emails.length) return sub.notify_emails.every((e) => own.emails.includes(e));
  if (sub.notify_sms_phone) return own.smsPhones.some((p) => samePhone(p, sub.notify_sms_phone!));
  return !!sub.notify_robocall_phone && own.voicePhones.some((p) => samePhone(p, sub.notify_robocall_phone!));
}

/** Notices made but never queued (their process stopped in between): created over a minute ago and never tried. */
export async function unqueuedNotices(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `select id from event_notices where status = 'queued' and attempts = 0 and created < now() - interval '1 minute' order by created limit 500`,
  );
  return rows.map((r) => r.id);
}
