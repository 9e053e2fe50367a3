import { lazy, Suspense, useMemo } from 'react';
import { Alert, Anchor, Center, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { multipleProvidersWarning, type CoverageCheckInput, type CoverageCheckResult, type DriveAssignment } from '@tripline/core';
import { CoveragePanel } from '../coverage/CoveragePanel.tsx';
import { useRelatedTrips } from '../admin-trips/inspect/api.ts';
import { useReservationRequests } from './api.ts';
import { timeValue, type EditorTrip } from './form.ts';

// Leaflet and the county atlas load only when the editor shows a map.
const TripMap = lazy(() => import('../admin-trips/inspect/TripMap.tsx'));

const firstRiding = (t: EditorTrip) => t.legs.find((l) => !l.canceled && l.passenger && l.serviceCode !== '06') ?? null;

/** What the coverage check is asked for the first passenger's leg (spec 2 §5 rule 97). */
export function coverageRequest(t: EditorTrip): CoverageCheckInput | null {
  const leg = firstRiding(t);
  if (!leg?.passenger) return null;
  return {
    passengerId: leg.passenger.id,
    serviceDate: t.serviceDate,
    serviceType: t.serviceTypeRequested,
    appointmentType: leg.apptType ?? '',
    serviceTime: timeValue(leg.appt) ?? timeValue(leg.pickup),
    authorizedBy: t.authorizedBy.trim() || null,
    distanceMetersEstimated: leg.drive?.meters ?? null,
    pickupId: leg.locationFirst?.id ?? null,
    dropoffId: leg.locationSecond?.id ?? null,
    driveAssignmentId: t.modCount !== null ? t.id : null,
  };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** spec 2 §7 drive-assignments-by-passenger-service-date, with the multiple-providers warning (spec 2 §8). */
function OtherTrips({ trip, farmoutName }: { trip: EditorTrip; farmoutName: string | null }) {
  const passengerId = firstRiding(trip)?.passenger?.id ?? null;
  const related = useRelatedTrips(passengerId, trip.serviceDate);
  const others = (related.data ?? []).filter((t: DriveAssignment) => t.id !== trip.id);
  const warning = multipleProvidersWarning([...others, { farmoutName }]);
  return (
    <Section title="The passenger's other trips that day">
      {!passengerId ? (
        <Text size="sm" c="dimmed">
          Choose a passenger first.
        </Text>
      ) : related.isPending ? (
        <Loader size="xs" aria-label="Loading the passenger's trips" />
      ) : related.isError ? (
        <Text size="sm" c="red">
          The passenger's trips could not be loaded.
        </Text>
      ) : others.length === 0 ? (
        <Text size="sm" c="dimmed">
          No other trips on this day.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {others.map((t) => (
            <List.Item key={t.id}>
              <Anchor component={Link} to={`/drive-assv-edit/${t.referenceNumber}`}>
                {t.referenceNumber}
              </Anchor>{' '}
              {t.tripLegs[0]?.locFirstTimeOrd?.slice(0, 5) ?? ''} · {t.farmoutName ?? 'No partner'}
              {t.canceled ? ' · canceled' : ''}
            </List.Item>
          ))}
        </List>
      )}
      {warning && (
        <Alert color="yellow" title={warning.message} role="alert">
          {warning.providers.join(', ')}
        </Alert>
      )}
    </Section>
  );
}

/** spec 2 §7 GET reservation-requests: what was asked of this reservation, by whom and when. */
function RequestHistory({ referenceNumber, modCount }: { referenceNumber: string | null; modCount: number | null }) {
  const requests = useReservationRequests(referenceNumber, modCount);
  if (!referenceNumber) return null;
  return (
    <Section title="Request history">
      {requests.isPending ? (
        <Loader size="xs" aria-label="Loading the request history" />
      ) : requests.isError ? (
        <Text size="sm" c="red">
          The request history could not be loaded.
        </Text>
      ) : requests.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No requests recorded.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {requests.data.map((r) => (
            <List.Item key={r.id}>
              {r.kind === 'create' ? 'Booked' : 'Saved'} {new Date(r.requestedAt).toLocaleString()} by {r.requestedBy ?? 'unknown'}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}

function EditorMap({ trip }: { trip: EditorTrip }) {
  const mapTrip = useMemo(
    () => ({
      id: trip.id,
      tripLegs: trip.legs
        .filter((l) => !l.canceled)
        .map((l) => ({
          whichLeg: l.whichLeg,
          locationFirst: { Id: l.locationFirst?.id ?? null, Address: l.locationFirst?.text ?? null, Lat: l.locationFirst?.lat ?? null, Lng: l.locationFirst?.lng ?? null },
          locationSecond: { Id: l.locationSecond?.id ?? null, Address: l.locationSecond?.text ?? null, Lat: l.locationSecond?.lat ?? null, Lng: l.locationSecond?.lng ?? null },
        })),
    }),
    [trip.id, trip.legs],
  );
  const placed = mapTrip.tripLegs.some((l) => l.locationFirst.Lat !== null || l.locationSecond.Lat !== null);
  return (
    <Section title="Map">
      {placed ? (
        <Suspense fallback={<Center h={240}><Loader size="sm" aria-label="Loading the map" /></Center>}>
          <TripMap trip={mapTrip as Parameters<typeof TripMap>[0]['trip']} />
        </Suspense>
      ) : (
        <Text size="sm" c="dimmed">
          The stops appear here once they are placed.
        </Text>
      )}
    </Section>
  );
}

export interface EditorPanelsProps {
  trip: EditorTrip;
  farmoutName: string | null;
  onCoverage(result: CoverageCheckResult | null): void;
}

/** The editor's side panels: coverage and partners serving the pickup ZIP, the day's other trips, request history, map. */
export function EditorPanels({ trip, farmoutName, onCoverage }: EditorPanelsProps) {
  const request = useMemo(() => coverageRequest(trip), [trip]);
  return (
    <Stack gap="sm" component="aside" aria-label="Checks">
      <Title order={2} size="h4">
        Checks
      </Title>
      <Stack gap={4}>
        <Title order={3} size="h6" c="dimmed">
          Coverage and the partners serving the pickup ZIP
        </Title>
        <CoveragePanel request={request} onResult={onCoverage} />
      </Stack>
      <OtherTrips trip={trip} farmoutName={farmoutName} />
      <RequestHistory referenceNumber={trip.referenceNumber} modCount={trip.modCount} />
      <EditorMap trip={trip} />
    </Stack>
  );
}
