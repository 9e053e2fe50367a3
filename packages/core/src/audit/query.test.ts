import { describe, expect, it } from 'vitest';
import '../api/messages.ts';
import { LOG_MSG } from './messages.ts';
import { LOG_DEFAULT_LIMIT, logQuerySchema } from './query.ts';

const schema = logQuerySchema(() => '2026-11-22');
const parse = (q: Record<string, unknown>) => schema.safeParse(q);
/** The messages of a refused search, first (the one the API leads with) first. */
const messages = (q: Record<string, unknown>) => {
  const r = parse(q);
  expect(r.success).toBe(false);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('log search', () => {
  it('searches by record, by user or by activity type, with the default page size', () => {
    expect(parse({ table: 'drive_assignments', id: 'abc' }).data).toEqual({ table: 'drive_assignments', id: 'abc', limit: LOG_DEFAULT_LIMIT });
    expect(parse({ user: ' partner ' }).data).toEqual({ user: 'partner', limit: 200 });
    expect(parse({ activityType: 'accept', table: 'drive_assignments' }).data).toEqual({
      activityType: 'accept',
      table: 'drive_assignments',
      limit: 200,
    });
  });

  it('needs a record, a user or an activity type', () => {
    expect(messages({})).toEqual([{ path: '', message: LOG_MSG.CRITERIA_REQUIRED }]);
    expect(messages({ table: 'drive_assignments' })).toEqual([{ path: '', message: LOG_MSG.CRITERIA_REQUIRED }]);
    expect(messages({ table: ' ', id: '', user: '  ', dateFrom: '11/1/2026' })).toEqual([{ path: '', message: LOG_MSG.CRITERIA_REQUIRED }]);
    expect(LOG_MSG.CRITERIA_REQUIRED).toBe('Search by record (table and id), by user or by activity type');
  });

  it('needs the table of a record id', () => {
    expect(messages({ id: 'abc' })).toEqual([{ path: 'table', message: 'Choose the table of the record id' }]);
    expect(messages({ id: 'abc', user: 'partner' })).toEqual([{ path: 'table', message: 'Choose the table of the record id' }]);
  });

  it('reads dates in every accepted form as days', () => {
    expect(parse({ user: 'x', dateFrom: '11/1/2026', dateTo: 'Nov 22, 2026' }).data).toMatchObject({ dateFrom: '2026-11-01', dateTo: '2026-11-22' });
    expect(parse({ user: 'x', dateFrom: '3/5' }).data).toMatchObject({ dateFrom: '2026-03-05' });
    expect(parse({ user: 'x', dateTo: '26-1-2' }).data).toMatchObject({ dateTo: '2026-01-02' });
  });

  it('refuses unreadable dates with the field named', () => {
    expect(messages({ user: 'x', dateFrom: 'yesterday' })).toEqual([{ path: 'dateFrom', message: 'Enter the from date like 2026-11-22 or 11/22/2026' }]);
    expect(messages({ user: 'x', dateTo: '2/30/2026' })).toEqual([{ path: 'dateTo', message: 'Enter the to date like 2026-11-22 or 11/22/2026' }]);
    expect(messages({ user: 'x', dateFrom: 'x'.repeat(41) })).toEqual([{ path: 'dateFrom', message: LOG_MSG.INVALID_DATE_FROM }]);
  });

  it('needs from on or before to; one day is a range', () => {
    expect(messages({ user: 'x', dateFrom: '2026-11-23', dateTo: '2026-11-22' })).toEqual([
      { path: 'dateTo', message: 'A date range needs min less than or equal to max' },
    ]);
    expect(parse({ user: 'x', dateFrom: '11/22/2026', dateTo: '2026-11-22' }).success).toBe(true);
  });

  it('lists every problem, the missing criteria first', () => {
    expect(messages({ dateFrom: 'soon', dateTo: 'later' }).map((m) => m.message)).toEqual([
      LOG_MSG.CRITERIA_REQUIRED,
      LOG_MSG.INVALID_DATE_FROM,
      LOG_MSG.INVALID_DATE_TO,
    ]);
  });

  it('accepts table names only, and bounded texts', () => {
    expect(messages({ table: "x'; drop table audit_log; --", id: '1' })).toEqual([{ path: 'table', message: LOG_MSG.TABLE_NAME }]);
    expect(messages({ table: 'a'.repeat(64), id: '1' })[0]).toEqual({ path: 'table', message: LOG_MSG.TABLE_NAME });
    expect(parse({ table: 'a'.repeat(63), id: '1' }).success).toBe(true);
    expect(messages({ table: 't', id: 'x'.repeat(101) })).toEqual([{ path: 'id', message: LOG_MSG.ID_TOO_LONG }]);
    expect(parse({ table: 't', id: 'x'.repeat(100) }).success).toBe(true);
    expect(messages({ user: 'u'.repeat(201) })).toEqual([{ path: 'user', message: LOG_MSG.USER_TOO_LONG }]);
    expect(messages({ activityType: 'a'.repeat(101) })).toEqual([{ path: 'activityType', message: LOG_MSG.ACTIVITY_TOO_LONG }]);
    expect(messages({ user: ['a', 'b'] })[0].path).toBe('user');
    expect(messages({ table: 't', id: 'a\u0000b' })).toEqual([{ path: 'id', message: 'Text may not contain control characters (only tabs and line breaks are allowed)' }]);
    expect(messages({ user: 'bob\n' + 'x' })[0]).toEqual({ path: 'user', message: LOG_MSG.CONTROL_CHARACTER });
  });

  it('pages: limit from 1 to 1000, before an entry id', () => {
    expect(parse({ user: 'x', limit: '1' }).data?.limit).toBe(1);
    expect(parse({ user: 'x', limit: '1000', before: '42' }).data).toMatchObject({ limit: 1000, before: 42 });
    for (const limit of ['0', '1001', '2.5', 'all']) expect(messages({ user: 'x', limit })[0]).toMatchObject({ path: 'limit' });
    expect(messages({ user: 'x', limit: '0' })[0].message).toBe('Show between 1 and 1000 entries at once');
    for (const before of ['0', '-3', '1.5', 'abc', '9'.repeat(30)]) expect(messages({ user: 'x', before })[0]).toMatchObject({ path: 'before' });
  });
});
