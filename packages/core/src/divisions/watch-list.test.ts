import { describe, expect, it } from 'vitest';
import { ElevatedMemberSave } from './schemas.ts';
import {
  isWatchListActive,
  isWatchListWorkbookName,
  looksLikeXlsx,
  WATCH_LIST_MSG,
  watchListDatesProblem,
  watchListReasonProblem,
  watchListRowAction,
} from './watch-list.ts';
import { matchWatchListPassenger, readWatchListSheet, sheetDate } from './watch-list-sheet.ts';

const TODAY = '2026-11-22';

describe('upload type (spec 3 §5: .xlsx only)', () => {
  it('keeps the spec text', () => expect(WATCH_LIST_MSG.WRONG_TYPE).toBe('Upload is of the wrong type'));
  it.each(['list.xlsx', 'LIST.XLSX', ' a b.xlsx '])('accepts %j', (n) => expect(isWatchListWorkbookName(n)).toBe(true));
  it.each(['list.xls', 'list.csv', 'list.xlsx.pdf', 'xlsx', 'list.xlsm'])('refuses %j', (n) => expect(isWatchListWorkbookName(n)).toBe(false));
  it('recognises the zip header an .xlsx starts with', () => {
    expect(looksLikeXlsx(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(looksLikeXlsx(Uint8Array.from([0x25, 0x50, 0x44, 0x46]))).toBe(false);
    expect(looksLikeXlsx(Uint8Array.from([0x50, 0x4b, 0x03]))).toBe(false);
  });
});

describe('dates of an entry', () => {
  const entry = { startDate: '2026-11-01', endDate: '2026-11-22' };
  it('applies from its first day to its last, both included', () => {
    expect(isWatchListActive(entry, '2026-10-31')).toBe(false);
    expect(isWatchListActive(entry, '2026-11-01')).toBe(true);
    expect(isWatchListActive(entry, '2026-11-22')).toBe(true);
    expect(isWatchListActive(entry, '2026-11-23')).toBe(false);
  });
  it('without an end it applies from its start on', () => expect(isWatchListActive({ startDate: TODAY, endDate: null }, '2078-12-31')).toBe(true));
  it('an end on the start day is allowed, the day before is not', () => {
    expect(watchListDatesProblem({ startDate: TODAY, endDate: TODAY })).toBeNull();
    expect(watchListDatesProblem({ startDate: TODAY, endDate: '2026-11-21' })).toBe('The end date is before the start date');
  });
  it('a reason is needed, at most 500 characters', () => {
    expect(watchListReasonProblem('  ')).toBe('Give the reason');
    expect(watchListReasonProblem('x'.repeat(500))).toBeNull();
    expect(watchListReasonProblem('x'.repeat(501))).toBe('A reason has at most 500 characters');
  });
  it('the save body says which field is wrong', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(ElevatedMemberSave.safeParse({ reason: 'x', startDate: TODAY }).error?.issues[0].message).toBe('Choose the passenger');
    expect(ElevatedMemberSave.safeParse({ passengerId: id, reason: ' ', startDate: TODAY }).error?.issues[0].message).toBe('Give the reason');
    const order = ElevatedMemberSave.safeParse({ passengerId: id, reason: 'x', startDate: TODAY, endDate: '2026-11-21' });
    expect(order.error?.issues[0]).toMatchObject({ message: 'The end date is before the start date', path: ['endDate'] });
  });
});

describe('reading a workbook', () => {
  const header = ['Member ID', 'Contact #', 'Passenger', 'Reason', 'Start Date', 'End Date'];
  it('reads rows under a header in any order and case', () => {
    const sheet = readWatchListSheet(
      [
        ['reason', 'END DATE', 'member_id'],
        ['Threatened a driver', '12/31/2026', 'M123'],
      ],
      TODAY,
    );
    expect(sheet).toEqual({
      problem: null,
      rows: [{ line: 2, memberId: 'M123', contactNumber: null, name: null, reason: 'Threatened a driver', startDate: TODAY, endDate: '2026-12-31', problems: [] }],
    });
  });
  it('takes dates as dates, day serials or text, and contact numbers without decimals', () => {
    const sheet = readWatchListSheet([header, [null, 100234, 'Ann Lee', 'Falls', new Date(Date.UTC(2026, 10, 1)), 46387]], TODAY);
    expect(sheet.rows[0]).toMatchObject({ contactNumber: '100234', name: 'Ann Lee', startDate: '2026-11-01', endDate: '2026-12-31' });
  });
  it('lists every problem of a row with its spreadsheet line; blank rows are passed over', () => {
    const sheet = readWatchListSheet([[], header, ['', '', 'X', '', 'soon', '2026-02-30'], [], ['M1', '', '', 'ok', '2026-12-01', '2026-11-30']], TODAY);
    expect(sheet.rows.map((r) => [r.line, r.problems])).toEqual([
      [3, ['Give the member id or the contact number of the passenger', 'Give the reason', 'Start Date is not a date', 'End Date is not a date']],
      [5, ['The end date is before the start date']],
    ]);
  });
  it('refuses a sheet without the needed columns, without rows, or with more than 5,000 rows', () => {
    expect(readWatchListSheet([['Name', 'Reason']], TODAY).problem).toBe(WATCH_LIST_MSG.NO_HEADER);
    expect(readWatchListSheet([['Member ID', 'Notes']], TODAY).problem).toBe(WATCH_LIST_MSG.NO_HEADER);
    expect(readWatchListSheet([], TODAY).problem).toBe(WATCH_LIST_MSG.NO_HEADER);
    expect(readWatchListSheet([header, [], []], TODAY).problem).toBe('The workbook has no rows under its header');
    const row = ['M1', '', '', 'r', '', ''];
    expect(readWatchListSheet([header, ...Array(5000).fill(row)], TODAY).problem).toBeNull();
    expect(readWatchListSheet([header, ...Array(5001).fill(row)], TODAY).problem).toBe('A workbook may hold at most 5,000 rows');
  });
  it('reads a date cell', () => {
    expect(sheetDate('')).toBeNull();
    expect(sheetDate('1/2/2027')).toBe('2027-01-02');
    expect(sheetDate('2027-13-01')).toBeUndefined();
    expect(sheetDate(0)).toBeUndefined();
    expect(sheetDate(1.5)).toBeUndefined();
    expect(sheetDate(true)).toBeUndefined();
  });
});

describe('what applying a row does', () => {
  const row = { problems: [], reason: 'Falls', startDate: TODAY, endDate: null };
  it('leaves out a row with problems', () => expect(watchListRowAction({ ...row, problems: ['x'] }, null)).toBe('error'));
  it('adds a passenger not on the list', () => expect(watchListRowAction(row, null)).toBe('add'));
  it('leaves a matching entry alone and changes a different one', () => {
    expect(watchListRowAction(row, { reason: 'Falls', startDate: TODAY, endDate: null })).toBe('unchanged');
    expect(watchListRowAction(row, { reason: 'Falls', startDate: TODAY, endDate: '2026-12-01' })).toBe('update');
    expect(watchListRowAction(row, { reason: 'Other', startDate: TODAY, endDate: null })).toBe('update');
  });
});

describe('which passenger a row names', () => {
  const ann = { id: 'a', name: 'Ann', contactNumber: '100001', memberId: 'M1' };
  const bob = { id: 'b', name: 'Bob', contactNumber: '100002', memberId: 'M2' };
  const bob2 = { id: 'c', name: 'Bob Jr', contactNumber: '100003', memberId: 'M2' };
  const all = [ann, bob, bob2];
  it('by contact number, checked against the member id when both are given', () => {
    expect(matchWatchListPassenger({ contactNumber: '100001', memberId: null }, all).passenger).toBe(ann);
    expect(matchWatchListPassenger({ contactNumber: '100001', memberId: 'M1' }, all).passenger).toBe(ann);
    expect(matchWatchListPassenger({ contactNumber: '100001', memberId: 'M2' }, all).problem).toBe(
      'The member id and the contact number belong to different passengers',
    );
    expect(matchWatchListPassenger({ contactNumber: '999', memberId: null }, all).problem).toBe('No passenger has contact number 999');
  });
  it('by member id when it names one passenger', () => {
    expect(matchWatchListPassenger({ contactNumber: null, memberId: 'M1' }, all).passenger).toBe(ann);
    expect(matchWatchListPassenger({ contactNumber: null, memberId: 'M2' }, all).problem).toBe('Several passengers have member id M2: give the contact number');
    expect(matchWatchListPassenger({ contactNumber: '100003', memberId: 'M2' }, all).passenger).toBe(bob2);
    expect(matchWatchListPassenger({ contactNumber: null, memberId: 'M9' }, all).problem).toBe('No passenger has member id M9');
  });
});
