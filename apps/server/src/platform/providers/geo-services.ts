/** The geographic services configuration picks (README "Configuration"). */
import { DEFAULT_SPEED_KMH } from '@tripline/core';
import type { GeoServices } from './geo.ts';
import { httpGeocoder } from './geocoder-http.ts';
import { zipGeocoder } from './geocoder-zip.ts';
import { greatCircleRouter } from './router-great-circle.ts';
import { osrmRouter } from './router-osrm.ts';

export interface GeoConfig {
  /** A Nominatim or Pelias search URL; without it addresses are placed at ZIP centroids. */
  geocoderUrl?: string | undefined;
  /** An OSRM server; without it drives are estimated from the great-circle distance. */
  routingOsrmUrl?: string | undefined;
  /** Average driving speed of the estimate, km/h. */
  routingSpeedKmh?: number | undefined;
}

/** The services of a configuration; with none, the offline ones (what tests use). */
export function geoServices(config: GeoConfig = {}, log?: (line: string) => void): GeoServices {
  const speedKmh = config.routingSpeedKmh ?? DEFAULT_SPEED_KMH;
  return {
    geocoder: config.geocoderUrl ? httpGeocoder(config.geocoderUrl) : zipGeocoder(),
    router: config.routingOsrmUrl
      ? osrmRouter(config.routingOsrmUrl, { speedKmh, onFallback: (why) => log?.(`routing estimated from the straight line: ${why}`) })
      : greatCircleRouter(speedKmh),
  };
}
