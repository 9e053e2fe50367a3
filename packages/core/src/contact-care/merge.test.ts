import { describe, expect, it } from 'vitest';
import { addressKey, duplicateReasons, nameSimilarity, phoneKey } from './duplicates.ts';
import { contactTypesProblem, mergeRefusal, splitDuplicates, unitedTypes, type MergeContact } from './merge.ts';
import { preferredPartnerRefusal } from './preferred-partner.ts';

const person = (over: Partial<MergeContact> = {}): MergeContact => ({
  id: 'k',
  name: 'Ana Baca',
  kind: 'Person',
  types: ['S/N Passenger'],
  parentId: null,
  deleted: false,
  canSignIn: false,
  ...over,
});

describe('duplicates', () => {
  const ana = { name: 'Ana Baca', dateOfBirth: '1950-02-03', memberId: 'M123', phones: ['(505) 555-0100'], addresses: [{ street: '12 Elm St', zip: '87102' }] };
  const none = { name: '', dateOfBirth: null, memberId: null, phones: [], addresses: [] };

  it('measures names as pg_trgm does, words in any order', () => {
    expect(nameSimilarity('Ana Baca', 'Baca Ana')).toBe(1);
    expect(nameSimilarity('Ana Baca', 'Anna Baca')).toBeGreaterThan(0.45);
    expect(nameSimilarity('Ana Baca', 'Robert Ortiz')).toBeLessThan(0.2);
    expect(nameSimilarity('', 'Ana')).toBe(0);
  });

  it('needs a similar name and one more match, and names each', () => {
    expect(duplicateReasons(ana, { ...none, name: 'Anna Baca', dateOfBirth: '1950-02-03' })).toEqual(['Similar name', 'Same date of birth']);
    expect(duplicateReasons(ana, { ...none, name: 'Ana Baca', memberId: ' m123 ' })).toEqual(['Similar name', 'Same member id']);
    expect(duplicateReasons(ana, { ...none, name: 'Baca, Ana', phones: ['+1 505-555-0100'] })).toEqual(['Similar name', 'Same phone (505) 555-0100']);
    expect(duplicateReasons(ana, { ...none, name: 'Ana Baca', addresses: [{ street: '12  ELM ST.', zip: '87102-1234' }] })).toEqual([
      'Similar name',
      'Same address 12  ELM ST.',
    ]);
    expect(duplicateReasons(ana, { ...none, name: 'Ana Baca' })).toEqual([]);
    expect(duplicateReasons(ana, { ...ana, name: 'Robert Ortiz' })).toEqual([]);
  });

  it('compares phones by their last ten digits and addresses by street and ZIP', () => {
    expect(phoneKey('+1 (505) 555-0100')).toBe('5055550100');
    expect(addressKey({ street: '12 Elm St.', zip: '87102-0001' })).toBe('12 elm st|87102');
    expect(addressKey({ street: null, zip: '87102' })).toBeNull();
  });
});

describe('merge rules', () => {
  it('unites types, the kept contact first', () => {
    expect(unitedTypes(['S/N Passenger'], ['Passenger', 'S/N Passenger'])).toEqual(['S/N Passenger', 'Passenger']);
  });

  it('refuses a passenger who would become a case manager', () => {
    expect(contactTypesProblem(['Case Manager', 'Passenger'])).toBe('Contact cannot be both passenger and case manager');
    expect(contactTypesProblem(['Case Manager'])).toBeNull();
    expect(contactTypesProblem(['Facility', 'S/N Passenger'], 'Business')).toBe('A Business cannot be an S/N Passenger');
    expect(contactTypesProblem(['Facility', 'Passenger'], 'Business')).toBeNull();
    expect(mergeRefusal(person(), person({ id: 'm', types: ['Case Manager'] }))).toBe('Contact cannot be both passenger and case manager');
  });

  it('refuses itself, a deleted contact, a parent or child and two sign-ins', () => {
    expect(mergeRefusal(person(), person())).toBe('A contact cannot be merged into itself');
    expect(mergeRefusal(person(), person({ id: 'm', name: 'Old', deleted: true }))).toBe('Old is deleted and cannot be merged');
    expect(mergeRefusal(person({ parentId: 'm' }), person({ id: 'm' }))).toBe('A contact cannot be merged with its own parent or child');
    expect(mergeRefusal(person({ canSignIn: true }), person({ id: 'm', name: 'Ana B', canSignIn: true }))).toBe(
      'Ana Baca and Ana B can both sign in: remove the sign-in of one of them before merging',
    );
    expect(mergeRefusal(person({ canSignIn: true }), person({ id: 'm' }))).toBeNull();
    expect(mergeRefusal(person(), person({ id: 'm', canSignIn: true }))).toBeNull();
    expect(mergeRefusal(person(), person({ id: 'm', kind: 'Business', types: ['Facility'] }))).toBe('A Person cannot be merged with a Business');
  });

  it('drops the merged rows that repeat a kept one (and repeats among themselves)', () => {
    const key = (p: string) => phoneKey(p);
    expect(splitDuplicates(['5055550100'], ['(505) 555-0100', '505-555-0199', '5055550199'], key)).toEqual({
      move: ['505-555-0199'],
      drop: ['(505) 555-0100', '5055550199'],
    });
  });
});

describe('preferred partner (spec 2 §6)', () => {
  const admin = { types: ['Admin'], ldapGroups: [], adminAccess: true };
  const staff = { types: ['SecureEmployee'], ldapGroups: [], adminAccess: false };
  it('lets only a SecureEmployee clear it; anyone allowed may set or change it', () => {
    expect(preferredPartnerRefusal(staff, 'p1', null)).toBeNull();
    expect(preferredPartnerRefusal(admin, 'p1', null)).toBe('Only staff (SecureEmployee) can clear a preferred partner');
    expect(preferredPartnerRefusal(admin, 'p1', 'p2')).toBeNull();
    expect(preferredPartnerRefusal(admin, null, null)).toBeNull();
  });
});
