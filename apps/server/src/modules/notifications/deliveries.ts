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
