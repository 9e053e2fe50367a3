import { useQuery } from '@tanstack/react-query';
import { contract, type DriveAssignment } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';

/** One trip over HTTP (GET drive-assignments?id): what the live found set by id answers. */
export async function loadTrip(id: string, signal?: AbortSignal): Promise<DriveAssignment[]> {
  const list = await callApi(contract.driveAssignments, { query: { id }, signal, quiet: [400, 404] });
  return list.rows;
}

/** The ETAs tab (GET drive-assignment-etas), asked again whenever the trip changes. */
export function useTripEtas(trip: Pick<DriveAssignment, 'id' | 'modCount'> | null) {
  return useQuery({
    queryKey: ['trip-etas', trip?.id, trip?.modCount],
    queryFn: ({ signal }) => callApi(contract.tripEtas, { query: { id: trip?.id ?? '' }, signal }),
    enabled: !!trip,
  });
}

/** The passenger's other trips of the day (GET drive-assignments-by-passenger-service-date). */
export function useRelatedTrips(passengerId: string | null, serviceDate: string | null) {
  return useQuery({
    queryKey: ['trips-by-passenger-day', passengerId, serviceDate],
    queryFn: ({ signal }) => callApi(contract.tripsByPassengerDay, { query: { passengerId: passengerId ?? '', serviceDate: serviceDate ?? '' }, signal }),
    enabled: !!passengerId && !!serviceDate,
  });
}

/** The trips of a reference number in the caller's scope (none for a partner when it is not theirs). */
export async function loadTripsByReference(referenceNumber: string, signal?: AbortSignal): Promise<DriveAssignment[]> {
  const list = await callApi(contract.driveAssignments, { query: { referenceNumber }, signal, quiet: [400, 404] });
  return list.rows;
}
