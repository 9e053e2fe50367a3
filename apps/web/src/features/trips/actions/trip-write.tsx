import { Stack, Text } from '@mantine/core';
import { TRIP_MSG, type DriveAssignment } from '@tripline/core';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import type { TripRows } from '../home/use-day-trips.ts';
import { conflictCopy, splitBatchFailures, type BatchFailure, type StaleTrip } from './partner-rules.ts';

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
    showConflict(current?.referenceNumber ?? trip.referenceNumber, error.serverMessage ?? TRIP_MSG.CONFLICT_SERVER);
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

/** The 409 text of each stale trip of a batch, with the server's message; one toast for them all. */
function showBatchConflicts(stale: readonly StaleTrip[]) {
  if (stale.length === 0) return;
  if (stale.length === 1) {
    showConflict(stale[0].ref, stale[0].serverMessage);
    return;
  }
  const serverMessages = [...new Set(stale.map((s) => s.serverMessage))];
  toast.error(
    <Stack gap={2}>
      {stale.slice(0, 5).map((s) => (
        <Text key={s.ref} size="sm">
          {TRIP_MSG.CONFLICT(s.ref)}
        </Text>
      ))}
      {stale.length > 5 && <Text size="sm">and {stale.length - 5} more</Text>}
      {serverMessages.map((m) => (
        <Text key={m} size="sm" c="dimmed">
          {m}
        </Text>
      ))}
    </Stack>,
    { id: 'conflict-batch' },
  );
}

/**
 * Batch answers (accept, accept-rate) list refused trips. A stale one is handled like a 409 on a
 * single write (spec 1 §8): its row is reset to the server's copy and flagged, and the conflict
 * text names it. Answers the other refusals, for the caller to report in its words.
 */
export function applyBatchFailures(failed: readonly BatchFailure[], rows: TripRows): BatchFailure[] {
  const { stale, refused } = splitBatchFailures(failed);
  for (const s of stale) rows.conflict(s.current);
  showBatchConflicts(stale);
  return refused;
}
