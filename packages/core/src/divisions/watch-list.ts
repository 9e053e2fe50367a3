/**
 * The watch list of elevated members (spec 3 §2, §5): passengers whose trips staff watch closely,
 * each with a reason and the days it applies. Kept by hand or from an .xlsx workbook that is
 * previewed before it is applied.
 */

export const WATCH_LIST_REASON_MAX = 500;
/** A workbook larger than this is refused before it is read. */
export const WATCH_LIST_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const WATCH_LIST_UPLOAD_MAX_ROWS = 5000;
/** spec 3 §5: the watch list upload must be .xlsx. */
export const WATCH_LIST_UPLOAD_EXTENSION = '.xlsx';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const WATCH_LIST_MSG = {
  /** spec 3 §5: an upload of another type. */
  WRONG_TYPE: 'Upload is of the wrong type',
  FILE_REQUIRED: 'Choose an .xlsx workbook to upload',
  ONE_FILE: 'Upload one workbook at a time',
  TOO_LARGE: 'The workbook is larger than 5 MB',
  UNREADABLE: 'The workbook could not be read. Save it again as an Excel workbook (.xlsx) and upload it again',
  NO_HEADER: 'The first row must name the columns: Member ID or Contact Number, Reason, Start Date and End Date',
  NO_ROWS: 'The workbook has no rows under its header',
  TOO_MANY_ROWS: `A workbook may hold at most ${WATCH_LIST_UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows`,
  ROW_NO_PASSENGER: 'Give the member id or the contact number of the passenger',
  ROW_REASON: 'Give the reason',
  REASON_TOO_LONG: `A reason has at most ${WATCH_LIST_REASON_MAX} characters`,
  ROW_DATE: (column: string) => `${column} is not a date`,
  DATES_ORDER: 'The end date is before the start date',
  ROW_MEMBER_NOT_FOUND: (memberId: string) => `No passenger has member id ${memberId}`,
  ROW_NUMBER_NOT_FOUND: (n: string) => `No passenger has contact number ${n}`,
  ROW_MISMATCH: 'The member id and the contact number belong to different passengers',
  ROW_MANY_MEMBERS: (memberId: string) => `Several passengers have member id ${memberId}: give the contact number`,
  ROW_REPEATED: (line: number) => `The same passenger is in row ${line} already`,
  UPLOAD_NOT_FOUND: 'This upload is no longer available. Upload the workbook again',
  ALREADY_APPLIED: 'This upload was already applied',
  NOTHING_TO_APPLY: 'The upload has no rows that can be applied',
  PASSENGER_REQUIRED: 'Choose the passenger',
  NOT_A_PASSENGER: 'Only passengers can be on the watch list',
  ALREADY_LISTED: 'This passenger is already on the watch list: edit the entry instead',
  ENTRY_NOT_FOUND: 'This watch list entry no longer exists',
  REMOVE_CONFIRM: (name: string) => `Remove ${name} from the watch list?`,
  EMPTY: 'No elevated members',
} as const;

/** Whether an uploaded file may be a watch list workbook: by its name (spec 3 §5: .xlsx only). */
export function isWatchListWorkbookName(fileName: string): boolean {
  return fileName.trim().toLowerCase().endsWith(WATCH_LIST_UPLOAD_EXTENSION);
}

/** An .xlsx file is a zip archive: it starts with the local file header 'PK\x03\x04'. */
export function looksLikeXlsx(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

export interface WatchListDates {
  startDate: string;
  /** Null: no end. */
  endDate: string | null;
}

/** Whether an entry applies on a day (YYYY-MM-DD): from its start to its end, both included. */
export function isWatchListActive(entry: WatchListDates, day: string): boolean {
  return entry.startDate <= day && (entry.endDate === null || entry.endDate >= day);
}

/** Why the dates cannot be saved, or null. */
export function watchListDatesProblem(entry: WatchListDates): string | null {
  return entry.endDate !== null && entry.endDate < entry.startDate ? WATCH_LIST_MSG.DATES_ORDER : null;
}

/** Why a reason cannot be saved, or null. */
export function watchListReasonProblem(reason: string): string | null {
  const r = reason.trim();
  if (!r) return WATCH_LIST_MSG.ROW_REASON;
  return r.length > WATCH_LIST_REASON_MAX ? WATCH_LIST_MSG.REASON_TOO_LONG : null;
}

export const WATCH_LIST_ROW_ACTIONS = ['add', 'update', 'unchanged', 'error'] as const;
export type WatchListRowAction = (typeof WATCH_LIST_ROW_ACTIONS)[number];

export interface WatchListEntryFields extends WatchListDates {
  reason: string;
}

/**
 * What applying an upload row does: a row with problems is left out; a passenger not on the list
 * is added; one already on it gets the row's reason and dates, or stays as it is when they match.
 */
export function watchListRowAction(row: { problems: readonly string[] } & WatchListEntryFields, existing: WatchListEntryFields | null): WatchListRowAction {
  if (row.problems.length > 0) return 'error';
  if (!existing) return 'add';
  const same = existing.reason === row.reason && existing.startDate === row.startDate && existing.endDate === row.endDate;
  return same ? 'unchanged' : 'update';
}
