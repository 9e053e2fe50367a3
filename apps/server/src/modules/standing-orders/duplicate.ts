import { randomUUID } from 'node:crypto';
import { dateInZone, duplicateDateProblems, ORDER_MSG, type ParsedBodyOf, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudits } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { auditOf, changeTrip, writeAudit } from '../trips/write.ts';
import { copyTrip } from './copy.ts';
import { loadOrders, presentOrders } from './repository.ts';

/**
 * POST duplicate-da (spec 2 §7; rule 107): copies a saved trip to each date, all or nothing. The
 * dates are checked first (real dates, today to 365 days ahead, each once): one impossible date
 * writes nothing. The source and its copies share one dupeReferenceKey (the source's, or a new one
 * it then gets). Each copy gets an audit row naming its source. With standingOrders the rule is kept
 * as a standing order that starts on the first date; its dates so far are the copies.
 */
export async function duplicateTrip(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.duplicateTrip>) {
  return changeTrip(deps, req, user, { id: body.daId }, async (change) => {
    const { client, trip } = change;
    const today = dateInZone(change.now, trip.timeZone);
    const problems = duplicateDateProblems(body.dates, today);
    if (problems.length > 0) throw badRequest(problems[0].message, problems);
    const dates = [...body.dates].sort();
    const rule = body.standingOrders ? body.standingOrder : null;
    if (rule?.endDate && rule.endDate < dates[0]) {
      throw badRequest(ORDER_MSG.END_BEFORE_START, [{ path: 'standingOrder.endDate', message: ORDER_MSG.END_BEFORE_START }]);
    }

    const current = await client.query<{ key: string | null }>('select dupe_reference_key::text as key from drive_assignments where id = $1', [trip.id]);
    let key = current.rows[0]?.key ?? null;
    if (!key) {
      key = randomUUID();
      await client.query('update drive_assignments set dupe_reference_key = $2, mod_count = mod_count + 1, updated_at = now() where id = $1', [trip.id, key]);
      await writeAudit(client, auditOf(req, 'duplicate', 'drive_assignments', trip.id, { modCount: trip.modCount, dupeReferenceKey: null }, { modCount: trip.modCount + 1, dupeReferenceKey: key }));
    }

    const created = await copyTrip(client, trip.id, dates, key, user.id);
    let orderId: string | null = null;
    if (rule) {
      const made = await client.query<{ id: string }>(
        `insert into standing_orders (source_drive_assignment_id, dupe_reference_key, weekdays, every_weeks, start_date, end_date, filled_through, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [trip.id, key, [...new Set(rule.weekdays)].sort(), rule.everyWeeks, dates[0], rule.endDate, dates.at(-1), user.id],
      );
      orderId = made.rows[0].id;
      await client.query(
        `insert into standing_order_trips (standing_order_id, service_date, drive_assignment_id) select $1, d, t from unnest($2::date[], $3::uuid[]) as x(d, t)`,
        [orderId, created.map((c) => c.serviceDate), created.map((c) => c.id)],
      );
      await writeAudit(client, auditOf(req, 'duplicate', 'standing_orders', orderId, null, { sourceId: trip.id, ...rule, startDate: dates[0] }));
    }
    await writeAudits(
      client,
      created.map((c) => ({
        ...auditActor(req),
        activityType: 'duplicate' as const,
        table: 'drive_assignments',
        recordId: c.id,
        before: null,
        after: { sourceId: trip.id, sourceReferenceNumber: trip.referenceNumber, referenceNumber: c.referenceNumber, serviceDate: c.serviceDate, dupeReferenceKey: key, standingOrderId: orderId },
      })),
    );
    const [order] = orderId ? await presentOrders(client, await loadOrders(client, { ids: [orderId] })) : [null];
    return { dupeReferenceKey: key, created, standingOrder: order ?? null };
  });
}
