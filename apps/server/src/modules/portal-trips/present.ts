import { isPortalUser, portalViewerOf, projectPortalTrip, type DriveAssignment, type PortalTrip } from '@tripline/core';
import type { SessionUser } from '../../platform/auth/users.ts';

/**
 * The one presenter of trips for portal roles: every answer and live row a case
 * manager or passenger receives goes through here, and is core's PortalTrip projection of the
 * trip. Staff and partners are not portal users and keep the whole trip.
 */
export const presentsPortal = (user: SessionUser | null): user is SessionUser => user !== null && isPortalUser(user);

/** One trip as a portal user receives it. */
export function presentPortalTrip(user: SessionUser, trip: DriveAssignment, now: Date): PortalTrip {
  return projectPortalTrip(trip, portalViewerOf(user), now);
}

/** Trips as a portal user receives them. */
export function presentPortalTrips(user: SessionUser, trips: readonly DriveAssignment[], now: Date): PortalTrip[] {
  const viewer = portalViewerOf(user);
  return trips.map((t) => projectPortalTrip(t, viewer, now));
}

/**
 * A trip's JSON for a live subscriber: for a portal user, its projection (built per subscriber
 * and change; portal users watch few trips); for anyone else the text kept for everyone.
 */
export function portalLiveJson(user: SessionUser, json: string, now: Date): string {
  if (!isPortalUser(user)) return json;
  return JSON.stringify(presentPortalTrip(user, JSON.parse(json) as DriveAssignment, now));
}
