/**
 * Distances between stops (spec 2 §5, §9; DECISIONS 12): the colour of a leg's distance, the
 * far-away confirmation, and the offline drive estimate (great-circle distance on a 6371 km sphere
 * times a road factor, at an average speed).
 */
import { haversineKm, type LatLng } from '../trips/partner-score.ts';

/** Over this many km between stops the distance shows as a warning (spec 2 §9). */
export const DISTANCE_WARNING_KM = 70;
/** Over this many km between stops the distance shows as danger (spec 2 §9). */
export const DISTANCE_DANGER_KM = 150;
/** Above this many km between pickup and destination, saving asks to confirm (spec 2 §5, §9). */
export const FAR_CONFIRM_KM = 300;
/** Roads are longer than the straight line between two points by about this factor. */
export const ROAD_FACTOR = 1.3;
/** Average driving speed of the estimate when none is configured (ROUTING_SPEED_KMH), km/h. */
export const DEFAULT_SPEED_KMH = 40;
/** Places near a point are looked for in a box this many degrees either side of it. */
export const NEARBY_BOX_DEGREES = 0.05;

export type DistanceLevel = 'ok' | 'warning' | 'danger';

/** The colour of a distance between stops: over 150 km danger, over 70 km warning, else ok. */
export function distanceLevel(meters: number): DistanceLevel {
  if (meters > DISTANCE_DANGER_KM * 1000) return 'danger';
  if (meters > DISTANCE_WARNING_KM * 1000) return 'warning';
  return 'ok';
}

/** A pickup and destination more than 300 km apart ask for confirmation before saving. */
export function needsFarConfirm(meters: number | null | undefined): boolean {
  return meters != null && meters > FAR_CONFIRM_KM * 1000;
}

/** The question asked before saving stops that far apart. */
export function farConfirmText(meters: number): string {
  return `The pickup and destination are ${Math.round(meters / 1000)} km apart (more than ${FAR_CONFIRM_KM} km). Save anyway?`;
}

/** Great-circle distance in whole meters. */
export function greatCircleMeters(a: LatLng, b: LatLng): number {
  return Math.round(haversineKm(a, b) * 1000);
}

export interface DriveEstimate {
  meters: number;
  seconds: number;
  secondsNoTraffic: number;
}

/** The offline drive estimate: great-circle × 1.3 at an average speed; it knows no traffic. */
export function estimateDrive(from: LatLng, to: LatLng, speedKmh: number = DEFAULT_SPEED_KMH): DriveEstimate {
  if (!(speedKmh > 0)) throw new RangeError(`The driving speed must be above 0 km/h, not ${speedKmh}`);
  const meters = Math.round(haversineKm(from, to) * 1000 * ROAD_FACTOR);
  const seconds = Math.round(meters / ((speedKmh * 1000) / 3600));
  return { meters, seconds, secondsNoTraffic: seconds };
}

/** The box of places near a point: ±0.05° of latitude and longitude. */
export function nearbyBox(at: LatLng, degrees: number = NEARBY_BOX_DEGREES) {
  return { minLat: at.lat - degrees, maxLat: at.lat + degrees, minLng: at.lng - degrees, maxLng: at.lng + degrees };
}

/** The distance is asked again this long after the last change of an address or time (spec 2 §9). */
export const DISTANCE_RECALC_MS = 100;
