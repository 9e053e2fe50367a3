/**
 * The partner score of a trip (spec 3 §2 partner picker, docs/partner-score.md): how well a
 * transport partner fits one trip, 0–100, higher is better. Five parts, each worth at most its
 * weight: distance from the partner's base to the pickup, capability for the service type, ZIP
 * coverage of the pickup, the partner's load that day and its acceptance history.
 */
import { metersToMiles } from './rules.ts';

/** Earth radius of the distance estimate (spec 2 §9). */
export const EARTH_RADIUS_KM = 6371;

/** The most each part adds to the score; together 100. */
export const PARTNER_SCORE_WEIGHTS = {
  distance: 30,
  capability: 25,
  zipCoverage: 20,
  acceptance: 15,
  load: 10,
} as const;

/** A base at most this far from the pickup earns the whole distance part. */
export const SCORE_NEAR_KM = 5;
/** From this distance on the distance part is 0 (spec 2 §9: over 150 km is shown as danger). */
export const SCORE_FAR_KM = 150;
/** Trips a vehicle does in a day before the partner counts as fully loaded (GLOSSARY: 8–16). */
export const SCORE_TRIPS_PER_VEHICLE = 12;
/** The window of the acceptance history, in days. */
export const SCORE_HISTORY_DAYS = 90;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in km (haversine on a sphere of radius 6371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What a partner's usable vehicles can carry, summed over the fleet. */
export interface FleetCapacity {
  vehicles: number;
  ambulatorySeats: number;
  wheelchairSeats: number;
  /** Stretcher (Gurney) places. */
  stretchers: number;
}

/** The kind of place a service type needs in a vehicle; null when it needs no vehicle of its own. */
export type SeatNeed = 'ambulatory' | 'wheelchair' | 'stretcher' | 'anyVehicle' | null;

/**
 * Service type codes (spec 2 §3) and names to the place they need (DECISIONS 1: Stretcher needs
 * the Gurney ability). Reimbursements (55, 56, 95, 98) and mass transit (99) need no vehicle.
 */
export function seatNeed(serviceType: string | null | undefined): SeatNeed {
  switch ((serviceType ?? '').trim().toLowerCase()) {
    case '01':
    case 'ambulatory':
    case '06':
    case 'assistant':
      return 'ambulatory';
    case '03':
    case 'wheelchair':
      return 'wheelchair';
    case '05':
    case 'stretcher':
    case 'gurney':
    case '91':
    case 'als':
    case '92':
    case 'bls':
      return 'stretcher';
    case '55':
    case '56':
    case '95':
    case '98':
    case '99':
      return null;
    default:
      return 'anyVehicle';
  }
}

/** Whether a fleet can carry a trip of the service type. */
export function canCarry(fleet: FleetCapacity, serviceType: string | null | undefined): boolean {
  switch (seatNeed(serviceType)) {
    case 'ambulatory':
      return fleet.ambulatorySeats > 0;
    case 'wheelchair':
      return fleet.wheelchairSeats > 0;
    case 'stretcher':
      return fleet.stretchers > 0;
    case 'anyVehicle':
      return fleet.vehicles > 0;
    case null:
      return true;
  }
}

export interface PartnerFacts {
  id: string;
  name: string;
  base: LatLng | null;
  fleet: FleetCapacity;
  /** ZIP codes the partner serves. */
  zips: ReadonlySet<string>;
  /** The partner's trips (not cancelled, not declined) on the trip's service date. */
  tripsThatDay: number;
  /** Trips the partner accepted and declined over the last SCORE_HISTORY_DAYS days. */
  accepted: number;
  declined: number;
}

export interface TripFacts {
  serviceType: string | null;
  pickup: LatLng | null;
  pickupZip: string | null;
}

export interface PartnerScore {
  score: number;
  /** Base to pickup, in miles to 0.1 (DECISIONS 12), as every distance the product shows. */
  distanceMiles: number | null;
  capable: boolean;
  zipCovered: boolean;
  tripsThatDay: number;
  acceptanceRate: number | null;
}

/** The score of a partner for several trips at once (a bulk assignment). */
export interface GroupScore extends PartnerScore {
  /** How many of the trips' pickup ZIP codes the partner serves. */
  covered: number;
  trips: number;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The distance part's share: 1 up to SCORE_NEAR_KM, falling evenly to 0 at SCORE_FAR_KM; ½ when unknown. */
export function distanceShare(km: number | null): number {
  if (km === null) return 0.5;
  return clamp01((SCORE_FAR_KM - km) / (SCORE_FAR_KM - SCORE_NEAR_KM));
}

/** The load part's share: 1 with no trips that day, 0 once every vehicle has a full day. */
export function loadShare(tripsThatDay: number, vehicles: number): number {
  if (vehicles <= 0) return 0;
  return clamp01(1 - tripsThatDay / (vehicles * SCORE_TRIPS_PER_VEHICLE));
}

/** accepted ÷ (accepted + declined); null without any answer in the window. */
export function acceptanceRate(accepted: number, declined: number): number | null {
  const answered = accepted + declined;
  return answered > 0 ? accepted / answered : null;
}

/** The score of one partner for one trip, with its parts (docs/partner-score.md). */
export function scorePartner(trip: TripFacts, partner: PartnerFacts): PartnerScore {
  const W = PARTNER_SCORE_WEIGHTS;
  const distanceKm = trip.pickup && partner.base ? haversineKm(partner.base, trip.pickup) : null;
  const capable = canCarry(partner.fleet, trip.serviceType);
  const zipCovered = !!trip.pickupZip && partner.zips.has(trip.pickupZip);
  const rate = acceptanceRate(partner.accepted, partner.declined);
  const raw =
    W.distance * distanceShare(distanceKm) +
    (capable ? W.capability : 0) +
    (zipCovered ? W.zipCoverage : 0) +
    // no history yet: neither rewarded nor punished
    W.acceptance * (rate ?? 0.5) +
    W.load * loadShare(partner.tripsThatDay, partner.fleet.vehicles);
  return {
    score: round1(raw),
    distanceMiles: kmToMiles(distanceKm),
    capable,
    zipCovered,
    tripsThatDay: partner.tripsThatDay,
    acceptanceRate: rate === null ? null : Math.round(rate * 1000) / 1000,
  };
}

/** Kilometres to miles to 0.1 mile (DECISIONS 12); null stays null. */
export function kmToMiles(km: number | null): number | null {
  return km === null ? null : metersToMiles(km * 1000);
}

/**
 * The score of one partner for several trips (a bulk assignment, docs/partner-score.md): the mean
 * of its score for each trip, the mean of the known distances, capable when it can carry every
 * trip, ZIP-covered when it serves every pickup, and how many pickups it serves. For one trip it
 * is scorePartner's answer.
 */
export function scorePartnerForTrips(trips: readonly TripFacts[], partner: PartnerFacts): GroupScore {
  if (trips.length === 0) throw new Error('scorePartnerForTrips needs at least one trip');
  const each = trips.map((t) => ({ score: scorePartner(t, partner), km: t.pickup && partner.base ? haversineKm(partner.base, t.pickup) : null }));
  const known = each.flatMap((e) => (e.km === null ? [] : [e.km]));
  const covered = each.filter((e) => e.score.zipCovered).length;
  const first = each[0].score;
  return {
    score: round1(each.reduce((sum, e) => sum + e.score.score, 0) / each.length),
    distanceMiles: kmToMiles(known.length ? known.reduce((a, b) => a + b, 0) / known.length : null),
    capable: each.every((e) => e.score.capable),
    zipCovered: covered === trips.length,
    tripsThatDay: first.tripsThatDay,
    acceptanceRate: first.acceptanceRate,
    covered,
    trips: trips.length,
  };
}

/** Best first: higher score, then name (case-insensitive), then id so the order is total. */
export function byScore<T extends { score: number; name: string; id?: string; providerId?: string }>(a: T, b: T): number {
  if (b.score !== a.score) return b.score - a.score;
  const byName = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  if (byName !== 0) return byName;
  const ia = a.providerId ?? a.id ?? '';
  const ib = b.providerId ?? b.id ?? '';
  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

/** The candidates sorted best first (a new array). */
export function sortByScore<T extends { score: number; name: string; id?: string; providerId?: string }>(list: readonly T[]): T[] {
  return [...list].sort(byScore);
}
