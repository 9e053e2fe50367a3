import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type ContactInput, type MemberTripAuthorizationInput } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

// Typed calls of the contact edit modal (spec 2 §7, 3 §7).

export function contactRecordQuery(id: string | null) {
  return queryOptions({
    queryKey: ['contact-record', id],
    queryFn: ({ signal }) => callApi(contract.contactRecord, { query: { id: id! }, signal, quiet: true }),
    enabled: !!id,
    staleTime: 0,
    retry: false,
  });
}
export const useContactRecord = (id: string | null) => useQuery(contactRecordQuery(id));

/** The divisions a contact may be placed in, as options 'NM01 Albuquerque'. */
export function useDivisionOptions() {
  return useQuery({
    queryKey: ['divisions'],
    queryFn: ({ signal }) => callApi(contract.divisions, { signal, quiet: true }),
    select: (rows) => rows.map((d) => ({ value: d.code, label: `${d.code} ${d.name}` })),
    staleTime: 10 * 60_000,
  });
}

/** POST contacts; the modal shows its own refusals (400, 404, 409). */
export function saveContact(body: ContactInput) {
  return callApi(contract.saveContact, { body, quiet: [400, 404, 409] });
}

export function authorizationsQuery(passengerId: string | null) {
  return queryOptions({
    queryKey: ['member-trip-authorizations', passengerId],
    queryFn: ({ signal }) => callApi(contract.memberTripAuthorizations, { query: { passengerId: passengerId! }, signal, quiet: true }),
    enabled: !!passengerId,
  });
}
export const useAuthorizations = (passengerId: string | null) => useQuery(authorizationsQuery(passengerId));

export const addAuthorization = (body: MemberTripAuthorizationInput) => callApi(contract.addMemberTripAuthorization, { body, quiet: [400, 404] });
export const removeAuthorization = (id: string) => callApi(contract.removeMemberTripAuthorization, { query: { id }, quiet: [404] });
