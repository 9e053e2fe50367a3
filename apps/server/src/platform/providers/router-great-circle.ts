/**
 * The default router, offline: the great-circle distance (sphere of 6371 km) times a road factor
 * of 1.3, driven at a configured average speed. It knows no traffic, so both durations are equal.
 */
import { haversineKm } from '@tripline/core';
import type { Drive, GeoPoint, Router } from './geo.ts';

/** Roads are longer than the straight line between two points by about this factor. */
export const ROAD_FACTOR = 1.3;
/** Average driving speed when none is configured (ROUTING_SPEED_KMH). */
export const DEFAULT_SPEED_KMH = 40;

export function greatCircleRouter(speedKmh = DEFAULT_SPEED_KMH): Router {
  if (!(speedKmh > 0)) throw new Error(`The driving speed must be above 0 km/h, not ${speedKmh}`);
  const metersPerSecond = (speedKmh * 1000) / 3600;
  const drive = (from: GeoPoint, to: GeoPoint): Drive => {
    const meters = Math.round(haversineKm(from, to) * 1000 * ROAD_FACTOR);
    const seconds = Math.round(meters / metersPerSecond);
    return { meters, seconds, secondsNoTraffic: seconds };
  };
  return {
    drive: async (from, to) => drive(from, to),
    table: async (points) => points.map((a) => points.map((b) => drive(a, b))),
  };
}
