import { useEffect } from 'react';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Outlet, useLocation } from 'react-router';
import './notifications.css';
import { isSignInPage } from '../../lib/api-errors.ts';
import { asksWhoIsSignedIn, useCurrentUser } from '../../lib/current-user.ts';
import { AppLayout } from './AppLayout.tsx';
import { PublicLayout } from './PublicLayout.tsx';

/** Picks the frame for the page and closes open dialogs whenever the route changes (spec 1 §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const signInStep = isSignInPage(pathname);
  const { data: user } = useCurrentUser({ enabled: asksWhoIsSignedIn(pathname) });

  useEffect(() => {
    modals.closeAll();
  }, [pathname]);

  return (
    <ModalsProvider>
      <Notifications position="top-right" limit={5} zIndex={1000} />
      {user && !signInStep ? (
        <AppLayout user={user}>
          <Outlet />
        </AppLayout>
      ) : (
        <PublicLayout narrow={signInStep}>
          <Outlet />
        </PublicLayout>
      )}
    </ModalsProvider>
  );
}
