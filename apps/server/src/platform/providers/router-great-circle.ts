/**
 * The default router, offline: the great-circle distance (sphere of 6371 km) times a road factor
 * of 1.3, driven at a configured average speed (core's estimateDrive). It knows no traffic, so
 * both durations are equal.
 */
import { DEFAULT_SPEED_KMH, estimateDrive } from '@tripline/core';
import type { Router } from './geo.ts';

export function greatCircleRouter(speedKmh = DEFAULT_SPEED_KMH): Router {
  if (!(speedKmh > 0)) throw new Error(`The driving speed must be above 0 km/h, not ${speedKmh}`);
  return {
    drive: async (from, to) => estimateDrive(from, to, speedKmh),
    table: async (points) => points.map((a) => points.map((b) => estimateDrive(a, b, speedKmh))),
  };
}
