import type { DriveAssignment } from '@tripline/core';
import RouteMap from '../../../lib/map/RouteMap.tsx';
import { tripStops } from './map-geometry.ts';

/** The Map tab of trip inspect (and the portal's trip page): the trip's legs on the shared route map. */
export default function TripMap({ trip }: { trip: Pick<DriveAssignment, 'id' | 'tripLegs'> }) {
  const { stops, legs } = tripStops(trip);
  return <RouteMap stops={stops} legs={legs} label="Map of the trip's stops" emptyText="This trip has no geocoded pickup or drop-off to show on the map." />;
}
