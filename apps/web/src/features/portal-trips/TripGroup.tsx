import { useState } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import type { PortalTrip } from '@tripline/core';
import { TripCard } from './TripCard.tsx';
import classes from './portal-trips.module.css';

/**
 * One group of the home (Today, Upcoming or Completed) as a titled list of trip cards. A long
 * group shows its first trips and a button for the rest, so a phone is not one endless scroll.
 */
export function TripGroup({
  id,
  title,
  trips,
  firstShown,
  today,
  showPassenger,
  linkTo,
}: {
  id: string;
  title: string;
  trips: readonly PortalTrip[];
  /** How many to show before "Show all"; every one when absent. */
  firstShown?: number;
  today: string;
  showPassenger: boolean;
  linkTo: (trip: PortalTrip) => string;
}) {
  const [all, setAll] = useState(false);
  if (trips.length === 0) return null;
  const shown = all || firstShown === undefined ? trips : trips.slice(0, firstShown);
  const headingId = `trips-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {title} ({trips.length})
      </Title>
      <Stack gap="xs" component="ul" className={classes.list}>
        {shown.map((trip) => (
          <li key={trip.id}>
            <TripCard trip={trip} to={linkTo(trip)} today={today} showPassenger={showPassenger} />
          </li>
        ))}
      </Stack>
      {shown.length < trips.length && (
        <Button variant="subtle" mt="xs" onClick={() => setAll(true)}>
          {`Show all ${trips.length} ${title.toLowerCase()} trips`}
        </Button>
      )}
    </section>
  );
}
