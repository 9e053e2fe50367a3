import { useQuery } from '@tanstack/react-query';
import { contract, type MarketplaceAcceptResult, type MarketplaceTrips } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
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

/** A partner's vehicles (GET vehicles-affiliate): the user's own, or for staff the partner chosen. */
export function usePartnerVehicles(partnerId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['marketplace-vehicles', partnerId],
    queryFn: ({ signal }) => callApi(contract.vehiclesAffiliate, { query: { ...(partnerId ? { partnerId } : {}), available: 'true', termed: 'false' }, signal }),
    staleTime: 60_000,
    enabled,
  });
}
