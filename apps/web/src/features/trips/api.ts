import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, driveAssignmentRows, type DriveAssignment, type LiveView, type TripListRow, type WindowMember } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import type { WindowAnswer, WindowRange } from '../../lib/windowed-set.ts';

/** The found set a day window reads: the trips of a day (the partner's own, for a partner). */
export interface DayFilter {
  pickupDate: string;
  affiliateId?: string;
}

/** A window of a day's trips over HTTP (GET drive-assignments-window): the twin of the live windowed found set. */
export async function loadTripWindow(
  filter: DayFilter,
  view: Pick<LiveView, 'sort' | 'q'>,
  window: WindowRange,
  signal: AbortSignal,
): Promise<WindowAnswer<TripListRow>> {
  const answer = await callApi(contract.tripWindow, {
    query: { ...filter, offset: window.start, limit: window.count, sort: view.sort?.key, dir: view.sort?.dir, q: view.q || undefined },
    signal,
  });
  return { rows: answer.rows, start: answer.start, total: answer.total, members: answer.members as WindowMember[] };
}

/** One trip in full (GET drive-assignments?id=): what a row's dialog works on. Failures are the caller's to show. */
export async function loadTrip(id: string, signal?: AbortSignal): Promise<DriveAssignment> {
  const list = await callApi(contract.driveAssignments, { query: { id }, signal, quiet: true });
  const trip = list.rows[0];
  if (!trip) throw new Error('The trip was not found.');
  return trip;
}

/** The list rows of a day (GET drive-assignments?view=list): what whole-day actions read of every trip. */
export async function loadDayRows(serviceDate: string): Promise<TripListRow[]> {
  const list = await callApi(driveAssignmentRows, { query: { serviceDate, view: 'list' }, quiet: true });
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
