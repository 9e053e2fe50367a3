import { z } from 'zod';
import { GEOCODE_QUALITIES } from '../geo/address.ts';
import { GEO_MSG } from '../geo/messages.ts';
import { parseLatLng } from '../geo/geocoding.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { RecordId } from './search.ts';
import { text } from './text.ts';

// Geocoding, distance and places (spec 2 §7, 3 §5 'Editors and geocoding'; DECISIONS 11, 12).

const STAFF = { roles: ['SecureEmployee'] } as const;
const AddressText = text().trim().min(1, 'Enter an address').max(300, 'An address has at most 300 characters');
const LatLng = z.object({
  lat: z.number().min(-90, 'Latitude is -90 to 90').max(90, 'Latitude is -90 to 90'),
  lng: z.number().min(-180, 'Longitude is -180 to 180').max(180, 'Longitude is -180 to 180'),
});
/** A point in a query: 'lat,lng'. */
const LatLngText = text()
  .trim()
  .max(60, GEO_MSG.LAT_LNG_FORMAT)
  .transform((s, ctx) => {
    const p = parseLatLng(s);
    if (!p) ctx.addIssue({ code: 'custom', message: GEO_MSG.LAT_LNG_FORMAT });
    return p ?? { lat: 0, lng: 0 };
  });
const Instant = z.iso.datetime({ offset: true, error: 'A time is an ISO date and time like 2026-11-24T09:30:00-07:00' });

/** An address as the geocoder understood it (the GET form names the suite 'apartment'). */
export const GeocodeResult = z.object({
  completeAddress: text().nullable(),
  street: text().nullable(),
  suite: text().nullable(),
  apartment: text().nullable(),
  city: text().nullable(),
  state: text().nullable(),
  country: text().nullable(),
  county: text().nullable().describe('Five-digit county FIPS code.'),
  zip: text().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  googleId: text().nullable().describe('The outside service’s id of the place, when it gives one.'),
  quality: z.enum(GEOCODE_QUALITIES),
  /** 'Unable to geocode {text}' or 'Error geocoding {text}: {message}' when it was not placed. */
  warning: text().nullable(),
  /** The service failed (rather than found nothing): the address counts as not geocoded. */
  failed: z.boolean(),
});
export type GeocodeResult = z.infer<typeof GeocodeResult>;

const AddressPartsInput = z.object({
  street: text().trim().max(200).optional(),
  suite: text().trim().max(50).optional(),
  city: text().trim().max(100).optional(),
  state: text().trim().max(50).optional(),
  zip: text().trim().max(10).optional(),
  country: text().trim().max(60).optional(),
});

