import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { portalTripEndpoints, type PortalActivityQuery } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

/** The filters of the home as the URL and GET case-manager-activity name them. */
export interface ActivityFilters {
  serviceDate?: string;
  serviceDateMax?: string;
  billToIds?: string[];
  memberId?: string;
}

export const activityKey = ['portal-activity'] as const;

/** The home's trips in their three groups (GET case-manager-activity); the home says itself when they fail. */
export function useActivity(filters: ActivityFilters) {
  return useQuery({
    queryKey: [...activityKey, filters],
    queryFn: ({ signal }) => callApi(portalTripEndpoints.portalActivity, { query: filters as PortalActivityQuery, signal, quiet: true }),
    // a new filter keeps the old list on screen until the new one is here
    placeholderData: keepPreviousData,
  });
}

export const tripPageKey = (daId: string) => ['portal-trip-page', daId] as const;

/** One trip's page (GET case-manager-trip-preview?daId); the page says itself when it fails. */
export function useTripPage(daId: string) {
  return useQuery({
    queryKey: tripPageKey(daId),
    queryFn: ({ signal }) => callApi(portalTripEndpoints.portalTripPage, { query: { daId }, signal, quiet: true }),
    retry: false,
  });
}

/** Cancels what can still be cancelled of a trip (POST case-manager-cancel); the screen says the outcome itself. */
export function cancelTrip(id: string, modCount: number) {
  return callApi(portalTripEndpoints.portalCancel, { body: { id, modCount }, quiet: [400, 404, 409] });
}
