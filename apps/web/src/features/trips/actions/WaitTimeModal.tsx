import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { TRIP_MSG, WAIT_REPEAT_ERROR, contract, waitTimeMinutes, type TIME_ADJUSTMENT_RESULTS } from '@tripline/core';
import { ApiError, callApi } from '../../../lib/api.ts';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

type Outcome = { status: (typeof TIME_ADJUSTMENT_RESULTS)[number]; message: string };

const LOOK: Record<Outcome['status'], { color: string; title: string }> = {
  Approved: { color: 'teal', title: 'Approved' },
  Denied: { color: 'red', title: 'Denied' },
  Pending: { color: 'yellow', title: 'Pending review' },
};

/** The server's 409 for the same wait sent again (core repeatedWaitTime), told apart from a stale copy by its code. */
const repeatedMessage = (e: unknown): string | null =>
  e instanceof ApiError && e.status === 409 && e.error === WAIT_REPEAT_ERROR ? (e.serverMessage ?? e.message) : null;

/**
 * spec 1 §5: extra wait time in hours and minutes (digits only), sent as total minutes with notes.
 * The answer stays in the dialog: approved, pending review or denied, or, for the same wait sent
 * again, why it was not sent (docs/decisions.md "Partner pay").
 */
export function WaitTimeModal({ trip, rows, onClose }: TripModalProps) {
  const [hours, setHours] = useState('');
  const [minutes, setMinutes] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [repeated, setRepeated] = useState<string | null>(null);

  const digitsError = (v: string) => (/^\d*$/.test(v.trim()) ? undefined : TRIP_MSG.DIGITS_ONLY);

  const submit = async () => {
    const total = waitTimeMinutes(hours, minutes);
    if ('error' in total) {
      // The fields already say "digits only" under themselves.
      setError(total.error === TRIP_MSG.DIGITS_ONLY ? null : total.error);
      return;
    }
    setBusy(true);
    setRepeated(null);
    const result = await writeTrip(trip, rows, async () => {
      try {
        return await callApi(contract.adjustTime, {
          query: { driveAssignmentId: trip.id, modCount: trip.modCount, minutes: total.minutes, notes: notes.trim() },
          quiet: TRIP_WRITE_QUIET,
        });
      } catch (e) {
        const message = repeatedMessage(e);
        if (message === null) throw e;
        return { repeated: message };
      }
    });
    setBusy(false);
    if (!result) return;
    if ('repeated' in result) {
      setRepeated(result.repeated);
      return;
    }
    rows.replace([result.trip]);
    setOutcome({ status: result.status, message: result.message });
  };

  if (outcome) {
    const look = LOOK[outcome.status];
    return (
      <ActionModal title="Adjust wait time for trip" trip={trip} onClose={onClose}>
        <Stack gap="md">
          <Alert color={look.color} title={look.title} role="status">
            <Stack gap={4}>
              {outcome.message && <Text size="sm">{outcome.message}</Text>}
              {outcome.status === 'Pending' && outcome.message !== TRIP_MSG.PENDING_CALL_DISPATCH && (
                <Text size="sm">{TRIP_MSG.PENDING_CALL_DISPATCH}</Text>
              )}
            </Stack>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      </ActionModal>
    );
  }

  return (
    <ActionModal title="Adjust wait time for trip" trip={trip} onClose={onClose}>
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            How much longer than planned did the driver wait?
          </Text>
          <Group grow align="flex-start">
            <TextInput
              label="Hours"
              inputMode="numeric"
              value={hours}
              onChange={(e) => {
                setHours(e.currentTarget.value);
                setError(null);
                setRepeated(null);
              }}
              error={digitsError(hours)}
              data-autofocus
            />
            <TextInput
              label="Minutes"
              inputMode="numeric"
              value={minutes}
              onChange={(e) => {
                setMinutes(e.currentTarget.value);
                setError(null);
                setRepeated(null);
              }}
              error={digitsError(minutes)}
            />
          </Group>
          <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          {repeated && (
            <Alert color="orange" title="Not sent again" role="alert">
              <Text size="sm">{repeated}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Request wait time
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
