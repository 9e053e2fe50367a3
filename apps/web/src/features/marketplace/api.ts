import { useQuery } from '@tanstack/react-query';
import { contract, driveAssignmentRows, type MarketplaceAcceptResult, type MarketplaceTrips } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { useVehicles } from '../vehicles/api.ts';
import type { MarketplaceParams } from './marketplace-filter.ts';

/** The question GET marketplace-trips is asked: the URL's filters, and for staff the partner whose view to show. */
export interface MarketplaceAsk extends MarketplaceParams {
  affiliateId: string | null;
}

/**
 * Offered trips (GET marketplace-trips). referenceNumbers names exact trips on any date, so the
 * other filters are then left out. The answer is not checked against the schema: a day may hold
 * thousands of trips, and the first render counts.
 */
export function loadMarketplace(ask: MarketplaceAsk, signal: AbortSignal): Promise<MarketplaceTrips> {
  const exact = ask.referenceNumbers !== '';
  return callApi(contract.marketplaceTrips, {
    query: {
      ...(exact ? { referenceNumbers: ask.referenceNumbers } : { date: ask.date, range: ask.range, ...(ask.zip ? { zip: ask.zip } : {}) }),
      ...(ask.q ? { q: ask.q } : {}),
      ...(ask.affiliateId ? { affiliateId: ask.affiliateId } : {}),
    },
    signal,
    quiet: true,
    validate: false,
  });
}

/** POST marketplace-accept: the partner claims the trips (their passengers' linked trips together). */
export function claimTrips(ids: readonly string[]): Promise<MarketplaceAcceptResult> {
  return callApi(contract.marketplaceAccept, { body: [...ids], quiet: true });
}

/** A partner's usable vehicles (GET vehicles-affiliate): the user's own, or for staff the partner chosen. */
export function usePartnerVehicles(partnerId: string | null, enabled = true) {
  return useVehicles({ available: 'true', termed: 'false', ...(partnerId ? { partnerId } : {}) }, enabled);
}

/** A partner's trips of a day as list rows (GET drive-assignments?view=list): what its vehicles are busy with. */
export function usePartnerDayTrips(serviceDate: string, partnerId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['marketplace-vehicle-day', serviceDate, partnerId],
    queryFn: ({ signal }) => callApi(driveAssignmentRows, { query: { serviceDate, view: 'list', ...(partnerId ? { affiliateId: partnerId } : {}) }, signal, quiet: true }),
    enabled,
    staleTime: 30_000,
    select: (list) => list.rows,
  });
}
