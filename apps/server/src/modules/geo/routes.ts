import { contract, GEO_MSG, type DistanceResult } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import { findAddress } from './addresses.ts';
import { driveBetween } from './drive.ts';
import { addressLine, geocodeAnswer, geocodeText } from './geocode.ts';
import { addressOptions, autocompleteCities, placesNearby } from './lookups.ts';

/**
 * Geocoding, distance, the passenger's saved addresses, cities and places (spec 2 §7, 3 §5, §7;
 * DECISIONS 11): staff only; every one reads and none writes.
 */
export function geoRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.mapTiles, async () => ({ url: deps.config.mapTiles?.url ?? null, attribution: deps.config.mapTiles?.attribution ?? '' }));

  route(app, contract.geocodeAddress, async ({ query }) => geocodeAnswer(query.address, await geocodeText(deps.geo.geocoder, query.address)));

  route(app, contract.geocodeAddressParts, async ({ body }) => {
    const parts = typeof body.address === 'string' ? null : body.address;
    const text = parts ? addressLine(parts) : (body.address as string);
    if (!text) return geocodeAnswer(text, { place: null, warning: null, failed: false, custom: false }, parts?.suite || null);
    return geocodeAnswer(text, await geocodeText(deps.geo.geocoder, text), parts?.suite || null);
  });

  route(app, contract.distance, async ({ query }): Promise<DistanceResult> => {
    let from = query.origin ?? null;
    let to = query.destination ?? null;
    if (query.ids) {
      const [a, b] = await Promise.all(query.ids.map((id) => findAddress(deps.pool, id)));
      if (!a || !b) throw notFound(GEO_MSG.UNKNOWN_ADDRESS);
      [from, to] = [a.lat != null && a.lng != null ? { lat: a.lat, lng: a.lng } : null, b.lat != null && b.lng != null ? { lat: b.lat, lng: b.lng } : null];
    }
    const at = {
      ...(query.arrivalTime ? { arrival: new Date(query.arrivalTime) } : {}),
      ...(query.departureTime ? { departure: new Date(query.departureTime) } : {}),
    };
    const drive = await driveBetween(deps.geo, from, to, at);
    return drive ?? { meters: null, seconds: null, secondsNoTraffic: null };
  });

  route(app, contract.addressOptions, ({ query }) => addressOptions(deps.pool, query.passengerId));
  route(app, contract.autocompleteCities, async ({ query }) => autocompleteCities(query.q, query.state));
  route(app, contract.placesNearby, ({ body }) => placesNearby(deps.pool, body.type, body.location));
}
