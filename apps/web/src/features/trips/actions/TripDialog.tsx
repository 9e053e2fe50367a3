import type { ComponentType } from 'react';
import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRIP_MSG, type TripListRow } from '@tripline/core';
import type { TripRows } from '../home/use-day-trips.ts';
import { loadTrip } from '../api.ts';
import type { TripModalProps } from './ActionModal.tsx';
import { AssignDriverModal } from './AssignDriverModal.tsx';
import { CancelLegModal } from './CancelLegModal.tsx';
import { DeclineModal } from './DeclineModal.tsx';
import { ExpenseModal } from './ExpenseModal.tsx';
import { FlagModal } from './FlagModal.tsx';
import { SmsModal } from './SmsModal.tsx';
import { StatsModal } from './StatsModal.tsx';
import { WaitTimeModal } from './WaitTimeModal.tsx';
import { MileageAdjustDialog } from '../../partner-monitor/MileageAdjustDialog.tsx';
import { RateOverrideDialog } from '../../partner-monitor/RateOverrideDialog.tsx';

export const MODALS = {
  decline: DeclineModal,
  stats: StatsModal,
  waitTime: WaitTimeModal,
  expense: ExpenseModal,
  rateOverride: RateOverrideDialog,
  mileage: MileageAdjustDialog,
  driver: AssignDriverModal,
  flag: FlagModal,
  sms: SmsModal,
  cancelLeg: CancelLegModal,
} satisfies Record<string, ComponentType<TripModalProps>>;

export type ModalAction = keyof typeof MODALS;

/**
 * The dialog of a row action. A list row lacks what dialogs need (leg ids, the partner, every
 * phone), so the full trip is read first, with a loading state and a readable error. It is read
 * again whenever the trip's version stamp in the list moves on, so a change arriving live while the
 * dialog is open is what the write sends (its modCount).
 */
export function TripDialog({
  kind,
  row,
  modCount,
  rows,
  developerMode,
  onClose,
}: {
  kind: ModalAction;
  row: Pick<TripListRow, 'id' | 'referenceNumber'>;
  /** The trip's version stamp in the list now. */
  modCount: number;
  rows: TripRows;
  developerMode: boolean;
  onClose(): void;
}) {
  const trip = useQuery({
    queryKey: ['trip', row.id, modCount],
    queryFn: ({ signal }) => loadTrip(row.id, signal),
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
  if (trip.data) {
    const Dialog = MODALS[kind];
    return <Dialog trip={trip.data} rows={rows} developerMode={developerMode} onClose={onClose} />;
  }
  return (
    <Modal opened onClose={onClose} title={`Trip ${row.referenceNumber}`} centered>
      {trip.isError ? (
        <Alert color="red" title="The trip could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{trip.error instanceof Error ? trip.error.message : String(trip.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void trip.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack align="center" gap="xs" py="md" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{TRIP_MSG.LOADING}</Text>
        </Stack>
      )}
    </Modal>
  );
}
