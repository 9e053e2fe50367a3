import { addDays, isoDateProblem, isSunday, nonFinalRangeProblem, payWeekProblem, weekStartOf } from '@tripline/core';

/** The partner-pay report as its address holds it: /reporting/partner-pay?date=…&affiliateId=… */
export interface PayParams {
  date: string | null;
  affiliateId: string | null;
}

/** The non-final trips report: /reporting/partner-non-final-trips?dateFrom=…&dateTo=…&affiliateId=… */
export interface NonFinalParams {
  dateFrom: string | null;
  dateTo: string | null;
  affiliateId: string | null;
}

/** The week the report opens on: the latest Sunday that is not in the future (this week's). */
export const defaultPayWeek = (today: string): string => weekStartOf(today);

/** A day from the address when it is one (YYYY-MM-DD, a real day); anything else is left empty. */
const dayParam = (raw: string | null): string | null => (raw && isoDateProblem(raw) === null ? raw : null);

/** The week asked for in the address, or this week's Sunday when none is. */
export function payParamsFrom(search: URLSearchParams, today: string): PayParams {
  const raw = search.get('date');
  return { date: raw ? dayParam(raw) : defaultPayWeek(today), affiliateId: search.get('affiliateId') || null };
}

/** The week a report can be asked for, or the reason it cannot (spec 2 §5 rule 170). */
export function payQueryOf(p: PayParams, today: string): { ok: true; date: string } | { ok: false; message: string } {
  const problem = payWeekProblem(p.date, today);
  return problem ? { ok: false, message: problem } : { ok: true, date: p.date as string };
}

/** The last 30 days up to today, unless the address says otherwise. */
export function nonFinalParamsFrom(search: URLSearchParams, today: string): NonFinalParams {
  const from = search.get('dateFrom');
  const to = search.get('dateTo');
  return {
    dateFrom: from ? dayParam(from) : addDays(today, -30),
    dateTo: to ? dayParam(to) : today,
    affiliateId: search.get('affiliateId') || null,
  };
}

export const nonFinalProblem = (p: NonFinalParams): string | null => nonFinalRangeProblem(p.dateFrom, p.dateTo);

/** The address of a report's state, without empty values. */
export function searchOf(values: Record<string, string | null>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) out.set(k, v);
  return out;
}

/** The Sundays before and after, for stepping through weeks (the next only when it has begun). */
export function neighbourWeeks(sunday: string, today: string): { previous: string; next: string | null } {
  const next = addDays(sunday, 7);
  return { previous: addDays(sunday, -7), next: isSunday(next) && next <= today ? next : null };
}
