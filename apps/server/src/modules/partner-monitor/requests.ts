import {
  isStaff,
  loadedMilesOf,
  mayEditRates,
  MILEAGE_ADJUST,
  mileageProblem,
  MONITOR_MSG,
  payRequestRefusal,
  RATE_ADJUST,
  rateEditorOverrideRefusal,
  type ParsedBodyOf,
  type contract,
  type DriveAssignment,
  type PartnerActivity,
  type RequestRefusal,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { partnerActivities } from '../log/repository.ts';
import { repriceTrips } from '../partner-rates/pricing.ts';
import { payStatusAfter } from '../trips/pay.ts';
import { auditOf, changeTrip, freshTrip, updateTrip, writeAudit, type TripChange } from '../trips/write.ts';
import { deadheadMiles, tripPayFacts } from './pay-facts.ts';


/**
 * Rate editors may change any partner's pay, so they reach every trip, staff or
 * not; everyone else keeps their own row scope (a partner its own trips).
 */
export function scopeUserFor(user: SessionUser): SessionUser {
  return mayEditRates(user) && !isStaff(user) ? { ...user, adminAccess: true } : user;
}

function refuse(refusal: RequestRefusal, current?: unknown): never {
  throw refusal.conflict ? conflict(refusal.message, current) : badRequest(refusal.message);
}

interface NewRequest {
  action: typeof RATE_ADJUST | typeof MILEAGE_ADJUST;
  status: 'Pending' | 'Approved';
  number?: number | null;
  amount?: number | null;
  previousValue: number | null;
  deadhead?: boolean | null;
  notes: string;
}

/** Records the request as a partner activity of the trip's partner, with its audit row. */
async function addRequest(change: TripChange, activityType: 'rate-override' | 'adjust-mileage', r: NewRequest): Promise<string> {
  const { client, trip, user, now, req } = change;
  const approved = r.status === 'Approved';
  const { rows } = await client.query<{ id: string }>(
    `insert into partner_activities (drive_assignment_id, partner_id, action, status, number, amount, previous_value, deadhead, notes,
                                     created_by, resolved_by, resolved_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      trip.id, trip.farmoutContactId, r.action, r.status, r.number ?? null, r.amount ?? null, r.previousValue, r.deadhead ?? null,
      r.notes || null, user.id, approved ? user.id : null, approved ? now : null,
    ],
  ).catch((e: { code?: string }) => {
    // partner_activities_one_pending_pay_request: another request of the kind got in first
    if (e.code === '23505') throw conflict(MONITOR_MSG.pendingTwice(r.action === RATE_ADJUST ? 'rate' : 'mileage'));
    throw e;
  });
  const id = rows[0].id;
  await writeAudit(client, auditOf(req, activityType, 'partner_activities', id, null, { driveAssignmentId: trip.id, ...r }));
  return id;
}

/** A pending request holds the trip's pay at Open (it is an outstanding adjustment). */
async function holdPayOpen(change: TripChange, activityType: 'rate-override' | 'adjust-mileage', note: object): Promise<void> {
  const partnerPayStatus = payStatusAfter(change, { outstandingAdjustments: change.trip.outstandingAdjustments + 1 });
  await updateTrip(change, activityType, partnerPayStatus === change.trip.partnerPayStatus ? {} : { partnerPayStatus }, { note });
}

async function answer(change: TripChange, activityId: string, message: string): Promise<{ activity: PartnerActivity; trip: DriveAssignment; message: string }> {
  const [activity] = await partnerActivities(change.client, change.trip.id, { id: activityId });
  return { activity, trip: await freshTrip(change), message };
}

/**
 * POST rate-override: a rate editor's override applies at once (amount null clears
 * it) and is recorded as an approved RateAdjust; anyone else's is a Pending RateAdjust request.
 * The trip is repriced in the same transaction.
 */
export function rateOverride(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.rateOverride>) {
  const { driveAssignmentId, amount, notes } = body.partnerActivity;
  return changeTrip(deps, req, scopeUserFor(user), { id: driveAssignmentId, modCount: body.modCount }, async (c) => {
    const change = { ...c, user };
    const facts = await tripPayFacts(change.client, change.trip.id);
    if (mayEditRates(user)) {
      const refusal = rateEditorOverrideRefusal(change.trip);
      if (refusal) refuse(refusal);
      await change.client.query('update drive_assignments set farmout_rate_override = $2 where id = $1', [change.trip.id, amount]);
      await updateTrip(change, 'rate-override', {}, { note: { farmoutRateOverride: amount, farmoutRateOverrideBefore: facts.farmoutRateOverride } });
      await repriceTrips(change.client, [change.trip.id], change.now);
      const id = await addRequest(change, 'rate-override', { action: RATE_ADJUST, status: 'Approved', amount, previousValue: facts.farmoutRate, notes });
      return answer(change, id, MONITOR_MSG.RATE_APPLIED(amount));
    }
    const refusal = payRequestRefusal(change.trip, facts.pendingRate, RATE_ADJUST, change.now);
    if (refusal) refuse(refusal, refusal.conflict ? await partnerActivities(change.client, change.trip.id, { action: RATE_ADJUST, status: 'Pending' }) : undefined);
    const id = await addRequest(change, 'rate-override', { action: RATE_ADJUST, status: 'Pending', amount, previousValue: facts.farmoutRate, notes });
    await holdPayOpen(change, 'rate-override', { rateRequested: amount });
    return answer(change, id, MONITOR_MSG.RATE_SUBMITTED);
  });
}

/**
 * POST adjust-mileage (rules 251–252): a Pending MileageAdjust request with the miles
 * sent (a loaded difference, or the final deadhead miles) and the original they were measured against.
 */
export function adjustMileage(deps: AppDeps, req: FastifyRequest, user: SessionUser, body: ParsedBodyOf<typeof contract.adjustMileage>) {
  return changeTrip(deps, req, user, { id: body.driveAssignmentId, modCount: body.modCount }, async (change) => {
    const facts = await tripPayFacts(change.client, change.trip.id);
    const refusal = payRequestRefusal(change.trip, facts.pendingMileage, MILEAGE_ADJUST, change.now);
    if (refusal) refuse(refusal, refusal.conflict ? await partnerActivities(change.client, change.trip.id, { action: MILEAGE_ADJUST, status: 'Pending' }) : undefined);

    let original = loadedMilesOf(change.trip.tripLegs);
    if (body.deadhead) {
      const deadhead = await deadheadMiles(change.client, deps.geo, change.trip);
      if ('problem' in deadhead) throw badRequest(deadhead.problem);
      original = deadhead.miles;
    }
    const problem = mileageProblem(body.mileage, original, body.deadhead);
    if (problem) throw badRequest(problem, [{ path: 'mileage', message: problem }]);

    const id = await addRequest(change, 'adjust-mileage', {
      action: MILEAGE_ADJUST,
      status: 'Pending',
      number: body.mileage,
      previousValue: original,
      deadhead: body.deadhead,
      notes: body.notes,
    });
    await holdPayOpen(change, 'adjust-mileage', { mileageRequested: body.mileage, deadhead: body.deadhead });
    return answer(change, id, MONITOR_MSG.MILEAGE_SUBMITTED);
  });
}
