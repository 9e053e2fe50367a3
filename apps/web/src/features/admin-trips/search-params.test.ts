import { describe, expect, it } from 'vitest';
import { DAY_ORDER, SEARCH_MSG, orderTrips } from '@tripline/core';
import { makeTrip } from '../trips/trip-factory.ts';
import {
  EMPTY_FIELDS,
  apiQuery,
  checkSearch,
  hasSearch,
  inspectPages,
  normaliseFields,
  readUrl,
  tabOf,
  tripsLink,
  writeUrl,
  type TripsUrlState,
} from './search-params.ts';

const TODAY = '2026-11-22';
const PARTNER = '5b0c3c1e-4d0b-4a5e-9a43-6f7a1c2b3d4e';
const state = (fields: Partial<typeof EMPTY_FIELDS>, more: Partial<TripsUrlState> = {}): TripsUrlState => ({
  fields: { ...EMPTY_FIELDS, ...fields },
  limit: 250,
  filter: null,
  sort: null,
  inspect: null,
  ...more,
});

describe('address ⇄ search', () => {
  it('reads every parameter, the batch size, the custom query and the open trip', () => {
    const s = readUrl(new URLSearchParams(`serviceDate=2026-11-23&affiliateId=${PARTNER}&priority=2%2B&limit=500&inspect=t1&filter=%7B%7D&unknown=x`));
    expect(s.fields.serviceDate).toBe('2026-11-23');
    expect(s.fields.affiliateId).toBe(PARTNER);
    expect(s.fields.priority).toBe('2+');
    expect(s.fields.memberId).toBe('');
    expect(s.limit).toBe(500);
    expect(s.filter).toBe('{}');
    expect(s.sort).toBeNull();
    expect(s.inspect).toBe('t1');
  });

  it('falls back to 250 for a batch size that is not offered', () => {
    expect(readUrl(new URLSearchParams('limit=42')).limit).toBe(250);
    expect(readUrl(new URLSearchParams('')).limit).toBe(250);
  });

  it('writes only what is given, in the route order, and leaves the default batch size out', () => {
    const s = state({ priority: '1-3', serviceDate: '2026-11-23', division: ' NM01 ' });
    expect(writeUrl(s).toString()).toBe('serviceDate=2026-11-23&division=NM01&priority=1-3');
    expect(writeUrl({ ...s, limit: 1000, inspect: 'abc' }).toString()).toBe('serviceDate=2026-11-23&division=NM01&priority=1-3&limit=1000&inspect=abc');
  });

  it('round-trips a search with a custom query', () => {
    const filter = JSON.stringify({ logicalOp: 'and', filters: [{ key: 'serviceDate', op: 'eq', value: '+1' }] });
    const s = state({ showTab: 'custom' }, { filter, limit: 100 });
    expect(readUrl(writeUrl(s))).toEqual(s);
  });

  it('reads and writes the order of the table; an unknown column keeps the server order', () => {
    expect(readUrl(new URLSearchParams('serviceDate=2026-11-23&sort=-priority')).sort).toEqual({ key: 'priority', dir: 'desc' });
    expect(readUrl(new URLSearchParams('serviceDate=2026-11-23&sort=miles')).sort).toEqual({ key: 'miles', dir: 'asc' });
    expect(readUrl(new URLSearchParams('serviceDate=2026-11-23&sort=colour')).sort).toBeNull();
    const s = state({ serviceDate: '2026-11-23' }, { sort: { key: 'pickup', dir: 'desc' }, inspect: 't1' });
    expect(writeUrl(s).toString()).toBe('serviceDate=2026-11-23&sort=-pickup&inspect=t1');
    expect(readUrl(writeUrl(s))).toEqual(s);
  });

  it('keeps the order when a trip is opened or paged, the tab changes or the batch size changes', () => {
    const start = readUrl(new URLSearchParams('serviceDate=2026-11-23&sort=-priority'));
    const opened = readUrl(writeUrl({ ...start, inspect: 'trip-2' }));
    const paged = readUrl(writeUrl({ ...opened, inspect: 'trip-3' }));
    const tabbed = readUrl(writeUrl({ ...paged, fields: { ...paged.fields, showTab: 'custom' } }));
    const bigger = readUrl(writeUrl({ ...tabbed, limit: 500, inspect: null }));
    for (const s of [opened, paged, tabbed, bigger]) expect(s.sort).toEqual({ key: 'priority', dir: 'desc' });
    expect(writeUrl(bigger).get('sort')).toBe('-priority');
  });

  it('asks the server with the criteria, the batch size and the filter, never the view parameters', () => {
    const s = state({ serviceDate: '2026-11-23', showTab: 'search' }, { inspect: 'trip-1', sort: { key: 'miles', dir: 'asc' } });
    expect(apiQuery(s)).toEqual({ serviceDate: '2026-11-23', limit: '250' });
    expect(apiQuery(state({}, { filter: '{"a":1}', limit: 500 }))).toEqual({ limit: '500', filter: '{"a":1}' });
  });

  it('knows when the address asks for a search', () => {
    expect(hasSearch(state({}))).toBe(false);
    expect(hasSearch(state({ showTab: 'custom' }))).toBe(false);
    expect(hasSearch(state({ memberId: 'M1' }))).toBe(true);
    expect(hasSearch(state({}, { filter: '{}' }))).toBe(true);
  });

  it('opens the custom query tab for a running custom query or when asked', () => {
    expect(tabOf(state({}))).toBe('search');
    expect(tabOf(state({}, { filter: '{}' }))).toBe('custom');
    expect(tabOf(state({ showTab: 'search' }, { filter: '{}' }))).toBe('search');
  });

  it('builds links for other screens', () => {
    expect(tripsLink({ serviceDate: '2026-11-23', affiliateId: PARTNER })).toBe(`/admin/trips?serviceDate=2026-11-23&affiliateId=${PARTNER}`);
    expect(tripsLink({})).toBe('/admin/trips');
  });
});

