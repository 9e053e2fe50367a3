import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { clearSavedRoute } from '../../lib/saved-route.ts';
import { logout } from './api/logout.ts';
import { currentUserKey } from '../../lib/current-user.ts';

export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The browser forgets the session even if the server cannot be told (it will expire there).
    logout()
      .catch(() => undefined)
      .finally(() => {
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, null);
        clearSavedRoute();
        navigate('/login', { replace: true });
      });
  }, [navigate, queryClient]);

  return <FullPageLoader label="Signing out…" />;
}
