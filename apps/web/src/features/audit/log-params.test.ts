import { describe, expect, it } from 'vitest';
import { LOG_MSG, RECORDED_ACTIVITIES } from '@tripline/core';
import {
  EMPTY_FILTERS,
  KNOWN_ACTIVITY_TYPES,
  KNOWN_TABLES,
  checkFilters,
  filtersFromParams,
  hasFilters,
  logLink,
  paramsFromFilters,
} from './log-params.ts';

const today = '2026-11-22';

describe('log search in the address', () => {
  it('reads every field of the route, trimmed, and ignores others', () => {
    const filters = filtersFromParams(new URLSearchParams('table=drive_assignments&id=%20abc%20&user=partner&dateFrom=11/1/2026&other=x'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, table: 'drive_assignments', id: 'abc', user: 'partner', dateFrom: '11/1/2026' });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(filtersFromParams(new URLSearchParams('other=x')))).toBe(false);
  });

  it('writes only the fields given, in the order of the route', () => {
    expect(paramsFromFilters({ user: ' partner ', table: '', activityType: 'accept' }).toString()).toBe('activityType=accept&user=partner');
    expect(logLink({ id: 'a b', table: 'drive_assignments' })).toBe('/log?table=drive_assignments&id=a+b');
    expect(logLink({})).toBe('/log');
  });

  it('round-trips a search through the address', () => {
    const filters = { ...EMPTY_FILTERS, table: 'trip_legs', id: '42', dateTo: '2026-11-22' };
    expect(filtersFromParams(paramsFromFilters(filters))).toEqual(filters);
  });
});

describe('checkFilters', () => {
  it('accepts what the server accepts', () => {
    expect(checkFilters({ ...EMPTY_FILTERS, user: 'partner', dateFrom: '11/1/2026', dateTo: 'Nov 22, 2026' }, today)).toEqual({ ok: true });
  });

  it('puts each problem at its field, and missing criteria on the form', () => {
    expect(checkFilters(EMPTY_FILTERS, today)).toEqual({ ok: false, errors: { form: LOG_MSG.CRITERIA_REQUIRED } });
    expect(checkFilters({ ...EMPTY_FILTERS, id: 'x' }, today)).toEqual({ ok: false, errors: { table: LOG_MSG.TABLE_REQUIRED } });
    expect(checkFilters({ ...EMPTY_FILTERS, user: 'u', dateFrom: '2026-11-23', dateTo: '2026-11-22' }, today)).toEqual({
      ok: false,
      errors: { dateTo: 'A date range needs min less than or equal to max' },
    });
    expect(checkFilters({ ...EMPTY_FILTERS, activityType: 'accept', dateFrom: 'soon' }, today)).toEqual({
      ok: false,
      errors: { dateFrom: LOG_MSG.INVALID_DATE_FROM },
    });
  });
});

describe('suggestions of the search', () => {
  it('offers every activity type the portal writes, once each', () => {
    for (const type of [
      'accept',
      'decline',
      'flag',
      'bulk-assign',
      'bulk-unassign',
      'bulk-cancel',
      'bulk-un-cancel',
      'bulk-reset',
      'repair-trips',
      'partner-change',
      'trip-notes',
      'decline-on-behalf',
      'adjustment-review',
      'export',
      'export-denied',
      'export-download',
      'create',
      'update',
      'delete',
      'login',
      'su',
      'su-end',
    ]) {
      expect(KNOWN_ACTIVITY_TYPES).toContain(type);
    }
    expect(new Set(KNOWN_ACTIVITY_TYPES).size).toBe(KNOWN_ACTIVITY_TYPES.length);
    expect(KNOWN_ACTIVITY_TYPES).toEqual([...KNOWN_ACTIVITY_TYPES].sort());
  });

  it('offers every table those activities write, the trip tables first', () => {
    expect(KNOWN_TABLES.slice(0, 2)).toEqual(['drive_assignments', 'trip_legs']);
    for (const table of ['partner_activities', 'receipts', 'contacts', 'sessions', 'notification_deliveries', 'bug_reports', 'canned_queries']) {
      expect(KNOWN_TABLES).toContain(table);
    }
    expect(new Set(KNOWN_TABLES).size).toBe(KNOWN_TABLES.length);
    // no table is suggested that no activity writes
    const written = new Set<string>(Object.values(RECORDED_ACTIVITIES).flat());
    for (const table of KNOWN_TABLES) expect(written.has(table)).toBe(true);
  });

  it('suggests only what the server would accept as a search', () => {
    for (const activityType of KNOWN_ACTIVITY_TYPES) expect(checkFilters({ ...EMPTY_FILTERS, activityType }, today)).toEqual({ ok: true });
    for (const table of KNOWN_TABLES) expect(checkFilters({ ...EMPTY_FILTERS, table, id: 'x' }, today)).toEqual({ ok: true });
  });
});
