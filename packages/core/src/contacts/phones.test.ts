import { describe, expect, it } from 'vitest';
import { formatPhone, phoneProblem, phoneToStore, withOneMainPhone, mainPhoneCount } from './phones.ts';

describe('phone formatting (spec 2 §5, rule 137)', () => {
  it('shows ten digits as (###) ###-####', () => {
    expect(formatPhone('5055550101')).toBe('(505) 555-0101');
    expect(formatPhone('505.555.0101')).toBe('(505) 555-0101');
    expect(formatPhone(' (505) 555-0101 ')).toBe('(505) 555-0101');
  });

  it('strips a leading +1 and every non-digit', () => {
    expect(formatPhone('+1 505-555-0101')).toBe('(505) 555-0101');
    expect(formatPhone('1-505-555-0101')).toBe('(505) 555-0101');
    expect(formatPhone('+1 (505) 555 0101')).toBe('(505) 555-0101');
  });

  it('keeps an extension', () => {
    expect(formatPhone('505-555-0101 x12')).toBe('(505) 555-0101 x12');
    expect(formatPhone('505 555 0101 ext. 345')).toBe('(505) 555-0101 x345');
    expect(formatPhone('+15055550101#7')).toBe('(505) 555-0101 x7');
  });

  it('leaves what is not ten digits as typed, for the field to flag', () => {
    expect(formatPhone('555-0101')).toBe('555-0101');
    expect(formatPhone('50555501011')).toBe('50555501011');
  });

  it('accepts 10 digits, refuses 9 and 11 that do not start with 1', () => {
    expect(phoneProblem('505555010')).toBe('A phone number is (###) ###-#### with an optional extension');
    expect(phoneProblem('5055550101')).toBeNull();
    expect(phoneProblem('25055550101')).toBe('A phone number is (###) ###-#### with an optional extension');
    expect(phoneProblem('15055550101')).toBeNull();
    expect(phoneProblem('')).toBe('A phone number is (###) ###-#### with an optional extension');
  });

  it('stores the digits and the extension', () => {
    expect(phoneToStore('(505) 555-0101')).toBe('5055550101');
    expect(phoneToStore('+1 505 555 0101 x12')).toBe('5055550101 x12');
    expect(phoneToStore('call me')).toBeNull();
  });
});

describe('one main phone (spec 2 §5)', () => {
  it('counts main phones', () => {
    expect(mainPhoneCount([{ main: true }, { main: false }])).toBe(1);
    expect(mainPhoneCount([{ main: true }, { main: true }])).toBe(2);
  });

  it('makes the first main when none is, and keeps only the first chosen when two are', () => {
    expect(withOneMainPhone([{ main: false }, { main: false }]).map((p) => p.main)).toEqual([true, false]);
    expect(withOneMainPhone([{ main: false }, { main: true }, { main: true }]).map((p) => p.main)).toEqual([false, true, false]);
    expect(withOneMainPhone([])).toEqual([]);
  });
});
