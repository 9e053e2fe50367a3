import { addDays, dateInZone, dateRangesOverlap, displayLongDate, ORDER_MSG, type ParsedBodyOf, type ParsedQueryOf, type contract } from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { findTrip, isUuid } from '../trips/repository.ts';
import { holdOrderTrips, restoreOrderTrips } from './order-trips.ts';
import { loadOrders, orderTimeZone, presentOrders, type LoadedOrder } from './repository.ts';

/** GET standing-orders: the orders a trip in the caller's scope belongs to. */
export async function tripStandingOrders(deps: AppDeps, user: SessionUser, tripId: string) {
  const trip = await findTrip(deps.pool, user, tripId);
  if (!trip) throw notFound();
  return presentOrders(deps.pool, await loadOrders(deps.pool, { tripId: trip.id }));
}

/**
 * One change to a standing order, in one transaction: the order is locked, a stale modCount answers
 * 409 with the server's copy, an ended order refuses; then `work` writes and the order's modCount
 * goes up. Answers the order as it now is.
 */
async function changeOrder(
  deps: AppDeps,
  id: string,
  modCount: number,
  work: (client: PoolClient, order: LoadedOrder, today: string) => Promise<void>,
) {
  if (!isUuid(id)) throw notFound(ORDER_MSG.ORDER_UNKNOWN);
  return inTransaction(deps.pool, async (client) => {
    const [order] = await loadOrders(client, { ids: [id] }, true);
    if (!order) throw notFound(ORDER_MSG.ORDER_UNKNOWN);
    if (order.row.mod_count !== modCount) throw conflict(ORDER_MSG.CONFLICT, (await presentOrders(client, [order]))[0]);
    const today = dateInZone(deps.clock.now(), await orderTimeZone(client, order.row.source_drive_assignment_id));
    await work(client, order, today);
    await client.query('update standing_orders set mod_count = mod_count + 1, updated_at = now() where id = $1', [id]);
    const [fresh] = await loadOrders(client, { ids: [id] });
    return (await presentOrders(client, [fresh]))[0];
  });
}

const ended = (order: LoadedOrder, today: string) => order.rule.endDate !== null && order.rule.endDate < today;

/**
 * POST standing-orders: sets or clears the end date. Its trips after a new end are cancelled
 * without charge; trips the order cancelled at an earlier end come back when the end moves later.
 */
export function endStandingOrder(deps: AppDeps, req: FastifyRequest, body: ParsedBodyOf<typeof contract.endStandingOrder>) {
  return changeOrder(deps, body.id, body.modCount, async (client, order, today) => {
    if (ended(order, today)) throw badRequest(ORDER_MSG.ENDED);
    if (body.endDate && body.endDate < order.rule.startDate) throw badRequest(ORDER_MSG.END_BEFORE_START, [{ path: 'endDate', message: ORDER_MSG.END_BEFORE_START }]);
    if (body.endDate && body.endDate < today) throw badRequest(ORDER_MSG.RANGE_ORDER, [{ path: 'endDate', message: 'The end date must be today or later' }]);
    const before = order.rule.endDate;
    await client.query('update standing_orders set end_date = $2 where id = $1', [order.row.id, body.endDate]);
    const actor = auditActor(req);
    await writeAudit(client, { ...actor, activityType: 'standing-order-end', table: 'standing_orders', recordId: order.row.id, before: { endDate: before }, after: { endDate: body.endDate } });
    if (body.endDate) {
      await holdOrderTrips(client, order.row.id, { from: addDays(body.endDate, 1), to: null }, today, actor, 'standing-order-end', `Standing order ends ${displayLongDate(body.endDate)}`);
    }
    if (before && (!body.endDate || body.endDate > before)) {
      const rule = { ...order.rule, endDate: body.endDate };
      await restoreOrderTrips(client, order.row.id, { from: addDays(before, 1), to: body.endDate }, today, rule, actor, 'standing-order-end');
    }
  });
}

/** POST standing-order-suspensions: no trips on those days; trips already made there are cancelled without charge. */
export function suspendStandingOrder(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.suspendStandingOrder>) {
  return changeOrder(deps, body.standingOrderId, body.modCount, async (client, order, today) => {
    if (ended(order, today)) throw badRequest(ORDER_MSG.ENDED);
    const range = { startDate: body.startDate, endDate: body.endDate };
    if (order.suspensions.some((s) => dateRangesOverlap(s, range))) throw badRequest(ORDER_MSG.OVERLAP, [{ path: 'startDate', message: ORDER_MSG.OVERLAP }]);
    const made = await client.query<{ id: string }>(
      'insert into standing_order_suspensions (standing_order_id, start_date, end_date, created_by) values ($1, $2, $3, $4) returning id',
      [order.row.id, body.startDate, body.endDate, user.id],
    );
    const actor = auditActor(req);
    await writeAudit(client, { ...actor, activityType: 'standing-order-suspend', table: 'standing_orders', recordId: order.row.id, before: null, after: { suspensionId: made.rows[0].id, ...range } });
    const note = `Standing order suspended ${displayLongDate(body.startDate)} – ${displayLongDate(body.endDate)}`;
    await holdOrderTrips(client, order.row.id, { from: body.startDate, to: body.endDate }, today, actor, 'standing-order-suspend', note);
  });
}

/** DELETE standing-order-suspensions: lifts a suspension; the trips it cancelled (today or later) come back. */
export async function resumeStandingOrder(deps: AppDeps, req: FastifyRequest, query: ParsedQueryOf<typeof contract.resumeStandingOrder>) {
  const found = await deps.pool.query<{ standing_order_id: string }>('select standing_order_id from standing_order_suspensions where id::text = $1', [query.id]);
  const orderId = found.rows[0]?.standing_order_id;
  if (!orderId) throw notFound(ORDER_MSG.SUSPENSION_UNKNOWN);
  return changeOrder(deps, orderId, query.modCount, async (client, order, today) => {
    const suspension = order.suspensions.find((s) => s.id === query.id);
    if (!suspension) throw notFound(ORDER_MSG.SUSPENSION_UNKNOWN);
    await client.query('delete from standing_order_suspensions where id = $1', [suspension.id]);
    const actor = auditActor(req);
    await writeAudit(client, { ...actor, activityType: 'standing-order-resume', table: 'standing_orders', recordId: order.row.id, before: { suspensionId: suspension.id, startDate: suspension.startDate, endDate: suspension.endDate }, after: null });
    const rule = { ...order.rule, suspensions: order.rule.suspensions.filter((s) => s !== suspension && (s as { id?: string }).id !== suspension.id) };
    await restoreOrderTrips(client, order.row.id, { from: suspension.startDate, to: suspension.endDate }, today, rule, actor, 'standing-order-resume');
  });
}
