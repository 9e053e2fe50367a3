import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG, defaultLanding } from '@tripline/core';
import { toast } from '../../lib/toast.tsx';
import { currentUserKey } from '../../lib/current-user.ts';
import { impersonate } from './api/su.ts';

/** Staff sign in as another contact: everything cached belonged to the previous user, so it goes. */
export function useImpersonate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: impersonate,
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] });
      queryClient.setQueryData(currentUserKey, user);
      // Render the new user's page at once: drawn first on the old page, the guard would find the
      // new user there and refuse it with a needless "not permitted" notice.
      navigate(defaultLanding(user) ?? '/init-user', { flushSync: true });
      toast.success(MSG.NOW_LOGGED_IN_AS(user.name), { id: 'impersonation', duration: 'medium' });
    },
  });
}
