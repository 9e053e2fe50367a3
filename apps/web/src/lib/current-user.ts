import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type CurrentUser } from '@tripline/core';
import { ApiError, callApi } from './api.ts';

export const currentUserKey = ['current-user'] as const;

/** The signed-in user, or null when nobody is signed in (401). */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    return await callApi(contract.currentUser, { quiet: true, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: getCurrentUser,
    // Changes only through sign-in, sign-out and su, which write the cache themselves; the
    // occasional refetch notices a session ended in another tab.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
