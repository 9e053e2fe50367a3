import {
  RES_MSG,
  greatCircleMeters,
  farConfirmText,
  needsFarConfirm,
  passengerTypeError,
  reservationIssues,
  type ReservationLeg,
  type ApiErrorBody,
} from '@tripline/core';
import type { PoolClient } from 'pg';
import type { GeoServices } from '../../platform/providers/geo.ts';
import { badRequest } from '../../platform/errors.ts';
import { divisionForZip, saveLegAddress, type SavedAddress } from '../geo/addresses.ts';
import { driveBetween } from '../geo/drive.ts';

/** A leg ready to write: its stops saved as address rows and its drive measured by the server. */
export interface PreparedLeg {
  input: ReservationLeg;
  first: SavedAddress | null;
  second: SavedAddress | null;
  drive: { meters: number; seconds: number; secondsNoTraffic: number } | null;
  passenger: Passenger | null;
}

export interface Passenger {
  id: string;
  name: string;
  types: string[];
  memberId: string | null;
}

type Details = NonNullable<ApiErrorBody['details']>;

/** The passengers named by the legs, each checked to be a passenger (spec 1 §5, 2 §5). */
export async function loadPassengers(client: PoolClient, legs: readonly ReservationLeg[]): Promise<Map<string, Passenger>> {
  const ids = [...new Set(legs.filter((l) => !l.canceled && l.passengerId).map((l) => (l.passengerId as string).toLowerCase()))];
  const { rows } = await client.query<Passenger>(
    `select id, name, types, member_id as "memberId" from contacts where id = any($1::uuid[]) and not deleted`,
    [ids],
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const problems: Details = [];
  legs.forEach((l, i) => {
    if (l.canceled || !l.passengerId) return;
    const p = found.get(l.passengerId.toLowerCase());
    const message = p ? passengerTypeError(p.types) : RES_MSG.UNKNOWN_PASSENGER;
    if (message) problems.push({ path: `tripLegs.${i}.passengerId`, message });
  });
  if (problems.length) throw badRequest(problems[0].message, problems);
  return found;
}

/**
 * Saves each active leg's stops (typed text becomes a new geocoded address row) and measures its
 * drive with the server's router: the browser's distance is never taken (spec 2 §9).
 */
export async function prepareLegs(
  client: PoolClient,
  geo: GeoServices,
  legs: readonly ReservationLeg[],
  passengers: Map<string, Passenger>,
): Promise<PreparedLeg[]> {
  const prepared: PreparedLeg[] = [];
  for (const [i, input] of legs.entries()) {
    const passenger = input.passengerId ? (passengers.get(input.passengerId.toLowerCase()) ?? null) : null;
    if (input.canceled) {
      prepared.push({ input, first: null, second: null, drive: null, passenger });
      continue;
    }
    const first = await saveLegAddress(client, geo, input.locationFirst, `tripLegs.${i}.locationFirst`);
    const second = await saveLegAddress(client, geo, input.locationSecond, `tripLegs.${i}.locationSecond`);
    const drive = await driveBetween(geo, first, second);
    prepared.push({ input, first, second, drive, passenger });
  }
  return prepared;
}

/** The form's rules with the server's own driving times (spec 2 §5, §8), and the far-away confirmation. */
export function assertValid(willCall: boolean, legs: readonly PreparedLeg[], farConfirmed: boolean): void {
  const issues = reservationIssues({
    willCall,
    tripLegs: legs.map((l) => ({
      ...l.input,
      serviceCode: l.input.serviceCode ?? null,
      pickupTimeOverride: l.input.webFields.pickupTimeOverride,
      drivingSeconds: l.drive?.seconds ?? null,
    })),
  });
  if (issues.length) throw badRequest(issues[0].message, issues);
  if (farConfirmed) return;
  for (const [i, l] of legs.entries()) {
    if (l.input.canceled || !l.first || !l.second || l.first.lat == null || l.first.lng == null || l.second.lat == null || l.second.lng == null) continue;
    const meters = greatCircleMeters({ lat: l.first.lat, lng: l.first.lng }, { lat: l.second.lat, lng: l.second.lng });
    if (needsFarConfirm(meters)) {
      const message = farConfirmText(meters);
      throw badRequest(message, [{ path: `tripLegs.${i}.locationSecond`, message }]);
    }
  }
}

/**
 * The trip's division: the code given, else the pickup ZIP's (spec 2 §9 'Unable to determine
 * division for ZIP'), else the one a saved trip already has (its code).
 */
export async function resolveDivision(
  client: PoolClient,
  code: string | null | undefined,
  legs: readonly PreparedLeg[],
  current: string | null,
): Promise<string> {
  const byCode = async (code: string) => {
    const { rows } = await client.query<{ id: string }>('select id from divisions where code = $1', [code.toUpperCase()]);
    return rows[0]?.id ?? null;
  };
  if (code) {
    const id = await byCode(code);
    if (!id) throw badRequest(RES_MSG.UNKNOWN_DIVISION(code), [{ path: 'division', message: RES_MSG.UNKNOWN_DIVISION(code) }]);
    return id;
  }
  const at = legs.findIndex((l) => !l.input.canceled);
  const zip = legs[at]?.first?.zip;
  const found = zip ? await divisionForZip(client, zip) : null;
  if (found) return found.id;
  const kept = current ? await byCode(current) : null;
  if (kept) return kept;
  throw badRequest(RES_MSG.NO_DIVISION, [{ path: `tripLegs.${at}.locationFirst`, message: RES_MSG.NO_DIVISION }]);
}
