import { useState } from 'react';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { contract, type DriveAssignment } from '@tripline/core';
import { callApi } from '../../../../lib/api.ts';
import { toast } from '../../../../lib/toast.tsx';
import { TRIP_WRITE_QUIET, writeTrip } from '../../../trips/actions/trip-write.tsx';
import type { TripRows } from '../../../trips/home/use-day-trips.ts';
import { notesOf, notesPatch, sameNotes, type NotesDraft } from '../notes-form.ts';
import { SubmitForm } from '../../../../components/SubmitForm.tsx';

/**
 * The trip's notes summary and each leg's passenger notes, saved with PATCH
 * drive-assignments-detailed and the trip's modCount (a stale one answers 409: the server's message
 * is shown and the trip loaded again).
 */
export function NotesTab({ trip, rows }: { trip: DriveAssignment; rows: TripRows }) {
  const loaded = notesOf(trip);
  const version = `${trip.id}:${trip.modCount}`;
  const [draft, setDraft] = useState<NotesDraft>(loaded);
  const [base, setBase] = useState({ version, notes: loaded });
  const [busy, setBusy] = useState(false);
  const dirty = !sameNotes(draft, base.notes);
  const final = trip.partnerPayStatus === 'Final';

  // A live change, or another trip: follow it unless the user is editing.
  let changedMeanwhile = false;
  if (base.version !== version) {
    if (!dirty || !base.version.startsWith(`${trip.id}:`)) {
      setBase({ version, notes: loaded });
      setDraft(loaded);
    } else {
      changedMeanwhile = true;
    }
  }

  const save = async () => {
    const body = notesPatch({ ...trip, modCount: Number(base.version.split(':')[1]) }, draft);
    if (!body) return;
    setBusy(true);
    const saved = await writeTrip(trip, rows, () => callApi(contract.patchDetailed, { body, quiet: TRIP_WRITE_QUIET }));
    setBusy(false);
    if (!saved) return;
    rows.replace([saved]);
    const notes = notesOf(saved);
    setBase({ version: `${saved.id}:${saved.modCount}`, notes });
    setDraft(notes);
    toast.success('Notes saved', { duration: 'quickSuccess' });
  };

  return (
    <SubmitForm onSubmit={save}>
      <Stack gap="sm">
        {changedMeanwhile && (
          <Alert color="yellow" p="xs">
            This trip was changed by someone else while you were editing. Saving may be refused; discard to see the new notes.
          </Alert>
        )}
        <Textarea
          label="Notes summary"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={4000}
          value={draft.notesSummary}
          readOnly={final}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => ({ ...d, notesSummary: value }));
          }}
        />
        {trip.tripLegs.map((leg) => (
          <Textarea
            key={leg.id}
            label={`Leg ${leg.whichLeg} passenger notes`}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={4000}
            value={draft.legs[leg.id] ?? ''}
            readOnly={final}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, legs: { ...d.legs, [leg.id]: value } }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!dirty && !changedMeanwhile}
            onClick={() => {
              setBase({ version, notes: loaded });
              setDraft(loaded);
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" disabled={!dirty || final} loading={busy}>
            Save notes
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
