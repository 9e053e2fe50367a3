import { describe, expect, it } from 'vitest';
import {
  acceptanceRate,
  canCarry,
  distanceShare,
  haversineKm,
  kmToMiles,
  loadShare,
  PARTNER_SCORE_WEIGHTS,
  scorePartner,
  scorePartnerForTrips,
  seatNeed,
  sortByScore,
  type PartnerFacts,
} from './partner-score.ts';

const ABQ = { lat: 35.0844, lng: -106.6504 };
const SANTA_FE = { lat: 35.687, lng: -105.9378 };
const FLEET = { vehicles: 3, ambulatorySeats: 9, wheelchairSeats: 2, stretchers: 0 };

const partner = (over: Partial<PartnerFacts> = {}): PartnerFacts => ({
  id: 'p1', name: 'Sandia Mobility', base: ABQ, fleet: FLEET, zips: new Set(['87102']), tripsThatDay: 0, accepted: 0, declined: 0, ...over,
});
const trip = { serviceType: '01', pickup: ABQ, pickupZip: '87102' };

describe('haversineKm', () => {
  it('is 0 for the same point and about 93 km from Albuquerque to Santa Fe (radius 6371 km)', () => {
    expect(haversineKm(ABQ, ABQ)).toBe(0);
    expect(haversineKm(ABQ, SANTA_FE)).toBeCloseTo(93.3, 0);
    expect(haversineKm(ABQ, SANTA_FE)).toBeCloseTo(haversineKm(SANTA_FE, ABQ), 9);
  });
  it('is a quarter of the circumference from the equator to the pole', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo((Math.PI * 6371) / 2, 6);
  });
});

describe('capability', () => {
  it('maps service types to the place they need', () => {
    expect(seatNeed('01')).toBe('ambulatory');
    expect(seatNeed('Ambulatory')).toBe('ambulatory');
    expect(seatNeed('03')).toBe('wheelchair');
    expect(seatNeed('05')).toBe('stretcher');
    expect(seatNeed('Stretcher')).toBe('stretcher');
    expect(seatNeed('99')).toBeNull();
    expect(seatNeed('80')).toBe('anyVehicle');
  });
  it('needs wheelchair seats for 03 and a stretcher (Gurney) for 05', () => {
    expect(canCarry(FLEET, '01')).toBe(true);
    expect(canCarry(FLEET, '03')).toBe(true);
    expect(canCarry(FLEET, '05')).toBe(false);
    expect(canCarry({ ...FLEET, wheelchairSeats: 0 }, '03')).toBe(false);
    expect(canCarry({ ...FLEET, stretchers: 1 }, '05')).toBe(true);
    expect(canCarry({ vehicles: 0, ambulatorySeats: 0, wheelchairSeats: 0, stretchers: 0 }, '80')).toBe(false);
    expect(canCarry({ vehicles: 0, ambulatorySeats: 0, wheelchairSeats: 0, stretchers: 0 }, '55')).toBe(true);
  });
});

