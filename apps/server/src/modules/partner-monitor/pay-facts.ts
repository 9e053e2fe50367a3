import { loadedMilesOf, milesOfMeters, MILEAGE_ADJUST, MONITOR_MSG, RATE_ADJUST, type DriveAssignment, type PayAdjustmentBasis } from '@tripline/core';
import type { Pool, PoolClient } from 'pg';
import type { GeoServices } from '../../platform/providers/geo.ts';
import { driveBetween } from '../geo/drive.ts';

type Db = Pool | PoolClient;

/** The pay columns of a trip the rate and mileage requests read (dollars and miles; null = none). */
export interface TripPayFacts {
  farmoutRate: number | null;
  farmoutRateDefault: number | null;
  farmoutRateOverride: number | null;
  paidMilesOverride: number | null;
  extraDeadheadMiles: number;
  pendingRate: number;
  pendingMileage: number;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

export async function tripPayFacts(db: Db, tripId: string): Promise<TripPayFacts> {
  const { rows } = await db.query(
    `select da.farmout_rate, da.farmout_rate_default, da.farmout_rate_override, da.paid_miles_override, da.extra_deadhead_miles,
            (select count(*) from partner_activities pa where pa.drive_assignment_id = da.id and pa.status = 'Pending' and pa.action = $2)::int as pending_rate,
            (select count(*) from partner_activities pa where pa.drive_assignment_id = da.id and pa.status = 'Pending' and pa.action = $3)::int as pending_mileage
       from drive_assignments da where da.id = $1`,
    [tripId, RATE_ADJUST, MILEAGE_ADJUST],
  );
  const r = rows[0];
  return {
    farmoutRate: num(r.farmout_rate),
    farmoutRateDefault: num(r.farmout_rate_default),
    farmoutRateOverride: num(r.farmout_rate_override),
    paidMilesOverride: num(r.paid_miles_override),
    extraDeadheadMiles: Number(r.extra_deadhead_miles),
    pendingRate: r.pending_rate,
    pendingMileage: r.pending_mileage,
  };
}

/** The trip's first pickup: the leg with the earliest ordered pickup (will calls and untimed legs last). */
function firstPickupLeg(trip: DriveAssignment) {
  const timed = (t: string | null) => (t && /^\d\d:\d\d/.test(t) ? t : '99');
  return [...trip.tripLegs].sort((a, b) => timed(a.locFirstTimeOrd).localeCompare(timed(b.locFirstTimeOrd)))[0] ?? null;
}

/**
 * Deadhead miles: the drive from the partner's base to the trip's first pickup,
 * through the configured router, to 0.1 mile; or why it is not known.
 */
export async function deadheadMiles(db: Db, geo: GeoServices, trip: DriveAssignment): Promise<{ miles: number } | { problem: string }> {
  if (!trip.farmoutContactId) return { problem: MONITOR_MSG.NO_PARTNER };
  const { rows } = await db.query<{ base_lat: number | null; base_lng: number | null }>('select base_lat, base_lng from contacts where id = $1', [
    trip.farmoutContactId,
  ]);
  const base = rows[0];
  if (!base || base.base_lat === null || base.base_lng === null) return { problem: MONITOR_MSG.NO_BASE };
  const leg = firstPickupLeg(trip);
  const pickup = leg ? { lat: leg.locationFirst.Lat, lng: leg.locationFirst.Lng } : null;
  if (!pickup || pickup.lat === null || pickup.lng === null) return { problem: MONITOR_MSG.NO_PICKUP };
  const drive = await driveBetween(geo, { lat: base.base_lat, lng: base.base_lng }, pickup);
  return drive ? { miles: milesOfMeters(drive.meters) } : { problem: MONITOR_MSG.NO_PICKUP };
}

/** What the rate and mileage dialogs start from (GET adjust-mileage). */
export async function payAdjustmentBasis(db: Db, geo: GeoServices, trip: DriveAssignment): Promise<PayAdjustmentBasis> {
  const facts = await tripPayFacts(db, trip.id);
  const deadhead = await deadheadMiles(db, geo, trip);
  return {
    driveAssignmentId: trip.id,
    farmoutRate: facts.farmoutRate,
    farmoutRateDefault: facts.farmoutRateDefault,
    farmoutRateOverride: facts.farmoutRateOverride,
    loadedMiles: loadedMilesOf(trip.tripLegs),
    paidMilesOverride: facts.paidMilesOverride,
    deadheadMiles: 'miles' in deadhead ? deadhead.miles : null,
    deadheadProblem: 'problem' in deadhead ? deadhead.problem : null,
    extraDeadheadMiles: facts.extraDeadheadMiles,
    pendingRate: facts.pendingRate > 0,
    pendingMileage: facts.pendingMileage > 0,
  };
}
