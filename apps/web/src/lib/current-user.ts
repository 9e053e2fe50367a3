import { queryOptions, useQuery } from '@tanstack/react-query';
import { authEndpoints, type CurrentUser } from '@tripline/core';
import { ApiError, callApi } from './api.ts';
import { isSignInPage } from './api-errors.ts';

export const currentUserKey = ['current-user'] as const;

/** The signed-in user, or null when nobody is signed in (401). */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    return await callApi(authEndpoints.currentUser, { quiet: true, signal });
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

/**
 * Whether a page asks who is signed in. The sign-in steps never use the answer (they show the
 * public frame whoever is signed in, and /init-user asks for itself), so they do not ask: a
 * signed-out visitor's sign-in page then makes no request that the browser logs as a 401 error.
 */
export function asksWhoIsSignedIn(pathname: string): boolean {
  return !isSignInPage(pathname);
}

/** The signed-in user; `enabled: false` reads only what is already known, without asking. */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
