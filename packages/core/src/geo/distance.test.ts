import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, metersToMiles } from '../trips/index.ts';
import {
  DISTANCE_DANGER_KM,
  DISTANCE_WARNING_KM,
  FAR_CONFIRM_KM,
  distanceLevel,
  estimateDrive,
  farConfirmText,
  greatCircleMeters,
  nearbyBox,
  needsFarConfirm,
  ROAD_FACTOR,
} from './distance.ts';

describe('distanceLevel (spec 2 §9: over 70 km warning, over 150 km danger)', () => {
  it('is ok up to and at 70 km', () => {
    expect(distanceLevel(0)).toBe('ok');
    expect(distanceLevel(70_000)).toBe('ok');
  });
  it('is a warning just over 70 km and at 150 km', () => {
    expect(distanceLevel(70_001)).toBe('warning');
    expect(distanceLevel(150_000)).toBe('warning');
  });
  it('is danger just over 150 km', () => {
    expect(distanceLevel(150_001)).toBe('danger');
    expect(distanceLevel(1_000_000)).toBe('danger');
  });
  it('keeps the thresholds of the spec', () => {
    expect([DISTANCE_WARNING_KM, DISTANCE_DANGER_KM, FAR_CONFIRM_KM]).toEqual([70, 150, 300]);
  });
});

describe('needsFarConfirm (spec 2 §5: more than 300 km between pickup and destination)', () => {
  it('does not ask at 300 km or for an unknown distance', () => {
    expect(needsFarConfirm(300_000)).toBe(false);
    expect(needsFarConfirm(null)).toBe(false);
    expect(needsFarConfirm(undefined)).toBe(false);
  });
  it('asks just above 300 km', () => {
    expect(needsFarConfirm(300_001)).toBe(true);
    expect(farConfirmText(412_400)).toBe('The pickup and destination are 412 km apart (more than 300 km). Save anyway?');
  });
});

describe('great-circle distance and the drive estimate', () => {
  const albuquerque = { lat: 35.0844, lng: -106.6504 };
  const santaFe = { lat: 35.687, lng: -105.9378 };

  it('measures on a sphere of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // a quarter of the equator
    expect(greatCircleMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBe(Math.round((Math.PI / 2) * 6371 * 1000));
    expect(greatCircleMeters(albuquerque, albuquerque)).toBe(0);
    const d = greatCircleMeters(albuquerque, santaFe);
    expect(d).toBeGreaterThan(92_000);
    expect(d).toBeLessThan(94_000);
  });

  it('drives 1.3 times the straight line at the speed given, without traffic', () => {
    const straight = greatCircleMeters(albuquerque, santaFe);
    const e = estimateDrive(albuquerque, santaFe, 60);
    expect(ROAD_FACTOR).toBe(1.3);
    expect(Math.abs(e.meters - straight * 1.3)).toBeLessThanOrEqual(1);
    expect(e.seconds).toBe(Math.round(e.meters / (60_000 / 3600)));
    expect(e.secondsNoTraffic).toBe(e.seconds);
    expect(estimateDrive(albuquerque, santaFe).seconds).toBe(Math.round(e.meters / (40_000 / 3600)));
  });

  it('refuses a speed that is not above 0', () => {
    expect(() => estimateDrive(albuquerque, santaFe, 0)).toThrow(RangeError);
    expect(() => estimateDrive(albuquerque, santaFe, Number.NaN)).toThrow(RangeError);
  });

  it('shows miles per DECISIONS 12', () => {
    expect(metersToMiles(estimateDrive(albuquerque, santaFe, 60).meters)).toBeCloseTo(straightMiles(albuquerque, santaFe), 0);
  });

  it('looks for places 0.05° either side of a point', () => {
    expect(nearbyBox({ lat: 35, lng: -106 })).toEqual({ minLat: 34.95, maxLat: 35.05, minLng: -106.05, maxLng: -105.95 });
  });
});

function straightMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  return (greatCircleMeters(a, b) * 1.3 * 0.000621371);
}
