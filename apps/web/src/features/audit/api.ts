import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { contract, LOG_DEFAULT_LIMIT } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { paramsFromFilters, type LogFilters } from './log-params.ts';

export const logKey = ['log'] as const;

/** spec 2 §7 "cached": the server lets a page be kept 30 seconds; so does the app. */
const LOG_STALE_MS = 30_000;

/**
 * Pages of the audit log for a search, newest first; `fetchNextPage` loads older entries. Null
 * asks for nothing (no search yet, or one the form refused). A refused search (400) is shown by
 * the page itself.
 */
export function useLogSearch(filters: LogFilters | null) {
  const query = filters ? Object.fromEntries(paramsFromFilters(filters)) : null;
  return useInfiniteQuery({
    queryKey: [...logKey, query],
    queryFn: ({ pageParam, signal }) =>
      callApi(contract.log, { query: { ...query, limit: LOG_DEFAULT_LIMIT, before: pageParam }, signal, quiet: [400] }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more ? last.entries[last.entries.length - 1]?.id : undefined),
    enabled: query !== null,
    staleTime: LOG_STALE_MS,
  });
}

/** Every audit entry about a trip, newest first (trip inspect, "all activity"; staff only). */
export function useTripAllActivity(referenceNumber: string | null) {
  return useQuery({
    queryKey: [...logKey, 'trip', referenceNumber],
    queryFn: ({ signal }) => callApi(contract.driveAssignmentAllActivity, { query: { referenceNumber: referenceNumber ?? '' }, signal }),
    enabled: !!referenceNumber,
  });
}

/** A trip's partner activities with who created and resolved them (trip inspect, "partner activity"). */
export function useTripPartnerActivity(tripId: string | null) {
  return useQuery({
    queryKey: ['partner-activity', tripId],
    queryFn: ({ signal }) => callApi(contract.restPartnerActivity, { query: { da: tripId ?? '' }, signal }),
    enabled: !!tripId,
  });
}

/** A trip's ride-share activity with one provider (trip inspect, "ride-service activity"). */
export function useTripRideServiceActivity(referenceNumber: string | null, provider: 'lyft' | 'uber') {
  return useQuery({
    queryKey: ['ride-service-activity', provider, referenceNumber],
    queryFn: ({ signal }) =>
      callApi(provider === 'lyft' ? contract.lyftActivity : contract.uberActivity, { query: { referenceNumber: referenceNumber ?? '' }, signal }),
    enabled: !!referenceNumber,
  });
}
