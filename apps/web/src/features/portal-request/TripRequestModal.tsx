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

export function TripRequestModal(_props: TripRequestModalProps) {
  return null;
}
