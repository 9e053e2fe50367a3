import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TripRequestWizard } from './TripRequestWizard.tsx';

/** The trip request wizard in a modal (case managers duplicating or returning a trip, rule 72). */
export interface TripRequestModalProps {
  opened: boolean;
  onClose: () => void;
  /** Prefill from this trip: all but the date (duplicate), or with places swapped (return). */
  duplicateFrom?: string;
  returnTripFrom?: string;
  /** Called with the new trip's id once it is scheduled. */
  onScheduled?: (daId: string) => void;
}

export function TripRequestModal({ opened, onClose, duplicateFrom, returnTripFrom, onScheduled }: TripRequestModalProps) {
  // a phone gets the whole screen, so the form never scrolls sideways
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={returnTripFrom ? 'Book the return trip' : duplicateFrom ? 'Book this trip again' : 'New trip request'} size="lg" fullScreen={!!phone} centered>
      {opened && <TripRequestWizard key={`${duplicateFrom ?? ''}|${returnTripFrom ?? ''}`} duplicateFrom={duplicateFrom} returnTripFrom={returnTripFrom} onScheduled={onScheduled} />}
    </Modal>
  );
}
