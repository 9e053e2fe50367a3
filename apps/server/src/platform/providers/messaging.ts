import type { Pool, PoolClient } from 'pg';
import { HttpError } from '../errors.ts';

/** An e-mail's extra headers (List-Unsubscribe and its one-click form, RFC 8058). */
export interface EmailOptions {
  headers?: Record<string, string>;
}

/**
 * Text messages, e-mail and phone calls. Every message is written to the outbox table first (which
 * admins read) with its status: with no provider configured it stays there as 'queued'; with one,
 * it is handed over and marked 'sent' or 'failed'. A failed hand-over throws, so the caller (a
 * notice job) can try again later.
 */
export interface Messenger {
  sendSms(to: string, body: string, contactId?: string | null): Promise<void>;
  sendEmail(to: string, subject: string, body: string, contactId?: string | null, options?: EmailOptions): Promise<void>;
  /** A phone call reading `body` out; only when a phone provider is configured (see `channels`). */
  sendVoice(to: string, body: string, contactId?: string | null): Promise<void>;
  /** Which channels exist: phone calls need a real provider, the outbox cannot ring anyone. */
  readonly channels: { voice: boolean };
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
  headers?: Record<string, string>;
}

export interface OutgoingCall {
  to: string;
  body: string;
}

/** A real e-mail service (SMTP). Answers the provider's message id; throws when it refused. */
export interface EmailTransport {
  sendEmail(message: OutgoingEmail): Promise<string | null>;
}

/** A real SMS and voice service. Answers the provider's message id; throws when it refused. */
export interface PhoneTransport {
  sendSms(message: OutgoingCall): Promise<string | null>;
  sendVoice(message: OutgoingCall): Promise<string | null>;
}

/**
 * A message the provider refused for good or could not take after its retries; `message` is safe
 * to log, store and show. A request that was sending it answers 503: the caller may try again.
 */
export class DeliveryFailed extends HttpError {
  constructor(reason: string) {
    super(503, 'delivery_failed', reason);
  }
}

export class ChannelUnavailable extends HttpError {
  constructor(channel: string) {
    super(400, 'bad_request', `No ${channel} provider is configured`);
  }
}

type Db = Pool | PoolClient;
type Channel = 'sms' | 'email' | 'voice';

async function record(db: Db, channel: Channel, to: string, subject: string | null, body: string, contactId: string | null | undefined): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into outbox_messages (channel, recipient, subject, body, contact_id) values ($1, $2, $3, $4, $5) returning id`,
    [channel, to, subject, body, contactId ?? null],
  );
  return rows[0]!.id;
}

/** Hands a recorded message to its provider and records the outcome. */
async function handOver(db: Db, id: string, send: () => Promise<string | null>): Promise<void> {
  try {
    const providerId = await send();
    await db.query(`update outbox_messages set status = 'sent', sent_at = now(), provider_message_id = $2 where id = $1`, [id, providerId]);
  } catch (e) {
    const reason = e instanceof DeliveryFailed ? e.message : 'The provider could not be reached';
    await db.query(`update outbox_messages set status = 'failed', error = $2 where id = $1`, [id, reason]);
    throw e instanceof DeliveryFailed ? e : new DeliveryFailed(reason);
  }
}

/**
 * The messenger: the outbox always, and the providers configuration names (none by default, which
 * keeps every message in the outbox).
 */
export function messenger(db: Db, providers: { email?: EmailTransport | null; phone?: PhoneTransport | null } = {}): Messenger {
  const { email, phone } = providers;
  return {
    channels: { voice: !!phone },
    async sendSms(to, body, contactId) {
      const id = await record(db, 'sms', to, null, body, contactId);
      if (phone) await handOver(db, id, () => phone.sendSms({ to, body }));
    },
    async sendEmail(to, subject, body, contactId, options) {
      const id = await record(db, 'email', to, subject, body, contactId);
      if (email) await handOver(db, id, () => email.sendEmail({ to, subject, body, headers: options?.headers }));
    },
    async sendVoice(to, body, contactId) {
      if (!phone) throw new ChannelUnavailable('voice');
      const id = await record(db, 'voice', to, null, body, contactId);
      await handOver(db, id, () => phone.sendVoice({ to, body }));
    },
  };
}

/** The local default: every message kept in the outbox table, nothing leaves the machine. */
export function outboxMessenger(db: Db): Messenger {
  return messenger(db);
}
