import { useQuery } from '@tanstack/react-query';
import { contract } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';

/**
 * Candidate partners scored for the trips being assigned: GET partner-options-for-da for one trip,
 * POST partner-options-for-das for several (a bulk assignment, with how many pickups each serves).
 */
export function usePartnerOptions(referenceNumbers: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: ['partner-options', ...referenceNumbers],
    queryFn: ({ signal }) =>
      referenceNumbers.length === 1
        ? callApi(contract.partnerOptions, { query: { referenceNumber: referenceNumbers[0] }, signal, quiet: [400, 404] })
        : callApi(contract.partnerOptionsForTrips, { body: { referenceNumbers: [...referenceNumbers] }, signal, quiet: [400, 404] }),
    enabled: enabled && referenceNumbers.length > 0,
    // Scores move with the day's assignments: ask again each time the picker opens.
    staleTime: 0,
  });
}
