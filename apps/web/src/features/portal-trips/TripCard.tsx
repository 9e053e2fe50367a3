import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PORTAL_LABEL_TEXT, type PortalTrip } from '@tripline/core';
import classes from './portal-trips.module.css';
import { dayInWords, labelColor, legStatusInWords, pickupInWords } from './words.ts';

/** The label badge of rule 185, in words. */
export function TripLabelBadge({ trip }: { trip: Pick<PortalTrip, 'label'> }) {
  return (
    <Badge color={labelColor(trip.label)} variant="light" radius="sm" tt="none" className={classes.badge}>
      {PORTAL_LABEL_TEXT[trip.label]}
    </Badge>
  );
}

/** One end of the trip: "From 1200 Main St", the word quieter than the place. */
function Place({ word, place }: { word: string; place: string }) {
  return (
    <Text size="sm" className={classes.wrap}>
      <Text span size="sm" c="dimmed">
        {word}{' '}
      </Text>
      {place}
    </Text>
  );
}

/**
 * One trip of the home's list: the day in words, the pickup time, from → to, the passenger (for
 * case managers), the label and where the trip stands. The whole card is one link to the trip page.
 */
export function TripCard({ trip, to, today, showPassenger }: { trip: PortalTrip; to: string; today: string; showPassenger: boolean }) {
  const first = trip.tripLegs[0];
  const last = trip.tripLegs[trip.tripLegs.length - 1];
  const from = first?.locationFirst.Address ?? 'Pickup address not given';
  const toPlace = (trip.tripLegs.length === 2 ? first?.locationSecond.Address : last?.locationSecond.Address) ?? 'Destination not given';
  const legStatus = first ? legStatusInWords(first.status) : null;
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm" className={classes.card}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={600} className={classes.wrap}>
            {dayInWords(trip.serviceDate, today)}
          </Text>
          <TripLabelBadge trip={trip} />
        </Group>
        <Text size="sm">{pickupInWords(trip)}</Text>
        <Place word="From" place={from} />
        <Place word="To" place={toPlace} />
        {trip.tripLegs.length === 2 && <Text size="xs" c="dimmed">Round trip: the ride back is booked too</Text>}
        <Group justify="space-between" gap="xs">
          {showPassenger && first?.passName ? (
            <Text size="sm" fw={500}>
              {first.passName}
            </Text>
          ) : (
            <span />
          )}
          <Text size="xs" c="dimmed">
            Trip {trip.referenceNumber}
            {legStatus && trip.label === 'Pending' ? ` · ${trip.step === 'Requested' ? legStatus : trip.step}` : ''}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
