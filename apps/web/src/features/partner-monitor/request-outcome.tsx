import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { DriveAssignment } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { showTripFailure } from '../trips/actions/trip-write.tsx';
import type { TripRows } from '../trips/home/use-day-trips.ts';

/**
 * Why a request was refused, shown in its dialog: the server's reason for a refusal (400) or a
 * request already waiting (409 without a copy of the trip). A stale trip and anything else go
 * the way every trip write goes (the row resets, the error is told).
 */
export function refusalOf(error: unknown, trip: DriveAssignment, rows: TripRows): string | null {
  if (error instanceof ApiError && (error.status === 400 || (error.status === 409 && !isTripCopy(error.body)))) {
    return error.serverMessage ?? error.message;
  }
  showTripFailure(error, trip, rows);
  return null;
}

const isTripCopy = (body: unknown) => {
  const current = (body as { current?: unknown } | undefined)?.current;
  return !!current && typeof current === 'object' && !Array.isArray(current) && 'referenceNumber' in current;
};

/** The dialog's last word: what was done, and a way out. */
export function RequestDone({ message, onClose }: { message: string; onClose(): void }) {
  return (
    <Stack gap="md">
      <Alert color="teal" title="Sent" role="status">
        <Text size="sm">{message}</Text>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** A dialog's figures while they are not there: being read, or not read with a way to try again. */
export function FiguresPending({ failed, what, retry }: { failed: boolean; what: string; retry(): void }) {
  if (failed) {
    return (
      <Alert color="red" title={`The trip's ${what} could not be loaded`}>
        <Button size="xs" variant="light" onClick={retry}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Group justify="center" py="md" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{`Loading the trip's ${what}…`}</Text>
    </Group>
  );
}
