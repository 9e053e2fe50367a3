import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ScheduledTripRequest } from '@tripline/core';
import { Link } from 'react-router';
import { dayInWords } from '../portal-trips/words.ts';
import classes from './portal-request.module.css';

/** The done step: the trip is booked; open it, or book the ride back. */
export function DoneStep({
  done,
  tripLink,
  onBookReturn,
  onBookAnother,
}: {
  done: ScheduledTripRequest;
  tripLink: string;
  onBookReturn: (() => void) | null;
  onBookAnother: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Trip requested" role="status">
        <Text size="sm">
          Trip {done.referenceNumber} on {dayInWords(done.trip.serviceDate)} is booked{done.status === 'WillCall' ? ' as will call: call us when the passenger is ready' : ''}. We will
          let you know when a driver is assigned.
        </Text>
      </Alert>
      <Group className={classes.actions}>
        <Button component={Link} to={tripLink}>
          See the trip
        </Button>
        {onBookReturn && (
          <Button variant="default" onClick={onBookReturn}>
            Book the return trip
          </Button>
        )}
        <Button variant="subtle" onClick={onBookAnother}>
          Book another trip
        </Button>
      </Group>
    </Stack>
  );
}
