import { describe, expect, it } from 'vitest';
import type { Feature, Polygon } from 'geojson';
import type { DriveAssignment, TripLeg } from '@tripline/core';
import { countiesOfStates, inGeometry, inRing, statesOfStops, tripStops } from './map-geometry.ts';

const square = (id: string, x0: number, y0: number, size: number, hole?: [number, number, number]): Feature<Polygon> => {
  const ring = (x: number, y: number, s: number) => [[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]];
  return { type: 'Feature', id, properties: {}, geometry: { type: 'Polygon', coordinates: hole ? [ring(x0, y0, size), ring(...hole)] : [ring(x0, y0, size)] } };
};

describe('point in polygon', () => {
  it('finds a point inside a ring and not outside it', () => {
    const ring = square('x', 0, 0, 10).geometry.coordinates[0];
    expect(inRing([5, 5], ring)).toBe(true);
    expect(inRing([15, 5], ring)).toBe(false);
  });
  it('leaves out holes and reads multipolygons', () => {
    const withHole = square('x', 0, 0, 10, [4, 4, 2]).geometry;
    expect(inGeometry([5, 5], withHole)).toBe(false);
    expect(inGeometry([1, 1], withHole)).toBe(true);
    expect(inGeometry([21, 21], { type: 'MultiPolygon', coordinates: [square('a', 0, 0, 1).geometry.coordinates, square('b', 20, 20, 2).geometry.coordinates] })).toBe(true);
    expect(inGeometry([1, 1], null)).toBe(false);
  });
});

describe('states and counties of the stops', () => {
  // two "states" side by side: 35 from x -110 to -100, 08 from -100 to -90 (lng, lat)
  const states = [square('35', -110, 30, 10), square('08', -100, 30, 10)];
  it('names each state holding a stop once, in order', () => {
    expect(statesOfStops([{ lat: 35, lng: -105 }, { lat: 36, lng: -95 }, { lat: 35.5, lng: -104 }, { lat: 0, lng: 0 }], states)).toEqual(['08', '35']);
  });
  it('keeps the counties of those states by the FIPS prefix', () => {
    const counties = [square('35001', 0, 0, 1), square('08031', 0, 0, 1), square('04013', 0, 0, 1)];
    expect(countiesOfStates(counties, ['35']).map((c) => c.id)).toEqual(['35001']);
    expect(countiesOfStates(counties, ['08', '35']).map((c) => c.id)).toEqual(['35001', '08031']);
  });
});

describe('tripStops', () => {
  const loc = (Lat: number | null, Lng: number | null, Address = 'x') => ({ Id: null, Address, Lat, Lng });
  const leg = (whichLeg: string, a: ReturnType<typeof loc>, b: ReturnType<typeof loc>) => ({ whichLeg, locationFirst: a, locationSecond: b }) as unknown as TripLeg;
  it('maps the stops with coordinates and draws a line for each complete leg', () => {
    const trip = { tripLegs: [leg('A', loc(35.1, -106.6, '1 Main St'), loc(35.2, -106.5)), leg('B', loc(35.2, -106.5), loc(null, null))] } as Pick<DriveAssignment, 'tripLegs'>;
    const { stops, legs } = tripStops(trip);
    expect(stops.map((s) => s.label)).toEqual(['Leg A pickup: 1 Main St', 'Leg A drop-off: x', 'Leg B pickup: x']);
    expect(legs).toEqual([{ whichLeg: 'A', from: [35.1, -106.6], to: [35.2, -106.5] }]);
  });
});
