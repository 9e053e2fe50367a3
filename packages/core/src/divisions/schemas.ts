import { z } from 'zod';
import { Uuid } from '../api/auth.ts';
import { IsoDate, text } from '../api/text.ts';
import {
  COUNTY_FIPS_PATTERN,
  COUNTY_NAME_MAX,
  DIVISION_COUNTIES_MAX,
  DIVISION_MSG,
  DIVISION_NAME_MAX,
  DIVISION_TIME_ZONES,
  ZIP_PATTERN,
  normaliseDivisionCode,
  DIVISION_CODE_PATTERN,
} from './divisions.ts';
import { US_STATE_CODES, stateOfCountyFips } from './states.ts';
import { WATCH_LIST_MSG, WATCH_LIST_REASON_MAX, WATCH_LIST_ROW_ACTIONS, watchListDatesProblem } from './watch-list.ts';

// Schemas of the divisions, ZIP code and watch list endpoints (api/divisions.ts).

export const CountyOfDivision = z.object({
  fips: text(),
  name: text(),
  state: text(),
});

export const Division = z.object({
  id: Uuid,
  code: text(),
  name: text(),
  state: text(),
  timeZone: text(),
  modCount: z.number().int(),
  counties: z.array(CountyOfDivision),
});
export type Division = z.infer<typeof Division>;

const CountyInput = z.object({
  fips: text()
    .trim()
    .regex(COUNTY_FIPS_PATTERN, DIVISION_MSG.COUNTY_FIPS)
    .refine((f) => stateOfCountyFips(f) !== null, DIVISION_MSG.COUNTY_FIPS),
  name: text().trim().min(1, DIVISION_MSG.COUNTY_NAME).max(COUNTY_NAME_MAX, DIVISION_MSG.COUNTY_NAME),
});

/** A new division (no id) or a change to one (id and the modCount it was loaded with). */
export const DivisionSave = z
  .object({
    id: Uuid.optional(),
    modCount: z.number({ error: DIVISION_MSG.MOD_COUNT_REQUIRED }).int().min(0).max(2_147_483_647).optional(),
    code: text({ error: DIVISION_MSG.CODE_PATTERN })
      .transform(normaliseDivisionCode)
      .refine((c) => DIVISION_CODE_PATTERN.test(c), DIVISION_MSG.CODE_PATTERN),
    name: text({ error: DIVISION_MSG.NAME_REQUIRED }).trim().min(1, DIVISION_MSG.NAME_REQUIRED).max(DIVISION_NAME_MAX, DIVISION_MSG.NAME_TOO_LONG),
    state: z.enum(US_STATE_CODES as [string, ...string[]], { error: DIVISION_MSG.STATE }),
    timeZone: z.enum(DIVISION_TIME_ZONES, { error: DIVISION_MSG.TIME_ZONE }),
    /** The division's whole county list; counties of other divisions move here. Left out: unchanged. */
    counties: z.array(CountyInput).max(DIVISION_COUNTIES_MAX, DIVISION_MSG.TOO_MANY_COUNTIES).optional(),
  })
  .refine((d) => d.id === undefined || d.modCount !== undefined, { message: DIVISION_MSG.MOD_COUNT_REQUIRED, path: ['modCount'] })
  .refine((d) => !d.counties || new Set(d.counties.map((c) => c.fips)).size === d.counties.length, {
    message: 'A county is listed twice',
    path: ['counties'],
  });
export type DivisionSave = z.input<typeof DivisionSave>;

export const ZipCodeQuery = z.object({
  zip: text({ error: DIVISION_MSG.ZIP_PATTERN }).trim().regex(ZIP_PATTERN, DIVISION_MSG.ZIP_PATTERN),
});

export const ZipCodeInfo = z.object({
  zip: text(),
  city: text(),
  state: text(),
  countyFips: text(),
  /** Null when the county is not among the operator's counties yet. */
  county: text().nullable(),
  /** Null: spec 2 §8 'Unable to determine division for ZIP'. */
  division: z.object({ id: Uuid, code: text(), name: text(), timeZone: text() }).nullable(),
});
export type ZipCodeInfo = z.infer<typeof ZipCodeInfo>;

export const ElevatedMember = z.object({
  id: Uuid,
  passengerId: Uuid,
  passengerName: text(),
  contactNumber: z.number().int(),
  memberId: text().nullable(),
  reason: text(),
  startDate: IsoDate,
  endDate: IsoDate.nullable(),
  /** Applies today (the operator's day). */
  active: z.boolean(),
  addedById: Uuid.nullable(),
  addedByName: text().nullable(),
  created: text(),
});
export type ElevatedMember = z.infer<typeof ElevatedMember>;

export const ElevatedMembersQuery = z.object({
  /** Only this passenger's entries. */
  passengerId: Uuid.optional(),
});

export const ElevatedMemberSave = z
  .object({
    /** Present: change this entry; absent: add one. */
    id: Uuid.optional(),
    passengerId: z.uuid({ error: WATCH_LIST_MSG.PASSENGER_REQUIRED }),
    reason: text({ error: WATCH_LIST_MSG.ROW_REASON }).trim().min(1, WATCH_LIST_MSG.ROW_REASON).max(WATCH_LIST_REASON_MAX, WATCH_LIST_MSG.REASON_TOO_LONG),
    startDate: IsoDate,
    endDate: IsoDate.nullable().optional(),
  })
  .refine((e) => !watchListDatesProblem({ startDate: e.startDate, endDate: e.endDate ?? null }), {
    message: WATCH_LIST_MSG.DATES_ORDER,
    path: ['endDate'],
  });
export type ElevatedMemberSave = z.input<typeof ElevatedMemberSave>;

export const WatchListPreviewRow = z.object({
  line: z.number().int(),
  memberId: text().nullable(),
  contactNumber: text().nullable(),
  /** The name in the workbook. */
  name: text().nullable(),
  passengerId: Uuid.nullable(),
  /** The name of the passenger found. */
  passengerName: text().nullable(),
  reason: text(),
  startDate: IsoDate.nullable(),
  endDate: IsoDate.nullable(),
  action: z.enum(WATCH_LIST_ROW_ACTIONS),
  problems: z.array(text()),
});
export type WatchListPreviewRow = z.infer<typeof WatchListPreviewRow>;

export const WatchListCounts = z.object({
  add: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});
export type WatchListCounts = z.infer<typeof WatchListCounts>;

export const WatchListPreview = z.object({
  uploadId: Uuid,
  fileName: text(),
  rows: z.array(WatchListPreviewRow),
  counts: WatchListCounts,
});
export type WatchListPreview = z.infer<typeof WatchListPreview>;

export const WatchListApply = z.object({ uploadId: Uuid });

export const WatchListApplied = z.object({
  uploadId: Uuid,
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with problems, left out. */
  skipped: z.number().int(),
});
export type WatchListApplied = z.infer<typeof WatchListApplied>;