describe('paging trip inspect through the results', () => {
  const rows = [
    makeTrip({ id: 'a', referenceNumber: 'A', schedulePriority: 1 }),
    makeTrip({ id: 'b', referenceNumber: 'B', schedulePriority: 5 }),
    makeTrip({ id: 'c', referenceNumber: 'C', schedulePriority: 3 }),
  ];
  // the rows in the order the live search gives its members (core's keys)
  const shownIds = (address: string) => orderTrips(rows, readUrl(new URLSearchParams(address)).sort ?? DAY_ORDER).map((t) => t.id);

  it('walks the rows in the order the address sorts them, not the server order', () => {
    const ids = shownIds('serviceDate=2026-11-23&sort=-priority&inspect=c');
    expect(ids).toEqual(['b', 'c', 'a']);
    const pages = inspectPages(ids, 'c');
    expect(pages).toEqual({ tripIds: ['b', 'c', 'a'], index: 1 });
    // Next from the middle row is the row shown below it
    expect(pages.tripIds[pages.index + 1]).toBe('a');
    expect(inspectPages(shownIds('serviceDate=2026-11-23&inspect=c'), 'c')).toEqual({ tripIds: ['a', 'b', 'c'], index: 2 });
  });

  it('inspects a trip that is not among the rows on its own', () => {
    expect(inspectPages(['a', 'b'], 'z')).toEqual({ tripIds: ['z'], index: 0 });
    expect(inspectPages(['a', 'b'], null)).toEqual({ tripIds: [], index: 0 });
  });
});

describe('checking a search before it runs', () => {
  it('needs an anchor unless a custom query is used', () => {
    expect(checkSearch(state({ division: 'NM01' }), TODAY)).toEqual({ form: SEARCH_MSG.CRITERIA_REQUIRED });
    expect(checkSearch(state({ division: 'NM01', memberId: 'M1' }), TODAY)).toEqual({});
  });

  it('shows the exact priority and distance messages at their fields', () => {
    const errors = checkSearch(state({ serviceDate: '2026-11-23', priority: 'abc', distanceMiles: '24-12' }), TODAY);
    expect(errors.priority).toBe(SEARCH_MSG.INVALID_PRIORITY);
    expect(errors.distanceMiles).toBe(SEARCH_MSG.INVALID_DISTANCE);
    expect(checkSearch(state({ serviceDate: '2026-11-23', priority: '2+', distanceMiles: '12-24' }), TODAY)).toEqual({});
  });

  it('checks dates in every accepted form and their order', () => {
    expect(checkSearch(state({ serviceDate: '11/23/2026' }), TODAY)).toEqual({});
    expect(checkSearch(state({ serviceDate: '+1' }), TODAY)).toEqual({});
    expect(checkSearch(state({ serviceDate: '13/45/2026' }), TODAY).serviceDate).toBe(SEARCH_MSG.INVALID_DATE);
    expect(checkSearch(state({ serviceDate: '2026-11-25', serviceDateMax: '2026-11-23' }), TODAY).serviceDateMax).toBe(SEARCH_MSG.DATE_RANGE);
  });

  it('wants a record id for a partner, passenger, driver or bill-to', () => {
    expect(checkSearch(state({ serviceDate: '2026-11-23', affiliateId: 'Sandia' }), TODAY).affiliateId).toMatch(/Choose a name from the list/);
    expect(checkSearch(state({ serviceDate: '2026-11-23', affiliateId: PARTNER }), TODAY)).toEqual({});
  });

  it('reports an unreadable custom query at the filter', () => {
    expect(checkSearch(state({}, { filter: '{nope' }), TODAY).filter).toMatch(/^Invalid JSON: /);
    expect(checkSearch(state({}, { filter: JSON.stringify({ logicalOp: 'or', filters: [] }) }), TODAY).filter).toBe(SEARCH_MSG.TOP_LEVEL_AND);
  });
});

describe('normalising typed fields', () => {
  it('writes dates as YYYY-MM-DD but keeps relative days', () => {
    const f = normaliseFields({ ...EMPTY_FIELDS, serviceDate: '11/23/2026', serviceDateMax: '+3', memberId: ' M1 ' }, TODAY);
    expect(f.serviceDate).toBe('2026-11-23');
    expect(f.serviceDateMax).toBe('+3');
    expect(f.memberId).toBe('M1');
  });
});
