import { Checkbox, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { CONTACT_EDIT_TYPES, newContactDefaults, SERVICE_TYPE_NAMES, type ContactKind } from '@tripline/core';
import { useDivisionOptions } from './api.ts';
import type { TabProps } from './tab-props.ts';
import type { FlagField, TextField } from './form.ts';

const LOCATION_TYPES = ['Residence', 'Facility', 'Clinic', 'Hospital', 'Pharmacy', 'School', 'Office', 'Other'];
const SERVICE_OPTIONS = Object.entries(SERVICE_TYPE_NAMES).map(([value, name]) => ({ value, label: `${value} ${name}` }));

/** A text input bound to one field of the form. */
function Field({ form, set, errors, name, label, ...rest }: TabProps & { name: TextField; label: string; placeholder?: string; description?: string; autoFocus?: boolean }) {
  return (
    <TextInput
      label={label}
      value={form[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value } as Partial<TabProps['form']>)}
      error={errors[name]}
      {...rest}
    />
  );
}

/** The contact's kind, types, name, birth date, division and location type (spec 2 §3). */
export function GeneralTab(props: TabProps) {
  const { form, set, errors } = props;
  const typeError = errors.types;
  const divisions = useDivisionOptions();
  return (
    <Stack gap="sm">
      <Group align="end">
        <SegmentedControl
          aria-label="Person or Business"
          value={form.type1}
          onChange={(v) => {
            // a new contact takes the defaults of its kind (spec 2 §5); a saved one keeps its values
            const d = newContactDefaults(v as ContactKind);
            set(form.id ? { type1: d.type1 } : { type1: d.type1, types: d.types, locationType: d.locationType ?? '', serviceType: d.serviceType ?? '' });
          }}
          data={['Person', 'Business']}
        />
        <MultiSelect
          label="Types"
          style={{ flex: 1 }}
          data={[...CONTACT_EDIT_TYPES]}
          value={form.types}
          onChange={(types) => set({ types })}
          error={typeError}
          searchable
        />
      </Group>
      {form.type1 === 'Person' ? (
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <Field {...props} name="salutation" label="Salutation" />
          <Field {...props} name="firstName" label="First name" autoFocus />
          <Field {...props} name="middleName" label="Middle name" />
          <Field {...props} name="lastName" label="Last name" />
          <Field {...props} name="nickname" label="Nickname" />
          <Field {...props} name="title" label="Title" />
          <TextInput label="Date of birth" placeholder="MM/DD/YYYY" value={form.dob} onChange={(e) => set({ dob: e.currentTarget.value })} error={errors.dob} />
          <Select label="Gender" data={['Female', 'Male', 'Other', 'Unknown']} value={form.gender || null} onChange={(v) => set({ gender: v ?? '' })} clearable />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field {...props} name="companyName" label="Company name" autoFocus />
          <Field {...props} name="title" label="Title" />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Select
          label="Location type"
          data={LOCATION_TYPES}
          value={form.locationType || null}
          onChange={(v) => set({ locationType: v ?? '' })}
          error={errors.locationType}
          clearable
        />
        <Select
          label="Division"
          placeholder="From the ZIP"
          description="Empty: from the first address's ZIP"
          data={divisions.data ?? (form.division ? [form.division] : [])}
          value={form.division || null}
          onChange={(v) => set({ division: v ?? '' })}
          error={errors.division}
          searchable
          clearable
        />
        <Field {...props} name="prefLanguage" label="Preferred language" />
        <Field {...props} name="poBox" label="PO box" />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} maxRows={6} value={form.notes} onChange={(e) => set({ notes: e.currentTarget.value })} error={errors.notes} />
    </Stack>
  );
}

const FLAGS: { name: FlagField; label: string }[] = [
  { name: 'curbToCurb', label: 'Curb to curb' },
  { name: 'doNotShareVehicle', label: 'Do not share vehicle' },
  { name: 'doNotChangeVehicle', label: 'Do not change vehicle' },
  { name: 'ppec', label: 'PPEC' },
];

/** What a passenger rides with: member id, service type, vehicle preferences and flags (spec 2 §3). */
export function PassengerTab(props: TabProps) {
  const { form, set, errors } = props;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Field {...props} name="memberId" label="Member id" />
        <Select label="Service type" data={SERVICE_OPTIONS} value={form.serviceType || null} onChange={(v) => set({ serviceType: v ?? '' })} error={errors.serviceType} clearable />
        <Field {...props} name="ambulatoryStatus" label="Ambulatory status" />
        <Field {...props} name="prefVehicle" label="Preferred vehicle" />
        <Field {...props} name="cnClass" label="CN class" />
        <Field {...props} name="schoolId" label="School id" />
        <Field {...props} name="externalSource" label="External source" />
        <Field {...props} name="externalId" label="External id" />
      </SimpleGrid>
      <Group>
        {FLAGS.map((f) => (
          <Checkbox key={f.name} label={f.label} checked={form[f.name]} onChange={(e) => set({ [f.name]: e.currentTarget.checked } as Partial<TabProps['form']>)} />
        ))}
      </Group>
    </Stack>
  );
}
