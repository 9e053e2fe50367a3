import { describe, expect, it } from 'vitest';
import { vehicleCapabilities, vehicleMakeModels } from './capabilities.ts';
import {
  availableAfterTerm,
  capabilityLookupReady,
  isTermed,
  mayAddVehicle,
  mayEditVehicle,
  modelYearProblem,
  vehicleLocationProblem,
  vehicleYearOptions,
} from './rules.ts';

const TODAY = '2026-11-22';

describe('term date (spec 3 §4: termed when termDate precedes today)', () => {
  it('yesterday is termed, today and later are not, none is not', () => {
    expect(isTermed('2026-11-21', TODAY)).toBe(true);
    expect(isTermed('2026-11-22', TODAY)).toBe(false);
    expect(isTermed('2026-11-23', TODAY)).toBe(false);
    expect(isTermed(null, TODAY)).toBe(false);
  });

  it('a termed vehicle is not available; a term date of today leaves it available', () => {
    expect(availableAfterTerm(true, '2026-11-21', TODAY)).toBe(false);
    expect(availableAfterTerm(true, '2026-11-22', TODAY)).toBe(true);
    expect(availableAfterTerm(false, '2026-11-22', TODAY)).toBe(false);
  });
});

describe('model years (spec 2 §5: the last 20 years)', () => {
  it('offers this year and the 19 before it, newest first', () => {
    const years = vehicleYearOptions(TODAY);
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2026);
    expect(years[19]).toBe(2007);
  });

  it('refuses a year outside them', () => {
    expect(modelYearProblem(2007, TODAY)).toBeNull();
    expect(modelYearProblem(2026, TODAY)).toBeNull();
    expect(modelYearProblem(2006, TODAY)).toBe('The model year must be one of the last 20 years (2007–2026)');
    expect(modelYearProblem(2027, TODAY)).toBe('The model year must be one of the last 20 years (2007–2026)');
  });
});

describe('vehicle location (spec 2 §5)', () => {
  it('TakeHomeEmployee needs the employee', () => {
    expect(vehicleLocationProblem({ vehicleLocationType: 'TakeHomeEmployee', takeHomeEmployeeNumber: ' ', locationNumber: null })).toEqual({
      path: 'takeHomeEmployeeNumber',
      message: 'You must select a valid take-home employee, or choose a different Vehicle Location type',
    });
    expect(vehicleLocationProblem({ vehicleLocationType: 'TakeHomeEmployee', takeHomeEmployeeNumber: 'STX001', locationNumber: null })).toBeNull();
  });

  it('Garage needs the garage', () => {
    expect(vehicleLocationProblem({ vehicleLocationType: 'Garage', takeHomeEmployeeNumber: 'STX001', locationNumber: null })).toEqual({
      path: 'locationNumber',
      message: 'You must select a valid garage, or choose a different Vehicle Location type',
    });
    expect(vehicleLocationProblem({ vehicleLocationType: 'Garage', takeHomeEmployeeNumber: null, locationNumber: '1042' })).toBeNull();
  });

  it('other types and none need neither', () => {
    expect(vehicleLocationProblem({ vehicleLocationType: 'Other', takeHomeEmployeeNumber: null, locationNumber: null })).toBeNull();
    expect(vehicleLocationProblem({ vehicleLocationType: null, takeHomeEmployeeNumber: null, locationNumber: null })).toBeNull();
  });
});

describe('who adds and edits vehicles (rules.md 33, 73, 75)', () => {
  const user = (types: string[], ldapGroups: string[] = [], adminAccess = false, partnerId: string | null = null) => ({ types, ldapGroups, adminAccess, partnerId });

  it('an Affiliate, staff with FleetManagement, or an admin may add', () => {
    expect(mayAddVehicle(user(['Affiliate'], [], false, 'p1'))).toBe(true);
    expect(mayAddVehicle(user(['SecureEmployee'], ['FleetManagement']))).toBe(true);
    expect(mayAddVehicle(user(['SecureEmployee'], [], true))).toBe(true);
    expect(mayAddVehicle(user(['SecureEmployee'], ['Dispatch']))).toBe(false);
    expect(mayAddVehicle(user(['Case Manager']))).toBe(false);
  });

  it('staff edit any vehicle, an Affiliate only its own', () => {
    expect(mayEditVehicle(user(['SecureEmployee'], ['Dispatch']), 'p2')).toBe(true);
    expect(mayEditVehicle(user(['Affiliate'], [], false, 'p1'), 'p1')).toBe(true);
    expect(mayEditVehicle(user(['Affiliate'], [], false, 'p1'), 'p2')).toBe(false);
  });
});

describe('capability lookup (spec 2 §5: year of 4 characters, make and model)', () => {
  it('is ready only with all three', () => {
    expect(capabilityLookupReady('2020', 'Toyota', 'Sienna')).toBe(true);
    expect(capabilityLookupReady('202', 'Toyota', 'Sienna')).toBe(false);
    expect(capabilityLookupReady('2020', ' ', 'Sienna')).toBe(false);
    expect(capabilityLookupReady('2020', 'Toyota', '')).toBe(false);
  });

  it('answers the seating of a listed vehicle within its years, any letter case', () => {
    expect(vehicleCapabilities('toyota', 'SIENNA', 2020)).toEqual({ ambo: 4, wc: 1, gurney: false });
    expect(vehicleCapabilities('Chrysler', 'Pacifica', 2016)).toBeNull();
    expect(vehicleCapabilities('Ford', 'Transit 350', 2019)).toEqual({ ambo: 6, wc: 2, gurney: true });
  });

  it('lists makes with their models in order', () => {
    const list = vehicleMakeModels();
    expect(list.map((m) => m.make)).toEqual(list.map((m) => m.make).sort((a, b) => a.localeCompare(b)));
    expect(list.find((m) => m.make === 'Toyota')?.models).toContain('Sienna');
  });
});
