import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PortalLeg, PortalTrip } from '@tripline/core';
import classes from './portal-trips.module.css';
import { legStatusInWords, legTitle, milesInWords, serviceTypeInWords, timeInWords } from './words.ts';

/** The line of one stop: its time as ordered, and what actually happened once it did. */
function stopTimes(ordered: string | null, actual: string | null, actualWord: string, willCall: boolean): string {
  const planned = timeInWords(ordered);
  const parts = [planned ? `Scheduled ${planned}` : willCall ? 'Will call: the ride comes when you call' : null, actual ? `${actualWord} ${timeInWords(actual)}` : null];
  return parts.filter(Boolean).join(' · ');
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} className={classes.wrap}>
        {children}
      </Text>
    </div>
  );
}

function LegCard({ leg, title, willCall, showPassenger }: { leg: PortalLeg; title: string; willCall: boolean; showPassenger: boolean }) {
  const pickupTimes = stopTimes(leg.locFirstTimeOrd, leg.locFirstTimeDep ?? leg.locFirstTimeAct, leg.locFirstTimeDep ? 'Picked up' : 'Driver arrived', willCall);
  const dropoffTimes = stopTimes(leg.locSecondTimeOrd, leg.locSecondTimeAct, 'Dropped off', false);
  const appointment = timeInWords(leg.apptTime);
  const miles = milesInWords(leg.googleDrivingDistanceMeters);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={title}>
      <Group justify="space-between" gap="xs" mb={6}>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" fw={600}>
          {legStatusInWords(leg.status)}
        </Text>
      </Group>
      <Stack gap={8} component="dl" m={0}>
        {showPassenger && leg.passName && <Row term="Passenger">{leg.passName}</Row>}
        <Row term="Pickup">
          {leg.locationFirst.Address ?? 'Address not given'}
          {pickupTimes && <Text size="sm" c="dimmed" component="span" display="block">{pickupTimes}</Text>}
        </Row>
        <Row term="Drop-off">
          {leg.locationSecond.Address ?? 'Address not given'}
          {dropoffTimes && <Text size="sm" c="dimmed" component="span" display="block">{dropoffTimes}</Text>}
        </Row>
        {appointment && <Row term="Appointment">{[appointment, leg.apptType].filter(Boolean).join(', ')}</Row>}
        {miles && <Row term="Distance">{miles}</Row>}
      </Stack>
    </Card>
  );
}

/** The legs of the trip page, each with its places, times and status. */
export function TripLegs({ trip, showPassenger }: { trip: PortalTrip; showPassenger: boolean }) {
  const service = serviceTypeInWords(trip.serviceTypeRequested);
  const extras = [service, trip.pca ? 'with a personal care attendant' : null, trip.passengersAdditional > 0 ? `${trip.passengersAdditional} more rider${trip.passengersAdditional === 1 ? '' : 's'}` : null].filter(Boolean);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Rides
      </Title>
      {extras.length > 0 && <Text size="sm">{extras.join(', ')}</Text>}
      {trip.tripLegs.map((leg) => (
        <LegCard key={leg.id} leg={leg} title={legTitle(leg.whichLeg, trip.tripLegs.length)} willCall={trip.willCall} showPassenger={showPassenger} />
      ))}
    </Stack>
  );
}
