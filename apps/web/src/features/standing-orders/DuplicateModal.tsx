import { Modal, Stack } from '@mantine/core';
import { DuplicateForm } from './DuplicateForm.tsx';
import { StandingOrderPanel } from './StandingOrderPanel.tsx';

/** spec 2 §2: the duplicate trip modal of the reservation editor (also the page /dup-da/{id}). */
export function DuplicateModal({ trip, opened, onClose }: { trip: { id: string; referenceNumber: string; serviceDate: string }; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Duplicate trip ${trip.referenceNumber}`} size="xl">
      {opened && (
        <Stack gap="lg">
          <StandingOrderPanel tripId={trip.id} />
          <DuplicateForm trip={trip} onCancel={onClose} />
        </Stack>
      )}
    </Modal>
  );
}
