import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useThrottledValue } from '@mantine/hooks';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FleetCapacity, MarketplaceTrip, Vehicle } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatUsDate, localToday } from '../../lib/date-input.ts';
import { usePartnerVehicles } from './api.ts';
import { claim } from './claim.tsx';
import classes from './marketplace.module.css';
import { ALL_DAY, isShown, readParams, toggleLinked, writeParams, type MarketplaceParams, type ShownFilter } from './marketplace-filter.ts';
import { MarketplaceFilters } from './MarketplaceFilters.tsx';
import { MarketplaceList } from './MarketplaceList.tsx';
import { MarketplaceToolbar } from './MarketplaceToolbar.tsx';
import { MarketplaceTripModal } from './MarketplaceTripModal.tsx';
import { useMarketplace } from './use-marketplace.ts';

const MarketplaceMap = lazy(() => import('./MarketplaceMap.tsx'));
const NO_VEHICLES: Vehicle[] = [];
/** While the time slider is dragged, the list and map are filtered again at most this often. */
const SLIDER_FOLLOW_MS = 100;

/** What /marketplace/vehicles hands over when a vehicle is chosen: the list keeps the trips it can carry. */
export interface MarketplaceNavState {
  vehicle?: { id: string; vehicleNumber: string; capacity: FleetCapacity };
}

/**
 * /marketplace (spec 1 §2, 2 §2): offered trips of a day near a ZIP code, as a list and a map kept
 * current live. Partners select trips (a passenger's linked trips together) and claim them; staff
 * see every offered trip in full.
 */
export function MarketplacePage({ route }: ScreenProps) {
  const { data: user } = useCurrentUser();
  const partner = !!user?.partnerId;
  const today = localToday();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readParams(search, today), [search, today]);
  const setParams = useCallback((next: MarketplaceParams) => setSearch(writeParams(next, today), { replace: true }), [setSearch, today]);
  const location = useLocation();
  const navigate = useNavigate();
  const vehicle = (location.state as MarketplaceNavState | null)?.vehicle ?? null;

  const list = useMarketplace(useMemo(() => ({ ...params, affiliateId: null }), [params]));
  const vehicles = usePartnerVehicles(null, partner);

  const [shown, setShown] = useState<ShownFilter>(ALL_DAY);
  // the slider moves at once; the list and map follow at most every SLIDER_FOLLOW_MS, when the browser has time
  const filter = useDeferredValue(useThrottledValue(useMemo(() => ({ ...shown, vehicle: vehicle?.capacity ?? null }), [shown, vehicle]), SLIDER_FOLLOW_MS));
  const trips = list.trips;
  const visible = useMemo(() => (trips ? trips.filter((t) => isShown(t, filter)) : []), [trips, filter]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [inspected, setInspected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a list for other filters starts with nothing selected
  const answered = list.answered;
  useEffect(() => setSelected(new Set()), [answered]);
  const onToggle = useCallback((t: MarketplaceTrip) => setSelected((s) => toggleLinked(s, t, trips ?? [])), [trips]);

  const claimThese = async (chosen: MarketplaceTrip[]) => {
    if (!partner || busy || chosen.length === 0) return;
    setBusy(true);
    try {
      const taken = await claim(chosen);
      list.drop(taken);
      setSelected((s) => new Set([...s].filter((id) => !taken.includes(id))));
      if (taken.length > 0) setInspected(null);
    } finally {
      setBusy(false);
    }
  };
  // one function for the page's life, so the list (memoised) does not draw again while the slider moves
  const claimNow = useRef(() => {});
  claimNow.current = () => void claimThese((trips ?? []).filter((t) => selected.has(t.id)));
  const claimSelected = useCallback(() => claimNow.current(), []);
  const claimOne = (t: MarketplaceTrip) => {
    const group = toggleLinked(new Set(), t, trips ?? []);
    void claimThese((trips ?? []).filter((x) => group.has(x.id)));
  };
  const onInspect = useCallback((t: MarketplaceTrip) => setInspected(t.id), []);
  const inspectedTrip = inspected ? (trips?.find((t) => t.id === inspected) ?? null) : null;

  const zipText = params.zip ?? list.origin?.zip ?? 'your base';
  const label = `Offered trips for ${formatUsDate(params.date)}`;
  const map = (
    <div className={classes.map}>
      <Suspense fallback={<Skeleton height="100%" />}>
        <MarketplaceMap trips={visible} selected={selected} vehicles={vehicles.data ?? NO_VEHICLES} origin={list.origin} rangeMiles={params.range} fitKey={list.answered ?? ''} onToggle={onToggle} />
      </Suspense>
    </div>
  );
  let body;
  if (list.error && !trips) {
    body = (
      <Alert color="red" title="The offered trips could not be loaded">
        {list.error instanceof ApiError && (
          <Text size="sm" mb="xs">
            {list.error.message}
          </Text>
        )}
        <Button size="xs" variant="light" onClick={list.reload}>
          Retry
        </Button>
      </Alert>
    );
  } else if (trips && trips.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {params.referenceNumbers ? 'None of these reference numbers is an offered trip.' : `No offered trips for ${formatUsDate(params.date)} within ${params.range} miles of ${zipText}`}
      </Text>
    );
  } else {
    // The map is there from the start: Leaflet and the outlines load while the list is asked for.
    body = (
      <div className={classes.layout}>
        {!trips ? (
          <Skeleton height="100%" mih={320} />
        ) : visible.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No offered trip has its first pickup in the chosen hours.
          </Text>
        ) : (
          <MarketplaceList trips={visible} counts={list.counts} selected={selected} partner={partner} label={label} onToggle={onToggle} onInspect={onInspect} onClaim={claimSelected} />
        )}
        {map}
      </div>
    );
  }

  return (
    <Stack gap="sm" style={{ height: 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h3">
          {route.title}
        </Title>
        <Button component={Link} to="/marketplace/vehicles" variant="light" size="xs" leftSection={<IconCar size={14} aria-hidden />}>
          Trips for a vehicle
        </Button>
      </Group>
      <MarketplaceFilters params={params} today={today} baseZip={list.origin?.zip ?? null} onChange={setParams} />
      <MarketplaceToolbar
        shown={shown}
        onShown={setShown}
        vehicleNumber={vehicle?.vehicleNumber ?? null}
        onClearVehicle={() => navigate({ search: location.search }, { replace: true, state: null })}
        counts={trips ? { shown: visible.length, total: trips.length } : null}
        claim={partner ? { selected: selected.size, busy, onClaim: claimSelected } : null}
      />
      {body}
      <MarketplaceTripModal trip={inspectedTrip} partner={partner} busy={busy} onClaim={claimOne} onClose={() => setInspected(null)} />
    </Stack>
  );
}
