import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { TRIP_MSG, contract } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { useDeclineReasons } from '../api.ts';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { DeclineReasonSelect } from './DeclineReasonSelect.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

/** spec 1 §5: decline needs a reason chosen here; the refusals were checked before it opened. */
export function DeclineModal({ trip, rows, developerMode, onClose }: TripModalProps) {
  const reasons = useDeclineReasons(true);
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!reason) {
      setError(TRIP_MSG.DECLINE_REASON_REQUIRED);
      return;
    }
    setBusy(true);
    const declined = await writeTrip(trip, rows, () =>
      callApi(contract.decline, {
        query: {
          driveAssignmentId: trip.id,
          modCount: trip.modCount,
          localTimestamp: new Date().toISOString(),
          // Sent only when on: the query is text, and any value there reads as true.
          ...(developerMode ? { developerMode: true } : {}),
        },
        body: { reason },
        quiet: TRIP_WRITE_QUIET,
      }),
    );
    setBusy(false);
    if (!declined) return;
    rows.replace([declined]);
    toast.success(`Trip ${trip.referenceNumber} declined.`);
    onClose();
  };

  return (
    <ActionModal title="Decline trip" trip={trip} onClose={onClose}>
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="md">
          <DeclineReasonSelect
            description="Why can you not take this trip?"
            value={reason}
            onChange={(v) => {
              setReason(v);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!reasons.isSuccess}>
              Decline trip
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
