import type { EventSubscription, EventType } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';

type Db = Pool | PoolClient;

const COLUMNS = `id, recipient_id, match_event_type, match_in_house, match_notified_provider, match_notified_driver,
  notify_vog_type, notify_emails, notify_robocall_phone, notify_sms_phone, match_provider_ids::text[] as match_provider_ids,
  match_bill_to_ids::text[] as match_bill_to_ids, match_passenger_ids::text[] as match_passenger_ids, deleted, mod_count, created, modified`;

export interface SubscriptionRow {
  id: string;
  recipient_id: string;
  match_event_type: EventType;
  match_in_house: boolean | null;
  match_notified_provider: boolean | null;
  match_notified_driver: boolean | null;
  notify_vog_type: EventSubscription['notifyVogType'];
  notify_emails: string[];
  notify_robocall_phone: string | null;
  notify_sms_phone: string | null;
  match_provider_ids: string[];
  match_bill_to_ids: string[];
  match_passenger_ids: string[];
  deleted: boolean;
  mod_count: number;
  created: Date;
  modified: Date;
}

export function presentSubscription(r: SubscriptionRow): EventSubscription {
  return {
    id: r.id,
    recipientId: r.recipient_id,
    matchEventType: r.match_event_type,
    matchInHouse: r.match_in_house,
    matchNotifiedProvider: r.match_notified_provider,
    matchNotifiedDriver: r.match_notified_driver,
    notifyVogType: r.notify_vog_type,
    notifyEmails: r.notify_emails,
    notifyRobocallPhone: r.notify_robocall_phone,
    notifySmsPhone: r.notify_sms_phone,
    matchProviderIds: r.match_provider_ids,
    matchBillToIds: r.match_bill_to_ids,
    matchPassengerIds: r.match_passenger_ids,
    deleted: r.deleted,
    modCount: r.mod_count,
    created: r.created.toISOString(),
    modified: r.modified.toISOString(),
  };
}

export async function listSubscriptions(db: Db, recipientId: string, filter: { eventType?: string; deleted?: boolean }): Promise<EventSubscription[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from event_subscriptions
      where recipient_id = $1 and ($2::text is null or match_event_type = $2) and ($3::boolean is null or deleted = $3)
      order by created, id`,
    [recipientId, filter.eventType ?? null, filter.deleted ?? null],
  );
  return rows.map(presentSubscription);
}

/** One subscription, locked for a change when `forUpdate`; null when missing. */
export async function findSubscription(db: Db, id: string, forUpdate = false): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(`select ${COLUMNS} from event_subscriptions where id = $1 ${forUpdate ? 'for update' : ''}`, [id]);
  return rows[0] ?? null;
}

export interface SubscriptionValues {
  recipientId: string;
  matchEventType: string;
  matchInHouse: boolean | null;
  matchNotifiedProvider: boolean | null;
  matchNotifiedDriver: boolean | null;
  notifyVogType: string | null;
  notifyEmails: readonly string[];
  notifyRobocallPhone: string | null;
  notifySmsPhone: string | null;
  matchProviderIds: readonly string[];
  matchBillToIds: readonly string[];
  matchPassengerIds: readonly string[];
  deleted: boolean;
}

function values(v: SubscriptionValues): unknown[] {
  return [
    v.recipientId,
    v.matchEventType,
    v.matchInHouse,
    v.matchNotifiedProvider,
    v.matchNotifiedDriver,
    v.notifyVogType,
    v.notifyEmails,
    v.notifyRobocallPhone,
    v.notifySmsPhone,
    v.matchProviderIds,
    v.matchBillToIds,
    v.matchPassengerIds,
    v.deleted,
  ];
}

export async function insertSubscription(db: Db, v: SubscriptionValues, createdBy: string): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `insert into event_subscriptions (recipient_id, match_event_type, match_in_house, match_notified_provider, match_notified_driver,
       notify_vog_type, notify_emails, notify_robocall_phone, notify_sms_phone, match_provider_ids, match_bill_to_ids,
       match_passenger_ids, deleted, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::uuid[], $11::uuid[], $12::uuid[], $13, $14) returning ${COLUMNS}`,
    [...values(v), createdBy],
  );
  return rows[0]!;
}

export async function updateSubscription(db: Db, id: string, v: SubscriptionValues): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `update event_subscriptions set recipient_id = $1, match_event_type = $2, match_in_house = $3, match_notified_provider = $4,
       match_notified_driver = $5, notify_vog_type = $6, notify_emails = $7, notify_robocall_phone = $8, notify_sms_phone = $9,
       match_provider_ids = $10::uuid[], match_bill_to_ids = $11::uuid[], match_passenger_ids = $12::uuid[], deleted = $13,
       mod_count = mod_count + 1, modified = now()
     where id = $14 returning ${COLUMNS}`,
    [...values(v), id],
  );
  return rows[0]!;
}

export async function markDeleted(db: Db, id: string): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `update event_subscriptions set deleted = true, mod_count = mod_count + 1, modified = now() where id = $1 returning ${COLUMNS}`,
    [id],
  );
  return rows[0]!;
}

/** The subscription as stored, for audit rows: what was asked and how, without its unsubscribe token. */
export function auditView(r: SubscriptionRow | EventSubscription): EventSubscription {
  return 'recipient_id' in r ? presentSubscription(r) : r;
}

/** The active subscriptions to any of these event types. */
export async function activeSubscriptions(db: Db, eventTypes: readonly string[]): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from event_subscriptions where not deleted and match_event_type = any($1::text[])`,
    [eventTypes],
  );
  return rows;
}
