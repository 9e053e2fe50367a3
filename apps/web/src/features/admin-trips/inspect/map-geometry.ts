import type { DriveAssignment } from '@tripline/core';

// The outline geometry is the shared map module's; the divisions and address maps read it from here too.
export { countiesOfStates, inGeometry, inRing, statesOfStops, type MapLeg, type MapStop } from '../../../lib/map/geometry.ts';
import { routeOf, type MapLeg, type MapStop } from '../../../lib/map/geometry.ts';

/** The pickup and drop-off of every leg that has coordinates, and a line for each leg that has both. */
export function tripStops(trip: Pick<DriveAssignment, 'tripLegs'>): { stops: MapStop[]; legs: MapLeg[] } {
  return routeOf(
    trip.tripLegs.map((leg) => ({
      whichLeg: leg.whichLeg,
      pickup: { lat: leg.locationFirst.Lat, lng: leg.locationFirst.Lng, place: leg.locationFirst.Address },
      dropOff: { lat: leg.locationSecond.Lat, lng: leg.locationSecond.Lng, place: leg.locationSecond.Address },
    })),
  );
}
