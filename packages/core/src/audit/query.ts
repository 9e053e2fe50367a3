import { z } from 'zod';
import { text as apiText } from '../api/text.ts';
import { parseDateInput } from '../time/date-input.ts';
import { OPERATOR_TIME_ZONE, dateInZone } from '../time/zone.ts';
import { LOG_MSG } from './messages.ts';

/** How many entries one page of the log answers, unless asked for fewer or more. */
export const LOG_DEFAULT_LIMIT = 200;
export const LOG_MAX_LIMIT = 1000;

/** The search fields of /log (spec 2 §2), as they appear in its address. */
export const LOG_FILTERS = ['table', 'id', 'activityType', 'user', 'dateFrom', 'dateTo'] as const;
export type LogFilter = (typeof LOG_FILTERS)[number];

/** Control characters have no place in a search (and PostgreSQL refuses NUL in text). */
export function noControlCharacters(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const code = v.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** A text parameter: trimmed, empty means absent. */
const text = (max: number, message: string) =>
  apiText()
    .trim()
    .max(max, message)
    .refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER)
    .optional()
    .transform((v) => v || undefined);

/** What a validated log search asks for: dates are YYYY-MM-DD days in the operator's time zone, both ends included. */
export interface LogCriteria {
  table?: string;
  id?: string;
  user?: string;
  activityType?: string;
  dateFrom?: string;
  dateTo?: string;
  limit: number;
  before?: number;
}

/**
 * The log search (spec 2 §2, §7 GET log): by record (table and id), by user (contact id or user
 * name) or by activity type, each optionally narrowed by the others and by a date range. Dates are
 * read in every accepted form (DECISIONS 2); `today` places M/D and two-digit years.
 */
export function logQuerySchema(today: () => string) {
  return z
    .object({
      table: apiText()
        .trim()
        .max(63, LOG_MSG.TABLE_NAME)
        .regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/, LOG_MSG.TABLE_NAME)
        .optional()
        .transform((v) => v || undefined),
      id: text(100, LOG_MSG.ID_TOO_LONG),
      user: text(200, LOG_MSG.USER_TOO_LONG),
      activityType: text(100, LOG_MSG.ACTIVITY_TOO_LONG),
      dateFrom: text(40, LOG_MSG.INVALID_DATE_FROM),
      dateTo: text(40, LOG_MSG.INVALID_DATE_TO),
      limit: z.coerce.number().int(LOG_MSG.LIMIT).min(1, LOG_MSG.LIMIT).max(LOG_MAX_LIMIT, LOG_MSG.LIMIT).default(LOG_DEFAULT_LIMIT),
      before: z.coerce.number().int(LOG_MSG.BEFORE).positive(LOG_MSG.BEFORE).max(Number.MAX_SAFE_INTEGER, LOG_MSG.BEFORE).optional(),
    })
    .transform((q, ctx): LogCriteria => {
      if (q.id && !q.table) ctx.addIssue({ code: 'custom', message: LOG_MSG.TABLE_REQUIRED, path: ['table'] });
      else if (!(q.table && q.id) && !q.user && !q.activityType) ctx.addIssue({ code: 'custom', message: LOG_MSG.CRITERIA_REQUIRED, path: [] });
      const from = q.dateFrom === undefined ? undefined : parseDateInput(q.dateFrom, today());
      const to = q.dateTo === undefined ? undefined : parseDateInput(q.dateTo, today());
      if (from === null) ctx.addIssue({ code: 'custom', message: LOG_MSG.INVALID_DATE_FROM, path: ['dateFrom'] });
      if (to === null) ctx.addIssue({ code: 'custom', message: LOG_MSG.INVALID_DATE_TO, path: ['dateTo'] });
      if (from && to && from > to) ctx.addIssue({ code: 'custom', message: LOG_MSG.DATE_RANGE, path: ['dateTo'] });
      return {
        table: q.table,
        id: q.id,
        user: q.user,
        activityType: q.activityType,
        dateFrom: from ?? undefined,
        dateTo: to ?? undefined,
        limit: q.limit,
        before: q.before,
      };
    });
}

/** The log search as the API reads it: "today" is the operator's calendar day. */
export const LogQuery = logQuerySchema(() => dateInZone(new Date(), OPERATOR_TIME_ZONE));
