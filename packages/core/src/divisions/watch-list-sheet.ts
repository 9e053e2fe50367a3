/**
 * Reading a watch list workbook's first sheet (spec 3 §2 watch list upload). The first row names
 * the columns, in any order and any case: Member ID and/or Contact Number (which passenger),
 * Passenger or Name (shown in the preview only), Reason, Start Date (today when empty) and End Date
 * (no end when empty). Each later row becomes one entry, with its problems listed.
 */
import { isoDateProblem } from '../api/text.ts';
import { WATCH_LIST_MSG, WATCH_LIST_UPLOAD_MAX_ROWS, watchListDatesProblem, watchListReasonProblem } from './watch-list.ts';

export type SheetCell = string | number | boolean | Date | null | undefined;

export interface WatchListSheetRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  line: number;
  memberId: string | null;
  contactNumber: string | null;
  name: string | null;
  reason: string;
  startDate: string | null;
  endDate: string | null;
  problems: string[];
}

export interface WatchListSheet {
  /** A problem of the whole sheet: nothing can be applied. */
  problem: string | null;
  rows: WatchListSheetRow[];
}

type Column = 'memberId' | 'contactNumber' | 'name' | 'reason' | 'startDate' | 'endDate';

const HEADERS: Record<string, Column> = {
  memberid: 'memberId',
  member: 'memberId',
  medicaidid: 'memberId',
  contactnumber: 'contactNumber',
  contact: 'contactNumber',
  passengernumber: 'contactNumber',
  passenger: 'name',
  passengername: 'name',
  name: 'name',
  reason: 'reason',
  startdate: 'startDate',
  start: 'startDate',
  begindate: 'startDate',
  enddate: 'endDate',
  end: 'endDate',
};

const COLUMN_TITLES: Record<'startDate' | 'endDate', string> = { startDate: 'Start Date', endDate: 'End Date' };

/** 'Member ID', 'member_id', 'Contact #' → the key the header table uses. */
function headerKey(cell: SheetCell): string {
  return String(cell ?? '')
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z]/g, '');
}

function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** Excel keeps days as a serial number counted from 1899-12-30. */
function fromSerial(serial: number): string | null {
  if (!Number.isInteger(serial) || serial < 1 || serial > 2958465) return null;
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date cell as YYYY-MM-DD: a date, a day serial, 'YYYY-MM-DD' or 'M/D/YYYY'. Empty is null;
 * anything else is undefined (not a date).
 */
export function sheetDate(cell: SheetCell): string | null | undefined {
  if (cell === null || cell === undefined || cell === '') return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return fromSerial(cell) ?? undefined;
  const s = String(cell).trim();
  if (!s) return null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : s;
  return isoDateProblem(iso) ? undefined : iso;
}

/** An identifier cell: numbers keep no decimals ('100123' rather than '100123.0'). */
function idText(cell: SheetCell): string | null {
  const t = typeof cell === 'number' && Number.isInteger(cell) ? String(cell) : cellText(cell);
  return t || null;
}

function isBlank(row: readonly SheetCell[]): boolean {
  return row.every((c) => cellText(c) === '');
}

/** The sheet's entries; `today` stands in for an empty start date. */
export function readWatchListSheet(sheet: readonly (readonly SheetCell[])[], today: string): WatchListSheet {
  const headerAt = sheet.findIndex((r) => !isBlank(r));
  const columns = new Map<Column, number>();
  if (headerAt >= 0) {
    sheet[headerAt].forEach((cell, i) => {
      const col = HEADERS[headerKey(cell)];
      if (col && !columns.has(col)) columns.set(col, i);
    });
  }
  if (!columns.has('reason') || !(columns.has('memberId') || columns.has('contactNumber'))) {
    return { problem: WATCH_LIST_MSG.NO_HEADER, rows: [] };
  }
  const body = sheet.slice(headerAt + 1).map((cells, i) => ({ cells, line: headerAt + 2 + i })).filter((r) => !isBlank(r.cells));
  if (body.length === 0) return { problem: WATCH_LIST_MSG.NO_ROWS, rows: [] };
  if (body.length > WATCH_LIST_UPLOAD_MAX_ROWS) return { problem: WATCH_LIST_MSG.TOO_MANY_ROWS, rows: [] };

  const at = (cells: readonly SheetCell[], col: Column): SheetCell => {
    const i = columns.get(col);
    return i === undefined ? null : cells[i];
  };
  const rows = body.map(({ cells, line }): WatchListSheetRow => {
    const problems: string[] = [];
    const memberId = idText(at(cells, 'memberId'));
    const contactNumber = idText(at(cells, 'contactNumber'));
    if (!memberId && !contactNumber) problems.push(WATCH_LIST_MSG.ROW_NO_PASSENGER);
    const reason = cellText(at(cells, 'reason'));
    const reasonProblem = watchListReasonProblem(reason);
    if (reasonProblem) problems.push(reasonProblem);
    const dates = { startDate: sheetDate(at(cells, 'startDate')), endDate: sheetDate(at(cells, 'endDate')) };
    for (const col of ['startDate', 'endDate'] as const) {
      if (dates[col] === undefined) problems.push(WATCH_LIST_MSG.ROW_DATE(COLUMN_TITLES[col]));
    }
    const startDate = dates.startDate === undefined ? null : (dates.startDate ?? today);
    const endDate = dates.endDate ?? null;
    if (startDate && dates.endDate !== undefined) {
      const order = watchListDatesProblem({ startDate, endDate });
      if (order) problems.push(order);
    }
    return { line, memberId, contactNumber, name: cellText(at(cells, 'name')) || null, reason, startDate, endDate, problems };
  });
  return { problem: null, rows };
}

/** A passenger an upload row may name. */
export interface WatchListCandidate {
  id: string;
  name: string;
  contactNumber: string;
  memberId: string | null;
}

export type WatchListMatch = { passenger: WatchListCandidate; problem: null } | { passenger: null; problem: string };

/**
 * The passenger a row names: by contact number when given (its member id, if also given, must be
 * the same passenger's), else by member id, which must name exactly one passenger.
 */
export function matchWatchListPassenger(row: Pick<WatchListSheetRow, 'memberId' | 'contactNumber'>, candidates: readonly WatchListCandidate[]): WatchListMatch {
  if (row.contactNumber) {
    const p = candidates.find((c) => c.contactNumber === row.contactNumber);
    if (!p) return { passenger: null, problem: WATCH_LIST_MSG.ROW_NUMBER_NOT_FOUND(row.contactNumber) };
    if (row.memberId && p.memberId !== row.memberId) return { passenger: null, problem: WATCH_LIST_MSG.ROW_MISMATCH };
    return { passenger: p, problem: null };
  }
  if (!row.memberId) return { passenger: null, problem: WATCH_LIST_MSG.ROW_NO_PASSENGER };
  const members = candidates.filter((c) => c.memberId === row.memberId);
  if (members.length === 0) return { passenger: null, problem: WATCH_LIST_MSG.ROW_MEMBER_NOT_FOUND(row.memberId) };
  if (members.length > 1) return { passenger: null, problem: WATCH_LIST_MSG.ROW_MANY_MEMBERS(row.memberId) };
  return { passenger: members[0], problem: null };
}
