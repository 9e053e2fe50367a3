import { describe, expect, it } from 'vitest';
import { contract } from '../api/contract.ts';
import {
  countyListProblem,
  DIVISION_MSG,
  divisionCodeProblem,
  divisionProblems,
  normaliseDivisionCode,
  toggleCounty,
  zipProblem,
} from './divisions.ts';
import { DivisionSave, ZipCodeQuery } from './schemas.ts';
import { stateFipsOfCode, stateOfCountyFips, US_STATE_CODES } from './states.ts';

describe('division code (spec 3 §5: two letters plus two digits)', () => {
  it.each(['NM01', 'CA99', 'nm01', ' tx12 '])('accepts %j', (code) => expect(divisionCodeProblem(code)).toBeNull());
  it.each(['NM1', 'NM001', 'N01', 'NMX1', '01NM', 'NM-1', '', 'ÑM01'])('refuses %j with the pattern text', (code) =>
    expect(divisionCodeProblem(code)).toBe('A division code is two letters and two digits, like NM01'),
  );
  it('is stored upper case and trimmed', () => expect(normaliseDivisionCode(' nm02 ')).toBe('NM02'));
});

describe('ZIP (spec 3 §5: 5 digits)', () => {
  it.each(['87102', ' 87102 ', '00501'])('accepts %j', (zip) => expect(zipProblem(zip)).toBeNull());
  it.each(['8710', '871020', '87102-1234', 'ABCDE', ''])('refuses %j', (zip) => expect(zipProblem(zip)).toBe('A ZIP code is 5 digits'));
  it('the lookup query refuses 4 and 6 digits with the same text', () => {
    expect(ZipCodeQuery.safeParse({ zip: '8710' }).error?.issues[0].message).toBe('A ZIP code is 5 digits');
    expect(ZipCodeQuery.safeParse({ zip: '871021' }).error?.issues[0].message).toBe('A ZIP code is 5 digits');
    expect(ZipCodeQuery.parse({ zip: ' 87102' })).toEqual({ zip: '87102' });
  });
  it("keeps the spec's failure text", () => expect(DIVISION_MSG.NO_DIVISION_FOR_ZIP).toBe('Unable to determine division for ZIP'));
});

describe('division fields', () => {
  const ok = { code: 'NM04', name: 'Gallup', state: 'NM', timeZone: 'America/Denver' };
  it('has no problems when complete', () => expect(divisionProblems(ok)).toEqual({}));
  it('names each problem by field', () => {
    expect(divisionProblems({ code: 'N4', name: ' ', state: 'XX', timeZone: 'Europe/Paris' })).toEqual({
      code: DIVISION_MSG.CODE_PATTERN,
      name: DIVISION_MSG.NAME_REQUIRED,
      state: DIVISION_MSG.STATE,
      timeZone: DIVISION_MSG.TIME_ZONE,
    });
  });
  it('a name of 60 characters passes, 61 does not', () => {
    expect(divisionProblems({ ...ok, name: 'x'.repeat(60) }).name).toBeUndefined();
    expect(divisionProblems({ ...ok, name: 'x'.repeat(61) }).name).toBe('A division name has at most 60 characters');
  });
  it('the save body upper-cases the code and needs a modCount with an id', () => {
    expect(DivisionSave.parse({ ...ok, code: 'nm04' }).code).toBe('NM04');
    const stale = DivisionSave.safeParse({ ...ok, id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    expect(stale.error?.issues[0].message).toBe(DIVISION_MSG.MOD_COUNT_REQUIRED);
    expect(DivisionSave.safeParse({ ...ok, code: 'NM4' }).error?.issues[0].message).toBe(DIVISION_MSG.CODE_PATTERN);
  });
  it('the save body refuses a county listed twice or of no state', () => {
    const twice = DivisionSave.safeParse({ ...ok, counties: [{ fips: '35001', name: 'Bernalillo' }, { fips: '35001', name: 'Bernalillo' }] });
    expect(twice.success).toBe(false);
    const nowhere = DivisionSave.safeParse({ ...ok, counties: [{ fips: '99001', name: 'Nowhere' }] });
    expect(nowhere.error?.issues[0].message).toBe(DIVISION_MSG.COUNTY_FIPS);
  });
});

describe('counties', () => {
  it('knows the state of a county by its FIPS code', () => {
    expect(stateOfCountyFips('35001')).toBe('NM');
    expect(stateOfCountyFips('06019')).toBe('CA');
    expect(stateOfCountyFips('72001')).toBe('PR');
    expect(stateOfCountyFips('03001')).toBeNull();
    expect(stateOfCountyFips('3500')).toBeNull();
  });
  it('knows the FIPS code of a state', () => {
    expect(stateFipsOfCode('NM')).toBe('35');
    expect(stateFipsOfCode('XX')).toBeNull();
  });
  it('lists 52 states and territories once each', () => expect(new Set(US_STATE_CODES).size).toBe(52));
  it('checks a county list', () => {
    expect(countyListProblem([{ fips: '35001', name: 'Bernalillo' }])).toBeNull();
    expect(countyListProblem([{ fips: '3500', name: 'x' }])).toBe(DIVISION_MSG.COUNTY_FIPS);
    expect(countyListProblem([{ fips: '35001', name: ' ' }])).toBe(DIVISION_MSG.COUNTY_NAME);
    expect(countyListProblem([{ fips: '35001', name: 'a' }, { fips: '35001', name: 'a' }])).toBe('County 35001 is listed twice');
    const many = Array.from({ length: 501 }, (_, i) => ({ fips: `48${String(i).padStart(3, '0')}`, name: 'x' }));
    expect(countyListProblem(many.slice(0, 500))).toBeNull();
    expect(countyListProblem(many)).toBe('A division has at most 500 counties');
  });
  it('a click adds a county outside the division and takes out one inside it', () => {
    const list = [{ fips: '35049', name: 'Santa Fe' }];
    const added = toggleCounty(list, { fips: '35001', name: 'Bernalillo' });
    expect(added.map((c) => c.fips)).toEqual(['35001', '35049']);
    expect(toggleCounty(added, { fips: '35049', name: 'Santa Fe' }).map((c) => c.fips)).toEqual(['35001']);
  });
});

describe('contract', () => {
  it('saving a division needs adminAccess; reading it staff or partners', () => {
    expect(contract.divisionSave.access).toEqual({ roles: ['Admin'] });
    expect(contract.divisions.access).toEqual({ roles: ['SecureEmployee', 'Affiliate'] });
  });
  it('every watch list endpoint is in the token area watchlist and staff only', () => {
    for (const ep of [contract.elevatedMembers, contract.elevatedMemberSave, contract.elevatedMemberRemove, contract.watchListUpload, contract.watchListApply]) {
      expect(ep.area).toBe('watchlist');
      expect(ep.access).toEqual({ roles: ['SecureEmployee'] });
    }
    expect(contract.watchListUpload).toMatchObject({ method: 'POST', path: 'watch-list-upload' });
  });
});
