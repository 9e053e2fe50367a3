import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type DriveAssignment } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

/** A day of the caller's trips over HTTP: the same rows as the live found set. */
export async function loadDayTrips(serviceDate: string, signal?: AbortSignal): Promise<DriveAssignment[]> {
  // Thousands of rows: the server built them from the same schema, so checking each again only costs time.
  const list = await callApi(contract.driveAssignments, { query: { serviceDate }, signal, validate: false });
  return list.rows;
}

export function cancelReasonsQuery(serviceDate: string | null) {
  return queryOptions({
    queryKey: ['cancel-reasons', serviceDate],
    queryFn: ({ signal }) => callApi(contract.cancelReasons, { query: { serviceDate: serviceDate ?? undefined }, signal }),
    staleTime: 10 * 60_000,
  });
}

export const useCancelReasons = (serviceDate: string | null) => useQuery(cancelReasonsQuery(serviceDate));

export function useDeclineReasons(enabled: boolean) {
  return useQuery({
    queryKey: ['decline-reasons'],
    queryFn: ({ signal }) => callApi(contract.declineReasons, { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

/**
 * The drivers of a partner (GET drivers?partnerId): the trip's partner, so the same call serves a
 * partner user (their own partner) and staff (who must name one).
 */
export function useDrivers(partnerId: string | null) {
  return useQuery({
    queryKey: ['drivers', partnerId],
    queryFn: ({ signal }) => callApi(contract.drivers, { query: { partnerId: partnerId ?? undefined }, signal }),
    staleTime: 5 * 60_000,
    enabled: partnerId !== null,
  });
}
