import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { afterSignIn, type CurrentUser } from '@tripline/core';
import { clearSavedRoute, savedRoute } from '../../lib/saved-route.ts';
import { currentUserKey } from '../../lib/current-user.ts';

/**
 * Once signed in: remember the user and go to the saved route or the default page (spec 1 §2).
 * A user with no page goes to /init-user, which explains that the account has no access.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: CurrentUser) => {
    queryClient.setQueryData(currentUserKey, user);
    const to = afterSignIn(savedRoute(), user);
    clearSavedRoute();
    navigate(to ?? '/init-user', { replace: true });
  };
}
