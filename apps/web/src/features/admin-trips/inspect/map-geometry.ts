import type { Feature, Geometry, Position } from 'geojson';
import type { DriveAssignment } from '@tripline/core';

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

/** Ray casting: whether [lng, lat] lies inside a closed ring of [lng, lat] positions. */
export function inRing(point: Position, ring: readonly Position[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inPolygon(point: Position, rings: readonly (readonly Position[])[]): boolean {
  if (rings.length === 0 || !inRing(point, rings[0])) return false;
  // the other rings are holes
  return !rings.slice(1).some((hole) => inRing(point, hole));
}

/** Whether a Polygon or MultiPolygon holds [lng, lat]; other geometries hold nothing. */
export function inGeometry(point: Position, geometry: Geometry | null): boolean {
  if (!geometry) return false;
  if (geometry.type === 'Polygon') return inPolygon(point, geometry.coordinates);
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.some((p) => inPolygon(point, p));
  return false;
}

/** The ids (two-digit FIPS codes in us-atlas) of the states that hold the stops. */
export function statesOfStops(stops: readonly Pick<MapStop, 'lat' | 'lng'>[], states: readonly Feature[]): string[] {
  const found = new Set<string>();
  for (const s of stops) {
    const state = states.find((f) => inGeometry([s.lng, s.lat], f.geometry));
    if (state?.id !== undefined) found.add(String(state.id));
  }
  return [...found].sort();
}

/** The counties of those states: a county's five-digit FIPS code starts with its state's. */
export function countiesOfStates<F extends Feature>(counties: readonly F[], stateIds: readonly string[]): F[] {
  const wanted = new Set(stateIds);
  return counties.filter((c) => c.id !== undefined && wanted.has(String(c.id).padStart(5, '0').slice(0, 2)));
}
