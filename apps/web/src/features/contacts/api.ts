import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TYPEAHEAD_MIN_CHARS, contract, type ContactType } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export const contactsKey = ['contacts'] as const;

/** The register's search (q from 3 characters; type narrows). */
export function useContactSearch(q: string, type: ContactType | undefined) {
  const query = type ? { q, type } : { q };
  return useQuery({
    queryKey: [...contactsKey, 'search', q, type ?? null],
    queryFn: ({ signal }) => callApi(contract.contacts, { query, signal }),
    enabled: q.length >= TYPEAHEAD_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

/** The 834 search (GET members). */
export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: [...contactsKey, 'members', q],
    queryFn: ({ signal }) => callApi(contract.members, { query: { q }, signal }),
    enabled: q.length >= TYPEAHEAD_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

/** Makes a contact of an 834 member, or answers the one that already holds the member id. */
export function useCreateFromMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contract.createContactFrom834, { query: { id }, quiet: [400, 404] }),
    onSettled: () => client.invalidateQueries({ queryKey: contactsKey }),
  });
}
