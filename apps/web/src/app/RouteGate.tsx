import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG, routeTitle } from '@tripline/core';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { guardOutcome } from '../lib/guard.ts';
import { setDayTimeZone } from '../lib/date-input.ts';
import { clearSavedRoute, saveRoute } from '../lib/saved-route.ts';
import { toast } from '../lib/toast.tsx';
import { asksWhoIsSignedIn, useCurrentUser } from '../lib/current-user.ts';
import { NoSiteAccess } from '../features/auth/NoSiteAccess.tsx';
import { FIRST_PAINT_TEXT, isFirstPaintPath } from './first-paint.ts';
import { Screen } from './screens.tsx';

function Redirect({ to, save, denied }: { to: string; save?: string | null; denied?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (save) saveRoute(save);
    else if (save === null) clearSavedRoute();
    if (denied) toast.warning(MSG.ROUTE_DENIED, { id: 'route-denied' });
    navigate(to, { replace: true });
  }, [to, save, denied, navigate]);
  return null;
}

/** Every route passes here: the core's decideRoute says whether to show it, and what else to do. */
export function RouteGate() {
  const { pathname, search } = useLocation();
  const current = useCurrentUser({ enabled: asksWhoIsSignedIn(pathname) });
  // Undefined while the first lookup runs; a failed lookup counts as signed out (/init-user explains).
  const user = current.isPending ? undefined : (current.data ?? null);
  // Before any screen renders, so its default day is the user's division's today.
  setDayTimeZone(current.data?.timeZone);
  const outcome = guardOutcome(pathname, search, user);
  const title = outcome.kind === 'render' ? routeTitle(outcome.route) : null;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  switch (outcome.kind) {
    case 'wait':
      // the portal homes keep saying what their first paint said
      return <FullPageLoader label={isFirstPaintPath(pathname) ? FIRST_PAINT_TEXT : 'Loading…'} />;
    case 'navigate':
      return <Redirect to={outcome.to} save={outcome.save} denied={outcome.denied} />;
    case 'noAccess':
      return <NoSiteAccess />;
    case 'render':
      return <Screen route={outcome.route} params={outcome.params} />;
  }
}
