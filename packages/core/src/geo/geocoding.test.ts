import { describe, expect, it } from 'vitest';
import { toLegAddressInput, type AddressValue } from './address.ts';
import { addressProblem, customLatLngProblem, GEOCODE_QUALITY_LABELS, parseLatLng, shouldGeocode, shouldGeocodeText } from './geocoding.ts';
import { GEO_MSG } from './messages.ts';

describe('the texts of geocoding (spec 3 §5, §8)', () => {
  it('words each message as the spec does', () => {
    expect(GEO_MSG.unableToGeocode('12 Nowhere Rd')).toBe('Unable to geocode 12 Nowhere Rd');
    expect(GEO_MSG.errorGeocoding('1 Main St, Taos', 'timed out')).toBe('Error geocoding 1 Main St, Taos: timed out');
    expect(GEO_MSG.APPROXIMATE_FIRST).toBe('Do an approximate city/state search first.');
    expect(GEOCODE_QUALITY_LABELS).toEqual({ exact: 'Exact', 'zip-centroid': 'ZIP centre', none: 'Not placed' });
  });
});

describe('shouldGeocode (rule 139)', () => {
  it('geocodes a street with a zip, a city or a comma, when there is no lat/lng', () => {
    expect(shouldGeocode({ street: '1200 Main St', zip: '87102' })).toBe(true);
    expect(shouldGeocode({ street: '1200 Main St', city: 'Albuquerque' })).toBe(true);
    expect(shouldGeocode({ street: '1200 Main St, Albuquerque' })).toBe(true);
  });
  it('does not geocode without a street, with only a street, or with lat/lng', () => {
    expect(shouldGeocode({ street: '', zip: '87102', city: 'Albuquerque' })).toBe(false);
    expect(shouldGeocode({ street: '   ', zip: '87102' })).toBe(false);
    expect(shouldGeocode({ street: '1200 Main St' })).toBe(false);
    expect(shouldGeocode({ street: '1200 Main St, Albuquerque', lat: 35, lng: -106 })).toBe(false);
  });
  it('still geocodes when only one of lat and lng is known', () => {
    expect(shouldGeocode({ street: '1200 Main St', zip: '87102', lat: 35, lng: null })).toBe(true);
  });
  it('reads a one-line text: a ZIP in it counts as the zip', () => {
    expect(shouldGeocodeText('1200 Main St 87102')).toBe(true);
    expect(shouldGeocodeText('1200 Main St, Albuquerque')).toBe(true);
    expect(shouldGeocodeText('Home')).toBe(false);
    expect(shouldGeocodeText('1200 Main St 8710')).toBe(false);
    expect(shouldGeocodeText('1200 Main St, Albuquerque', { lat: 35, lng: -106 })).toBe(false);
  });
});

describe('parseLatLng (rule 140: a coordinate pair or an address)', () => {
  it('reads a pair with a comma, a space or parentheses', () => {
    expect(parseLatLng('35.0844, -106.6504')).toEqual({ lat: 35.0844, lng: -106.6504 });
    expect(parseLatLng('35.0844 -106.6504')).toEqual({ lat: 35.0844, lng: -106.6504 });
    expect(parseLatLng('(35,-106)')).toEqual({ lat: 35, lng: -106 });
  });
  it('accepts the limits and refuses beyond them', () => {
    expect(parseLatLng('90,180')).toEqual({ lat: 90, lng: 180 });
    expect(parseLatLng('-90,-180')).toEqual({ lat: -90, lng: -180 });
    expect(parseLatLng('90.1,0')).toBeNull();
    expect(parseLatLng('0,180.5')).toBeNull();
  });
  it('takes anything else for an address', () => {
    expect(parseLatLng('1200 Main St, Albuquerque')).toBeNull();
    expect(parseLatLng('87102')).toBeNull();
    expect(parseLatLng('')).toBeNull();
  });
});

describe('addressProblem (rule 138) and customLatLngProblem (rule 141)', () => {
  const typed = { id: null, text: '1 Main St, Taos, NM' };
  it('finds an empty address valid, even after a failed call', () => {
    expect(addressProblem(null, null)).toBeNull();
    expect(addressProblem({ id: null, text: '  ' }, 'Error geocoding x: y')).toBeNull();
  });
  it('makes the address invalid when the geocode call failed, and only then', () => {
    expect(addressProblem(typed, 'Error geocoding 1 Main St, Taos, NM: timed out')).toBe('Error geocoding 1 Main St, Taos, NM: timed out');
    expect(addressProblem(typed, null)).toBeNull();
  });
  it('asks for the approximate search before a custom lat/lng', () => {
    expect(customLatLngProblem(false)).toBe('Do an approximate city/state search first.');
    expect(customLatLngProblem(true)).toBeNull();
  });
});

describe('toLegAddressInput: what the form sends for a stop', () => {
  const base: AddressValue = { id: null, text: '1 Main St, Taos, NM 87571', lat: 36.4, lng: -105.57, quality: 'zip-centroid', zip: '87571' };
  it('sends a saved row by its id only', () => {
    expect(toLegAddressInput({ ...base, id: 'a1' })).toEqual({ id: 'a1' });
  });
  it("sends a geocoder's placing as text only, so the server places it itself", () => {
    expect(toLegAddressInput(base)).toEqual({ text: '1 Main St, Taos, NM 87571' });
  });
  it('sends a placing by hand with its lat/lng', () => {
    expect(toLegAddressInput({ ...base, custom: true })).toEqual({ text: '1 Main St, Taos, NM 87571', lat: 36.4, lng: -105.57 });
  });
  it('sends nothing for an empty stop', () => {
    expect(toLegAddressInput(null)).toBeNull();
    expect(toLegAddressInput({ ...base, text: ' ', lat: null, lng: null })).toBeNull();
  });
});
