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
