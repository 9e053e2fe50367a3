import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract, type BodyOf, type EventSubscription } from '@tripline/core';
import { callApi } from '../../lib/api.ts';

// Event subscriptions of one recipient (spec 2 §7). Refusals are shown on the form that asked.

const key = (contactId: string) => ['event-subscriptions', contactId] as const;

export function useSubscriptions(contactId: string) {
  return useQuery({
    queryKey: key(contactId),
    queryFn: ({ signal }) => callApi(contract.eventSubscriptions, { query: { recipientId: contactId }, signal, quiet: true }),
  });
}

/** Channels that exist and the recipient's own addresses, bill-tos and members. */
export function useSubscriptionOptions(contactId: string) {
  return useQuery({
    queryKey: ['event-subscription-options', contactId],
    queryFn: ({ signal }) => callApi(contract.eventSubscriptionOptions, { query: { recipientId: contactId }, signal, quiet: true }),
    staleTime: 60_000,
  });
}

function useStore(contactId: string) {
  const client = useQueryClient();
  return (saved: EventSubscription) =>
    client.setQueryData<EventSubscription[]>(key(contactId), (list) => {
      if (!list) return list;
      return list.some((s) => s.id === saved.id) ? list.map((s) => (s.id === saved.id ? saved : s)) : [...list, saved];
    });
}

/** Adds or changes a subscription (re-activating is saving it with deleted: false). */
export function useSaveSubscription(contactId: string) {
  const store = useStore(contactId);
  return useMutation({
    mutationFn: (body: BodyOf<typeof contract.eventSubscriptionSave>) =>
      callApi(contract.eventSubscriptionSave, { body: { ...body, recipientId: contactId }, quiet: [400, 404, 409] }),
    onSuccess: store,
  });
}

export function useDeleteSubscription(contactId: string) {
  const store = useStore(contactId);
  return useMutation({
    mutationFn: (id: string) => callApi(contract.eventSubscriptionDelete, { query: { id }, quiet: [404] }),
    onSuccess: store,
  });
}

export function sendTest(id: string, referenceNumber: string) {
  return callApi(contract.eventSubscriptionTest, { body: { id, referenceNumber }, quiet: [400, 404, 429] });
}
