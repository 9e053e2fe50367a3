import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { TRIP_MSG, isStaff, type TripListRow, type WindowSort } from '@tripline/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { dateFromParam, localToday } from '../../../lib/date-input.ts';
import { useDeveloperMode } from '../../../lib/developer-mode.ts';
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

/** The search box's text goes to the server once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

/**
 * Home (spec 1 §2): the partner's trips of a day, kept current by live updates, with every row
 * action. The server orders and searches the day (a windowed found set): the browser holds the
 * list's members and the rows around what is in view.
 */
export function HomePage() {
  const { data: user } = useCurrentUser();
  const [date, setDate, rawDate] = useDateParam();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [typed] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [sort, setSort] = useState<WindowSort | null>(null);
  const [finalising, setFinalising] = useState(false);
  const staff = !!user && (isStaff(user) || !!user.su);
  const [developerMode, setDeveloperMode] = useDeveloperMode(staff);

  // A typed date in another accepted form is shown in the URL the one way.
  useEffect(() => {
    if (rawDate && date && rawDate !== date) setDate(date);
  }, [rawDate, date, setDate]);

  const searchInUrl = params.get('q') ?? '';
  useEffect(() => {
    if (searchInUrl === typed) return;
    setParams(
      (p) => {
        if (typed) p.set('q', typed);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  }, [typed, searchInUrl, setParams]);

  // spec 1 §2: cancel reasons are loaded before the list. Both are asked for at once; the rows
  // are shown only once the reasons are in.
  const cancelReasons = useCancelReasons(date);
  const q = typed.trim();
  const day = useDayTrips(date, user?.partnerId ?? null, { sort, q });
  const loaded = !cancelReasons.isPending && day.fetched && day.dayTotal !== null;
  const actions = useTripActions({ rows: day.rowsApi, developerMode, memberOf: day.memberOf });
  const { run } = actions;
  // Stable, so the memoised rows do not all render again when one changes.
  const onAction = useCallback((kind: TripAction, trip: TripListRow) => void run(kind, trip), [run]);
  const { members } = day;
  const keyAt = useCallback((index: number) => members[index]?.[0] ?? `place-${index}`, [members]);

  useEffect(() => {
    if (!day.lost) return;
    toast.warning(TRIP_MSG.LIVE_LOST, { id: 'live-lost' });
    return () => {
      toast.hide('live-lost');
    };
  }, [day.lost]);

  const finaliseAll = async () => {
    if (!date) return;
    setFinalising(true);
    try {
      await actions.runAll('finalise', date, members);
    } finally {
      setFinalising(false);
    }
  };

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
        counts={loaded ? { shown: day.total, total: day.dayTotal ?? day.total } : null}
        onAcceptAll={() => date && void actions.runAll('accept', date, members)}
        onFinaliseAll={() => void finaliseAll()}
        finalising={finalising}
        onRefresh={day.source === 'http' || day.lost ? () => void day.reload() : undefined}
        developerMode={staff ? { on: developerMode, set: setDeveloperMode } : null}
      />
      {day.lost && (
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
      ) : !date || !loaded || day.total === 0 ? (
        <HomeEmpty date={date} loaded={loaded} total={day.dayTotal ?? 0} search={q} error={day.error} onRetry={() => void day.reload()} />
      ) : (
        <TripList
          date={date}
          slots={day.slots}
          keyAt={keyAt}
          conflicts={day.conflicts}
          developerMode={developerMode}
          onAction={onAction}
          sort={sort}
          onSort={setSort}
          onRangeChange={day.show}
          resetKey={day.shownQuery ?? ''}
        />
      )}
      {actions.modal}
    </Stack>
  );
}
