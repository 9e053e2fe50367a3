import {
  CHANNELS,
  contract,
  EVENT_SUBSCRIPTION_MSG as MSG,
  EVENT_TYPES,
  isStaff,
  noticeText,
  PORTAL_EVENT_TYPES,
  TEST_NOTICES_PER_HOUR,
  type Channel,
} from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { conflict, notFound, tooManyRequests } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { findTrips } from '../trips/repository.ts';
import { sendNotice, tripFacts, type NoticeDeps } from './notices.ts';
import { publicSubscriptionRoutes } from './public.ts';
import { members, ownBillTos, ownDestinations, resolveRecipient } from './recipient.ts';
import { auditView, findSubscription, insertSubscription, listSubscriptions, markDeleted, presentSubscription, updateSubscription } from './repository.ts';
import { checkedValues } from './save.ts';

/** The portal's address for links: PUBLIC_URL, else the address the request came to. */
export function portalAddress(deps: AppDeps, req: FastifyRequest): string {
  return deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
}

/** Event subscriptions and their notices (spec 2 §7, 3 §3, §5). */
export function eventSubscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool } = deps;

  route(app, contract.eventSubscriptions, async ({ user, query }) => {
    const recipient = await resolveRecipient(pool, user, query.recipientId);
    return listSubscriptions(pool, recipient.id, { eventType: query.itinerisEventType, deleted: query.deleted });
  });

  route(app, contract.eventSubscriptionOptions, async ({ user, query }) => {
    const recipient = await resolveRecipient(pool, user, query.recipientId);
    const [own, billTos, memberList] = await Promise.all([ownDestinations(pool, recipient.id), ownBillTos(pool, recipient), members(pool, recipient)]);
    const channels = CHANNELS.filter((c: Channel) => c !== 'voice' || deps.messenger.channels.voice);
    return {
      eventTypes: [...(isStaff(recipient) ? EVENT_TYPES : PORTAL_EVENT_TYPES)],
      channels,
      emails: own.emails,
      smsPhones: own.smsPhones,
      voicePhones: deps.messenger.channels.voice ? own.voicePhones : [],
      billTos,
      members: memberList,
    };
  });

  // Rule 135: saving with deleted false re-activates a deleted subscription
  route(app, contract.eventSubscriptionSave, async ({ req, user, body }) => {
    return inTransaction(pool, async (client) => {
      const existing = body.id ? await findSubscription(client, body.id, true) : null;
      if (body.id && !existing) throw notFound(MSG.NOT_FOUND);
      const recipient = await resolveRecipient(client, user, body.recipientId ?? existing?.recipient_id);
      if (existing && existing.recipient_id !== recipient.id && !isStaff(user)) throw notFound(MSG.NOT_FOUND);
      if (existing && body.modCount !== undefined && existing.mod_count !== body.modCount) {
        throw conflict('This subscription was changed by someone else. Reload it and try again.', presentSubscription(existing));
      }
      const values = await checkedValues(client, user, recipient, body, deps.messenger);
      const saved = existing ? await updateSubscription(client, existing.id, values) : await insertSubscription(client, values, user.id);
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'event-subscription-save',
        table: 'event_subscriptions',
        recordId: saved.id,
        before: existing ? auditView(existing) : undefined,
        after: auditView(saved),
      });
      return presentSubscription(saved);
    });
  });

  route(app, contract.eventSubscriptionDelete, async ({ req, user, query }) => {
    return inTransaction(pool, async (client) => {
      const existing = await findSubscription(client, query.id, true);
      if (!existing || (existing.recipient_id !== user.id && !isStaff(user))) throw notFound(MSG.NOT_FOUND);
      if (existing.deleted) return presentSubscription(existing);
      const saved = await markDeleted(client, existing.id);
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'event-subscription-delete',
        table: 'event_subscriptions',
        recordId: saved.id,
        before: { deleted: false },
        after: { deleted: true },
      });
      return presentSubscription(saved);
    });
  });

  // A test notice about a trip the subscriber may see, at most 5 an hour per user
  route(app, contract.eventSubscriptionTest, async ({ req, user, body }) => {
    const sub = await findSubscription(pool, body.id);
    if (!sub || (sub.recipient_id !== user.id && !isStaff(user))) throw notFound(MSG.NOT_FOUND);
    const recipient = await resolveRecipient(pool, user, sub.recipient_id);
    // the trip must be in the subscriber's scope and the caller's
    const [trip] = await findTrips(pool, recipient, { referenceNumber: body.referenceNumber });
    if (!trip || (await findTrips(pool, user, { ids: [trip.id] })).length === 0) throw notFound(MSG.TRIP_NOT_FOUND);
    const facts = await tripFacts(pool, trip.id, null);
    if (!facts) throw notFound(MSG.TRIP_NOT_FOUND);
    const sent = await inTransaction(pool, async (client) => {
      // one count per user at a time, so six tests sent at once still count six
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`event-subscriptions-test:${user.id}`]);
      const { rows } = await client.query<{ n: number; oldest: Date | null }>(
        `select count(*)::int as n, min(at) as oldest from audit_log
          where actor_id = $1 and activity_type = 'event-subscription-test' and at > now() - interval '1 hour'`,
        [user.id],
      );
      const { n, oldest } = rows[0]!;
      if (n >= TEST_NOTICES_PER_HOUR) {
        const { rows: now } = await client.query<{ now: Date }>('select now()');
        const minutes = Math.max(1, Math.ceil((oldest!.getTime() + 3_600_000 - now[0]!.now.getTime()) / 60_000));
        throw tooManyRequests(MSG.TOO_MANY_TESTS(minutes));
      }
      const noticeDeps: NoticeDeps = { ...deps, pool, publicUrl: portalAddress(deps, req) };
      const result = await sendNotice(noticeDeps, sub, noticeText(sub.match_event_type, facts, { test: true }));
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'event-subscription-test',
        table: 'event_subscriptions',
        recordId: sub.id,
        after: { referenceNumber: facts.referenceNumber, channel: result.channel },
      });
      return result;
    });
    return sent;
  });

  publicSubscriptionRoutes(app, deps);
}
