import { describe, expect, it } from 'vitest';
import { bodyOf, draftErrors, newDraft, shouldLookUpCapabilities, shouldLookUpVin, vinHint, withCapabilities, withTermDate, withVinLookup } from './form.ts';

const TODAY = '2026-11-22';
const VALID = '1M8GDM9AXKP042788';
const filled = () => ({ ...newDraft('0b6f2c1e-4a7e-4c55-9d43-52f0d5b8a1c9'), vehicleNumber: 'SAN-120', vehicleType: 'Wheelchair Van', vin: VALID, modelYear: '2020' });

describe('the vehicle draft', () => {
  it('has no errors when complete', () => {
    expect(draftErrors(filled(), TODAY, true)).toEqual({});
  });

  it("names the VIN's check digit, the same text as the server", () => {
    const errors = draftErrors({ ...filled(), vin: '1M8GDM9A1KP042788' }, TODAY, true);
    expect(errors.vin).toBe('VIN 1M8GDM9A1KP042788 is not valid: check digit should be X');
  });

  it('waits for 17 characters before judging a VIN typed so far', () => {
    expect(vinHint('1M8GDM9A1KP04278')).toBeNull();
    expect(vinHint('1m8gdm9a1kp042788')).toBe('VIN 1M8GDM9A1KP042788 is not valid: check digit should be X');
    expect(shouldLookUpVin('1M8GDM9AXKP04278')).toBe(false);
    expect(shouldLookUpVin('1M8GDM9A1KP042788')).toBe(false);
    expect(shouldLookUpVin(VALID)).toBe(true);
  });

  it('needs the take-home employee for that location type, and the partner when staff add', () => {
    const errors = draftErrors({ ...filled(), vehicleLocationType: 'TakeHomeEmployee', partnerId: null }, TODAY, true);
    expect(errors.takeHomeEmployeeNumber).toBe('You must select a valid take-home employee, or choose a different Vehicle Location type');
    expect(errors.partnerId).toBe('Choose the partner the vehicle belongs to');
  });

  it('refuses a model year outside the last 20 and an unreadable term date', () => {
    const errors = draftErrors({ ...filled(), modelYear: '2006', termDate: '13/45/2026' }, TODAY, false);
    expect(errors.modelYear).toBe('The model year must be one of the last 20 years (2007–2026)');
    expect(errors.termDate).toBe('Enter a date like 11/22/2026');
  });

  it('unchecks available for a term date before today, not for today', () => {
    expect(withTermDate(filled(), '11/21/2026', TODAY).available).toBe(false);
    expect(withTermDate(filled(), '11/22/2026', TODAY).available).toBe(true);
    expect(bodyOf({ ...filled(), termDate: '11/21/2026' }, TODAY)).toMatchObject({ termDate: '2026-11-21', available: false });
  });

  it('sends numbers as numbers, blanks as null, and id with modCount for a change', () => {
    const body = bodyOf({ ...filled(), id: 'a1b2', modCount: 3, mpg: '21.5', licensePlate: ' ' }, TODAY);
    expect(body).toMatchObject({ id: 'a1b2', modCount: 3, mpg: 21.5, modelYear: 2020, licensePlate: null });
  });

  it('fills the draft from the look-ups', () => {
    const looked = withVinLookup(filled(), { modelYear: 2021, manufacturer: 'Toyota', model: null, mpg: null });
    expect(looked).toMatchObject({ modelYear: '2021', manufacturer: 'Toyota', model: '' });
    expect(shouldLookUpCapabilities(looked)).toBe(false);
    expect(shouldLookUpCapabilities({ ...looked, model: 'Sienna' })).toBe(true);
    expect(withCapabilities(looked, { ambo: 4, wc: 1, gurney: false })).toMatchObject({
      ambulatorySeatingCapacity: '4',
      wheelchairSeatingCapacity: '1',
      ambulatoryAbility: ['Ambulatory', 'Wheelchair'],
    });
  });
});
