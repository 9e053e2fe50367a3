import type { VogDelivery } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

export interface DeliveryFilter {
  recipientId?: string;
  ids?: readonly string[];
  /** Only deliveries not yet dismissed. */
  unreadOnly?: boolean;
  limit?: number;
}

/** Notification deliveries (VOGDelivery, spec 1 §3), newest first. */
export async function findDeliveries(db: Db, filter: DeliveryFilter): Promise<VogDelivery[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.recipientId) {
    params.push(filter.recipientId);
    where.push(`recipient_id::text = $${params.length}`);
  }
  if (filter.ids) {
    params.push(filter.ids);
    where.push(`id::text = any($${params.length}::text[])`);
  }
  if (filter.unreadOnly) where.push('unread');
  const limit = filter.limit ? `limit ${Math.floor(filter.limit)}` : '';
  const { rows } = await db.query<DeliveryRow>(
    `select id, recipient_id, message, max_age_seconds, created, unread from notification_deliveries
      ${where.length ? `where ${where.join(' and ')}` : ''} order by created desc, id desc ${limit}`,
    params,
  );
  return rows.map(presentDelivery);
}

interface DeliveryRow {
  id: string;
  recipient_id: string;
  message: VogDelivery['message'];
  max_age_seconds: number;
  created: Date;
  unread: boolean;
}

export function presentDelivery(r: DeliveryRow): VogDelivery {
  return {
    id: r.id,
    message: { ...r.message, options: r.message.options ?? {} },
    maxAgeSeconds: r.max_age_seconds,
    created: r.created.toISOString(),
    unread: r.unread,
    recipientId: r.recipient_id,
  };
}

/** The users of a partner company: its people who can sign in, and the company contact itself when it signs in. */
export async function partnerUserIds(db: Db, partnerId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from contacts where (parent_id = $1 or id = $1) and username is not null and not deleted`,
    [partnerId],
  );
  return rows.map((r) => r.id);
}

/**
 * Delivers one message to each recipient in one statement, so that the row-change trigger
 * announces every delivery in as few notifications as possible.
 */
export async function deliver(db: Db, recipientIds: readonly string[], message: VogDelivery['message'], maxAgeSeconds: number, now: Date): Promise<void> {
  if (recipientIds.length === 0) return;
  await db.query(
    `insert into notification_deliveries (recipient_id, message, max_age_seconds, created)
     select unnest($1::uuid[]), $2, $3, $4`,
    [recipientIds, JSON.stringify(message), maxAgeSeconds, now],
  );
}
