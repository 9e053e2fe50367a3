/**
 * A portal trip request checked as the reservation editor checks a booking (spec 2 §3, §5, §9):
 * the request's own rules from core, then the editor's path: the passenger's contact type, the
 * stops saved and the drive measured by the server, the leg rules with that drive, the division
 * and the coverage. Preview and schedule run the same check; the schedule then writes its result.
 */
import {
  PORTAL_REQUEST_MSG,
  ReservationLegInput,
  farConfirmText,
  greatCircleMeters,
  needsFarConfirm,
  requestDropoff,
  requestLeg,
  requestPathOf,
  requestPickup,
  requestServiceTypes,
  requestsAsStaff,
  tripRequestIssues,
  type ApiErrorBody,
  type Issue,
  type AddressOption,
  type DateWindow,
  type ParsedTripRequest,
} from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { SessionUser } from '../../platform/auth/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { inTransaction } from '../../platform/audit.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { appointmentTypeOptions } from '../coverage/lookups.ts';
import { applicableCoverage, coveragesOf } from '../coverage/repository.ts';
import { addressOptions } from '../geo/lookups.ts';
import { checkReservationCoverage, type CoverageOutcome } from '../reservations/coverage.ts';
import { assertValid, loadPassengers, prepareLegs, resolveDivision, type PreparedLeg } from '../reservations/prepare.ts';
import { requestWindow } from './options.ts';
import { passengerInScope } from './passengers.ts';

/** A checked request: what the preview shows and the schedule writes. */
export interface CheckedRequest {
  passenger: { id: string; name: string };
  legs: PreparedLeg[];
  pickup: string | null;
  dropoff: string | null;
  divisionId: string;
  billToId: string | null;
  coverage: CoverageOutcome;
  warnings: string[];
  pickupText: string;
  dropoffText: string;
}

/** Runs one step of the editor's path, naming a refusal's fields as the request names them. */
async function asRequest<T>(step: () => Promise<T> | T): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof HttpError && e.status === 400 && e.extra.details) {
      const details = e.extra.details.map((d) => ({ ...d, path: requestPathOf(d.path) }));
      throw badRequest(e.message, details);
    }
    throw e;
  }
}

function refuse(issues: readonly Issue[]): never {
  throw badRequest(issues[0].message, issues as ApiErrorBody['details']);
}

/** spec 2 §5: stops more than 300 km apart need the user's confirmation (farConfirmed). */
function assertNear(leg: PreparedLeg, confirmed: boolean): number | null {
  const { first, second } = leg;
  if (!first || !second || first.lat == null || first.lng == null || second.lat == null || second.lng == null) return null;
  const meters = greatCircleMeters({ lat: first.lat, lng: first.lng }, { lat: second.lat, lng: second.lng });
  if (needsFarConfirm(meters) && !confirmed) {
    const message = farConfirmText(meters);
    throw badRequest(message, [{ path: 'farConfirmed', message }]);
  }
  return meters;
}

/**
 * The bill-to of the trip: the covering bill-to the check found; for a case manager it must be one
 * of its own (else the trip would leave its scope), taking its own coverage of the member if the
 * check found another's.
 */
async function billToOf(client: PoolClient, user: SessionUser, passengerId: string, serviceDate: string, coverage: CoverageOutcome): Promise<string | null> {
  const found = coverage.byPassenger.get(passengerId)?.billToId ?? null;
  if (requestsAsStaff(user) || !user.types.includes('Case Manager')) return found;
  if (found && user.billToIds.includes(found)) return found;
  const own = applicableCoverage(await coveragesOf(client, passengerId, { billToIds: user.billToIds }), serviceDate);
  if (own?.status === 'Active') return own.record.billTo.id;
  throw badRequest(PORTAL_REQUEST_MSG.NOT_BILLABLE, [{ path: 'passenger', message: PORTAL_REQUEST_MSG.NOT_BILLABLE }]);
}

/**
 * What a check reads besides the request, in the check's own transaction: the passenger in the
 * caller's scope (404 otherwise), the dates their plan allows, the addresses the wizard offers and
 * the appointment types.
 */
