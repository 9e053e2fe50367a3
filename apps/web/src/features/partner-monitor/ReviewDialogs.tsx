import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { contract, describeRequest, MONITOR_MSG, NOTE_MAX, REVIEW_MSG, type MonitorRow, type ReviewDecision } from '@tripline/core';
import { callApi } from '../../lib/api.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useAfterPayChange } from './api.ts';

export type Review = { row: MonitorRow; kind: ReviewDecision | 'Note' };

const TITLE: Record<Review['kind'], string> = { Approved: 'Approve request', Denied: 'Deny request', Note: 'Add a note' };

/**
 * Approve or deny a request with an optional note (POST partner-monitor), or add a note to it
 * while it is Pending (POST partner-monitor-add-note). Any failure says 'Error updating partner
 * activity status' (spec 2 §8) with the server's reason, and the monitor reads the row again.
 */
export function ReviewDialog({ review, onClose }: { review: Review | null; onClose(): void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const afterChange = useAfterPayChange();
  const close = () => {
    setNote('');
    onClose();
  };

  const submit = async () => {
    if (!review) return;
    const { row, kind } = review;
    if (kind === 'Note' && !note.trim()) return;
    setBusy(true);
    try {
      if (kind === 'Note') {
        await callApi(contract.partnerMonitorAddNote, { body: { partnerActivityId: row.id, newNote: note.trim() }, quiet: [400, 404, 409] });
        toast.success('Note added', { duration: 'quickSuccess' });
      } else {
        await callApi(contract.partnerMonitor, { body: { activityId: row.id, status: kind, note: note.trim() }, quiet: [400, 404, 409] });
        toast.success(`${describeRequest(row.action, row.request)} on trip ${row.trip.referenceNumber}: ${kind.toLowerCase()}`, { duration: 'quickSuccess' });
      }
      close();
    } catch (e) {
      toast.error(
        <Stack gap={2}>
          <Text size="sm">{MONITOR_MSG.UPDATE_ERROR}</Text>
          {e instanceof Error && (
            <Text size="sm" c="dimmed">
              {e.message}
            </Text>
          )}
        </Stack>,
      );
      close();
    } finally {
      setBusy(false);
      afterChange(row.trip.id);
    }
  };

  const kind = review?.kind;
  return (
    <Modal opened={review !== null} onClose={close} title={kind ? `${TITLE[kind]} on trip ${review.row.trip.referenceNumber}` : ''} centered>
      {review && (
        <SubmitForm onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>{describeRequest(review.row.action, review.row.request)}</Text>
              <Text size="sm" c="dimmed">
                {review.row.partner?.name ?? 'No partner'}
              </Text>
            </div>
            <TextInput
              label={kind === 'Note' ? 'Note to the partner' : 'Note to the partner (optional)'}
              description={kind === 'Denied' ? REVIEW_MSG.DENY_NOTE_HINT : kind === 'Note' ? 'The partner reads it with the request' : undefined}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} color={kind === 'Denied' ? 'red' : kind === 'Approved' ? 'teal' : undefined} disabled={kind === 'Note' && !note.trim()}>
                {kind === 'Note' ? 'Add note' : kind === 'Denied' ? 'Deny' : 'Approve'}
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      )}
    </Modal>
  );
}
