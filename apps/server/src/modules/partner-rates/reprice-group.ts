import type { ActivityType } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { auditOf, writeAudits } from '../trips/write.ts';
import { repriceTrips } from './pricing.ts';

/** A rate group: one partner, one bill-to, one service type. */
export interface RateGroup {
  affiliateId: string;
  billToContactId: string;
  serviceId: string;
}

/**
 * A rate change reprices the group's trips that are not Final on the days whose rate
 * in force changed (dateTo null: every later day), in the rate write's transaction, with an audit
 * row for each trip whose pay changed. Answers how many changed.
 */
export async function repriceGroup(
  client: PoolClient,
  req: FastifyRequest,
  activity: ActivityType,
  group: RateGroup,
  dateFrom: string,
  dateTo: string | null,
  now: Date,
): Promise<number> {
  const { rows } = await client.query<{ id: string }>(
    `select id from drive_assignments
      where farmout_contact_id = $1 and bill_to_contact_id = $2 and coalesce(service_number, service_type_requested) = $3
        and service_date >= $4::date and ($5::date is null or service_date <= $5::date)
        and partner_pay_status <> 'Final'`,
    [group.affiliateId, group.billToContactId, group.serviceId, dateFrom, dateTo],
  );
  const changed = await repriceTrips(
    client,
    rows.map((r) => r.id),
    now,
  );
  await writeAudits(
    client,
    changed.map((t) => auditOf(req, activity, 'drive_assignments', t.id, { farmoutRate: t.before }, { farmoutRate: t.after })),
  );
  return changed.length;
}
