import { useState, type ReactNode } from 'react';
import { Alert, Button, Collapse, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { CANCEL_TYPES, SERVICE_TYPE_NAMES, type CancelType, type TripSearchParam } from '@tripline/core';
import { ContactIdInput } from './ContactIdInput.tsx';
import type { FieldErrors, SearchFields } from './search-params.ts';
import classes from './admin-trips.module.css';

/** Service types (spec 3 §3; DECISIONS 1: 05 is Stretcher). */
const SERVICE_TYPE_OPTIONS = Object.entries(SERVICE_TYPE_NAMES).map(([value, name]) => ({ value, label: `${value} ${name}` }));

const CANCEL_LABELS: Record<CancelType, string> = {
  all: 'All trips',
  active: 'Not cancelled',
  canceled: 'Cancelled',
  withCharge: 'Cancelled with charge',
  withoutCharge: 'Cancelled without charge',
};

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** Criteria of the "More filters" part: it opens by itself when one of them is given. */
const MORE: readonly TripSearchParam[] = [
  'apptType',
  'apptTime',
  'planId',
  'daClass',
  'whichLeg',
  'pickupName',
  'dropoffName',
  'rideService',
  'inHouse',
  'oon',
  'lob',
  'flagNonNull',
  'billingContactId',
];

export interface SearchFormProps {
  initial: SearchFields;
  /** Problems of the search in the address, or the server's refusal, at their fields. */
  initialErrors: FieldErrors;
  /** Names known for ids of the search (from the results). */
  names: Partial<Record<TripSearchParam, string>>;
  searching: boolean;
  /** Checks the fields; answers the problems (none: the search ran). */
  onSearch(fields: SearchFields): FieldErrors;
  onClear(): void;
}

/** The trip search form (spec 2 §2, §5): Enter or Search runs it; problems show at their fields first. */
export function SearchForm({ initial, initialErrors, names, searching, onSearch, onClear }: SearchFormProps) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [more, setMore] = useState(() => MORE.some((k) => initial[k] !== '') || MORE.some((k) => initialErrors[k]));

  const set = (key: TripSearchParam) => (value: string | null) => {
    setFields((f) => ({ ...f, [key]: value ?? '' }));
    setErrors((e) => (e[key] || e.form ? { ...e, [key]: undefined, form: undefined } : e));
  };
  const text = (key: TripSearchParam, label: string, extra: { placeholder?: string; description?: ReactNode } = {}) => (
    <TextInput label={label} value={fields[key]} onChange={(e) => set(key)(e.currentTarget.value)} error={errors[key]} {...extra} />
  );
  const yesNo = (key: TripSearchParam, label: string) => (
    <Select label={label} data={YES_NO} value={fields[key] || null} onChange={set(key)} clearable placeholder="Any" error={errors[key]} />
  );
  const contact = (key: TripSearchParam, label: string, types?: readonly string[]) => (
    <ContactIdInput label={label} value={fields[key]} onChange={set(key)} types={types} knownName={names[key]} error={errors[key]} />
  );

  const submit = () => {
    const problems = onSearch(fields);
    setErrors(problems);
    if (MORE.some((k) => problems[k])) setMore(true);
  };

  return (
    <form
      aria-label="Trip search"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
        {text('serviceDate', 'Service date', { placeholder: 'MM/DD/YYYY or +1' })}
        {text('serviceDateMax', 'Max date', { placeholder: 'Last day of a range' })}
        {text('division', 'Division', { placeholder: 'e.g. NM01' })}
        {contact('affiliateId', 'Partner', ['Affiliate'])}
        {text('referenceNumber', 'Reference number(s)', { placeholder: 'One or several, comma separated' })}
        {contact('passengerId', 'Passenger', ['S/N Passenger', 'Corp Passenger'])}
        {text('memberId', 'Member id')}
        {contact('driverId', 'Driver')}
        {text('priority', 'Priority', { placeholder: '4, 1-3 or 2+' })}
        {text('distanceMiles', 'Distance (miles)', { placeholder: 'e.g. 12-24' })}
        <MultiSelect
          label="Service types"
          data={SERVICE_TYPE_OPTIONS}
          value={fields.serviceTypes ? fields.serviceTypes.split(',').map((s) => s.trim()).filter(Boolean) : []}
          onChange={(v) => set('serviceTypes')(v.join(','))}
          placeholder={fields.serviceTypes ? undefined : 'Any'}
          clearable
          error={errors.serviceTypes}
        />
        <Select
          label="Cancelled"
          data={CANCEL_TYPES.map((c) => ({ value: c, label: CANCEL_LABELS[c] }))}
          value={fields.cancelType || null}
          onChange={set('cancelType')}
          placeholder="All trips"
          clearable
          error={errors.cancelType}
        />
        {text('flag', 'Flag', { placeholder: 'Flag text' })}
      </SimpleGrid>

      <Collapse expanded={more}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm" verticalSpacing="xs" mt="xs" className={classes.more}>
          {text('apptType', 'Appointment type')}
          {text('apptTime', 'Appointment time', { placeholder: 'HH:MM' })}
          {text('planId', 'Plan')}
          {text('daClass', 'Trip class', { placeholder: 'e.g. NE' })}
          <Select
            label="Leg"
            data={[
              { value: 'A', label: 'A (outbound)' },
              { value: 'B', label: 'B (return)' },
            ]}
            value={fields.whichLeg || null}
            onChange={set('whichLeg')}
            placeholder="Both"
            clearable
            error={errors.whichLeg}
          />
          {text('pickupName', 'Pickup name')}
          {text('dropoffName', 'Drop-off name')}
          {text('rideService', 'Ride service')}
          {yesNo('inHouse', 'In-house partner')}
          {yesNo('oon', 'Out-of-network partner')}
          {text('lob', 'Line of business')}
          {yesNo('flagNonNull', 'Flagged')}
          {contact('billingContactId', 'Bill-to', ['MCO', 'S/N Account', 'BillToGroup'])}
        </SimpleGrid>
      </Collapse>

      {errors.form && (
        <Alert color="red" mt="sm" role="alert" py="xs">
          {errors.form}
        </Alert>
      )}

      <Group justify="space-between" mt="sm">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={() => setMore((m) => !m)}
          aria-expanded={more}
        >
          {more ? 'Fewer filters' : 'More filters'}
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              setFields(Object.fromEntries(Object.keys(fields).map((k) => [k, ''])) as SearchFields);
              setErrors({});
              onClear();
            }}
          >
            Clear
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={searching}>
            Search
          </Button>
        </Group>
      </Group>
    </form>
  );
}