/** A saved address to choose as a stop: the passenger's own, then those of their recent trips. */
export const AddressOption = z.object({
  id: text(),
  label: text().nullable(),
  name: text().nullable(),
  text: text(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  zip: text().nullable(),
  quality: z.enum(GEOCODE_QUALITIES),
  /** 'contact': one of the passenger's addresses; 'trip': a stop of one of their trips. */
  source: z.enum(['contact', 'trip']),
});
export type AddressOption = z.infer<typeof AddressOption>;

export const CityOption = z.object({ city: text(), state: text(), zip: text(), lat: z.number(), lng: z.number() });
export type CityOption = z.infer<typeof CityOption>;

export const PLACE_TYPES = ['pharmacy'] as const;
export const NearbyPlace = z.object({
  id: text(),
  type: z.enum(PLACE_TYPES),
  name: text(),
  phone: text().nullable(),
  /** The place's address row, usable as a leg's stop. */
  addressId: text(),
  text: text(),
  lat: z.number(),
  lng: z.number(),
  meters: z.number().int().describe('Great-circle distance from the location.'),
});
export type NearbyPlace = z.infer<typeof NearbyPlace>;

export const DistanceResult = z.object({
  meters: z.number().int().nullable(),
  seconds: z.number().int().nullable(),
  secondsNoTraffic: z.number().int().nullable(),
});
export type DistanceResult = z.infer<typeof DistanceResult>;

export const DistanceQuery = z
  .object({
    origin: LatLngText.optional(),
    destination: LatLngText.optional(),
    ids: text()
      .trim()
      .max(80, 'ids are two address ids separated by a comma')
      .transform((s) => s.split(',').map((x) => x.trim()))
      .refine((a) => a.length === 2 && a.every((x) => x.length > 0 && x.length <= 36), 'ids are two address ids separated by a comma')
      .optional(),
    arrivalTime: Instant.optional(),
    departureTime: Instant.optional(),
  })
  .refine((q) => q.ids !== undefined || (q.origin !== undefined && q.destination !== undefined), {
    message: GEO_MSG.DISTANCE_POINTS,
    path: ['origin'],
  });

/** The map tile server the portal is configured with (MAP_TILE_URL); url null for none. */
export const MapTiles = z.object({ url: text().nullable(), attribution: text() });

export const geoEndpoints = {
  mapTiles: endpoint({
    method: 'GET',
    path: 'map-tiles',
    area: 'geocoding',
    summary: "The map tile server the portal is configured with (MAP_TILE_URL and its credit); url null when maps draw the county outlines alone.",
    access: { signedIn: true },
    response: MapTiles,
  }),
  geocodeAddress: endpoint({
    method: 'GET',
    path: 'api/v1/geocode-address',
    area: 'geocoding',
    summary:
      "Places a typed address (or reads a 'lat,lng' pair): its parts, location and quality ('exact' or 'zip-centroid'); 'none' with the warning 'Unable to geocode {text}' or, when the service fails, 'Error geocoding {text}: {message}'.",
    access: STAFF,
    query: z.object({ address: AddressText }),
    response: GeocodeResult,
  }),
  geocodeAddressParts: endpoint({
    method: 'POST',
    path: 'api/v1/geocode-address',
    area: 'geocoding',
    summary: 'Places an address given as one text or as its parts (street, suite, city, state, zip, country); writes nothing.',
    access: STAFF,
    body: z.object({ address: z.union([AddressText, AddressPartsInput]) }),
    response: GeocodeResult,
  }),
  distance: endpoint({
    method: 'GET',
    path: 'api/v1/distance',
    area: 'geocoding',
    summary:
      "The drive between two points ('lat,lng' origin and destination) or two address ids (ids=a,b), arriving at arrivalTime or leaving at departureTime; nulls when an address has no location.",
    access: STAFF,
    answers: [404],
    query: DistanceQuery,
    response: DistanceResult,
  }),
  addressOptions: endpoint({
    method: 'GET',
    path: 'address-options',
    area: 'geocoding',
    summary: "The passenger's saved addresses, then the stops of their recent trips (newest first), to choose a leg's stop from.",
    access: STAFF,
    answers: [404],
    query: z.object({ passengerId: RecordId }),
    response: z.array(AddressOption),
  }),
  autocompleteCities: endpoint({
    method: 'GET',
    path: 'autocomplete-cities',
    area: 'geocoding',
    summary: 'Cities whose name starts with q (at least 2 characters), in a state when given, each with a ZIP and its centre.',
    access: STAFF,
    query: z.object({
      q: text().trim().min(2, 'Type at least 2 letters of the city').max(60, 'A city name has at most 60 characters'),
      state: text()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'A state is its two-letter code, like NM')
        .transform((s) => s.toUpperCase())
        .optional(),
    }),
    response: z.array(CityOption),
  }),
  placesNearby: endpoint({
    method: 'POST',
    path: 'places/nearby',
    area: 'geocoding',
    summary: 'Stored places of a type (pharmacy) within 0.05° of a location, nearest first; reads only.',
    access: STAFF,
    body: z.object({ type: z.enum(PLACE_TYPES), location: LatLng }),
    response: z.array(NearbyPlace),
  }),
} satisfies Record<string, Endpoint>;
