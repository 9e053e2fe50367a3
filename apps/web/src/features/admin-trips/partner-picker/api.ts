import { useQuery } from '@tanstack/react-query';
import { contract } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';

/** Candidate partners of a trip, scored for it (GET partner-options-for-da). */
export function usePartnerOptions(referenceNumber: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['partner-options', referenceNumber],
    queryFn: ({ signal }) => callApi(contract.partnerOptions, { query: { referenceNumber: referenceNumber ?? '' }, signal, quiet: [400, 404] }),
    enabled: enabled && !!referenceNumber,
    // Scores move with the day's assignments: ask again each time the picker opens.
    staleTime: 0,
  });
}
