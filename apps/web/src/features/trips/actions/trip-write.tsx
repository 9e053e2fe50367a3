import { Stack, Text } from '@mantine/core';
import { TRIP_MSG, type DriveAssignment } from '@tripline/core';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import type { TripRows } from '../home/use-day-trips.ts';
import { conflictCopy } from './partner-rules.ts';

/**
 * Statuses a trip write explains itself: refusals (400, 403, 404) carry the server's reason, and a
 * stale modCount (409) resets the row. Everything else (no answer, signed out, 5xx) goes to the
 * app's error catalogue; a 403 there would also leave the page, which a refused trip should not.
 */
export const TRIP_WRITE_QUIET = [400, 403, 404, 409] as const;

type TripRef = Pick<DriveAssignment, 'id' | 'referenceNumber'>;

export function showConflict(ref: string, serverMessage: string | null) {
  toast.error(
    <Stack gap={2}>
      <Text size="sm">{TRIP_MSG.CONFLICT(ref)}</Text>
      {serverMessage && (
        <Text size="sm" c="dimmed">
          {serverMessage}
        </Text>
      )}
    </Stack>,
    { id: `conflict-${ref}` },
  );
}

/** Shows why a write on a trip failed, and resets the row on a conflict. */
export function showTripFailure(error: unknown, trip: TripRef, rows: TripRows): void {
  if (!(error instanceof ApiError)) {
    toast.error(String(error instanceof Error ? error.message : error), { reportBug: true });
    return;
  }
  if (!(TRIP_WRITE_QUIET as readonly number[]).includes(error.status)) return;
  if (error.status === 409) {
    const current = conflictCopy(error.body);
    if (current) rows.conflict(current);
    showConflict(trip.referenceNumber, error.serverMessage ?? TRIP_MSG.CONFLICT_SERVER);
    return;
  }
  toast.error(error.message);
}

/**
 * Runs one write on a trip: the record counts as changed here from the start (its live echo may
 * arrive before the answer), and a failure is explained. Resolves to null when it failed.
 */
export async function writeTrip<T>(trip: TripRef, rows: TripRows, send: () => Promise<T>): Promise<T | null> {
  rows.touch(trip.id);
  try {
    return await send();
  } catch (error) {
    showTripFailure(error, trip, rows);
    return null;
  }
}

/** Batch answers (accept, accept-rate) list refused trips; the server's copies replace the rows. */
export function applyBatchFailures(
  failed: readonly { id: string; referenceNumber: string | null; message: string; current?: DriveAssignment }[],
  rows: TripRows,
): void {
  const copies = failed.flatMap((f) => (f.current ? [f.current] : []));
  rows.replace(copies);
}
