import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { contract, GURNEY_CHECKLIST, isStretcher, NOTES_MSG, notesRefusal, type InternalNote } from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { reservationNotesKey, useRefresh, useReservationNotes } from './api.ts';

interface NotesTrip {
  id: string;
  referenceNumber: string | null;
  serviceTypeRequested: string;
}

/**
 * spec 2 §2 note builder: internal notes, bill-to requests, the passenger's special requests and,
 * for a Stretcher trip, the gurney checklist. spec 2 §5: an unsaved trip (no reference number) gets
 * the 'Missing Reference Number' alert instead. A note is flagged deleted after confirmation.
 */
export function NotesModal({ trip, opened, onClose }: { trip: NotesTrip; opened: boolean; onClose: () => void }) {
  const refusal = notesRefusal(trip);
  return (
    <Modal opened={opened} onClose={onClose} title={trip.referenceNumber ? `Notes of trip ${trip.referenceNumber}` : 'Notes'} size="lg">
      {opened &&
        (refusal ? (
          <Stack>
            <Alert color="yellow" title={refusal.title} role="alert">
              {refusal.message}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>Close</Button>
            </Group>
          </Stack>
        ) : (
          <NotesBuilder trip={trip} onClose={onClose} />
        ))}
    </Modal>
  );
}

const EMPTY = { internalNotes: '', billToRequests: '', passengerRequests: '' };

function NotesBuilder({ trip, onClose }: { trip: NotesTrip; onClose: () => void }) {
  const notes = useReservationNotes(trip.id);
  const refresh = useRefresh();
  const [draft, setDraft] = useState(EMPTY);
  const [gurney, setGurney] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const stretcher = isStretcher(trip);
  const ticked = gurney ?? notes.data?.gurneyChecklist.find((n) => !n.deleted)?.items ?? [];

  const save = async () => {
    const body = {
      driveAssignmentId: trip.id,
      internalNotes: draft.internalNotes.trim() ? [draft.internalNotes.trim()] : [],
      billToRequests: draft.billToRequests.trim() ? [draft.billToRequests.trim()] : [],
      passengerRequests: draft.passengerRequests.trim() ? [draft.passengerRequests.trim()] : [],
      gurneyChecklist: stretcher && gurney ? (gurney as (typeof GURNEY_CHECKLIST)[number][]) : null,
    };
    if (!body.internalNotes.length && !body.billToRequests.length && !body.passengerRequests.length && !body.gurneyChecklist) {
      setError(NOTES_MSG.EMPTY);
      return;
    }
    setBusy(true);
    try {
      await callApi(contract.addReservationNotes, { body, quiet: [400] });
      setDraft(EMPTY);
      setGurney(null);
      setError(null);
      toast.success('Notes saved.', { duration: 'short' });
      void refresh(reservationNotesKey(trip.id));
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setError(e.message);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  const flagDeleted = async (note: InternalNote) => {
    const ok = await confirm({ title: 'Delete note', message: NOTES_MSG.CONFIRM_DELETE, confirmLabel: 'Delete', danger: true });
    if (!ok) return;
    await callApi(contract.deleteReservationNote, { query: { id: note.id, driveAssignmentId: trip.id } });
    void refresh(reservationNotesKey(trip.id));
  };

  const field = (key: keyof typeof EMPTY, label: string) => (
    <Textarea label={label} autosize minRows={2} maxRows={6} maxLength={2000} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })} />
  );

  return (
    <SubmitForm onSubmit={save} noValidate>
      <Stack gap="md">
        <Tabs defaultValue="internal" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="internal">Internal notes</Tabs.Tab>
            <Tabs.Tab value="billTo">Bill-to requests</Tabs.Tab>
            <Tabs.Tab value="passenger">Passenger requests</Tabs.Tab>
            {stretcher && <Tabs.Tab value="gurney">Gurney checklist</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="internal" pt="sm">
            <NoteList notes={notes.data?.internalNotes} loading={notes.isPending} onDelete={flagDeleted} empty="No internal notes yet" />
            {field('internalNotes', 'New internal note')}
          </Tabs.Panel>
          <Tabs.Panel value="billTo" pt="sm">
            <NoteList notes={notes.data?.billToRequests} loading={notes.isPending} onDelete={flagDeleted} empty="No requests from the bill-to account" />
            {field('billToRequests', 'New bill-to request (kept for every trip of the account)')}
          </Tabs.Panel>
          <Tabs.Panel value="passenger" pt="sm">
            <NoteList notes={notes.data?.passengerRequests} loading={notes.isPending} onDelete={flagDeleted} empty="No special requests of the passenger" />
            {field('passengerRequests', 'New special request (kept on the passenger)')}
          </Tabs.Panel>
          {stretcher && (
            <Tabs.Panel value="gurney" pt="sm">
              <Checkbox.Group label="Before sending a stretcher" value={ticked} onChange={setGurney}>
                <Stack gap={6} mt={6}>
                  {GURNEY_CHECKLIST.map((item) => (
                    <Checkbox key={item} value={item} label={item} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </Tabs.Panel>
          )}
        </Tabs>
        {notes.error && <Alert color="red">{notes.error instanceof ApiError ? notes.error.message : 'The notes could not be loaded.'}</Alert>}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={busy}>
            Save notes
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}

function NoteList({ notes, loading, onDelete, empty }: { notes: InternalNote[] | undefined; loading: boolean; onDelete: (n: InternalNote) => void; empty: string }) {
  if (loading) return <Text size="sm" c="dimmed">Loading notes…</Text>;
  if (!notes || notes.length === 0) return <Text size="sm" c="dimmed" mb="xs">{empty}</Text>;
  return (
    <Stack gap={4} mb="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {notes.map((n) => (
        <Group key={n.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" td={n.deleted ? 'line-through' : undefined} c={n.deleted ? 'dimmed' : undefined} style={{ flex: 1, whiteSpace: 'pre-wrap' }}>
            {n.note}
            <Text span size="xs" c="dimmed">
              {' '}
              — {n.enteredBy ?? 'unknown'}, {new Date(n.entered).toLocaleString()}
              {n.deleted ? ' (deleted)' : ''}
            </Text>
          </Text>
          {!n.deleted && (
            <ActionIcon variant="subtle" color="red" aria-label={`Delete note: ${n.note.slice(0, 40)}`} onClick={() => onDelete(n)}>
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
