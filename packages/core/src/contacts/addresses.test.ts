import { describe, expect, it } from 'vitest';
import { addressInsertIndex, addressText, firstAddressLabel, insertAddress, newAddressLabel, sortAddresses } from './addresses.ts';

describe('address labels (spec 3 §5, rules 132–133)', () => {
  it('starts a Person with Home and anything else with Office', () => {
    expect(firstAddressLabel('Person')).toBe('Home');
    expect(firstAddressLabel('Business')).toBe('Office');
    expect(newAddressLabel('Person', [])).toBe('Home');
    expect(newAddressLabel('Business', [])).toBe('Office');
  });

  it('gives a later address a label not used yet', () => {
    expect(newAddressLabel('Person', ['Home'])).toBe('Mailing');
    expect(newAddressLabel('Business', ['Office'])).toBe('Billing');
    expect(newAddressLabel('Person', ['Home', 'Mailing', 'Billing', 'Office', 'Garage'])).toBe('Mailing');
  });

  it('inserts a new address after the Home/Office ones', () => {
    expect(addressInsertIndex([])).toBe(0);
    expect(addressInsertIndex(['Home'])).toBe(1);
    expect(addressInsertIndex(['Home', 'Office', 'Billing'])).toBe(2);
    expect(addressInsertIndex(['Billing', 'Home'])).toBe(0);
    const list = [{ label: 'Home' }, { label: 'Billing' }];
    expect(insertAddress(list, { label: 'Mailing' }).map((a) => a.label)).toEqual(['Home', 'Mailing', 'Billing']);
  });

  it('sorts Home and Office first, the others as they were', () => {
    const list = [{ label: 'Billing' }, { label: 'Office' }, { label: 'Mailing' }, { label: 'Home' }];
    expect(sortAddresses(list).map((a) => a.label)).toEqual(['Office', 'Home', 'Billing', 'Mailing']);
  });

  it('writes an address on one line', () => {
    expect(addressText({ street: '5 Rio Grande Blvd NW', suite: 'Apt 2', city: 'Albuquerque', state: 'NM', zip: '87104' })).toBe(
      '5 Rio Grande Blvd NW Apt 2, Albuquerque, NM 87104',
    );
    expect(addressText({ city: 'Taos', state: null, zip: '' })).toBe('Taos');
  });
});
