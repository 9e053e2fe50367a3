import { COVERAGE_MSG, TRIP_LIMIT_WARN_SHARE, missingCoverageInputs, type CoverageCheckInput } from '@tripline/core';

/** Whether the panel can run the check, and if not, which inputs it is waiting for. */
export type CoverageRequestState = { ready: true } | { ready: false; missing: string[]; message: string };

/** 'a', 'a and b', 'a, b and c'. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * spec 2 §5: the check needs passenger, service date, service number and appointment type. Until it
 * has them the panel says which are missing instead of calling the server.
 */
export function coverageRequestState(request: CoverageCheckInput | null): CoverageRequestState {
  const missing = missingCoverageInputs(request);
  if (missing.length === 0) return { ready: true };
  const all = missing.length === 4;
  return { ready: false, missing, message: all ? COVERAGE_MSG.NEEDS_INPUTS : `Coverage check needs ${listInWords(missing)}` };
}

/** How the trips used this year read against the limit: a percentage and its colour (warning from 85 %). */
export function tripLimitMeter(used: number, limit: number | null): { percent: number; color: 'green' | 'yellow' | 'red' } | null {
  if (limit === null) return null;
  const share = used / limit;
  return { percent: Math.min(100, Math.round(share * 100)), color: share >= 1 ? 'red' : share >= TRIP_LIMIT_WARN_SHARE ? 'yellow' : 'green' };
}
