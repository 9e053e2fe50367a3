import { describe, expect, it } from 'vitest';
import type { AddressOption, GeocodeResult } from '@tripline/core';
import { cityQueryOf, needsPlacing, placingNote, unplacedValue, valueOfGeocode, valueOfOption, withCity } from './address-field.ts';

const result = (over: Partial<GeocodeResult> = {}): GeocodeResult => ({
  completeAddress: '1 Plaza, Santa Fe, NM 87501',
  street: '1 Plaza',
  suite: null,
  apartment: null,
  city: 'Santa Fe',
  state: 'NM',
  country: 'US',
  county: '35049',
  zip: '87501',
  lat: 35.69,
  lng: -105.94,
  googleId: null,
  quality: 'zip-centroid',
  warning: null,
  failed: false,
  ...over,
});

describe('city suggestions for typed text', () => {
  it('suggests for the part after the last comma, keeping the street before it', () => {
    expect(cityQueryOf('1200 Main St, Albu')).toEqual({ prefix: '1200 Main St', q: 'Albu' });
    expect(cityQueryOf('Las Cru')).toEqual({ prefix: '', q: 'Las Cru' });
  });
  it('does not suggest for a street, a single letter or a finished city', () => {
    expect(cityQueryOf('1200 Main')).toBeNull();
    expect(cityQueryOf('1200 Main St, A')).toBeNull();
    expect(cityQueryOf('Taos NM 87571')).toBeNull();
  });
  it('writes the chosen city with its state and ZIP', () => {
    const c = { city: 'Albuquerque', state: 'NM', zip: '87101', lat: 35, lng: -106 };
    expect(withCity('1200 Main St', c)).toBe('1200 Main St, Albuquerque, NM 87101');
    expect(withCity('', c)).toBe('Albuquerque, NM 87101');
  });
});

describe('when typed text is geocoded (rule 139)', () => {
  it('places new text with a ZIP or a comma', () => {
    expect(needsPlacing(null, '1 Plaza, Santa Fe')).toBe(true);
    expect(needsPlacing(null, '1 Plaza 87501')).toBe(true);
  });
  it('does not ask again for the text already placed or chosen, nor for empty text or a bare name', () => {
    const placed = valueOfGeocode('1 Plaza, Santa Fe', result());
    expect(needsPlacing(placed, '1 Plaza, Santa Fe')).toBe(false);
    expect(needsPlacing(placed, '2 Plaza, Santa Fe')).toBe(true);
    expect(needsPlacing(null, '  ')).toBe(false);
    expect(needsPlacing(null, 'Home')).toBe(false);
  });
});

describe('the values the field holds', () => {
  it('keeps a placed text as a new stop with its quality', () => {
    expect(valueOfGeocode('1 Plaza, Santa Fe', result())).toEqual({
      id: null, text: '1 Plaza, Santa Fe', lat: 35.69, lng: -105.94, quality: 'zip-centroid', zip: '87501', custom: false,
    });
    expect(valueOfGeocode('x, y', result({ lat: null, lng: null, quality: 'none' })).quality).toBe('none');
    expect(unplacedValue('Home')).toMatchObject({ id: null, text: 'Home', lat: null, quality: 'none' });
  });
  it('takes a saved address as its row', () => {
    const o: AddressOption = { id: 'a1', label: 'Home', name: null, text: '5 Rio Grande Blvd', lat: 35.1, lng: -106.7, zip: '87104', quality: 'exact', source: 'contact' };
    expect(valueOfOption(o)).toEqual({ id: 'a1', text: '5 Rio Grande Blvd', lat: 35.1, lng: -106.7, quality: 'exact', zip: '87104' });
  });
});

describe("what the field says (spec 3 §5, §8)", () => {
  it("warns 'Unable to geocode {text}' and keeps the field valid", () => {
    expect(placingNote('Home', null)).toEqual({ warning: 'Unable to geocode Home', error: null });
    expect(placingNote('x, y', result({ warning: 'Unable to geocode x, y', lat: null, lng: null, quality: 'none' }))).toEqual({ warning: 'Unable to geocode x, y', error: null });
  });
  it('makes the field invalid when the geocode call fails (rule 138)', () => {
    const failed = result({ failed: true, warning: 'Error geocoding 1 Plaza: the geocoding service answered 503', lat: null, lng: null, quality: 'none' });
    expect(placingNote('1 Plaza', failed)).toEqual({ warning: null, error: 'Error geocoding 1 Plaza: the geocoding service answered 503' });
    expect(placingNote('1 Plaza', null, 'Could not communicate with server')).toEqual({ warning: null, error: 'Error geocoding 1 Plaza: Could not communicate with server' });
  });
  it('says nothing about a good placing', () => {
    expect(placingNote('1 Plaza, Santa Fe', result())).toEqual({ warning: null, error: null });
  });
});
