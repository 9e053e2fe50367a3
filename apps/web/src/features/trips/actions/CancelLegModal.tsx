import { useState } from 'react';
import { Alert, Button, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { CANCEL_MSG, canCancelLeg, cancelLegRefusal, contract, isStaff } from '@tripline/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { useCancelReasons } from '../api.ts';
import { formatTime } from '../home/trip-format.ts';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

/** spec 1 §4: cancels one leg of a trip, with a cancel reason and notes. */
export function CancelLegModal({ trip, rows, onClose }: TripModalProps) {
  const reasons = useCancelReasons(trip.serviceDate);
  const open = trip.tripLegs.filter((l) => canCancelLeg(trip, l));
  const [legId, setLegId] = useState<string>(open[0]?.id ?? '');
  const [reason, setReason] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notesError, setNotesError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const { data: user } = useCurrentUser();
  const leg = open.find((l) => l.id === legId);
  const chosen = reasons.data?.find((r) => r.label === reason);
  // The server lists only the reasons this user may use for this day, so none here is staff-only.
  const refusal = leg && chosen ? cancelLegRefusal(trip, leg, { ...chosen, staffOnly: false }, { staff: !!user && isStaff(user), now: new Date() }) : null;

  const submit = async () => {
    if (!leg) return;
    if (!reason) {
      setError('Choose a cancel reason');
      return;
    }
    if (refusal) return;
    if (chosen?.requireNotes && !notes.trim()) {
      setNotesError(CANCEL_MSG.NOTES_REQUIRED);
      return;
    }
    setBusy(true);
    const updated = await writeTrip(trip, rows, () =>
      callApi(contract.cancelLeg, {
        body: { driveAssignmentId: trip.id, modCount: trip.modCount, tripLegId: leg.id, reason, notes: notes.trim() },
        quiet: TRIP_WRITE_QUIET,
      }),
    );
    setBusy(false);
    if (!updated) return;
    rows.replace([updated]);
    toast.success(`Leg ${leg.whichLeg} of trip ${trip.referenceNumber} cancelled.`);
    onClose();
  };

  return (
    <ActionModal title="Cancel a leg of trip" trip={trip} onClose={onClose}>
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group label="Leg" value={legId} onChange={setLegId} required>
            <Stack gap={6} mt={4}>
              {trip.tripLegs.map((l) => (
                <Radio
                  key={l.id}
                  value={l.id}
                  disabled={!open.includes(l)}
                  label={`Leg ${l.whichLeg}: ${formatTime(l.locFirstTimeOrd)} ${l.locationFirst.Address ?? ''} to ${l.locationSecond.Address ?? ''}`}
                  description={open.includes(l) ? undefined : 'Cannot be cancelled'}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Select
            label="Reason"
            required
            placeholder={reasons.isPending ? 'Loading reasons…' : 'Choose a reason'}
            disabled={!reasons.isSuccess}
            data={(reasons.data ?? []).map((r) => r.label)}
            value={reason}
            onChange={(v) => {
              setReason(v);
              setError(null);
            }}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
          {refusal && (
            <Alert color="yellow" role="alert">
              {refusal}
            </Alert>
          )}
          <Textarea
            label="Notes"
            required={chosen?.requireNotes ?? false}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            value={notes}
            error={notesError}
            onChange={(e) => {
              setNotes(e.currentTarget.value);
              setNotesError(null);
            }}
          />
          <Text size="xs" c="dimmed">
            Only this leg is cancelled; the rest of the trip stays as it is.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!leg || !!refusal}>
              Cancel leg
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
