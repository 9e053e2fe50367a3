import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { contract } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

const FLAG_MAX = 40;

/** Sets the short flag text of a trip (what the operator should look at), or clears it. */
export function FlagModal({ trip, rows, onClose }: TripModalProps) {
  const [flag, setFlag] = useState(trip.flag ?? '');
  const [busy, setBusy] = useState(false);

  const save = async (value: string | null) => {
    setBusy(true);
    const updated = await writeTrip(trip, rows, () =>
      callApi(contract.flag, { body: { referenceNumber: trip.referenceNumber, flag: value, modCount: trip.modCount }, quiet: TRIP_WRITE_QUIET }),
    );
    setBusy(false);
    if (!updated) return;
    rows.replace([updated]);
    toast.success(updated.flag ? `Trip ${trip.referenceNumber} flagged.` : `Flag cleared on trip ${trip.referenceNumber}.`);
    onClose();
  };

  return (
    <ActionModal title="Flag trip" trip={trip} onClose={onClose}>
      <SubmitForm onSubmit={() => save(flag.trim() || null)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Flag"
            description={`A short note the operator sees on the trip, at most ${FLAG_MAX} characters.`}
            maxLength={FLAG_MAX}
            value={flag}
            onChange={(e) => setFlag(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="space-between">
            <Button variant="subtle" color="red" disabled={!trip.flag} loading={busy} onClick={() => void save(null)}>
              Clear flag
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={!flag.trim() || flag.trim() === trip.flag}>
                Save flag
              </Button>
            </Group>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
