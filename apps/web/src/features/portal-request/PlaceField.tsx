import { Autocomplete } from '@mantine/core';
import type { AddressOption } from '@tripline/core';
import { placeOfText, type PlaceValue } from './wizard.ts';

/**
 * A stop of the request: one of the passenger's addresses on file (or of their earlier trips), or
 * an address typed in full, which the server places on the map.
 */
export function PlaceField({
  label,
  value,
  addresses,
  error,
  onChange,
}: {
  label: string;
  value: PlaceValue;
  addresses: readonly AddressOption[];
  error?: string;
  onChange: (v: PlaceValue) => void;
}) {
  const data = [...new Set(addresses.map((a) => a.text))];
  return (
    <Autocomplete
      label={label}
      description="Choose an address on file, or type the street, city, state and ZIP code"
      placeholder="Street, city, state, ZIP"
      data={data}
      value={value.text}
      onChange={(text) => onChange(placeOfText(text, addresses))}
      error={error}
      withAsterisk
      autoComplete="off"
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={260}
    />
  );
}
