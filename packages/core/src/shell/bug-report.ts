import { BUG_REPORT_MIN_CHARS, CLIENT_ERROR_LOG_SIZE } from './constants.ts';
import { MSG } from './messages.ts';

/** spec 2 §5: the description needs at least 64 characters after trimming. */
export function bugReportDescriptionError(description: string): string | null {
  return description.trim().length >= BUG_REPORT_MIN_CHARS ? null : MSG.MORE_DETAIL;
}

export interface ClientErrorEntry {
  at: string;
  message: string;
  url?: string;
  status?: number;
}

/** spec 1 §9: the client error log keeps the latest 16 entries. */
export function pushClientError(log: readonly ClientErrorEntry[], entry: ClientErrorEntry): ClientErrorEntry[] {
  const next = [...log, entry];
  return next.length > CLIENT_ERROR_LOG_SIZE ? next.slice(next.length - CLIENT_ERROR_LOG_SIZE) : next;
}

/**
 * Messages anyone may send without signing in (bug reports, support messages): at most `max`
 * from one address in a window (docs/security.md "Rate limits").
 */
export const ANONYMOUS_MESSAGE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

/** The 429 text once an address has sent its share; `retryMs` is how long until it may again. */
export function tooManyMessages(retryMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return `Too many messages from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
