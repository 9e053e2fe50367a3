import { describe, expect, it } from 'vitest';
import { nextSort, showOutsideByDefault, sortFromParam, sortToParam } from './results.ts';

describe('sorting the results', () => {
  it('cycles a header: ascending, descending, then the day order', () => {
    expect(nextSort(null, 'miles')).toEqual({ key: 'miles', dir: 'asc' });
    expect(nextSort({ key: 'miles', dir: 'asc' }, 'miles')).toEqual({ key: 'miles', dir: 'desc' });
    expect(nextSort({ key: 'miles', dir: 'desc' }, 'miles')).toBeNull();
    expect(nextSort({ key: 'miles', dir: 'desc' }, 'driver')).toEqual({ key: 'driver', dir: 'asc' });
  });
});

describe('outside partners (spec 2 §6)', () => {
  it('shows them from the start when the search names a partner or asks for outside partners', () => {
    expect(showOutsideByDefault({ affiliateId: '', inHouse: '' })).toBe(false);
    expect(showOutsideByDefault({ affiliateId: 'p-sandia', inHouse: '' })).toBe(true);
    expect(showOutsideByDefault({ affiliateId: '', inHouse: 'false' })).toBe(true);
  });
});

describe('sort in the address', () => {
  it('writes ascending as the key and descending with a minus', () => {
    expect(sortToParam({ key: 'priority', dir: 'asc' })).toBe('priority');
    expect(sortToParam({ key: 'miles', dir: 'desc' })).toBe('-miles');
    expect(sortToParam(null)).toBeNull();
  });
  it('reads back what it wrote and ignores unknown columns', () => {
    expect(sortFromParam('-miles')).toEqual({ key: 'miles', dir: 'desc' });
    expect(sortFromParam('priority')).toEqual({ key: 'priority', dir: 'asc' });
    expect(sortFromParam('-constructor')).toBeNull();
    expect(sortFromParam('')).toBeNull();
    expect(sortFromParam(null)).toBeNull();
  });
});
