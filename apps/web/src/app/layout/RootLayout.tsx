import { lazy, Suspense, useEffect } from 'react';
import { ModalsProvider, modals } from '@mantine/modals';
import { Outlet, useLocation } from 'react-router';
import { isSignInPage } from '../../lib/api-errors.ts';
import { asksWhoIsSignedIn, useCurrentUser } from '../../lib/current-user.ts';
import { AppLayout } from './AppLayout.tsx';
import { PublicLayout } from './PublicLayout.tsx';
import { WaitingLayout } from './WaitingLayout.tsx';

const Toasts = lazy(async () => ({ default: (await import('./Toasts.tsx')).Toasts }));

/** Picks the frame for the page and closes open dialogs whenever the route changes (spec 1 §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const signInStep = isSignInPage(pathname);
  const asks = asksWhoIsSignedIn(pathname);
  const { data: user, isPending } = useCurrentUser({ enabled: asks });

  useEffect(() => {
    modals.closeAll();
  }, [pathname]);

  return (
    <ModalsProvider>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      {user && !signInStep ? (
        <AppLayout user={user}>
          <Outlet />
        </AppLayout>
      ) : asks && isPending ? (
        <WaitingLayout>
          <Outlet />
        </WaitingLayout>
      ) : (
        <PublicLayout narrow={signInStep}>
          <Outlet />
        </PublicLayout>
      )}
    </ModalsProvider>
  );
}
