import { Checkbox, NumberInput, Paper, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { RETURN_TYPES, SERVICE_TYPE_NAMES, type ContactOption, type ReturnType } from '@tripline/core';
import { ContactPicker } from '../coverage/ContactPicker.tsx';
import { parseDateInput, localToday } from '../../lib/date-input.ts';
import { useState } from 'react';
import type { EditorTrip } from './form.ts';

const SERVICE_TYPES = Object.entries(SERVICE_TYPE_NAMES).map(([value, name]) => ({ value, label: `${value} ${name}` }));

export interface TripFieldsProps {
  trip: EditorTrip;
  billToName: string | null;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange(change: Partial<EditorTrip>): void;
  onWillCall(on: boolean): void;
}

/** The reservation's own fields (spec 2 §3): day, service, class, payer, who asked and authorised, extras. */
export function TripFields({ trip, billToName, readOnly, errors, onChange, onWillCall }: TripFieldsProps) {
  // the bill-to picked here, until the saved trip or the coverage check names it
  const [picked, setPicked] = useState<ContactOption | null>(null);
  const billTo = trip.billToContactId ? (picked?.id === trip.billToContactId ? picked : knownContact(trip.billToContactId, billToName)) : null;
  const [dateText, setDateText] = useState(trip.serviceDate);
  const [dateError, setDateError] = useState<string | null>(null);
  const commitDate = () => {
    const parsed = parseDateInput(dateText, localToday());
    if (!parsed) {
      setDateError('Enter a date like 11/24/2026');
      return;
    }
    setDateError(null);
    setDateText(parsed);
    if (parsed !== trip.serviceDate) onChange({ serviceDate: parsed });
  };
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Reservation">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <TextInput
          label="Service date"
          value={dateText}
          onChange={(e) => setDateText(e.currentTarget.value)}
          onBlur={commitDate}
          onKeyDown={(e) => e.key === 'Enter' && commitDate()}
          error={dateError ?? errors.serviceDate}
          disabled={readOnly}
          required
        />
        <Select
          label="Service type"
          data={SERVICE_TYPES}
          value={trip.serviceTypeRequested}
          onChange={(v) => v && onChange({ serviceTypeRequested: v })}
          allowDeselect={false}
          disabled={readOnly}
          searchable
        />
        <Select
          label="Service number"
          placeholder="As the service type"
          data={SERVICE_TYPES}
          value={trip.serviceNumber}
          onChange={(serviceNumber) => onChange({ serviceNumber })}
          clearable
          disabled={readOnly}
        />
        <TextInput label="Class" value={trip.daClass} onChange={(e) => onChange({ daClass: e.currentTarget.value })} maxLength={10} disabled={readOnly} />
        <ContactPicker
          label="Bill to"
          type="Bill To"
          noun="bill-to accounts"
          placeholder="From the coverage check, or search"
          value={billTo}
          onChange={(c) => {
            setPicked(c);
            onChange({ billToContactId: c?.id ?? null });
          }}
          error={errors.billToContactId}
          disabled={readOnly}
        />
        <TextInput label="Authorized by" value={trip.authorizedBy} onChange={(e) => onChange({ authorizedBy: e.currentTarget.value })} maxLength={200} disabled={readOnly} />
        <TextInput label="Requested by" value={trip.requestedBy} onChange={(e) => onChange({ requestedBy: e.currentTarget.value })} maxLength={200} disabled={readOnly} />
        <Select
          label="Return type"
          data={[...RETURN_TYPES]}
          value={trip.returnType}
          onChange={(v) => v && onChange({ returnType: v as ReturnType })}
          allowDeselect={false}
          disabled={readOnly}
        />
        <NumberInput
          label="Additional passengers"
          min={0}
          max={9}
          value={trip.passengersAdditional}
          onChange={(v) => onChange({ passengersAdditional: typeof v === 'number' ? v : 0 })}
          error={errors.passengersAdditional}
          disabled={readOnly}
        />
        <NumberInput
          label="Priority"
          min={1}
          max={5}
          value={trip.schedulePriority}
          onChange={(v) => onChange({ schedulePriority: typeof v === 'number' ? v : 1 })}
          error={errors.schedulePriority}
          disabled={readOnly}
        />
        <TextInput label="Division" value={trip.division ?? ''} placeholder="From the pickup ZIP" readOnly />
        <Checkbox mt="lg" label="PCA (personal care attendant)" checked={trip.pca} onChange={(e) => onChange({ pca: e.currentTarget.checked })} disabled={readOnly} />
        <Switch mt="lg" label="Will call" checked={trip.willCall} onChange={(e) => onWillCall(e.currentTarget.checked)} disabled={readOnly} color="grape" />
      </SimpleGrid>
    </Paper>
  );
}

/** A contact known only by id and name (the trip's bill-to), as the picker shows it. */
function knownContact(id: string, name: string | null): ContactOption {
  return { id, name: name ?? '', contactNumber: 0, types: [], memberId: null, dob: null, city: null, addressId: null, distanceMiles: null };
}
