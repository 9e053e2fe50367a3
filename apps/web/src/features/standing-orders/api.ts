import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export const standingOrdersKey = (tripId: string) => ['standing-orders', tripId] as const;
export const reservationNotesKey = (tripId: string) => ['reservation-notes', tripId] as const;

/** The standing orders a trip belongs to (GET standing-orders). */
export function useStandingOrders(tripId: string | null) {
  return useQuery({
    queryKey: standingOrdersKey(tripId ?? ''),
    queryFn: ({ signal }) => callApi(contract.standingOrders, { query: { driveAssignmentId: tripId ?? '' }, signal }),
    enabled: !!tripId,
  });
}

/** A trip's notes (GET reservation-notes). */
export function useReservationNotes(tripId: string | null) {
  return useQuery({
    queryKey: reservationNotesKey(tripId ?? ''),
    queryFn: ({ signal }) => callApi(contract.reservationNotes, { query: { driveAssignmentId: tripId ?? '' }, signal }),
    enabled: !!tripId,
  });
}

/** One trip by id (GET drive-assignments?id), for the duplicate page. */
export function useTrip(id: string) {
  return useQuery({
    queryKey: ['trip', id],
    queryFn: async ({ signal }) => (await callApi(contract.driveAssignments, { query: { id }, signal, quiet: [404] })).rows[0] ?? null,
  });
}

export const useRefresh = () => {
  const client = useQueryClient();
  return (key: readonly unknown[]) => client.invalidateQueries({ queryKey: key });
};

/** The field messages of a refused request, by field path. */
export function fieldErrors(details: readonly { path: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details) out[d.path.split('.')[0]] ??= d.message;
  return out;
}
