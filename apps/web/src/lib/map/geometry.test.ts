import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { boxOf, statesInView, type Box } from './geometry.ts';

const ring = (x: number, y: number, s: number) => [[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]];

describe('outline boxes', () => {
  it('spans every part of a multipolygon and ignores holes', () => {
    const poly: Polygon = { type: 'Polygon', coordinates: [ring(-110, 30, 10), ring(-120, 0, 50)] };
    expect(boxOf(poly)).toEqual([-110, 30, -100, 40]);
    expect(boxOf({ type: 'MultiPolygon', coordinates: [[ring(-110, 30, 1)], [ring(-90, 40, 2)]] })).toEqual([-110, 30, -88, 42]);
  });
  it('is null for geometries without area', () => {
    expect(boxOf(null)).toBeNull();
    expect(boxOf({ type: 'Point', coordinates: [1, 2] })).toBeNull();
    expect(boxOf({ type: 'MultiPolygon', coordinates: [] })).toBeNull();
  });
});

describe('states in view', () => {
  const boxes = new Map<string, Box>([
    ['35', [-109, 31, -103, 37]],
    ['08', [-109, 37, -102, 41]],
    ['04', [-115, 31, -109, 37]],
  ]);
  it('names the states whose box meets the view, in id order', () => {
    expect(statesInView(boxes, [-107, 35, -106, 36])).toEqual(['35']);
    expect(statesInView(boxes, [-110, 36, -106, 38])).toEqual(['04', '08', '35']);
  });
  it('counts a shared edge as meeting and a view beside every state as none', () => {
    expect(statesInView(boxes, [-103, 30, -100, 31])).toEqual(['35']);
    expect(statesInView(boxes, [-90, 30, -80, 40])).toEqual([]);
  });
});
