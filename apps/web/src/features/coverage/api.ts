import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TYPEAHEAD_MIN_CHARS, contract, type ContactType, type CoverageCheckInput } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

// Typed calls of the coverage check and the reservation editor's look-ups (spec 2 §7).

const LOOKUP_STALE_MS = 5 * 60_000;

/** GET admin/autocomplete-contact for contacts of a type (S/N Passenger, Bill To…), from 3 characters. */
export function contactSearchQuery(query: string, type: ContactType) {
  return queryOptions({
    queryKey: ['autocomplete-contact', type, query],
    queryFn: ({ signal }) => callApi(contract.autocompleteContact, { query: { query, type }, signal, quiet: true }),
    enabled: query.length >= TYPEAHEAD_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
export const useContactSearch = (query: string, type: ContactType) => useQuery(contactSearchQuery(query, type));

/** POST coverage-check; the panel shows its own failures. */
export function checkCoverage(request: CoverageCheckInput, signal?: AbortSignal) {
  return callApi(contract.coverageCheck, { body: request, signal, quiet: true, concurrent: true });
}

/** GET coverage-check?contactId: the quick lookup of a contact's coverages. */
export function coverageLookupQuery(contactId: string | null) {
  return queryOptions({
    queryKey: ['coverage-lookup', contactId],
    queryFn: ({ signal }) => callApi(contract.coverageLookup, { query: { contactId: contactId! }, signal, quiet: true }),
    enabled: !!contactId,
  });
}
export const useCoverageLookup = (contactId: string | null) => useQuery(coverageLookupQuery(contactId));

export function appointmentTypeOptionsQuery(billToId: string | null) {
  return queryOptions({
    queryKey: ['appointment-type-options', billToId],
    queryFn: ({ signal }) => callApi(contract.appointmentTypeOptions, { query: { billToId: billToId ?? undefined }, signal, quiet: true }),
    staleTime: LOOKUP_STALE_MS,
  });
}
export const useAppointmentTypeOptions = (billToId: string | null) => useQuery(appointmentTypeOptionsQuery(billToId));

export function guessApptTypeQuery(passengerId: string | null, locationSecondId: string | null) {
  return queryOptions({
    queryKey: ['guess-appt-type', passengerId, locationSecondId],
    queryFn: ({ signal }) =>
      callApi(contract.guessApptType, { query: { passengerId: passengerId!, locationSecondId: locationSecondId! }, signal, quiet: true }),
    enabled: !!passengerId && !!locationSecondId,
    staleTime: LOOKUP_STALE_MS,
  });
}
export const useGuessApptType = (passengerId: string | null, locationSecondId: string | null) =>
  useQuery(guessApptTypeQuery(passengerId, locationSecondId));

export function apptToSeeOptionsQuery(locationId: string | null) {
  return queryOptions({
    queryKey: ['appt-to-see-options', locationId],
    queryFn: ({ signal }) => callApi(contract.apptToSeeOptions, { query: { locationId: locationId! }, signal, quiet: true }),
    enabled: !!locationId,
    staleTime: LOOKUP_STALE_MS,
  });
}
export const useApptToSeeOptions = (locationId: string | null) => useQuery(apptToSeeOptionsQuery(locationId));

export function guessWillCallDurationQuery(passengerId: string | null, apptType: string | null, destinationId: string | null) {
  return queryOptions({
    queryKey: ['guess-will-call-duration', passengerId, apptType, destinationId],
    queryFn: ({ signal }) =>
      callApi(contract.guessWillCallDuration, {
        query: { passengerId: passengerId!, apptType: apptType ?? undefined, destinationId: destinationId ?? undefined },
        signal,
        quiet: true,
      }),
    enabled: !!passengerId,
    staleTime: LOOKUP_STALE_MS,
  });
}
export const useGuessWillCallDuration = (passengerId: string | null, apptType: string | null, destinationId: string | null) =>
  useQuery(guessWillCallDurationQuery(passengerId, apptType, destinationId));

export function onTimeRuleQuery(passengerId: string | null, billToId: string | null) {
  return queryOptions({
    queryKey: ['on-time-rule-service', passengerId, billToId],
    queryFn: ({ signal }) =>
      callApi(contract.onTimeRuleService, { query: { passengerId: passengerId!, billToId: billToId ?? undefined }, signal, quiet: true }),
    enabled: !!passengerId,
    staleTime: LOOKUP_STALE_MS,
  });
}
export const useOnTimeRule = (passengerId: string | null, billToId: string | null) => useQuery(onTimeRuleQuery(passengerId, billToId));
