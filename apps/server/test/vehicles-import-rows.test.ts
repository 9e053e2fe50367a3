import { describe, expect, it } from 'vitest';
import { fieldOfHeader, importBase, parseRow, rowToBody } from '../src/modules/vehicles/import-rows.ts';

const TODAY = '2026-11-22';

describe('reading a vehicle import row', () => {
  it('knows the columns by their API names in any case, with spaces, dashes or underscores', () => {
    expect(fieldOfHeader('Vehicle Number')).toBe('vehicleNumber');
    expect(fieldOfHeader('VIN')).toBe('vin');
    expect(fieldOfHeader('model_year')).toBe('modelYear');
    expect(fieldOfHeader('wheelchair-seating-capacity')).toBe('wheelchairSeatingCapacity');
    expect(fieldOfHeader('partnerId')).toBeNull();
    expect(fieldOfHeader('colour')).toBeNull();
  });

  it('reads numbers, yes/no, abilities and dates in any accepted form; blank cells are left out', () => {
    const body = rowToBody(
      { vehicleNumber: 'A-1', modelYear: '2021', available: 'no', bariatric: 'Y', ambulatoryAbility: 'ambulatory; gurney', termDate: '11/21/2026', model: '' },
      TODAY,
    );
    expect(body).toEqual({ vehicleNumber: 'A-1', modelYear: 2021, available: false, bariatric: true, ambulatoryAbility: ['Ambulatory', 'Gurney'], termDate: '2026-11-21' });
  });

  it('passes what cannot be read on as typed, so the row names its problem', () => {
    const parsed = parseRow(rowToBody({ vehicleNumber: 'A-1', vehicleType: 'Bus', vin: '1M8GDM9AXKP042788', modelYear: 'twenty', available: 'maybe' }, TODAY));
    expect('problems' in parsed && parsed.problems).toEqual(['modelYear: The model year is a year like 2021', 'available: available must be true or false']);
  });

  it('starts a change from the stored vehicle, so the file changes only what it gives', () => {
    const base = importBase({ vehicleNumber: 'A-1', vin: '1M8GDM9AXKP042788', vehicleType: 'Bus', model: null, manufacturer: 'Ford', id: 'x', modCount: 3 });
    expect(base).toEqual({ vehicleNumber: 'A-1', vin: '1M8GDM9AXKP042788', vehicleType: 'Bus', manufacturer: 'Ford' });
  });
});
