/** The drive between two stops, through the configured router (spec 2 §9 distance and times). */
import type { Drive, GeoPoint, GeoServices } from '../../platform/providers/geo.ts';

/** Arriving at or leaving at a time, where the router knows traffic. */
export interface DriveTime {
  arrival?: Date;
  departure?: Date;
}

const placed = (p: { lat: number | null; lng: number | null } | null): p is GeoPoint =>
  p != null && p.lat != null && p.lng != null && Number.isFinite(p.lat) && Number.isFinite(p.lng);

/** The drive from one point to another, or null when either has no location. */
export async function driveBetween(
  geo: GeoServices,
  from: { lat: number | null; lng: number | null } | null,
  to: { lat: number | null; lng: number | null } | null,
  at?: DriveTime,
): Promise<Drive | null> {
  if (!placed(from) || !placed(to)) return null;
  return geo.router.drive({ lat: from.lat, lng: from.lng }, { lat: to.lat, lng: to.lng }, at);
}
