import type { QueryClient } from '@tanstack/react-query';
import { matchRoute } from '@tripline/core';
import { currentUserKey } from '../lib/current-user.ts';
import type { LiveClient } from '../lib/live.ts';

/** Set while this tab's last current-user answer was a user. Kept per tab, as the session is. */
const SIGNED_IN_KEY = 'tripline.signedIn';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): Store | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Opens the live connection as the app starts, beside the current-user request, when the page is
 * one for signed-in users and this tab was signed in at its last answer: the first screen's
 * subscriptions then go out on an open socket instead of waiting for the handshake. Sign-in pages,
 * public pages and a signed-out tab open no socket until a screen subscribes.
 */
export function preconnectLive(queryClient: QueryClient, pathname: string, live: LiveClient, store: Store | null = defaultStore()): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== currentUserKey[0]) return;
    try {
      if (event.query.state.data) store?.setItem(SIGNED_IN_KEY, '1');
      else store?.removeItem(SIGNED_IN_KEY);
    } catch {
      // Storage refused: the next start simply does not open the socket early.
    }
  });
  const route = matchRoute(pathname)?.route;
  if (route && !route.public && store?.getItem(SIGNED_IN_KEY)) live.preconnect();
}
