import { describe, expect, it } from 'vitest';
import type { Division } from '@tripline/core';
import { countyOwners, draftOf, draftProblems, emptyDraft, isDirty, mapStates, NEW_DIVISION, toBody } from './draft.ts';

const nm01: Division = {
  id: 'd1',
  code: 'NM01',
  name: 'Albuquerque',
  state: 'NM',
  timeZone: 'America/Denver',
  modCount: 3,
  counties: [
    { fips: '35001', name: 'Bernalillo', state: 'NM' },
    { fips: '35043', name: 'Sandoval', state: 'NM' },
  ],
};
const ca01: Division = { id: 'd2', code: 'CA01', name: 'Fresno', state: 'CA', timeZone: 'America/Los_Angeles', modCount: 0, counties: [{ fips: '06019', name: 'Fresno', state: 'CA' }] };

describe('the division form', () => {
  it('sends the modCount it loaded with the id', () => {
    expect(toBody(draftOf(nm01))).toEqual({
      id: 'd1',
      modCount: 3,
      code: 'NM01',
      name: 'Albuquerque',
      state: 'NM',
      timeZone: 'America/Denver',
      counties: [
        { fips: '35001', name: 'Bernalillo' },
        { fips: '35043', name: 'Sandoval' },
      ],
    });
    expect(toBody({ ...emptyDraft(), code: 'NM05' })).not.toHaveProperty('id');
  });
  it('is dirty only when something differs (county order does not count)', () => {
    const d = draftOf(nm01);
    expect(isDirty(d, nm01)).toBe(false);
    expect(isDirty({ ...d, counties: [...d.counties].reverse() }, nm01)).toBe(false);
    expect(isDirty({ ...d, name: 'Metro' }, nm01)).toBe(true);
    expect(isDirty(emptyDraft(), null)).toBe(false);
    expect(isDirty({ ...emptyDraft(), code: 'N' }, null)).toBe(true);
  });
  it('checks the fields with the core rules before sending', () => {
    expect(draftProblems(emptyDraft())).toEqual({
      code: 'A division code is two letters and two digits, like NM01',
      name: 'Enter the name of the division',
      state: 'Choose the state of the division',
      timeZone: 'Choose the time zone of the division',
    });
    expect(draftProblems(draftOf(nm01))).toEqual({});
  });
});

describe('the map', () => {
  it("colours counties by their division, with the form's list in place of its own", () => {
    const d = { ...draftOf(nm01), counties: [{ fips: '35001', name: 'Bernalillo' }, { fips: '06019', name: 'Fresno' }] };
    const owners = countyOwners([nm01, ca01], d);
    expect(owners.get('06019')).toEqual({ divisionId: 'd1', code: 'NM01' });
    expect(owners.has('35043')).toBe(false);
    expect(countyOwners([nm01, ca01], null).get('35043')).toEqual({ divisionId: 'd1', code: 'NM01' });
  });
  it('gives a new division its own key until saved', () => {
    const owners = countyOwners([nm01], { ...emptyDraft(), counties: [{ fips: '35049', name: 'Santa Fe' }] });
    expect(owners.get('35049')).toEqual({ divisionId: NEW_DIVISION, code: 'New division' });
  });
  it("draws every division's state and the form's", () => {
    expect(mapStates([nm01, ca01], null)).toEqual(['06', '35']);
    expect(mapStates([nm01], { ...emptyDraft(), state: 'AZ' })).toEqual(['04', '35']);
  });
});
