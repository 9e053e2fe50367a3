import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contract, type NonFinalTrip } from '@tripline/core';
import { buildUrl, callApi } from '../../lib/api.ts';

export const payReportsKey = ['pay-reports'] as const;

/** A week's pay (null asks for nothing: the form is not valid). A refused week (400) is shown by the page. */
export function usePartnerPayReport(query: { date: string; affiliateId: string | null } | null) {
  return useQuery({
    queryKey: [...payReportsKey, 'partner-pay', query],
    queryFn: ({ signal }) =>
      callApi(contract.partnerPayReport, { query: { date: query?.date ?? '', affiliateId: query?.affiliateId ?? undefined }, signal, quiet: true }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useNonFinalReport(query: { dateFrom: string; dateTo: string; affiliateId: string | null } | null) {
  return useQuery({
    queryKey: [...payReportsKey, 'non-final', query],
    queryFn: ({ signal }) =>
      callApi(contract.nonFinalTripsReport, {
        query: { dateFrom: query?.dateFrom ?? '', dateTo: query?.dateTo ?? '', affiliateId: query?.affiliateId ?? undefined },
        signal,
        quiet: true,
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The address a report downloads its CSV from (the browser follows it with the session cookie). */
export function csvHref(ep: { path: string }, query: Record<string, string | null>): string {
  return buildUrl(ep.path, { ...query, format: 'CSV' });
}

/** Rate accept of the chosen trips, through POST accept-rate as Home finalises them. */
export function acceptRates(trips: readonly Pick<NonFinalTrip, 'id' | 'modCount'>[]) {
  return callApi(contract.acceptRate, { body: { driveAssignments: trips.map(({ id, modCount }) => ({ id, modCount })) }, quiet: true });
}
