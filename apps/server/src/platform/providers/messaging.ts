import type { Pool, PoolClient } from 'pg';

/**
 * SMS and email. The default keeps messages in the outbox table, which admins can read; a real
 * gateway adapter implements the same interface and is chosen by configuration.
 */
export interface Messenger {
  sendSms(to: string, body: string, contactId?: string | null): Promise<void>;
  sendEmail(to: string, subject: string, body: string, contactId?: string | null): Promise<void>;
}

export function outboxMessenger(db: Pool | PoolClient): Messenger {
  return {
    async sendSms(to, body, contactId) {
      await db.query(`insert into outbox_messages (channel, recipient, body, contact_id) values ('sms', $1, $2, $3)`, [
        to,
        body,
        contactId ?? null,
      ]);
    },
    async sendEmail(to, subject, body, contactId) {
      await db.query(
        `insert into outbox_messages (channel, recipient, subject, body, contact_id) values ('email', $1, $2, $3, $4)`,
        [to, subject, body, contactId ?? null],
      );
    },
  };
}
