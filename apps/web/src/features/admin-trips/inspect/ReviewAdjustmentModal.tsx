import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { NOTE_MAX, REVIEW_MSG, contract, describeAdjustment, reviewRefusal, type DriveAssignment, type PartnerActivity, type ReviewDecision } from '@tripline/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import type { TripRows } from '../../trips/home/use-day-trips.ts';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

/**
 * The operator's answer to a partner's wait-time or expense request (POST partner-monitor). The
 * note is optional (spec 2 §4), also on a denial, where the dialog suggests one because the partner
 * reads it; a request someone else reviewed first (409) is shown as it now is.
 */
export function ReviewAdjustmentModal({
  activity,
  trip,
  rows,
  onClose,
}: {
  activity: PartnerActivity | null;
  trip: DriveAssignment;
  rows: TripRows;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<ReviewDecision>('Approved');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setDecision('Approved');
    setNote('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!activity) return;
    // the server's own rule first, so nothing is sent that it would refuse
    const refused = reviewRefusal(activity, trip);
    if (refused) {
      setError(refused.message);
      return;
    }
    setBusy(true);
    try {
      const result = await callApi(contract.partnerMonitor, { body: { activityId: activity.id, status: decision, note }, quiet: [400, 409] });
      rows.replace([result.trip]);
      toast.success(`${describeAdjustment(activity)} ${decision.toLowerCase()}`, { duration: 'quickSuccess' });
      close();
    } catch (e) {
      if (!(e instanceof ApiError) || (e.status !== 400 && e.status !== 409)) return;
      if (e.status === 409) {
        toast.warning(e.message);
        close();
      } else {
        setError(e.message);
      }
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: ['partner-activity', activity.driveAssignmentId] });
    }
  };

  return (
    <Modal opened={activity !== null} onClose={close} title={`Review request on trip ${trip.referenceNumber}`}>
      {activity && (
        <SubmitForm onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>{describeAdjustment(activity)}</Text>
              {activity.createdByName && (
                <Text size="sm" c="dimmed">
                  Asked by {activity.createdByName}
                </Text>
              )}
              {activity.notes && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {activity.notes}
                </Text>
              )}
            </div>
            <SegmentedControl
              aria-label="Decision"
              value={decision}
              onChange={(v) => {
                setDecision(v as ReviewDecision);
                setError(null);
              }}
              data={[
                { value: 'Approved', label: 'Approve' },
                { value: 'Denied', label: 'Deny' },
              ]}
            />
            <Textarea
              label="Note to the partner"
              description={decision === 'Denied' ? REVIEW_MSG.DENY_NOTE_HINT : 'Optional'}
              autosize
              minRows={2}
              maxLength={NOTE_MAX}
              value={note}
              error={error}
              onChange={(e) => {
                setNote(e.currentTarget.value);
                setError(null);
              }}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color={decision === 'Denied' ? 'red' : 'teal'} loading={busy}>
                {decision === 'Denied' ? 'Deny request' : 'Approve request'}
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      )}
    </Modal>
  );
}
