import { addDays } from '../time/date-input.ts';
import { dayCount, datesFromTo, dateInRange, isCalendarDate, weekdayOf, sundayOf, type DateRange } from './dates.ts';
import { DUP_MSG } from './messages.ts';

/** spec 2 §9: trips are duplicated at most 365 days ahead. */
export const DUPLICATE_MAX_DAYS_AHEAD = 365;

/** spec 2 §2: daily (every N days) or weekly (chosen weekdays, every N weeks). */
export type Repeat = { kind: 'daily'; every: number } | { kind: 'weekly'; every: number; weekdays: readonly number[] };

export interface DuplicateSettings {
  repeat: Repeat;
  from: string | null;
  to: string | null;
  /** Dates to leave out (spec 2 §5: excluded dates are dropped). */
  excluded: readonly string[];
}

export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * Whether a weekly pattern falls on a date: its weekday is chosen and its week is one of every
 * `every` weeks counted from the week of `anchor` (weeks start on Sunday).
 */
export function weeklyOn(date: string, anchor: string, every: number, weekdays: readonly number[]): boolean {
  if (!weekdays.includes(weekdayOf(date))) return false;
  const weeks = Math.floor(dayCount(sundayOf(anchor), sundayOf(date)) / 7);
  return weeks >= 0 && weeks % every === 0;
}

/** The last date a trip may be duplicated to, from today. */
export const lastDuplicateDate = (today: string) => addDays(today, DUPLICATE_MAX_DAYS_AHEAD);

/**
 * spec 2 §5 (rule 107): the dates a duplicate request makes, or what is wrong with the settings.
 * Frequency at least 1; from and to required; to not before from; at most 365 days ahead and not
 * before today; excluded dates dropped.
 */
export function duplicateDates(s: DuplicateSettings, today: string): { dates: string[] } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (!Number.isInteger(s.repeat.every) || s.repeat.every < 1) problems.push({ path: 'every', message: DUP_MSG.FREQUENCY });
  if (s.repeat.kind === 'weekly' && s.repeat.weekdays.length === 0) problems.push({ path: 'weekdays', message: DUP_MSG.WEEKDAYS });
  const from = s.from && isCalendarDate(s.from) ? s.from : null;
  const to = s.to && isCalendarDate(s.to) ? s.to : null;
  if (!from) problems.push({ path: 'from', message: DUP_MSG.FROM_REQUIRED });
  else if (from < today) problems.push({ path: 'from', message: DUP_MSG.PAST });
  if (!to) problems.push({ path: 'to', message: DUP_MSG.TO_REQUIRED });
  else if (to > lastDuplicateDate(today)) problems.push({ path: 'to', message: DUP_MSG.TOO_FAR });
  if (from && to && to < from) problems.push({ path: 'to', message: DUP_MSG.TO_BEFORE_FROM });
  if (problems.length > 0 || !from || !to) return { problems };

  const excluded = new Set(s.excluded);
  const repeat = s.repeat;
  const dates = datesFromTo(from, to).filter((d) => {
    if (excluded.has(d)) return false;
    if (repeat.kind === 'daily') return dayCount(from, d) % repeat.every === 0;
    return weeklyOn(d, from, repeat.every, repeat.weekdays);
  });
  if (dates.length === 0) return { problems: [{ path: 'to', message: DUP_MSG.NO_DATES }] };
  return { dates };
}

/**
 * The dates a duplicate request may be sent with (what the server checks of `dates`): each a real
 * date, from today to 365 days ahead, each once. A request with one date that fails writes nothing.
 */
export function duplicateDateProblems(dates: readonly string[], today: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (dates.length === 0) return [{ path: 'dates', message: DUP_MSG.DATES_REQUIRED }];
  const seen = new Set<string>();
  dates.forEach((d, i) => {
    const path = `dates.${i}`;
    if (!isCalendarDate(d)) problems.push({ path, message: `${d} is not a date (YYYY-MM-DD)` });
    else if (d < today) problems.push({ path, message: DUP_MSG.PAST });
    else if (d > lastDuplicateDate(today)) problems.push({ path, message: DUP_MSG.TOO_FAR });
    else if (seen.has(d)) problems.push({ path, message: DUP_MSG.DATE_TWICE });
    seen.add(d);
  });
  return problems;
}

/** A standing order's rule: chosen weekdays every N weeks, from a start date to an optional end. */
export interface StandingRule {
  weekdays: readonly number[];
  everyWeeks: number;
  startDate: string;
  endDate: string | null;
  suspensions: readonly DateRange[];
}

/** How far ahead a standing order keeps its trips made: a rolling 60 days. */
export const STANDING_ORDER_HORIZON_DAYS = 60;

/** The dates a standing order falls on from `from` to `to` (both included), suspended ranges left out. */
export function standingOrderDates(rule: StandingRule, from: string, to: string): string[] {
  const start = from > rule.startDate ? from : rule.startDate;
  const end = rule.endDate && rule.endDate < to ? rule.endDate : to;
  if (end < start) return [];
  return datesFromTo(start, end).filter(
    (d) => weeklyOn(d, rule.startDate, rule.everyWeeks, rule.weekdays) && !rule.suspensions.some((s) => dateInRange(d, s)),
  );
}

/**
 * The dates the daily run makes trips for: the order's dates from today to today + 60 days that
 * have no trip yet. Running it again the same day finds nothing more to make.
 */
export function datesToFill(rule: StandingRule, today: string, made: ReadonlySet<string>): string[] {
  return standingOrderDates(rule, today, addDays(today, STANDING_ORDER_HORIZON_DAYS)).filter((d) => !made.has(d));
}

/** 'This trip repeats every Monday, Wednesday and Friday from Dec 1, 2026 until Dec 31, 2026'. */
export function describeStandingOrder(rule: Pick<StandingRule, 'weekdays' | 'everyWeeks' | 'startDate' | 'endDate'>): string {
  const names = [...rule.weekdays].sort((a, b) => a - b).map((d) => WEEKDAYS[d]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? 'no day');
  const every = rule.everyWeeks === 1 ? `every ${list}` : `every ${rule.everyWeeks} weeks on ${list}`;
  const until = rule.endDate ? ` until ${displayLongDate(rule.endDate)}` : ', with no end date';
  return `This trip repeats ${every} from ${displayLongDate(rule.startDate)}${until}.`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-12-01 → 'Dec 1, 2026'. */
export const displayLongDate = (d: string) => `${MONTHS[Number(d.slice(5, 7)) - 1]} ${Number(d.slice(8, 10))}, ${d.slice(0, 4)}`;
