import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { contract, deadheadAfterFinal, MONITOR_MSG, mileageProblem, mileageToSend, REQUEST_NOTES_MAX } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { ActionModal, type TripModalProps } from '../trips/actions/ActionModal.tsx';
import { TRIP_WRITE_QUIET } from '../trips/actions/trip-write.tsx';
import { useAfterPayChange, usePayBasis } from './api.ts';
import { FiguresPending, refusalOf, RequestDone } from './request-outcome.tsx';

const miles = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;

/**
 * Mileage adjust dialog (spec 3 §3, rules 251–252): the partner gives the final miles, loaded or
 * deadhead (base to first pickup), against the original shown; a loaded request sends the
 * difference, a deadhead one the final. Deadhead miles below the original are refused here with
 * the rule's text before anything is sent. The request waits for the operator's review.
 */
export function MileageAdjustDialog({ trip, rows, onClose }: TripModalProps) {
  const basis = usePayBasis(trip.id, trip.modCount);
  const afterChange = useAfterPayChange();
  const [final, setFinal] = useState<number | ''>('');
  const [deadhead, setDeadhead] = useState(false);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const b = basis.data;
  const original = b ? (deadhead ? b.deadheadMiles : (b.paidMilesOverride ?? b.loadedMiles)) : null;
  const sent = original !== null && final !== '' ? mileageToSend(final, b?.loadedMiles ?? 0, deadhead) : null;

  const submit = async () => {
    if (!b || original === null) return;
    if (final === '') return setError(MONITOR_MSG.MILEAGE_REQUIRED);
    const mileage = mileageToSend(final, deadhead ? original : b.loadedMiles, deadhead);
    const problem = mileageProblem(mileage, deadhead ? original : b.loadedMiles, deadhead);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const result = await callApi(contract.adjustMileage, {
        body: { driveAssignmentId: trip.id, mileage, deadhead, notes: notes.trim(), modCount: trip.modCount },
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
    <ActionModal title="Adjust mileage for trip" trip={trip} onClose={onClose}>
      {done ? (
        <RequestDone message={done} onClose={onClose} />
      ) : !b ? (
        <FiguresPending failed={basis.isError} what="miles" retry={() => void basis.refetch()} />
      ) : (
        <SubmitForm onSubmit={submit} noValidate>
          <Stack gap="md">
            {b.pendingMileage && (
              <Alert color="yellow" py="xs">
                A mileage request for this trip is already waiting for review.
              </Alert>
            )}
            <Checkbox
              label="Deadhead miles (from the base to the first pickup)"
              checked={deadhead}
              disabled={b.deadheadMiles === null}
              description={b.deadheadMiles === null ? b.deadheadProblem : undefined}
              onChange={(e) => {
                setDeadhead(e.currentTarget.checked);
                setError(null);
              }}
            />
            <Text size="sm" data-testid="mileage-original">
              {deadhead ? 'Original deadhead miles' : 'Original loaded miles'}: <b>{original === null ? '—' : miles(original)}</b>
              {!deadhead && b.paidMilesOverride !== null && ` (the trip measured ${miles(b.loadedMiles)})`}
            </Text>
            <NumberInput
              label="Final miles"
              description={
                sent === null ? 'The miles actually driven' : deadhead ? `${miles(sent)} deadhead will be sent` : `${sent >= 0 ? '+' : ''}${miles(sent)} will be sent`
              }
              min={0}
              max={5000}
              decimalScale={1}
              allowNegative={false}
              value={final}
              error={error}
              onChange={(v) => {
                const next = typeof v === 'number' ? v : v === '' ? '' : Number(v);
                setFinal(Number.isNaN(next) ? '' : next);
                // rule 251: clearing the final turns deadhead off
                setDeadhead((d) => deadheadAfterFinal(next === '' ? '' : 1, d));
                setError(null);
              }}
              data-autofocus
            />
            <Textarea label="Notes" description="Why the miles differ" autosize minRows={2} maxLength={REQUEST_NOTES_MAX} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={original === null}>
                Send for review
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      )}
    </ActionModal>
  );
}