export interface RequestLookups {
  passenger: { id: string; name: string };
  window: DateWindow;
  today: string;
  time: string;
  offered: AddressOption[];
  apptTypes: { code: string; display: string }[];
}

export async function requestLookups(client: PoolClient, user: SessionUser, passengerId: string, now: Date): Promise<RequestLookups> {
  const passenger = await passengerInScope(client, user, passengerId);
  const { window, billToId, today, time } = await requestWindow(client, user, passenger.id, now);
  const offered = await addressOptions(client, passenger.id);
  const apptTypes = await appointmentTypeOptions(client, billToId ?? undefined, undefined);
  return { passenger, window, today, time, offered, apptTypes };
}

/**
 * The transaction a request is checked in. Its questions are about one passenger, so parallel
 * workers never pay for themselves; with many people booking at once, starting them costs more
 * than the question (PostgreSQL plans them for a passenger whose legs it guesses are many).
 */
export function inRequestTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    // Its prepared questions (the passenger's addresses, the trip read back) keep one plan:
    // planning them for each request costs more than answering them. One round trip for both.
    await client.query('set local max_parallel_workers_per_gather = 0; set local plan_cache_mode = force_generic_plan');
    return work(client);
  });
}

/** Checks a request inside the caller's transaction; `tripId` is the trip it would become. */
export async function checkRequest(
  deps: AppDeps,
  client: PoolClient,
  user: SessionUser,
  r: ParsedTripRequest,
  lookups: RequestLookups,
  tripId: string,
  now: Date,
): Promise<CheckedRequest> {
  const { passenger, window, today, time, offered, apptTypes } = lookups;
  const ctx = { window, today, now: time, serviceCodes: requestServiceTypes(user).map((s) => s.code), apptTypes: apptTypes.map((t) => t.code) };
  const issues = tripRequestIssues(r, ctx);
  // a chosen address must be one the wizard offered (the passenger's own or their trips' stops)
  for (const field of ['locationFirst', 'locationSecond'] as const) {
    const id = r[field]?.id;
    if (id && !offered.some((a) => a.id === id.toLowerCase())) issues.push({ path: `${field}.id`, message: PORTAL_REQUEST_MSG.ADDRESS_NOT_OFFERED });
  }
  if (issues.length) refuse(issues);

  const draft = ReservationLegInput.parse({ ...requestLeg(r), webFields: { pickupTimeOverride: r.pickupTimeOverride } });
  const passengers = await asRequest(() => loadPassengers(client, [draft]));
  const [measured] = await asRequest(() => prepareLegs(client, deps.geo, [draft], passengers));
  assertNear(measured, r.farConfirmed);
  const seconds = measured.drive?.seconds ?? null;
  const timed = tripRequestIssues(r, { ...ctx, drivingSeconds: seconds });
  if (timed.length) refuse(timed);
  const pickup = requestPickup(r, seconds);
  const leg: PreparedLeg = { ...measured, input: ReservationLegInput.parse({ ...requestLeg(r, pickup), webFields: { pickupTimeOverride: r.pickupTimeOverride } }) };
  await asRequest(() => assertValid(r.willCall, [leg], true));
  const divisionId = await asRequest(() => resolveDivision(client, null, [leg], null));
  const coverage = await asRequest(() =>
    checkReservationCoverage(client, { id: tripId, serviceDate: r.serviceDate, serviceTypeRequested: r.serviceTypeCode, authorizedBy: null, created: null }, [leg], now),
  );
  const billTo = await billToOf(client, user, passenger.id, r.serviceDate, coverage);
  const textOf = (input: ParsedTripRequest['locationFirst']) =>
    (input?.id ? offered.find((a) => a.id === input.id?.toLowerCase())?.text : input?.text) ?? '';
  const geocoding = [leg.first?.warning, leg.second?.warning].filter((w): w is string => !!w);
  return {
    passenger,
    legs: [leg],
    pickup,
    dropoff: requestDropoff(r, pickup, seconds),
    divisionId,
    billToId: billTo,
    coverage,
    warnings: [...geocoding, ...coverage.warnings],
    pickupText: textOf(r.locationFirst),
    dropoffText: textOf(r.locationSecond),
  };
}
