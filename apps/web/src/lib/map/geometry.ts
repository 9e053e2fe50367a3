import type { Feature, Geometry, Position } from 'geojson';

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

/** One end of a leg as a route is drawn from it: where, and the words of its tooltip. */
export interface RoutePoint {
  lat: number | null;
  lng: number | null;
  place: string | null;
}

/** The pickup and drop-off of every leg that has coordinates, and a line for each leg that has both. */
export function routeOf(legs: readonly { whichLeg: string; pickup: RoutePoint; dropOff: RoutePoint }[]): { stops: MapStop[]; legs: MapLeg[] } {
  const stops: MapStop[] = [];
  const lines: MapLeg[] = [];
  for (const { whichLeg, pickup: a, dropOff: b } of legs) {
    const hasA = isCoord(a.lat, a.lng);
    const hasB = isCoord(b.lat, b.lng);
    if (hasA) stops.push({ lat: a.lat!, lng: a.lng!, kind: 'pickup', label: `Leg ${whichLeg} pickup: ${a.place ?? ''}`.trim() });
    if (hasB) stops.push({ lat: b.lat!, lng: b.lng!, kind: 'dropoff', label: `Leg ${whichLeg} drop-off: ${b.place ?? ''}`.trim() });
    if (hasA && hasB) lines.push({ whichLeg, from: [a.lat!, a.lng!], to: [b.lat!, b.lng!] });
  }
  return { stops, legs: lines };
}

/** West, south, east, north in degrees. */
export type Box = readonly [west: number, south: number, east: number, north: number];

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

/** The ids (two-digit FIPS codes in us-atlas) of the states that hold the points. */
export function statesOfStops(stops: readonly { lat: number; lng: number }[], states: readonly Feature[]): string[] {
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

/** The smallest box around a polygon's outer rings; null for geometries without area. */
export function boxOf(geometry: Geometry | null): Box | null {
  if (!geometry) return null;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const rings of polygons) {
    for (const [lng, lat] of rings[0] ?? []) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return west <= east ? [west, south, east, north] : null;
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * The ids of the states whose outline box meets the view, in id order: the states whose counties
 * a map draws. A rough test (boxes, not shapes) is enough: a state drawn at the view's edge costs
 * little, one left out would leave a blank.
 */
export function statesInView(stateBoxes: ReadonlyMap<string, Box>, view: Box): string[] {
  const ids: string[] = [];
  for (const [id, box] of stateBoxes) if (overlaps(box, view)) ids.push(id);
  return ids.sort();
}
