/**
 * Divisions (spec 3 §5, GLOSSARY): an operating region with its own time zone, named by a code of
 * two letters and two digits (NM01). Each US county belongs to at most one division, which is how a
 * ZIP code finds its division (ZIP → county → division).
 */

import { US_STATE_CODES, stateOfCountyFips } from './states.ts';

/** spec 3 §5: the division pattern is two letters plus two digits; a ZIP is 5 digits. */
export const DIVISION_CODE_PATTERN = /^[A-Z]{2}[0-9]{2}$/;
export const ZIP_PATTERN = /^[0-9]{5}$/;
export const COUNTY_FIPS_PATTERN = /^[0-9]{5}$/;

export const DIVISION_NAME_MAX = 60;
export const COUNTY_NAME_MAX = 100;
/** More than every county of the largest state (Texas has 254). */
export const DIVISION_COUNTIES_MAX = 500;

/** The time zones a division may keep: the US zones of the IANA database, east to west. */
export const DIVISION_TIME_ZONES = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;
export type DivisionTimeZone = (typeof DIVISION_TIME_ZONES)[number];

/** Texts of the divisions screen and the ZIP lookup; the spec words only NO_DIVISION_FOR_ZIP. */
export const DIVISION_MSG = {
  /** spec 2 §8: the ZIP lookup found no division. */
  NO_DIVISION_FOR_ZIP: 'Unable to determine division for ZIP',
  CODE_PATTERN: 'A division code is two letters and two digits, like NM01',
  NAME_REQUIRED: 'Enter the name of the division',
  NAME_TOO_LONG: `A division name has at most ${DIVISION_NAME_MAX} characters`,
  STATE: 'Choose the state of the division',
  TIME_ZONE: 'Choose the time zone of the division',
  ZIP_PATTERN: 'A ZIP code is 5 digits',
  UNKNOWN_ZIP: (zip: string) => `ZIP ${zip} is not a known US ZIP code`,
  COUNTY_FIPS: 'A county is named by its five-digit FIPS code',
  COUNTY_NAME: 'A county needs its name',
  COUNTY_TWICE: (fips: string) => `County ${fips} is listed twice`,
  TOO_MANY_COUNTIES: `A division has at most ${DIVISION_COUNTIES_MAX} counties`,
  CODE_TAKEN: (code: string) => `Division ${code} already exists`,
  MOD_COUNT_REQUIRED: 'Send the modCount of the division you loaded',
  NOT_FOUND: 'There is no such division',
  /** spec 1 §8's wording for a record saved by someone else first. */
  CONFLICT: (code: string) => `Could not update record ${code}, your changes have been rolled back. Try saving the record again`,
  SAVED: (code: string) => `Division ${code} saved`,
  ADMIN_ONLY: 'Only administrators may change divisions',
} as const;

/** A division code as typed, tidied: trimmed and upper case ('nm01 ' → 'NM01'). */
export function normaliseDivisionCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Why a division code cannot be used (after tidying), or null. */
export function divisionCodeProblem(code: string): string | null {
  return DIVISION_CODE_PATTERN.test(normaliseDivisionCode(code)) ? null : DIVISION_MSG.CODE_PATTERN;
}

/** Why a ZIP cannot be looked up, or null: exactly five digits once trimmed. */
export function zipProblem(zip: string): string | null {
  return ZIP_PATTERN.test(zip.trim()) ? null : DIVISION_MSG.ZIP_PATTERN;
}

export interface DivisionDraft {
  code: string;
  name: string;
  state: string;
  timeZone: string;
}

/** Every problem of a division's fields, by field, in form order (empty when it can be saved). */
export function divisionProblems(d: DivisionDraft): Partial<Record<keyof DivisionDraft, string>> {
  const out: Partial<Record<keyof DivisionDraft, string>> = {};
  const code = divisionCodeProblem(d.code);
  if (code) out.code = code;
  const name = d.name.trim();
  if (!name) out.name = DIVISION_MSG.NAME_REQUIRED;
  else if (name.length > DIVISION_NAME_MAX) out.name = DIVISION_MSG.NAME_TOO_LONG;
  if (!(US_STATE_CODES as readonly string[]).includes(d.state)) out.state = DIVISION_MSG.STATE;
  if (!(DIVISION_TIME_ZONES as readonly string[]).includes(d.timeZone)) out.timeZone = DIVISION_MSG.TIME_ZONE;
  return out;
}

export interface CountyRef {
  fips: string;
  name: string;
}

/** Why a division's county list cannot be saved, or null: FIPS codes of real states, each once, named. */
export function countyListProblem(counties: readonly CountyRef[]): string | null {
  if (counties.length > DIVISION_COUNTIES_MAX) return DIVISION_MSG.TOO_MANY_COUNTIES;
  const seen = new Set<string>();
  for (const c of counties) {
    if (!COUNTY_FIPS_PATTERN.test(c.fips) || !stateOfCountyFips(c.fips)) return DIVISION_MSG.COUNTY_FIPS;
    if (!c.name.trim()) return DIVISION_MSG.COUNTY_NAME;
    if (seen.has(c.fips)) return DIVISION_MSG.COUNTY_TWICE(c.fips);
    seen.add(c.fips);
  }
  return null;
}

/**
 * A click on a county of the map (spec 3 §5 divisions map): a county outside the chosen division
 * joins it (leaving the division it was in); a county already in it leaves it.
 */
export function toggleCounty(counties: readonly CountyRef[], county: CountyRef): CountyRef[] {
  return counties.some((c) => c.fips === county.fips)
    ? counties.filter((c) => c.fips !== county.fips)
    : [...counties, county].sort((a, b) => a.fips.localeCompare(b.fips));
}
