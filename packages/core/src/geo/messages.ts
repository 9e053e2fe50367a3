/** The texts of geocoding (spec 3 §5, §8), worded once for the server and the browser. */
export const GEO_MSG = {
  /** The address could not be placed; the leg is saved without a location. */
  unableToGeocode: (text: string) => `Unable to geocode ${text}`,
  /** The geocoding service failed; the address is saved as not geocoded. */
  errorGeocoding: (text: string, message: string) => `Error geocoding ${text}: ${message}`,
  /** A custom lat/lng is placed only after the map was brought near by a city/state search. */
  APPROXIMATE_FIRST: 'Do an approximate city/state search first.',
  UNKNOWN_ADDRESS: 'Unknown address',
  UNKNOWN_PASSENGER: 'Unknown passenger',
  DISTANCE_POINTS: 'Give origin and destination, or two address ids in ids',
  LAT_LNG_FORMAT: 'A location is a latitude and longitude like 35.08,-106.65',
} as const;
