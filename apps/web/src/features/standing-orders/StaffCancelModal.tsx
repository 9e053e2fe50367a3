import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CANCEL_MSG, cancelWarning, contract, mayCancelLeg, type DriveAssignment } from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { formatTime } from '../trips/home/trip-format.ts';

const CHARGE = { reason: 'As the reason says', with: 'With charge (the partner is paid)', without: 'Without charge' } as const;
type Charge = keyof typeof CHARGE;

/**
 * spec 2 §5: staff cancel legs from the editor: any saved leg with no actual pickup and a pickup
 * from 1 hour ago on, assigned or not. The reason comes from GET cancel-reasons (for the trip's
 * day and bill-to); notes unless the reason does without; the charge follows the reason unless
 * staff override it. A cancelled leg may be cancelled again: 'This trip is already canceled!'.
 */
export function StaffCancelModal({ trip, opened, onClose, onDone }: { trip: DriveAssignment; opened: boolean; onClose: () => void; onDone: (trip: DriveAssignment) => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Cancel legs of trip ${trip.referenceNumber}`} size="lg">
      {opened && <CancelForm trip={trip} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function CancelForm({ trip, onClose, onDone }: { trip: DriveAssignment; onClose: () => void; onDone: (trip: DriveAssignment) => void }) {
  const now = new Date();
  const open = trip.tripLegs.filter((l) => mayCancelLeg(trip, l, { staff: true, now }));
  const reasons = useQuery({
    queryKey: ['cancel-reasons', trip.serviceDate, trip.billToContactId],
    queryFn: ({ signal }) => callApi(contract.cancelReasons, { query: { serviceDate: trip.serviceDate, billToId: trip.billToContactId ?? undefined }, signal }),
    staleTime: 10 * 60_000,
  });
  const [legs, setLegs] = useState<string[]>(open.filter((l) => !cancelWarning(l)).map((l) => l.id));
  const [reason, setReason] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [charge, setCharge] = useState<Charge>('reason');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const again = trip.tripLegs.filter((l) => legs.includes(l.id) && cancelWarning(l));
  const notesRequired = reasons.data?.find((r) => r.label === reason)?.requireNotes ?? false;

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (legs.length === 0) problems.legs = CANCEL_MSG.LEGS_REQUIRED;
    if (!reason) problems.reason = 'Choose a cancel reason';
    if (notesRequired && !notes.trim()) problems.notes = CANCEL_MSG.NOTES_REQUIRED;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !reason) return;
    setBusy(true);
    try {
      const updated = await callApi(contract.cancelLeg, {
        body: {
          driveAssignmentId: trip.id,
          modCount: trip.modCount,
          tripLegId: legs[0],
          selections: legs,
          reason,
          notes: notes.trim(),
          withCharge: charge === 'reason' ? null : charge === 'with',
        },
        quiet: [400, 409],
      });
      toast.success(legs.length === 1 ? 'The leg was cancelled.' : `${legs.length} legs were cancelled.`, { duration: 'short' });
      onDone(updated);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setErrors({ form: `${e.message} Close this dialog to see the trip as it is now.` });
        const current = (e.body as { current?: DriveAssignment } | undefined)?.current;
        if (current) onDone(current);
      } else if (e instanceof ApiError && e.status === 400) {
        setErrors(e.message === CANCEL_MSG.NOTES_REQUIRED ? { notes: e.message } : { form: e.message });
      } else throw e;
    } finally {
      setBusy(false);
    }
  };

  if (open.length === 0) {
    return (
      <Stack>
        <Alert color="yellow" role="alert">
          {trip.partnerPayStatus === 'Final' ? 'This trip is Finalized, and read-only.' : CANCEL_MSG.NOT_A_CANDIDATE}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SubmitForm onSubmit={submit} noValidate>
      <Stack gap="md">
        <Checkbox.Group label="Legs" value={legs} onChange={setLegs} error={errors.legs} required>
          <Stack gap={6} mt={4}>
            {trip.tripLegs.map((l) => (
              <Checkbox
                key={l.id}
                value={l.id}
                disabled={!open.includes(l)}
                label={`Leg ${l.whichLeg}: ${formatTime(l.locFirstTimeOrd)} ${l.locationFirst.Address ?? ''} to ${l.locationSecond.Address ?? ''}`}
                description={!open.includes(l) ? 'Cannot be cancelled (picked up, or the pickup was over an hour ago)' : cancelWarning(l) ? `Already cancelled (${l.status})` : undefined}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {again.length > 0 && (
          <Alert color="yellow" role="alert">
            {CANCEL_MSG.ALREADY_CANCELED} The new reason replaces the old one.
          </Alert>
        )}
        <Select
          label="Reason"
          required
          placeholder={reasons.isPending ? 'Loading reasons…' : 'Choose a reason'}
          disabled={!reasons.isSuccess}
          data={(reasons.data ?? []).map((r) => r.label)}
          value={reason}
          onChange={setReason}
          error={errors.reason ?? (reasons.error ? 'The reasons could not be loaded' : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea label="Notes" required={notesRequired} autosize minRows={2} maxRows={6} maxLength={2000} value={notes}
          onChange={(e) => {
            setNotes(e.currentTarget.value);
            setErrors(({ notes: _notes, ...rest }) => rest);
          }}
          error={errors.notes}
        />
        <Select label="Charge" data={Object.entries(CHARGE).map(([value, label]) => ({ value, label }))} value={charge} onChange={(v) => setCharge((v as Charge) ?? 'reason')} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
        <Text size="xs" c="dimmed">
          When every leg is cancelled, the whole trip is cancelled.
        </Text>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" color="red" loading={busy}>
            Cancel {legs.length === 1 ? 'leg' : 'legs'}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
