import { Autocomplete, Checkbox, Fieldset, Loader, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { VEHICLE_ABILITIES, VEHICLE_LOCATION_TYPES, VEHICLE_TYPES, isTermed, parseDateInput } from '@tripline/core';
import type { DraftErrors, VehicleDraft } from './form.ts';

export interface FieldOptions {
  partners: { value: string; label: string }[] | null;
  years: string[];
  colors: string[];
  makes: { make: string; models: string[] }[];
  employees: { value: string; label: string }[];
}

interface Props {
  draft: VehicleDraft;
  errors: DraftErrors;
  options: FieldOptions;
  readOnly: boolean;
  vinLooking: boolean;
  capabilityNote: string | null;
  today: string;
  onChange(patch: Partial<VehicleDraft>): void;
  onVin(vin: string): void;
  onTermDate(text: string): void;
}

const LOCATION_LABELS: Record<string, string> = { TakeHomeEmployee: 'Take-home employee', Garage: 'Garage', Other: 'Other' };

/** Every field of a vehicle (spec 1 §3, 2 §3), in groups: identity, the vehicle, what it carries, where it stays. */
export function VehicleFields({ draft, errors, options, readOnly, vinLooking, capabilityNote, today, onChange, onVin, onTermDate }: Props) {
  const text = (field: keyof VehicleDraft, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={draft[field] as string}
      error={errors[field]}
      onChange={(e) => onChange({ [field]: e.currentTarget.value })}
      {...extra}
    />
  );
  const types = VEHICLE_TYPES.includes(draft.vehicleType as (typeof VEHICLE_TYPES)[number]) || !draft.vehicleType ? [...VEHICLE_TYPES] : [draft.vehicleType, ...VEHICLE_TYPES];
  const years = options.years.includes(draft.modelYear) || !draft.modelYear ? options.years : [draft.modelYear, ...options.years];
  const models = options.makes.find((m) => m.make.toLowerCase() === draft.manufacturer.trim().toLowerCase())?.models ?? [];
  const termed = isTermed(parseDateInput(draft.termDate.trim(), today), today);

  return (
    <Stack gap="sm">
      <Fieldset legend="Vehicle" disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {options.partners && (
            <Select
              label="Partner"
              required
              searchable
              data={options.partners}
              value={draft.partnerId}
              error={errors.partnerId}
              onChange={(value) => onChange({ partnerId: value, takeHomeEmployeeNumber: '' })}
            />
          )}
          {text('vehicleNumber', 'Vehicle number', { required: true, maxLength: 20 })}
          <Select label="Vehicle type" required data={types} value={draft.vehicleType || null} error={errors.vehicleType} onChange={(v) => onChange({ vehicleType: v ?? '' })} />
          <TextInput
            label="VIN"
            required
            value={draft.vin}
            error={errors.vin}
            placeholder="17 characters"
            maxLength={20}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
            rightSection={vinLooking ? <Loader size="xs" aria-label="Looking up the VIN" /> : null}
            onChange={(e) => onVin(e.currentTarget.value)}
          />
          {text('licensePlate', 'License plate', { maxLength: 12 })}
          <Select label="Model year" searchable data={years} value={draft.modelYear || null} error={errors.modelYear} onChange={(v) => onChange({ modelYear: v ?? '' })} />
          <Autocomplete
            label="Make"
            data={options.makes.map((m) => m.make)}
            value={draft.manufacturer}
            error={errors.manufacturer}
            onChange={(v) => onChange({ manufacturer: v })}
          />
          <Autocomplete label="Model" data={models} value={draft.model} error={errors.model} onChange={(v) => onChange({ model: v })} />
          {text('mpg', 'Miles per gallon', { inputMode: 'decimal' })}
          <Select label="Color" searchable clearable data={options.colors} value={draft.extColor || null} onChange={(v) => onChange({ extColor: v ?? '' })} />
          {text('vehicleBranch', 'Branch')}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="What it carries" disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {text('ambulatorySeatingCapacity', 'Walking seats', { inputMode: 'numeric', description: capabilityNote ?? undefined })}
          {text('wheelchairSeatingCapacity', 'Wheelchair places', { inputMode: 'numeric' })}
          <MultiSelect
            label="Abilities"
            data={[...VEHICLE_ABILITIES]}
            value={draft.ambulatoryAbility}
            error={errors.ambulatoryAbility}
            onChange={(v) => onChange({ ambulatoryAbility: v })}
          />
          {text('liftType', 'Lift type')}
          {text('liftMaxWeight', 'Lift capacity (lb)', { inputMode: 'numeric' })}
          {text('loadingType', 'Loading')}
        </SimpleGrid>
        <Checkbox mt="sm" label="Bariatric" checked={draft.bariatric} onChange={(e) => onChange({ bariatric: e.currentTarget.checked })} />
      </Fieldset>

      <Fieldset legend="Where it stays and its status" disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Select
            label="Vehicle location type"
            clearable
            data={VEHICLE_LOCATION_TYPES.map((t) => ({ value: t, label: LOCATION_LABELS[t] }))}
            value={draft.vehicleLocationType}
            onChange={(v) => onChange({ vehicleLocationType: v })}
          />
          {draft.vehicleLocationType === 'TakeHomeEmployee' && (
            <Select
              label="Take-home employee"
              required
              searchable
              data={options.employees}
              value={draft.takeHomeEmployeeNumber || null}
              error={errors.takeHomeEmployeeNumber}
              nothingFoundMessage="No drivers with an employee number"
              onChange={(v) => onChange({ takeHomeEmployeeNumber: v ?? '' })}
            />
          )}
          {draft.vehicleLocationType === 'Garage' && text('locationNumber', 'Garage (contact number)', { required: true, inputMode: 'numeric' })}
          {text('startingItinerisLocation', 'Starting location')}
          {text('geoTabgps', 'GPS unit')}
          <TextInput
            label="Term date"
            placeholder="MM/DD/YYYY"
            value={draft.termDate}
            error={errors.termDate}
            description={termed ? 'Termed: the vehicle is no longer available' : undefined}
            onChange={(e) => onTermDate(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox
          mt="sm"
          label="Available"
          checked={draft.available && !termed}
          disabled={termed}
          onChange={(e) => onChange({ available: e.currentTarget.checked })}
        />
        <Textarea mt="sm" label="Description" autosize minRows={2} maxLength={500} value={draft.description} onChange={(e) => onChange({ description: e.currentTarget.value })} />
      </Fieldset>
    </Stack>
  );
}
