import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconPlugConnectedX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PortalTripPage } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { useTripPage } from './api.ts';
import { TripActions } from './TripActions.tsx';
import { TripLabelBadge } from './TripCard.tsx';
import { Loading } from './Loading.tsx';
import { TripLegs } from './TripLegs.tsx';
import { TripSteps } from './TripSteps.tsx';
import classes from './portal-trips.module.css';
import { useLiveTrips } from './use-live-trips.ts';
import { dayInWords, etaInWords } from './words.ts';

// The map (Leaflet and the county outlines) is its own chunk, fetched only when a trip is opened.
const TripMap = lazy(() => import('../admin-trips/inspect/TripMap.tsx'));
type MapTrip = Parameters<typeof TripMap>[0]['trip'];

/**
 * One trip's page (rule 53): where it stands on the step bar, the ETA, the places and
 * times, the provider once assigned, a map, and Cancel / Book return / Book again. Followed live by
 * its id; a change of step is read out to screen readers.
 */
export function TripPage({ daId, backTo, caseManager, today, onOpenTrip }: { daId: string; backTo: string; caseManager: boolean; today: string; onOpenTrip: (daId: string) => void }) {
  const page = useTripPage(daId);
  const data = page.data;
  const live = useLiveTrips(data ? [data.trip.id] : [], () => void page.refetch());
  const announcement = useStepAnnouncement(data);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // the heading takes focus when a trip opens, so a screen reader starts at the trip
  const openedId = data?.trip.id;
  useEffect(() => {
    if (openedId) headingRef.current?.focus();
  }, [openedId]);

  const back = (
    <Anchor component={Link} to={backTo} className={classes.back}>
      <IconArrowLeft size={16} aria-hidden /> Back to the list
    </Anchor>
  );

  if (page.isPending) {
    return (
      <Stack gap="md" className={classes.page}>
        {back}
        <Loading>Loading the trip</Loading>
      </Stack>
    );
  }
  // a failed refresh keeps the trip on screen; only a trip never read shows the failure
  const view = page.data;
  if (!view) {
    const missing = page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 400);
    return (
      <Stack gap="md" className={classes.page}>
        {back}
        <Title order={1} size="h3">
          Trip
        </Title>
        <Alert color={missing ? 'yellow' : 'red'} role="alert" title={missing ? 'This trip was not found' : 'The trip could not be loaded'}>
          {missing ? (
            <Text size="sm">It may have been removed, or it is not one of your trips.</Text>
          ) : (
            <>
              <Text size="sm" mb="xs">
                {page.error instanceof ApiError ? page.error.message : 'Something went wrong.'}
              </Text>
              <Button size="xs" variant="light" onClick={() => void page.refetch()}>
                Try again
              </Button>
            </>
          )}
        </Alert>
      </Stack>
    );
  }

  const { trip, eta } = view;
  const etaText = trip.step === 'Canceled' || trip.step === 'Dropped off' ? null : etaInWords(eta);
  return (
    <Stack gap="md" className={classes.page}>
      {back}
      <Group justify="space-between" gap="xs" align="flex-start">
        <div>
          <Title order={1} size="h3" ref={headingRef} tabIndex={-1} className={classes.heading}>
            Trip {trip.referenceNumber}
          </Title>
          <Text>{dayInWords(trip.serviceDate, today)}</Text>
        </div>
        <TripLabelBadge trip={trip} />
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {live.lost && (
        <Alert color="yellow" role="alert" icon={<IconPlugConnectedX size={16} aria-hidden />}>
          Live updates are paused while we reconnect. This trip may be out of date until then.
        </Alert>
      )}

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {etaText && (
            <Text fw={700} size="lg">
              {etaText}
            </Text>
          )}
          {trip.providerName && trip.step !== 'Canceled' && <Text size="sm">Your ride is with {trip.providerName}.</Text>}
          <TripSteps trip={trip} />
        </Stack>
      </Card>

      <TripActions page={view} caseManager={caseManager} today={today} onChanged={() => page.refetch()} onOpenTrip={onOpenTrip} />

      <TripLegs trip={trip} showPassenger={caseManager} />

      <section aria-labelledby="trip-map-title">
        <Title order={2} size="h4" id="trip-map-title" mb="xs">
          Map
        </Title>
        <Suspense
          fallback={<Loading>Loading the map</Loading>}
        >
          {/* the map reads only each leg's letter and places, which a portal leg carries */}
          <TripMap trip={trip as unknown as MapTrip} />
        </Suspense>
      </section>
      <Text size="sm" c="dimmed">
        Questions about this trip? Call us at{' '}
        <Anchor href={`tel:${view.phone.replace(/[^\d+]/g, '')}`} size="sm" underline="always">
          {view.phone}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/**
 * What the status region says: nothing when the page first opens (the page itself says it), then
 * the new step each time the trip moves on, and the connection coming back.
 */
function useStepAnnouncement(data: PortalTripPage | undefined): string {
  const [said, setSaid] = useState('');
  const seen = useRef<{ id: string; step: string } | null>(null);
  useEffect(() => {
    if (!data) return;
    const { id, step, referenceNumber } = data.trip;
    const before = seen.current;
    seen.current = { id, step };
    if (!before || before.id !== id || before.step === step) return;
    const eta = etaInWords(data.eta);
    setSaid(`Trip ${referenceNumber}: ${step}.${eta && step !== 'Canceled' && step !== 'Dropped off' ? ` ${eta}.` : ''}`);
  }, [data]);
  return said;
}
