import { lazy, Suspense } from 'react';
import { hasRole } from '@tripline/core';
import { useNavigate, useSearchParams } from 'react-router';
import type { ScreenProps } from '../../app/screens.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday } from '../../lib/date-input.ts';
import { ActivityHome } from './ActivityHome.tsx';
import { Loading } from './Loading.tsx';

// One trip's page (its actions, dialogs and map) is fetched when a trip is opened, not with the list.
const TripPage = lazy(() => import('./TripPage.tsx').then((m) => ({ default: m.TripPage })));

/**
 * The home of both portals (/case-manager/ and /passenger-portal/): the list of trips,
 * or with `daId` that trip's page. A case manager sees the passenger of each trip and filters.
 */
export function PortalHomePage({ route }: ScreenProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const caseManager = !!user && hasRole(user, 'Case Manager');
  const basePath = route.path;
  const daId = params.get('daId')?.trim();

  if (daId) {
    const rest = new URLSearchParams(params);
    rest.delete('daId');
    const backTo = rest.size ? `${basePath}?${rest.toString()}` : basePath;
    return (
      <Suspense fallback={<Loading>Loading the trip</Loading>}>
        <TripPage
          key={daId}
          daId={daId}
          backTo={backTo}
          caseManager={caseManager}
          today={localToday()}
          onOpenTrip={(id) => void navigate(`${basePath}?daId=${encodeURIComponent(id)}`)}
        />
      </Suspense>
    );
  }
  return <ActivityHome caseManager={caseManager} basePath={basePath} />;
}
