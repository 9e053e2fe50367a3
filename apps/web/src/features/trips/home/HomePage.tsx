import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { TRIP_MSG, filterTrips, isStaff, type DriveAssignment } from '@tripline/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { dateFromParam, localToday } from '../../../lib/date-input.ts';
import { useDeveloperMode } from '../../../lib/developer-mode.ts';
import { useLiveStatus } from '../../../lib/live.ts';
import { toast } from '../../../lib/toast.tsx';
import { useCancelReasons } from '../api.ts';
import { useTripActions, type TripAction } from '../actions/use-trip-actions.tsx';
import { HomeEmpty } from './HomeEmpty.tsx';
import { HomeToolbar } from './HomeToolbar.tsx';
import { TripList } from './TripList.tsx';
import { useDayTrips } from './use-day-trips.ts';

/** The day in the URL (?date=, so a reload keeps it): today when absent, none when empty. */
function useDateParam(): [string | null, (date: string | null) => void, string | null] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = dateFromParam(raw, localToday());
  const setDate = useCallback(
    (next: string | null) =>
      setParams(
        (p) => {
          p.set('date', next ?? '');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [date, setDate, raw];
}

/** Home (spec 1 §2): the partner's trips of a day, kept current by live updates, with every row action. */
export function HomePage() {
  const { data: user } = useCurrentUser();
  const [date, setDate, rawDate] = useDateParam();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const deferredSearch = useDeferredValue(search);
  const staff = !!user && (isStaff(user) || !!user.su);
  const [developerMode, setDeveloperMode] = useDeveloperMode(staff);

  // A typed date in another accepted form is shown in the URL the one way.
  useEffect(() => {
    if (rawDate && date && rawDate !== date) setDate(date);
  }, [rawDate, date, setDate]);

  const searchInUrl = params.get('q') ?? '';
  useEffect(() => {
    if (searchInUrl === deferredSearch) return;
    setParams(
      (p) => {
        if (deferredSearch) p.set('q', deferredSearch);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  }, [deferredSearch, searchInUrl, setParams]);

  // spec 1 §2: cancel reasons are loaded before the list. Both are asked for at once; the rows
  // are shown only once the reasons are in.
  const cancelReasons = useCancelReasons(date);
  const day = useDayTrips(date, user?.partnerId ?? null, true);
  const trips = cancelReasons.isPending ? undefined : day.rows;
  const shown = useMemo(() => (trips ? filterTrips(trips, deferredSearch) : undefined), [trips, deferredSearch]);
  const actions = useTripActions({ rows: day.rowsApi, developerMode, trips });
  const { run } = actions;
  // Stable, so the memoised rows do not all render again when one changes.
  const onAction = useCallback((kind: TripAction, trip: DriveAssignment) => void run(kind, trip), [run]);

  const live = useLiveStatus();
  const liveLost = day.source === 'live' && live.lost;
  useEffect(() => {
    if (!liveLost) return;
    toast.warning(TRIP_MSG.LIVE_LOST, { id: 'live-lost' });
    return () => {
      toast.hide('live-lost');
    };
  }, [liveLost]);

  return (
    <Stack gap="sm" style={{ height: 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))' }}>
      <Title order={1} size="h3">
        Trips
      </Title>
      <HomeToolbar
        date={date}
        onDate={setDate}
        search={search}
        onSearch={setSearch}
        counts={trips && shown ? { shown: shown.length, total: trips.length } : null}
        onAcceptAll={() => shown && void actions.runAll('accept', shown)}
        onFinaliseAll={() => shown && void actions.runAll('finalise', shown)}
        onRefresh={day.source === 'http' || liveLost ? () => void day.reload() : undefined}
        developerMode={staff ? { on: developerMode, set: setDeveloperMode } : null}
      />
      {liveLost && (
        <Alert color="yellow" icon={<IconPlugConnectedX size={18} />} role="alert" py="xs">
          {TRIP_MSG.LIVE_LOST}
        </Alert>
      )}
      {developerMode && (
        <Alert color="orange" py={6}>
          Developer mode is on: trips that already occurred can be accepted or declined.
        </Alert>
      )}
      {cancelReasons.isError ? (
        <Alert color="red" title="Could not load the cancel reasons">
          <Button size="xs" variant="light" onClick={() => void cancelReasons.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !date || !trips || !shown || shown.length === 0 ? (
        <HomeEmpty date={date} loaded={!!trips && !!shown} total={trips?.length ?? 0} search={deferredSearch} error={day.error} onRetry={() => void day.reload()} />
      ) : (
        <TripList date={date} trips={shown} conflicts={day.conflicts} developerMode={developerMode} onAction={onAction} />
      )}
      {actions.modal}
    </Stack>
  );
}
