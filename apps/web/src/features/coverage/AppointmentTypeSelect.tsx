import { Select } from '@mantine/core';
import { useAppointmentTypeOptions } from './api.ts';

export interface AppointmentTypeSelectProps {
  billToId: string | null;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * The leg's appointment type (spec 2 §7 appointment-type-options): the types offered for the
 * trip's bill-to, searchable by code or name. A value the bill-to no longer offers stays shown so
 * that it is not lost silently; the coverage check says why it fails.
 */
export function AppointmentTypeSelect({ billToId, value, onChange, error, disabled }: AppointmentTypeSelectProps) {
  const options = useAppointmentTypeOptions(billToId);
  const data = (options.data ?? []).map((t) => ({ value: t.code, label: t.display === t.code ? t.code : `${t.display} (${t.code})` }));
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      label="Appointment type"
      placeholder={options.isLoading ? 'Loading…' : 'Choose an appointment type'}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={options.isError ? 'The appointment types could not be loaded' : 'No appointment type matches'}
      error={error ?? (options.isError ? 'The appointment types could not be loaded' : undefined)}
      disabled={disabled}
      allowDeselect={false}
    />
  );
}
