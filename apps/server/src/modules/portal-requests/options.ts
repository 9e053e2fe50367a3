/**
 * What the trip details step offers for a passenger (spec 2 §5 rules 189, 190; §7
 * case-manager-trip-create-options), and the request a duplicate or a return trip starts from.
 */
import {
  OPERATOR_TIME_ZONE,
  addDays,
  choosesPassenger,
  operatorToday,
  requestDateWindow,
  requestPrefill,
  requestServiceTypes,
  requestsAsStaff,
  timeInZone,
  type AddressOption,
  type DateWindow,
  type DriveAssignment,
  type TripCreateOptions,
} from '@tripline/core';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { appointmentTypeOptions } from '../coverage/lookups.ts';
import { applicableCoverage, coveragesOf } from '../coverage/repository.ts';
import { addressOptions } from '../geo/lookups.ts';
import { findTrip } from '../trips/repository.ts';
import { passengerInScope } from './passengers.ts';

type Db = Pool | PoolClient;

/** The coverages a user books on: a case manager's own bill-tos only; everyone else any. */
function coverageFilter(user: SessionUser): { billToIds?: readonly string[] } {
  return !requestsAsStaff(user) && user.types.includes('Case Manager') ? { billToIds: user.billToIds } : {};
}

/** The dates a request may take for the passenger (rule 189) and the bill-to whose plan set them. */
export async function requestWindow(db: Db, user: SessionUser, passengerId: string, now: Date): Promise<{ window: DateWindow; billToId: string | null; today: string; time: string }> {
  const today = operatorToday(now);
  const time = timeInZone(now, OPERATOR_TIME_ZONE);
  const found = applicableCoverage(await coveragesOf(db, passengerId, coverageFilter(user)), addDays(today, 1));
  const plan = found?.record.plan ?? null;
  return { window: requestDateWindow(today, time, plan), billToId: found?.record.billTo.id ?? null, today, time };
}

/** A trip's stop as an address the wizard holds. */
function placeOf(l: DriveAssignment['tripLegs'][number]['locationFirst']): AddressOption | null {
  if (!l.Id) return null;
  const located = l.Lat != null && l.Lng != null;
  return { id: l.Id, label: null, name: null, text: l.Address ?? '', lat: l.Lat, lng: l.Lng, zip: null, quality: located ? 'exact' : 'none', source: 'trip' };
}

const CANCELLED = ['Canceled', 'CanceledNoCharge'];

/**
 * The trip a prefill starts from, in the user's scope (404 otherwise, like a missing one), and the
 * passenger it is for: the user themselves for a passenger, else its first active leg's.
 */
async function prefillFrom(pool: Pool, user: SessionUser, id: string, from: 'duplicate' | 'return', passengerId: string | undefined) {
  const trip = await findTrip(pool, requestsAsStaff(user) ? null : user, id);
  if (!trip) throw notFound('The trip was not found.');
  const own = choosesPassenger(user) ? (passengerId ?? null) : user.id;
  const legs = trip.tripLegs.filter((l) => !CANCELLED.includes(l.status) && l.passengerId && (!own || l.passengerId === own));
  const passenger = own ?? legs[0]?.passengerId ?? null;
  if (!passenger || legs.length === 0) throw notFound('The trip was not found.');
  const prefill = requestPrefill(
    {
      referenceNumber: trip.referenceNumber,
      serviceTypeRequested: trip.serviceTypeRequested,
      willCall: trip.willCall,
      legs: legs.map((l) => ({
        locFirstTimeOrd: l.locFirstTimeOrd,
        locSecondTimeOrd: l.locSecondTimeOrd,
        apptTime: l.apptTime,
        apptType: l.apptType,
        pickupTimeOverride: !!(l.webFields as { pickupTimeOverride?: boolean } | null)?.pickupTimeOverride,
        locationFirst: placeOf(l.locationFirst),
        locationSecond: placeOf(l.locationSecond),
      })),
    },
    from,
  );
  if (prefill && 'refused' in prefill) throw badRequest(prefill.refused, [{ path: from === 'return' ? 'returnTripFrom' : 'duplicateFrom', message: prefill.refused }]);
  return { passenger, prefill };
}

/** GET case-manager-trip-create-options. */
export async function tripCreateOptions(
  pool: Pool,
  req: FastifyRequest,
  user: SessionUser,
  q: { passengerId?: string; duplicateFrom?: string; returnTripFrom?: string },
  now: Date,
): Promise<TripCreateOptions> {
  const source = q.duplicateFrom ? { id: q.duplicateFrom, from: 'duplicate' as const } : q.returnTripFrom ? { id: q.returnTripFrom, from: 'return' as const } : null;
  const started = source ? await prefillFrom(pool, user, source.id, source.from, q.passengerId) : null;
  const passengerId = started?.passenger ?? q.passengerId;
  if (!passengerId) throw notFound('The passenger was not found.');
  const { types: _types, ...passenger } = await passengerInScope(pool, user, passengerId);
  const { window, billToId } = await requestWindow(pool, user, passenger.id, now);
  // ARCHITECTURE: the passenger's addresses and member id shown are an access to their record
  await writeAudit(pool, { ...auditActor(req), activityType: 'contact-view', table: 'contacts', recordId: passenger.id });
  return {
    passenger,
    addresses: await addressOptions(pool, passenger.id),
    apptTypes: await appointmentTypeOptions(pool, billToId ?? undefined, undefined),
    serviceTypes: requestServiceTypes(user),
    ...window,
    prefill: started?.prefill ?? null,
  };
}
