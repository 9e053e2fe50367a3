import { describe, expect, it } from 'vitest';
import { LiveClientMessage } from './protocol.ts';
import { LIVE_SEARCH_MSG, liveSearchLimit, maySearchTrips } from './search.ts';

const fetch = (filter: unknown, view: unknown = { start: 0, count: 100 }) => ({ type: 'fetch', subscriptionId: 's', table: 'SyncDriveAssv', filter, view });
const noView = (filter: unknown) => ({ type: 'fetch', subscriptionId: 's', table: 'SyncDriveAssv', filter });
const issue = (v: unknown) => LiveClientMessage.safeParse(v).error?.issues[0];

describe('a live search in a fetch', () => {
  it('reads the search parameters as text with a view that sorts, hides outside partners and moves', () => {
    const search = { serviceDate: '+1', affiliateId: 'a', limit: '1000', filter: '{"logicalOp":"and","filters":[]}' };
    expect(LiveClientMessage.parse(fetch({ search }, { start: 900, count: 100, sort: { key: 'miles', dir: 'desc' }, hideOutside: true }))).toMatchObject({
      filter: { search },
      view: { start: 900, count: 100, sort: { key: 'miles', dir: 'desc' }, hideOutside: true },
    });
  });

  it('refuses a search beside another filter field, without a view, or not as text', () => {
    expect(issue(fetch({ search: { serviceDate: 'today' }, pickupDate: '2026-11-22' }))).toMatchObject({ path: ['filter', 'pickupDate'], message: LIVE_SEARCH_MSG.OTHER_FIELDS });
    expect(issue(fetch({ search: {}, id: 'x' }))).toMatchObject({ path: ['filter', 'id'], message: LIVE_SEARCH_MSG.OTHER_FIELDS });
    expect(issue(noView({ search: { serviceDate: 'today' } }))).toMatchObject({ path: ['view'], message: LIVE_SEARCH_MSG.NEEDS_VIEW });
    expect(issue(fetch({ search: { limit: 100 } }))?.path).toEqual(['filter', 'search', 'limit']);
    expect(issue(fetch({ search: { serviceDate: 'x'.repeat(100_001) } }))?.path).toEqual(['filter', 'search', 'serviceDate']);
    expect(issue(fetch({ search: {} }, { start: 0, count: 10, hideOutside: 'yes' }))?.path).toEqual(['view', 'hideOutside']);
  });

  it('leaves a fetch without a search as it was: a day or a trip, with or without a view', () => {
    expect(LiveClientMessage.parse(noView({ pickupDate: '2026-11-22' }))).not.toHaveProperty('view');
    expect(issue(noView({}))?.message).toBe('A trip found set needs a pickupDate or a trip id');
  });
});

describe('the batch size of a live search', () => {
  it('is one of the screen sizes, 250 when absent', () => {
    expect(liveSearchLimit(undefined)).toBe(250);
    expect(liveSearchLimit('  ')).toBe(250);
    expect(liveSearchLimit('100')).toBe(100);
    expect(liveSearchLimit(' 500 ')).toBe(500);
    expect(liveSearchLimit('1000')).toBe(1000);
    for (const bad of ['99', '101', '1001', '0', '-100', '1e3', '250.0', '10000', 'all']) expect(liveSearchLimit(bad)).toBeNull();
  });
});

describe('who may search live', () => {
  const user = (types: string[], over: { ldapGroups?: string[]; adminAccess?: boolean } = {}) => ({ types, ldapGroups: over.ldapGroups ?? [], adminAccess: over.adminAccess ?? false });
  it('is the users of /admin/trips: staff and PaceStaff case managers', () => {
    expect(maySearchTrips(user(['SecureEmployee']))).toBe(true);
    expect(maySearchTrips(user([], { adminAccess: true }))).toBe(true);
    expect(maySearchTrips(user(['Case Manager', 'PaceStaff']))).toBe(true);
    expect(maySearchTrips(user(['Case Manager']))).toBe(false);
    expect(maySearchTrips(user(['Affiliate']))).toBe(false);
    expect(maySearchTrips(user(['AffiliateEmployee'], { ldapGroups: ['Dispatch'] }))).toBe(false);
    expect(maySearchTrips(user(['Passenger']))).toBe(false);
  });
});
