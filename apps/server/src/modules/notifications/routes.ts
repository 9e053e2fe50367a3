import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';

export function notificationRoutes(app: FastifyInstance, { pool }: AppDeps): void {
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
}
