import { lazy, Suspense, useMemo } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PORTAL_MSG, type PortalActivity, type PortalTrip } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { Loading } from './Loading.tsx';
import { useActivity, type ActivityFilters } from './api.ts';
import { TripGroup } from './TripGroup.tsx';
import classes from './portal-trips.module.css';
import { useLiveTrips } from './use-live-trips.ts';

// A case manager's filters (date pickers, a multi-select) are fetched only for case managers.
const ActivityFilterForm = lazy(() => import('./ActivityFilterForm.tsx').then((m) => ({ default: m.ActivityFilterForm })));

/** The URL parameters of the filters, named as GET case-manager-activity names them. */
function filtersOf(params: URLSearchParams): ActivityFilters {
  const get = (k: string) => params.get(k)?.trim() || undefined;
  const billToIds = params.getAll('billToIds').filter(Boolean);
  return { serviceDate: get('serviceDate'), serviceDateMax: get('serviceDateMax'), billToIds: billToIds.length ? billToIds : undefined, memberId: get('memberId') };
}

/** The home's groups in order; a long list shows its nearest trips first (past ones matter least). */
const GROUPS: readonly { key: keyof PortalActivity['groups']; title: string; firstShown?: number }[] = [
  { key: 'today', title: 'Today' },
  { key: 'upcoming', title: 'Upcoming', firstShown: 20 },
  { key: 'completed', title: 'Completed', firstShown: 5 },
];

/**
 * The portal home (both portals): the trips of a window in three groups, today's
 * kept live. Case managers filter by days, bill-to account and member; passengers see their own.
 */
export function ActivityHome({ caseManager, basePath }: { caseManager: boolean; basePath: string }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const activity = useActivity(filters);
  const data = activity.data;
  const todayIds = useMemo(() => data?.groups.today.map((t) => t.id) ?? [], [data]);
  const live = useLiveTrips(todayIds, () => void activity.refetch());

  const apply = (next: ActivityFilters) => {
    const p = new URLSearchParams();
    if (next.serviceDate) p.set('serviceDate', next.serviceDate);
    if (next.serviceDateMax) p.set('serviceDateMax', next.serviceDateMax);
    for (const id of next.billToIds ?? []) p.append('billToIds', id);
    if (next.memberId) p.set('memberId', next.memberId);
    setParams(p);
  };

  const refusal = activity.error instanceof ApiError && activity.error.status === 400 ? activity.error.message : null;
  const linkTo = (trip: PortalTrip) => {
    const p = new URLSearchParams(params);
    p.set('daId', trip.id);
    return `${basePath}?${p.toString()}`;
  };
  const total = data ? data.groups.today.length + data.groups.upcoming.length + data.groups.completed.length : 0;

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h3">
          {caseManager ? "Your members' trips" : 'Your trips'}
        </Title>
        <Button component={Link} to="/passenger-portal/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Request a trip
        </Button>
      </Group>

      {caseManager && (
        <Suspense fallback={<Loading>Loading the filters</Loading>}>
          <ActivityFilterForm
            key={params.toString()}
            value={filters}
            shownWindow={data ? { serviceDate: data.serviceDate, serviceDateMax: data.serviceDateMax } : null}
            billTos={data?.billTos ?? []}
            error={refusal}
            onApply={apply}
          />
        </Suspense>
      )}

      {live.lost && (
        <Alert color="yellow" role="alert" icon={<IconPlugConnectedX size={16} aria-hidden />}>
          Live updates are paused while we reconnect. Today's trips may be out of date until then.
        </Alert>
      )}

      {data && total > 0 && data.total > total && (
        <Alert color="blue" role="status">
          {`Showing the ${total} trips nearest today of ${data.total}. Choose fewer days${caseManager ? ' or one member' : ''} to see the others.`}
        </Alert>
      )}

      {activity.isPending ? (
        <Loading>Loading your trips</Loading>
      ) : activity.isError && !data ? (
        <Alert color="red" title="Your trips could not be loaded" role="alert">
          <Text size="sm" mb="xs">
            {activity.error instanceof ApiError ? activity.error.message : 'Something went wrong.'}
          </Text>
          <Button size="xs" variant="light" onClick={() => void activity.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : total === 0 || !data ? (
        <Stack gap={4} align="center" py="xl">
          <Text fw={600}>{PORTAL_MSG.NO_TRIPS}</Text>
          <Text size="sm" c="dimmed">
            {PORTAL_MSG.TRY_EXPANDING}
          </Text>
        </Stack>
      ) : (
        GROUPS.map(({ key, title, firstShown }) => (
          <TripGroup key={key} id={key} title={title} trips={data.groups[key]} firstShown={firstShown} today={data.today} showPassenger={caseManager} linkTo={linkTo} />
        ))
      )}
    </Stack>
  );
}
