import type { Endpoint } from './endpoint.ts';

// Geocoding, distance and places (spec 2 §7, 3 §5 'Editors and geocoding'; DECISIONS 11, 12).

export const geoEndpoints = {} satisfies Record<string, Endpoint>;
