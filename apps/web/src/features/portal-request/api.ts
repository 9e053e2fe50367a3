import { useQuery } from '@tanstack/react-query';
import { contract, type TripRequest } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

/** The passengers a case manager or staff member may request for, most recent first. */
export function usePassengerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['portal-request', 'passengers'],
    queryFn: ({ signal }) => callApi(contract.portalPassengerOptions, { signal }),
    enabled,
  });
}

/** A member found by member id, or by full name and date of birth. */
export function lookupPassenger(query: { memberId?: string; fullName?: string; dob?: string }) {
  return callApi(contract.portalLookupPassenger, { query, quiet: [400] });
}

export interface CreateOptionsQuery {
  passengerId?: string;
  duplicateFrom?: string;
  returnTripFrom?: string;
}

/** What the trip details step offers, and the request a duplicate or return starts from. */
export function useCreateOptions(q: CreateOptionsQuery | null) {
  return useQuery({
    queryKey: ['portal-request', 'options', q],
    queryFn: ({ signal }) => callApi(contract.portalTripCreateOptions, { query: q ?? {}, signal, quiet: [400, 404] }),
    enabled: !!q && !!(q.passengerId || q.duplicateFrom || q.returnTripFrom),
    retry: false,
    staleTime: 60_000,
  });
}

/** Checks the request and holds it (POST case-manager-trip-preview); the wizard shows refusals by field. */
export function previewTripRequest(body: TripRequest) {
  return callApi(contract.portalTripRequestPreview, { body, quiet: [400, 404] });
}

/** Books a previewed request (POST case-manager-trip-schedule). */
export function scheduleTripRequest(requestId: string) {
  return callApi(contract.portalTripRequestSchedule, { body: { requestId }, quiet: [400, 404, 409] });
}
