import { describe, expect, it } from 'vitest';
import { decodeVinLocally, normalizeVin, vinCheckDigit, vinLookupReady, vinModelYear, vinProblem } from './vin.ts';
import { manufacturerOfWmi } from './wmi.ts';

describe('vinProblem (spec 2 §5: 17 characters, no I/O/Q, check digit at position 9)', () => {
  it('accepts a VIN whose check digit is X (a weighted sum of 10 mod 11)', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull();
  });

  it('accepts VINs with a digit as check digit', () => {
    expect(vinProblem('1HGCM82633A004352')).toBeNull();
    expect(vinProblem('5TDKZ3DC7LS012345')).toBeNull();
  });

  it('names the check digit the VIN should have, with the exact text', () => {
    expect(vinProblem('1HGCM82643A004352')).toBe('VIN 1HGCM82643A004352 is not valid: check digit should be 3');
    expect(vinProblem('1M8GDM9A1KP042788')).toBe('VIN 1M8GDM9A1KP042788 is not valid: check digit should be X');
  });

  it('refuses 16 and 18 characters', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe('A VIN has exactly 17 characters');
    expect(vinProblem('1HGCM82633A0043521')).toBe('A VIN has exactly 17 characters');
  });

  it('refuses I, O and Q anywhere', () => {
    for (const letter of ['I', 'O', 'Q']) {
      expect(vinProblem(`1HGCM82633A00435${letter}`)).toBe('A VIN never contains the letters I, O or Q');
      expect(vinProblem(`${letter}HGCM82633A004352`)).toBe('A VIN never contains the letters I, O or Q');
    }
  });

  it('refuses characters other than letters and digits', () => {
    expect(vinProblem('1HGCM8263-A004352')).toBe('A VIN has only letters and digits');
  });

  it('compares VINs without spaces, in upper case', () => {
    expect(normalizeVin(' 1hgcm8263 3a004352 ')).toBe('1HGCM82633A004352');
  });
});

describe('VIN lookup and local decoding', () => {
  it('runs only at 17 characters', () => {
    expect(vinLookupReady('1HGCM82633A00435')).toBe(false);
    expect(vinLookupReady('1HGCM82633A004352')).toBe(true);
  });

  it('reads the model year from position 10, the cycle from position 7', () => {
    // position 7 a digit: 1980–2009
    expect(vinModelYear('1HGCM82633A004352')).toBe(2003);
    expect(vinModelYear('1M8GDM9AXKP042788')).toBe(1989);
    // position 7 a letter: 2010–2039
    expect(vinModelYear('5TDKZ3DC7LS012345')).toBe(2020);
    expect(vinModelYear('5TDKZ3DC7AS012345')).toBe(2010);
    expect(vinModelYear('5TDKZ3DC79S012345')).toBe(2039);
    expect(vinModelYear('5TDKZ3DC70S012345')).toBeNull();
  });

  it('names the maker from the bundled WMI table, and none for an unlisted one', () => {
    expect(manufacturerOfWmi('5TDKZ3DC7LS012345')).toBe('Toyota');
    expect(decodeVinLocally('1HGCM82633A004352')).toEqual({ modelYear: 2003, manufacturer: 'Honda', model: null, mpg: null });
    expect(decodeVinLocally('1M8GDM9AXKP042788').manufacturer).toBeNull();
  });
});
