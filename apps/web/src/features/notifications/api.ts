import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TYPEAHEAD_MIN_CHARS, authEndpoints, notificationEndpoints, type VogDelivery } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

export const deliveriesKey = ['vog-deliveries'] as const;

/** The signed-in user's unread deliveries: the same rows as the live found set. */
export function loadUnread(signal?: AbortSignal): Promise<VogDelivery[]> {
  return callApi(notificationEndpoints.vogDeliveries, { query: {}, signal });
}

export function useAllDeliveries() {
  return useQuery({
    queryKey: [...deliveriesKey, 'all'],
    // `all` only when true: the query is text, and any value there reads as true.
    queryFn: ({ signal }) => callApi(notificationEndpoints.vogDeliveries, { query: { all: true }, signal }),
  });
}

export function useDelivery(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...deliveriesKey, 'one', id],
    queryFn: async ({ signal }) => (await callApi(notificationEndpoints.vogDeliveries, { query: { all: true, id: id ?? undefined }, signal }))[0] ?? null,
    enabled: enabled && !!id,
  });
}

/**
 * Marks a delivery read. Notifications arrive on their own, whatever the user is saving, so this
 * write does not wait its turn behind another.
 */
export function dismissDelivery(deliveryId: string) {
  return callApi(notificationEndpoints.vogDismiss, { body: { deliveryId }, concurrent: true, quiet: [400, 404] });
}

/** Contacts by name for the send form (staff): the navigation bar's contact typeahead. */
export function useContactSearch(q: string) {
  return useQuery({
    queryKey: ['global-search', q],
    queryFn: ({ signal }) => callApi(authEndpoints.globalSearch, { query: { q }, signal }),
    enabled: q.length >= TYPEAHEAD_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
