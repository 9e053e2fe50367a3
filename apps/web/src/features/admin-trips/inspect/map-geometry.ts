import type { DriveAssignment } from '@tripline/core';

// The outline geometry is the shared map module's; the divisions and address maps read it from here too.
export { countiesOfStates, inGeometry, inRing, statesOfStops } from '../../../lib/map/geometry.ts';

/** A stop of a leg on the map. */
export interface MapStop {
  lat: number;
  lng: number;
  kind: 'pickup' | 'dropoff';
  /** e.g. "Leg A pickup: 1200 Main St". */
  label: string;
}

export interface MapLeg {
  whichLeg: string;
  from: [number, number];
  to: [number, number];
}

const isCoord = (lat: number | null, lng: number | null): boolean =>
  lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);

/** The pickup and drop-off of every leg that has coordinates, and a line for each leg that has both. */
export function tripStops(trip: Pick<DriveAssignment, 'tripLegs'>): { stops: MapStop[]; legs: MapLeg[] } {
  const stops: MapStop[] = [];
  const legs: MapLeg[] = [];
  for (const leg of trip.tripLegs) {
    const a = leg.locationFirst;
    const b = leg.locationSecond;
    const hasA = isCoord(a.Lat, a.Lng);
    const hasB = isCoord(b.Lat, b.Lng);
    if (hasA) stops.push({ lat: a.Lat!, lng: a.Lng!, kind: 'pickup', label: `Leg ${leg.whichLeg} pickup: ${a.Address ?? ''}`.trim() });
    if (hasB) stops.push({ lat: b.Lat!, lng: b.Lng!, kind: 'dropoff', label: `Leg ${leg.whichLeg} drop-off: ${b.Address ?? ''}`.trim() });
    if (hasA && hasB) legs.push({ whichLeg: leg.whichLeg, from: [a.Lat!, a.Lng!], to: [b.Lat!, b.Lng!] });
  }
  return { stops, legs };
}
