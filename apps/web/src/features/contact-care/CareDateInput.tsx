import { DateInput } from '@mantine/dates';
import { parseDateInput } from '@tripline/core';
import { localToday } from '../../lib/date-input.ts';

interface Props {
  label: string;
  value: string | null;
  onChange(v: string | null): void;
  placeholder?: string;
  error?: string | null;
  clearable?: boolean;
  required?: boolean;
}

/** A day field of contact care: typed as MM/DD/YYYY (or any form the portal reads) or picked. */
export function CareDateInput({ label, value, onChange, placeholder = 'MM/DD/YYYY', error, clearable, required }: Props) {
  return (
    <DateInput
      label={label}
      placeholder={placeholder}
      valueFormat="MM/DD/YYYY"
      dateParser={(t: string) => parseDateInput(t, localToday())}
      value={value}
      onChange={(v) => onChange(v || null)}
      error={error}
      clearable={clearable}
      required={required}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** The message of a refused write: the server's words when it said any. */
export function refusalText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
