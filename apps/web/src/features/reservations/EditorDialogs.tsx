import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ReservationDetail } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { DuplicateModal, NotesModal, PharmacyModal, StaffCancelModal } from '../standing-orders/index.ts';
import { overrideCreated } from './api.ts';

export type EditorDialog = 'pharmacy' | 'notes' | 'cancel' | 'duplicate' | 'overrideCreated' | null;

/** POST da-override-create-timestamp (Admin): the time the trip counts as booked. */
function OverrideCreatedModal({ trip, onClose, onDone }: { trip: ReservationDetail; onClose(): void; onDone(t: ReservationDetail): void }) {
  const [text, setText] = useState(trip.createdOverride ?? trip.createdAt);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (value: string | null) => {
    let iso: string | null = null;
    if (value !== null) {
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) {
        setError('Enter a date and time like 2026-11-24 09:30');
        return;
      }
      iso = at.toISOString();
    }
    setBusy(true);
    try {
      onDone(await overrideCreated(trip.referenceNumber, iso));
      toast.success('Created time saved.', { duration: 'short' });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Override created time">
      <Stack gap="sm">
        <Text size="sm">Booked {new Date(trip.createdAt).toLocaleString()}{trip.createdByName ? ` by ${trip.createdByName}` : ''}.</Text>
        <TextInput label="Counts as booked at" value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} data-autofocus />
        <Group justify="flex-end">
          {trip.createdOverride && (
            <Button variant="subtle" onClick={() => void submit(null)} disabled={busy}>
              Remove override
            </Button>
          )}
          <Button onClick={() => void submit(text)} loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface EditorDialogsProps {
  open: EditorDialog;
  trip: ReservationDetail | null;
  /** For notes on an unsaved trip (the modal says a reference number is needed). */
  serviceTypeRequested: string;
  onClose(): void;
  onChanged(): void;
  onOverride(t: ReservationDetail): void;
}

/** The dialogs the editor opens (notes, pharmacy stop, cancel, duplicate: spec 2 §2, §7). */
export function EditorDialogs({ open, trip, serviceTypeRequested, onClose, onChanged, onOverride }: EditorDialogsProps) {
  const notesTrip = { id: trip?.id ?? '', referenceNumber: trip?.referenceNumber ?? null, serviceTypeRequested };
  return (
    <>
      <NotesModal trip={notesTrip} opened={open === 'notes'} onClose={onClose} />
      {trip && (
        <>
          <PharmacyModal trip={trip} opened={open === 'pharmacy'} onClose={onClose} />
          <DuplicateModal trip={trip} opened={open === 'duplicate'} onClose={onClose} />
          <StaffCancelModal
            trip={trip}
            opened={open === 'cancel'}
            onClose={onClose}
            onDone={() => {
              onClose();
              onChanged();
            }}
          />
          {open === 'overrideCreated' && <OverrideCreatedModal trip={trip} onClose={onClose} onDone={onOverride} />}
        </>
      )}
    </>
  );
}
