import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { afterSignIn, type CurrentUser } from '@tripline/core';
import { clearSavedRoute, isSafeRoute, savedRoute } from '../../lib/saved-route.ts';
import { currentUserKey } from '../../lib/current-user.ts';

/** The sign-in page to finish on after the sign-in code, when it was not /login (the portal's). Kept per tab. */
const FINISH_ON_KEY = 'tripline.finishSignInOn';

/** A sign-in begun on another page than /login, and continued at /login-mfa, comes back there when done. */
export function finishSignInOn(path: string): void {
  if (isSafeRoute(path)) store()?.setItem(FINISH_ON_KEY, path);
}

/** The tab's storage, or null where the browser refuses it (the sign-in then ends on the default page). */
function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Once signed in: remember the user and go to the saved route or the default page (spec 1 §2).
 * A user with no page goes to /init-user, which explains that the account has no access.
 * A sign-in begun on a portal sign-in page returns there (state `signedIn`), which applies its own rule.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: CurrentUser) => {
    queryClient.setQueryData(currentUserKey, user);
    const finishOn = store()?.getItem(FINISH_ON_KEY) ?? null;
    store()?.removeItem(FINISH_ON_KEY);
    if (finishOn && isSafeRoute(finishOn) && window.location.pathname === '/login-mfa') {
      navigate(finishOn, { replace: true, state: { signedIn: true } });
      return;
    }
    const to = afterSignIn(savedRoute(), user);
    clearSavedRoute();
    navigate(to ?? '/init-user', { replace: true });
  };
}
