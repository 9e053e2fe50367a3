import { timingSafeEqual, createHash } from 'node:crypto';
import { contract, EVENT_SUBSCRIPTION_MSG as MSG, EVENT_TYPE_TEXT, formatPhone, type EventType } from '@tripline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';

/** CTIA's stop words: any of them alone ends the text messages to that number. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);

/** Ends the subscription of an unsubscribe token; answers its event type, or null for an unknown token. */
async function unsubscribe(client: PoolClient, req: FastifyRequest, token: string): Promise<EventType | null> {
  const { rows } = await client.query(
    `select id, deleted, match_event_type from event_subscriptions where unsubscribe_token = $1 for update`,
    [token],
  );
  const sub = rows[0];
  if (!sub) return null;
  if (!sub.deleted) {
    await client.query(`update event_subscriptions set deleted = true, mod_count = mod_count + 1, modified = now() where id = $1`, [sub.id]);
    await writeAudit(client, {
      ...auditActor(req),
      activityType: 'event-subscription-unsubscribe',
      table: 'event_subscriptions',
      recordId: sub.id,
      before: { deleted: false },
      after: { deleted: true, by: 'unsubscribe link' },
    });
  }
  return sub.match_event_type;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Tripline</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
<main><h1 style="font-size: 1.4rem">${escape(title)}</h1>${body}</main></body></html>`;
}

const sameSecret = (a: string, b: string) => {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
};

/** The unsubscribe link of notice e-mails and the SMS gateway's STOP replies: public, each proven by its token. */
export function publicSubscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool } = deps;

  // GET shows what the link ends and asks to confirm (mail scanners open links; they do not press buttons)
  route(app, contract.eventSubscriptionUnsubscribePage, async ({ req, reply, query }) => {
    const html = (title: string, body: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(title, body));
    if (query.confirm === 'yes') {
      const type = await inTransaction(pool, (client) => unsubscribe(client, req, query.token));
      if (!type) throw notFound(MSG.UNSUBSCRIBE_LINK_INVALID);
      return html('Unsubscribed', `<p>${MSG.UNSUBSCRIBED}</p>`);
    }
    const { rows } = await pool.query(`select match_event_type, deleted from event_subscriptions where unsubscribe_token = $1`, [query.token]);
    if (!rows[0]) throw notFound(MSG.UNSUBSCRIBE_LINK_INVALID);
    if (rows[0].deleted) return html('Unsubscribed', `<p>${MSG.UNSUBSCRIBED}</p>`);
    const what = EVENT_TYPE_TEXT[rows[0].match_event_type as EventType] ?? 'trip events';
    return html(
      'Stop these notices?',
      `<p>You get an e-mail when: ${escape(what.toLowerCase())}.</p>
<form method="get" action="/api/event-subscription-unsubscribe">
<input type="hidden" name="token" value="${escape(query.token)}"><input type="hidden" name="confirm" value="yes">
<button type="submit" style="min-height: 44px; padding: 0 1.25rem; font-size: 1rem">Unsubscribe</button></form>`,
    );
  });

  // The same without a page, for a program acting on the link. Bodies are JSON only, so RFC 8058's
  // form-encoded one-click post is not offered: mail programs open the link (List-Unsubscribe) instead.
  route(app, contract.eventSubscriptionUnsubscribe, async ({ req, query }) => {
    const type = await inTransaction(pool, (client) => unsubscribe(client, req, query.token));
    if (!type) throw notFound(MSG.UNSUBSCRIBE_LINK_INVALID);
    return { ok: true as const };
  });

  route(app, contract.smsInbound, async ({ req, body }) => {
    const expected = deps.config.smsHttpToken;
    const given = req.headers['x-sms-token'];
    if (!expected || typeof given !== 'string' || !sameSecret(given, expected)) throw forbidden('The SMS gateway token is not valid');
    if (!STOP_WORDS.has(body.body.trim().toUpperCase())) return { ended: 0 };
    const phone = formatPhone(body.from);
    return inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `update event_subscriptions set deleted = true, mod_count = mod_count + 1, modified = now()
          where notify_sms_phone = $1 and not deleted returning id`,
        [phone],
      );
      for (const r of rows) {
        await writeAudit(client, {
          ...auditActor(req),
          activityType: 'event-subscription-unsubscribe',
          table: 'event_subscriptions',
          recordId: r.id,
          before: { deleted: false },
          after: { deleted: true, by: 'SMS STOP' },
        });
      }
      return { ended: rows.length };
    });
  });
}
