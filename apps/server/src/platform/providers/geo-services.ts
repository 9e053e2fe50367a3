/** The geographic services configuration picks (README "Configuration"). */
import type { GeoServices } from './geo.ts';
import { zipGeocoder } from './geocoder-zip.ts';
import { DEFAULT_SPEED_KMH } from '@tripline/core';
import { greatCircleRouter } from './router-great-circle.ts';

export interface GeoConfig {
  /** A Nominatim or Pelias search URL; without it addresses are placed at ZIP centroids. */
  geocoderUrl?: string | undefined;
  /** An OSRM server; without it drives are estimated from the great-circle distance. */
  routingOsrmUrl?: string | undefined;
  /** Average driving speed of the estimate, km/h. */
  routingSpeedKmh?: number | undefined;
}

/** The services of a configuration; with none, the offline ones (what tests use). */
export function geoServices(config: GeoConfig = {}): GeoServices {
  return {
    geocoder: zipGeocoder(),
    router: greatCircleRouter(config.routingSpeedKmh ?? DEFAULT_SPEED_KMH),
  };
}
