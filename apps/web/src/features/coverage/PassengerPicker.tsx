import { ContactPicker, type ContactPickerProps } from './ContactPicker.tsx';

export type PassengerPickerProps = Omit<ContactPickerProps, 'type' | 'noun' | 'label'> & { label?: string };

/** The reservation editor's passenger field: contacts of type S/N Passenger (or Passenger). */
export function PassengerPicker({ label = 'Passenger', ...props }: PassengerPickerProps) {
  return <ContactPicker {...props} label={label} type="S/N Passenger" noun="passengers" />;
}
