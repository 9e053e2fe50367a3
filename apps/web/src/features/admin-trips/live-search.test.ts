import { describe, expect, it } from 'vitest';
import { LiveClientMessage, MEMBER_FLAG, SEARCH_MSG, toTripListRow } from '@tripline/core';
import { makeLeg, makeTrip } from '../trips/trip-factory.ts';
import { countText, httpSearchWindow, liveSearchRequest, outsideSwitchLabel, searchFigures } from './live-search.ts';
import { apiQuery, readUrl } from './search-params.ts';

const queryOf = (address: string) => apiQuery(readUrl(new URLSearchParams(address)));

describe('the page as a live search request', () => {
  it('sends the search parameters as the filter and the order and outside switch as the view', () => {
    const request = liveSearchRequest(queryOf('serviceDate=2026-11-23&priority=2%2B&limit=1000&sort=-priority&inspect=x'), {
      sort: { key: 'priority', dir: 'desc' },
      hideOutside: true,
    });
    expect(request).toEqual({
      table: 'SyncDriveAssv',
      filter: { search: { serviceDate: '2026-11-23', priority: '2+', limit: '1000' } },
      view: { start: 0, count: 100, sort: { key: 'priority', dir: 'desc' }, hideOutside: true },
    });
  });

  it('keeps the day order without a sort, and a custom query in the search', () => {
    const filter = JSON.stringify({ logicalOp: 'and', filters: [] });
    const request = liveSearchRequest(queryOf(`filter=${encodeURIComponent(filter)}`), { sort: null, hideOutside: false });
    expect(request).toMatchObject({ filter: { search: { filter, limit: '250' } }, view: { start: 0, count: 100, hideOutside: false } });
    expect('sort' in (request as { view: object }).view).toBe(false);
  });

  it('is a fetch the live protocol accepts', () => {
    const request = liveSearchRequest(queryOf('serviceDate=today&affiliateId=5b0c3c1e-4d0b-4a5e-9a43-6f7a1c2b3d4e'), {
      sort: { key: 'partner', dir: 'asc' },
      hideOutside: false,
    });
    expect(LiveClientMessage.safeParse({ type: 'fetch', subscriptionId: 'SyncDriveAssv-1', ...request }).success).toBe(true);
  });
});

describe('the figures of an answer (spec 2 §5, §6)', () => {
  it('counts the hidden outside partners into the batch and warns while more match than it holds', () => {
    const figures = searchFigures(940, { matches: 12_000, hidden: 60 }, 1000, true);
    expect(figures).toEqual({ shown: 940, hidden: 60, held: 1000, matches: 12_000, truncated: SEARCH_MSG.TRUNCATED });
    expect(countText(figures, 3)).toEqual({ trips: '940 trips', rest: ' (first 1000 of 12000 found) · 3 selected' });
    expect(outsideSwitchLabel(figures.hidden)).toBe('Show outside partners (60 hidden)');
  });

  it('says nothing of truncation when every match is held', () => {
    const figures = searchFigures(1, { matches: 1, hidden: 0 }, 250, true);
    expect(figures.truncated).toBeNull();
    expect(countText(figures, 0)).toEqual({ trips: '1 trip', rest: '' });
    expect(outsideSwitchLabel(figures.hidden)).toBe('Show outside partners');
  });

  it('counts nothing hidden while outside partners are shown, and the members when no count came', () => {
    expect(searchFigures(300, { matches: 300, hidden: 12 }, 500, false)).toMatchObject({ hidden: 0, held: 300 });
    expect(searchFigures(7, {}, 250, true)).toMatchObject({ shown: 7, hidden: 0, held: 7, matches: 7, truncated: null });
  });
});

describe('the HTTP search as a windowed answer', () => {
  const row = (id: string, over: Parameters<typeof makeTrip>[0] = {}) =>
    toTripListRow(makeTrip({ id, referenceNumber: id.toUpperCase(), serviceDate: '2026-11-23', ...over }));
  const inHouse = row('a', { schedulePriority: 2, farmoutName: 'Secure Transportation' });
  const outside = row('b', { schedulePriority: 4, farmoutName: 'Sandia Mobility', accepted: true });
  const plain = row('c', { schedulePriority: 3, tripLegs: [makeLeg({ locFirstTimeOrd: '07:00:00' })] });
  const list = { rows: [inHouse, outside, plain], total: 1200 };
  const now = new Date('2026-11-22T18:00:00Z');

  it('orders the batch by the column, as the server keys it, and answers the window', () => {
    const answer = httpSearchWindow(list, { sort: { key: 'priority', dir: 'desc' }, hideOutside: false }, { start: 1, count: 1 }, now);
    expect(answer.members.map((m) => m[0])).toEqual(['b', 'c', 'a']);
    expect(answer.rows.map((r) => r.id)).toEqual(['c']);
    expect(answer).toMatchObject({ start: 1, total: 3, extras: { matches: 1200, hidden: 0 } });
    expect(answer.members[0][3] & MEMBER_FLAG.accepted).toBeTruthy();
    expect(answer.members[0][3] & MEMBER_FLAG.outside).toBeTruthy();
  });

  it('keeps the day order without a sort and leaves out outside partners when hidden, counting them', () => {
    const answer = httpSearchWindow(list, { sort: null, hideOutside: true }, { start: 0, count: 100 }, now);
    // the earlier pickup first
    expect(answer.members.map((m) => m[0])).toEqual(['c', 'a']);
    expect(answer.rows.map((r) => r.id)).toEqual(['c', 'a']);
    expect(answer).toMatchObject({ total: 2, extras: { matches: 1200, hidden: 1 } });
  });
});
