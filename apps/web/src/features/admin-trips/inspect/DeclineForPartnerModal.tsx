import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { TRIP_MSG, contract, type DriveAssignment } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { DeclineReasonSelect } from '../../trips/actions/DeclineReasonSelect.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from '../../trips/actions/trip-write.tsx';
import type { TripRows } from '../../trips/home/use-day-trips.ts';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

/** Records a partner's phoned-in decline (POST decline-da-on-behalf-of-partner) with its reason. */
export function DeclineForPartnerModal({ trip, rows, onClose }: { trip: DriveAssignment | null; rows: TripRows; onClose(): void }) {
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!trip?.farmoutContactId) return;
    if (!reason) {
      setError(TRIP_MSG.DECLINE_REASON_REQUIRED);
      return;
    }
    setBusy(true);
    const providerId = trip.farmoutContactId;
    const declined = await writeTrip(trip, rows, () =>
      callApi(contract.declineOnBehalf, { body: { daId: trip.id, providerId, reasonId: reason }, quiet: TRIP_WRITE_QUIET }),
    );
    setBusy(false);
    if (!declined) return;
    rows.replace([declined]);
    toast.success(`Trip ${trip.referenceNumber} declined for ${trip.farmoutName ?? 'the partner'}.`, { duration: 'short' });
    close();
  };

  return (
    <Modal opened={trip !== null} onClose={close} title={trip ? `Decline trip ${trip.referenceNumber} for the partner` : ''}>
      {trip && (
        <SubmitForm onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Records that {trip.farmoutName ?? 'the partner'} declined this trip (for example by phone).
            </Text>
            <DeclineReasonSelect
              value={reason}
              onChange={(v) => {
                setReason(v);
                setError(null);
              }}
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={busy}>
                Decline for partner
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      )}
    </Modal>
  );
}
