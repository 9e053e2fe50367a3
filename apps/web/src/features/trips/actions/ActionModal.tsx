import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import type { DriveAssignment } from '@tripline/core';
import type { TripRows } from '../home/use-day-trips.ts';

/** What every trip action dialog is given: the trip as the list shows it now, and the list. */
export interface TripModalProps {
  trip: DriveAssignment;
  rows: TripRows;
  developerMode: boolean;
  onClose(): void;
}

/** The dialog of one trip action; its name says the action and the trip, e.g. "Decline trip 2000001". */
export function ActionModal({ title, trip, onClose, children, size = 'md' }: { title: string; trip: DriveAssignment; onClose(): void; children: ReactNode; size?: string }) {
  return (
    <Modal opened onClose={onClose} title={`${title} ${trip.referenceNumber}`} size={size} centered>
      {children}
    </Modal>
  );
}
