import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type BodyOf } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

// Typed calls of contact care: infectious diseases, holds, blacklists, duplicates, merge.

const care = (contactId: string | null) => ['contact-care', contactId] as const;

export function useCareSummary(contactId: string | null) {
  return useQuery({
    queryKey: [...care(contactId), 'summary'],
    queryFn: ({ signal }) => callApi(contract.contactCareSummary, { query: { contactId: contactId! }, signal, quiet: true }),
    enabled: contactId !== null,
  });
}

export function useDiseases(contactId: string | null) {
  return useQuery({
    queryKey: [...care(contactId), 'diseases'],
    queryFn: ({ signal }) => callApi(contract.infectiousDiseases, { query: { contactId: contactId! }, signal, quiet: true }),
    enabled: contactId !== null,
  });
}

/** Saves a disease; the caller shows 400 and 409 itself. Every view of the contact is read again. */
export function useSaveDisease(contactId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.saveInfectiousDisease>) => callApi(contract.saveInfectiousDisease, { body, quiet: [400, 404, 409] }),
    onSettled: () => client.invalidateQueries({ queryKey: care(contactId) }),
  });
}

export function useHolds(providerId: string | null) {
  return useQuery({
    queryKey: [...care(providerId), 'holds'],
    queryFn: ({ signal }) => callApi(contract.providerHolds, { query: { providerId: providerId! }, signal, quiet: true }),
    enabled: providerId !== null,
  });
}

export function usePlaceHold(providerId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.placeHold>) => callApi(contract.placeHold, { body, quiet: [400] }),
    onSettled: (r) => {
      if (r && !r.dryRun) void client.invalidateQueries({ queryKey: care(providerId) });
    },
  });
}

export type BlacklistSide = 'passenger' | 'partner';

export function useBlacklist(contactId: string | null, side: BlacklistSide) {
  return useQuery({
    queryKey: [...care(contactId), 'blacklist', side],
    queryFn: ({ signal }) =>
      callApi(contract.blacklists, { query: side === 'passenger' ? { passengerId: contactId! } : { providerId: contactId! }, signal, quiet: true }),
    enabled: contactId !== null,
  });
}

export function useSaveBlacklist(contactId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.saveBlacklist>) => callApi(contract.saveBlacklist, { body, quiet: [400, 404, 409] }),
    onSettled: () => client.invalidateQueries({ queryKey: care(contactId) }),
  });
}

export function useDuplicates(contactId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...care(contactId), 'duplicates'],
    queryFn: ({ signal }) => callApi(contract.contactDupCheck, { query: { contactId: contactId! }, signal, quiet: true }),
    enabled: contactId !== null && enabled,
  });
}

/** A dry run or the merge itself; after a real merge everything cached about contacts is read again. */
export function useMerge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.contactMerge>) => callApi(contract.contactMerge, { body, quiet: [400, 404, 409] }),
    onSuccess: (r) => {
      if (!r.dryRun) void client.invalidateQueries();
    },
  });
}

export function useContactTrips(contactId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: [...care(contactId), 'trips', from, to],
    queryFn: ({ signal }) => callApi(contract.contactTripDays, { query: { contactId: contactId!, from, to }, signal, quiet: true }),
    enabled: contactId !== null,
  });
}
