import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { deliver, findDeliveries, partnerUserIds } from './deliveries.ts';

/** Read deliveries are history: the inbox shows the latest of them only. */
const HISTORY_LIMIT = 200;

export function notificationRoutes(app: FastifyInstance, { pool, clock }: AppDeps): void {
  route(app, contract.outboxMessages, async ({ query }) => {
    const { rows } = await pool.query(
      `select id, channel, recipient, subject, body, created_at from outbox_messages
        where ($1::text is null or recipient = $1) order by created_at desc, id limit 200`,
      [query.to ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at.toISOString(),
    }));
  });

  // spec 1 §7 GET vog-deliveries: the same rows as the VOGDelivery found set (unread), or the history.
  route(app, contract.vogDeliveries, async ({ user, query }) => {
    if (query.id) return findDeliveries(pool, { recipientId: user.id, ids: [query.id] });
    return findDeliveries(pool, query.all ? { recipientId: user.id, limit: HISTORY_LIMIT } : { recipientId: user.id, unreadOnly: true });
  });

  // spec 1 §7 POST vog-dismiss: only one's own delivery; anyone else's answers 404 like a missing one.
  route(app, contract.vogDismiss, async ({ req, user, body }) => {
    return inTransaction(pool, async (client) => {
      const { rows } = await client.query(
        `select id, unread from notification_deliveries where id::text = $1 and recipient_id = $2 for update`,
        [body.deliveryId, user.id],
      );
      if (!rows[0]) throw notFound('The notification was not found.');
      if (rows[0].unread) {
        await client.query('update notification_deliveries set unread = false, dismissed_at = $2 where id = $1', [rows[0].id, clock.now()]);
        await writeAudit(client, {
          ...auditActor(req),
          activityType: 'vog-dismiss',
          table: 'notification_deliveries',
          recordId: rows[0].id,
          before: { unread: true },
          after: { unread: false },
        });
      }
      return { ok: true as const };
    });
  });

  route(app, contract.vogBroadcast, async ({ req, body }) => {
    return inTransaction(pool, async (client) => {
      const recipients = new Set<string>();
      if (body.partnerId) {
        const partner = await client.query(
          `select id from contacts where id::text = $1 and 'Affiliate' = any(types) and not deleted`,
          [body.partnerId],
        );
        if (!partner.rows[0]) throw notFound('The partner was not found.');
        for (const id of await partnerUserIds(client, partner.rows[0].id)) recipients.add(id);
      }
      if (body.recipientIds?.length) {
        const wanted = [...new Set(body.recipientIds.map((id) => id.toLowerCase()))];
        const { rows } = await client.query(`select id from contacts where id::text = any($1::text[]) and not deleted`, [wanted]);
        const found = new Set(rows.map((r) => r.id as string));
        const missing = wanted.find((id) => !found.has(id));
        if (missing) throw badRequest(`Recipient ${missing} was not found`, [{ path: 'recipientIds', message: `Recipient ${missing} was not found` }]);
        for (const id of found) recipients.add(id);
      }
      const ids = [...recipients];
      await deliver(client, ids, body.message, body.maxAgeSeconds, clock.now());
      await writeAudit(client, {
        ...auditActor(req),
        activityType: 'vog-broadcast',
        table: 'notification_deliveries',
        recordId: body.partnerId ?? null,
        after: { partnerId: body.partnerId ?? null, recipientIds: ids, message: body.message, maxAgeSeconds: body.maxAgeSeconds },
      });
      return { delivered: ids.length };
    });
  });
}
