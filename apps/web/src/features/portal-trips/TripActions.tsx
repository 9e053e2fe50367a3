import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarRepeat, IconSwitchHorizontal, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PortalTripPage } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { toast } from '../../lib/toast.tsx';
import { activityKey, cancelTrip } from './api.ts';
import { dayInWords, pickupInWords } from './words.ts';

// The request wizard is fetched when a case manager first books from the trip page.
const TripRequestModal = lazy(() => import('../portal-request/TripRequestModal.tsx').then((m) => ({ default: m.TripRequestModal })));

/** Said when the trip changed between reading it and cancelling it (409): the page shows it as it is now. */
export const CHANGED_MEANWHILE = 'This trip was changed while you were looking at it. It now shows the latest details; check them and try again.';

type Outcome = { color: 'red' | 'yellow'; text: string } | null;

/**
 * Cancel, Book return and Book again of the trip page. A case manager books in the request modal
 * without leaving the page; a passenger goes to the request page (rule 72). An action not offered
 * says why instead of showing a button that does nothing.
 */
export function TripActions({
  page,
  caseManager,
  today,
  onChanged,
  onOpenTrip,
}: {
  page: PortalTripPage;
  caseManager: boolean;
  today: string;
  /** The trip changed here: read the page again. */
  onChanged: () => Promise<unknown>;
  /** A new trip was booked in the modal: show it. */
  onOpenTrip: (daId: string) => void;
}) {
  const { trip, actions } = page;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [modal, setModal] = useState<{ duplicateFrom?: string; returnTripFrom?: string } | null>(null);

  const book = (kind: 'returnTripFrom' | 'duplicateFrom') => {
    if (caseManager) setModal({ [kind]: trip.id });
    else void navigate(`/passenger-portal/new?${kind}=${encodeURIComponent(trip.id)}`);
  };

  const cancel = async () => {
    setOutcome(null);
    const yes = await confirm({
      title: 'Cancel this trip?',
      message: `The ride of ${dayInWords(trip.serviceDate, today)} (${pickupInWords(trip)}) will be canceled, with its ride back if it has not started.`,
      confirmLabel: 'Cancel trip',
      cancelLabel: 'Keep trip',
      danger: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      const result = await cancelTrip(trip.id, trip.modCount);
      toast.success(result.message, { title: 'Trip canceled' });
      await Promise.all([onChanged(), queryClient.invalidateQueries({ queryKey: activityKey })]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        await onChanged();
        setOutcome({ color: 'yellow', text: CHANGED_MEANWHILE });
      } else if (error instanceof ApiError) {
        setOutcome({ color: 'red', text: error.message });
        // what may still be done has changed too (a refused cancel is no longer offered)
        await onChanged();
      }
    } finally {
      setBusy(false);
    }
  };

  const notOffered = [
    { name: 'Cancel', action: actions.cancel },
    { name: 'Book return', action: actions.bookReturn },
    { name: 'Book again', action: actions.bookAgain },
    // a canceled trip says so already: only what may still be done is worth a word
  ].filter((a) => !a.action.allowed && a.action.reason && trip.step !== 'Canceled' && !(a.name === 'Cancel' && outcome));

  return (
    <Stack gap="sm">
      {outcome && (
        <Alert color={outcome.color} role="alert" title={outcome.color === 'red' ? 'The trip was not canceled' : 'Nothing was canceled'}>
          {outcome.text}
        </Alert>
      )}
      <Group gap="sm">
        {actions.cancel.allowed && (
          <Button color="red" variant="outline" leftSection={<IconX size={16} aria-hidden />} loading={busy} onClick={() => void cancel()}>
            Cancel trip
          </Button>
        )}
        {actions.bookReturn.allowed && (
          <Button variant="default" leftSection={<IconSwitchHorizontal size={16} aria-hidden />} onClick={() => book('returnTripFrom')}>
            Book return
          </Button>
        )}
        {actions.bookAgain.allowed && (
          <Button variant="default" leftSection={<IconCalendarRepeat size={16} aria-hidden />} onClick={() => book('duplicateFrom')}>
            Book again
          </Button>
        )}
      </Group>
      {notOffered.map((a) => (
        <Text key={a.name} size="sm" c="dimmed">
          {a.name}: {a.action.reason}
        </Text>
      ))}
      {caseManager && modal && (
        <Suspense fallback={null}>
          <TripRequestModal
            opened
            onClose={() => setModal(null)}
            duplicateFrom={modal.duplicateFrom}
            returnTripFrom={modal.returnTripFrom}
            onScheduled={(daId) => {
              setModal(null);
              void queryClient.invalidateQueries({ queryKey: activityKey });
              onOpenTrip(daId);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
