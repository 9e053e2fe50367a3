import { lazy, Suspense, useEffect } from 'react';
import { modals } from '@mantine/modals';
import { Outlet, useLocation } from 'react-router';
import { isSignInPage } from '../../lib/api-errors.ts';
import { asksWhoIsSignedIn, useCurrentUser } from '../../lib/current-user.ts';
import { AppLayout } from './AppLayout.tsx';
import { loadOverlays } from './overlays-loader.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { WaitingLayout } from './WaitingLayout.tsx';

const Overlays = lazy(async () => ({ default: (await loadOverlays()).Overlays }));

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
    <>
      <Suspense fallback={null}>
        <Overlays />
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
    </>
  );
}