describe('parts of the score', () => {
  it('distance: whole up to 5 km, none from 150 km, half when unknown', () => {
    expect(distanceShare(0)).toBe(1);
    expect(distanceShare(5)).toBe(1);
    expect(distanceShare(77.5)).toBeCloseTo(0.5, 9);
    expect(distanceShare(150)).toBe(0);
    expect(distanceShare(400)).toBe(0);
    expect(distanceShare(null)).toBe(0.5);
  });
  it('load: whole with no trips, none once every vehicle has 12 trips, none without vehicles', () => {
    expect(loadShare(0, 3)).toBe(1);
    expect(loadShare(18, 3)).toBe(0.5);
    expect(loadShare(36, 3)).toBe(0);
    expect(loadShare(50, 3)).toBe(0);
    expect(loadShare(0, 0)).toBe(0);
  });
  it('acceptance: accepted ÷ (accepted + declined), null without answers', () => {
    expect(acceptanceRate(0, 0)).toBeNull();
    expect(acceptanceRate(3, 1)).toBe(0.75);
    expect(acceptanceRate(0, 2)).toBe(0);
  });
  it('weights add up to 100', () => {
    expect(Object.values(PARTNER_SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('scorePartner', () => {
  it('gives 100 to a capable partner at the pickup, covering its ZIP, idle, that accepts everything', () => {
    expect(scorePartner(trip, partner({ accepted: 10 }))).toEqual({
      score: 100, distanceMiles: 0, capable: true, zipCovered: true, tripsThatDay: 0, acceptanceRate: 1,
    });
  });
  it('takes away each part on its own', () => {
    const base = scorePartner(trip, partner({ accepted: 10 })).score;
    expect(scorePartner({ ...trip, serviceType: '05' }, partner({ accepted: 10 })).score).toBe(base - 25);
    expect(scorePartner({ ...trip, pickupZip: '87501' }, partner({ accepted: 10 })).score).toBe(base - 20);
    expect(scorePartner(trip, partner({ accepted: 0, declined: 4 })).score).toBe(base - 15);
    expect(scorePartner(trip, partner({ accepted: 10, tripsThatDay: 36 })).score).toBe(base - 10);
    expect(scorePartner({ ...trip, pickup: { lat: 40, lng: -100 } }, partner({ accepted: 10 })).score).toBe(base - 30);
  });
  it('counts no history as half the acceptance part and an unknown place as half the distance part', () => {
    expect(scorePartner(trip, partner()).score).toBe(92.5);
    expect(scorePartner({ ...trip, pickup: null }, partner({ accepted: 1 })).score).toBe(85);
    expect(scorePartner(trip, partner({ base: null, accepted: 1 })).distanceMiles).toBeNull();
  });
  it('is not ZIP-covered without a pickup ZIP', () => {
    expect(scorePartner({ ...trip, pickupZip: null }, partner()).zipCovered).toBe(false);
  });
});

describe('distance in miles (DECISIONS 12)', () => {
  it('converts with 0.000621371 per metre and rounds to 0.1 mile', () => {
    expect(kmToMiles(null)).toBeNull();
    expect(kmToMiles(0)).toBe(0);
    expect(kmToMiles(1.609344)).toBe(1);
    expect(kmToMiles(100)).toBe(62.1);
    // 0.05 mile is 80.47 m: below rounds down, above rounds up
    expect(kmToMiles(0.08)).toBe(0);
    expect(kmToMiles(0.081)).toBe(0.1);
  });
  it('answers the distance from base to pickup in miles: Albuquerque to Santa Fe is about 58 miles', () => {
    expect(scorePartner({ ...trip, pickup: SANTA_FE }, partner()).distanceMiles).toBe(kmToMiles(haversineKm(ABQ, SANTA_FE)));
    expect(scorePartner({ ...trip, pickup: SANTA_FE }, partner()).distanceMiles).toBeCloseTo(58, 0);
  });
  it('scores the distance in km as before: 150 km (93.2 miles) and beyond earns nothing', () => {
    const far = { lat: ABQ.lat + 150 / 111.195, lng: ABQ.lng };
    expect(scorePartner({ ...trip, pickup: far }, partner({ accepted: 1 })).score).toBeCloseTo(70, 1);
  });
});

describe('scorePartnerForTrips (bulk assignment)', () => {
  const santaFe = { serviceType: '01', pickup: SANTA_FE, pickupZip: '87501' };
  it('is scorePartner for one trip, with the coverage count', () => {
    const one = scorePartnerForTrips([trip], partner());
    expect(one).toEqual({ ...scorePartner(trip, partner()), covered: 1, trips: 1 });
    expect(scorePartnerForTrips([santaFe], partner())).toMatchObject({ zipCovered: false, covered: 0, trips: 1 });
  });
  it('averages the scores and the known distances, counts the pickups served', () => {
    const both = scorePartnerForTrips([trip, santaFe, { ...trip, pickup: null }], partner());
    const scores = [trip, santaFe, { ...trip, pickup: null }].map((t) => scorePartner(t, partner()).score);
    expect(both.score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / 3, 1);
    expect(both.distanceMiles).toBe(kmToMiles(haversineKm(ABQ, SANTA_FE) / 2));
    expect(both).toMatchObject({ covered: 2, trips: 3, zipCovered: false, capable: true });
  });
  it('is capable only when it can carry every trip, covered only when it serves every pickup', () => {
    expect(scorePartnerForTrips([trip, { ...trip, serviceType: '05' }], partner()).capable).toBe(false);
    expect(scorePartnerForTrips([trip, trip], partner())).toMatchObject({ zipCovered: true, covered: 2, trips: 2 });
  });
  it('has no distance when no place is known, and needs a trip', () => {
    expect(scorePartnerForTrips([{ ...trip, pickup: null }], partner()).distanceMiles).toBeNull();
    expect(() => scorePartnerForTrips([], partner())).toThrow();
  });
});

describe('sortByScore', () => {
  it('puts the best first and breaks ties by name, then id', () => {
    const list = [
      { providerId: 'b', name: 'Zia Rides', score: 80 },
      { providerId: 'a', name: 'bosque', score: 80 },
      { providerId: 'c', name: 'Acme', score: 95 },
      { providerId: 'd', name: 'Acme', score: 10 },
      { providerId: 'e', name: 'acme', score: 10 },
    ];
    expect(sortByScore(list).map((p) => p.providerId)).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(list[0].providerId).toBe('b');
  });
});
