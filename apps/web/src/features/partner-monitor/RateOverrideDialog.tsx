import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { contract, mayEditRates, MONITOR_MSG, RATE_ADJUST, RATE_MAX, REQUEST_NOTES_MAX } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ActionModal, type TripModalProps } from '../trips/actions/ActionModal.tsx';
import { TRIP_WRITE_QUIET } from '../trips/actions/trip-write.tsx';
import { formatMoney } from '../trips/home/trip-format.ts';
import { useAfterPayChange, usePayBasis } from './api.ts';
import { FiguresPending, refusalOf, RequestDone } from './request-outcome.tsx';

/**
 * Rate override dialog (spec 3 §3, POST rate-override): what the trip pays now and the rate in
 * force; a rate editor (Admin, Finance, PartnerCredentialing) sets or clears the override at once,
 * a partner asks for a rate and the request waits for the operator's review.
 */
export function RateOverrideDialog({ trip, rows, onClose }: TripModalProps) {
  const user = useCurrentUser().data;
  const editor = !!user && mayEditRates(user);
  const basis = usePayBasis(trip.id, trip.modCount);
  const afterChange = useAfterPayChange();
  const [amount, setAmount] = useState<number | ''>('');
  const [clear, setClear] = useState(false);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const b = basis.data;

  const submit = async () => {
    if (!clear && amount === '') return setError(MONITOR_MSG.RATE_REQUIRED);
    setBusy(true);
    try {
      const result = await callApi(contract.rateOverride, {
        body: {
          partnerActivity: { driveAssignmentId: trip.id, action: RATE_ADJUST, amount: clear || amount === '' ? null : amount, notes: notes.trim() },
          modCount: trip.modCount,
        },
        quiet: TRIP_WRITE_QUIET,
      });
      rows.replace([result.trip]);
      toast.success(result.message, { duration: 'quickSuccess' });
      setDone(result.message);
    } catch (e) {
      setError(refusalOf(e, trip, rows));
    } finally {
      setBusy(false);
      afterChange(trip.id);
    }
  };

  return (
    <ActionModal title={editor ? 'Override the rate of trip' : 'Request a rate change for trip'} trip={trip} onClose={onClose}>
      {done ? (
        <RequestDone message={done} onClose={onClose} />
      ) : !b ? (
        <FiguresPending failed={basis.isError} what="pay" retry={() => void basis.refetch()} />
      ) : (
        <SubmitForm onSubmit={submit} noValidate>
          <Stack gap="md">
            {b.pendingRate && (
              <Alert color="yellow" py="xs">
                A rate request for this trip is already waiting for review.
              </Alert>
            )}
            <Stack gap={2}>
              <Text size="sm">
                The trip pays <b data-testid="rate-current">{b.farmoutRate === null ? 'NoRate' : formatMoney(b.farmoutRate)}</b>
              </Text>
              <Text size="sm" c="dimmed">
                Rate in force: {b.farmoutRateDefault === null ? 'NoRate' : formatMoney(b.farmoutRateDefault)}
                {b.farmoutRateOverride !== null && ` · override ${formatMoney(b.farmoutRateOverride)}`}
              </Text>
            </Stack>
            {editor && b.farmoutRateOverride !== null && (
              <Checkbox
                label="Clear the override (pay the rate in force)"
                checked={clear}
                onChange={(e) => {
                  setClear(e.currentTarget.checked);
                  setError(null);
                }}
              />
            )}
            <NumberInput
              label={editor ? 'New rate' : 'Rate asked for'}
              prefix="$"
              min={0}
              max={RATE_MAX}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              thousandSeparator=","
              disabled={clear}
              value={amount}
              error={error}
              onChange={(v) => {
                setAmount(typeof v === 'number' ? v : '');
                setError(null);
              }}
              data-autofocus
            />
            <Textarea
              label="Notes"
              description={editor ? 'Kept with the change' : 'Why the trip should pay more (or less); the operator reads this'}
              autosize
              minRows={2}
              maxLength={REQUEST_NOTES_MAX}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {editor ? (clear ? 'Clear override' : 'Apply rate') : 'Send for review'}
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      )}
    </ActionModal>
  );
}
