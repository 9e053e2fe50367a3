import { Alert, Button, Checkbox, Group, Radio, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { PORTAL_REQUEST_MSG, parseDateInput, type TripCreateOptions } from '@tripline/core';
import { localToday } from '../../lib/date-input.ts';
import { dayInWords } from '../portal-trips/words.ts';
import { PlaceField } from './PlaceField.tsx';
import classes from './portal-request.module.css';
import type { FieldErrors, RequestForm, Timing } from './wizard.ts';

export interface TripDetailsProps {
  options: TripCreateOptions;
  form: RequestForm;
  errors: FieldErrors;
  /** rule 188: shown above the form when the browser or the server refused it. */
  refusal: string | null;
  busy: boolean;
  onChange: (next: RequestForm) => void;
  onPreview: () => void;
  onBack: (() => void) | null;
}

const TIMINGS: { value: Timing; label: string; description: string }[] = [
  { value: 'appointment', label: 'Arrive for an appointment', description: 'We work out the pickup time from the appointment time' },
  { value: 'pickup', label: 'Pick up at a set time', description: 'You choose the pickup time' },
  { value: 'willCall', label: 'Will call', description: 'The passenger calls us when ready to be picked up' },
];

/** The trip details step: how, when and where (spec 2 §3 request fields; rules 188–190). */
export function TripDetailsStep({ options, form, errors, refusal, busy, onChange, onPreview, onBack }: TripDetailsProps) {
  const set = <K extends keyof RequestForm>(key: K, value: RequestForm[K]) => onChange({ ...form, [key]: value, farConfirmed: key === 'farConfirmed' ? (value as boolean) : false });
  const pickupShown = form.timing === 'pickup' || (form.timing === 'appointment' && form.setPickup);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onPreview();
      }}
    >
      <Stack gap="md">
        {refusal && (
          <Alert color="red" role="alert" title={refusal === PORTAL_REQUEST_MSG.EXPIRED ? 'Please preview the trip again' : PORTAL_REQUEST_MSG.FIX_ERRORS}>
            {refusal !== PORTAL_REQUEST_MSG.FIX_ERRORS && refusal}
          </Alert>
        )}
        {options.prefill && (
          <Text className={classes.wrap}>
            {options.prefill.from === 'return' ? `The ride back from trip ${options.prefill.referenceNumber}: choose the day and time.` : `A copy of trip ${options.prefill.referenceNumber}: choose the day.`}
          </Text>
        )}
        <Stack gap={4}>
          <Text fw={500} size="sm" id="service-type-label">
            How does the passenger travel?
          </Text>
          <SegmentedControl
            aria-labelledby="service-type-label"
            data={options.serviceTypes.map((s) => ({ value: s.code, label: s.name }))}
            value={form.serviceTypeCode}
            onChange={(v) => set('serviceTypeCode', v)}
            fullWidth
          />
          {errors.serviceTypeCode && (
            <Text c="red.8" size="sm" role="alert">
              {errors.serviceTypeCode}
            </Text>
          )}
      </Stack>
      <DateInput
        label="Date of the trip"
        description={`From ${dayInWords(options.earliestDate)} to ${dayInWords(options.latestDate)}`}
        placeholder="Choose a date"
        valueFormat="dddd, MMMM D, YYYY"
        dateParser={(t: string) => parseDateInput(t, localToday())}
        minDate={options.earliestDate}
        maxDate={options.latestDate}
        value={form.serviceDate}
        onChange={(v) => set('serviceDate', v)}
        error={errors.serviceDate}
        withAsterisk
        popoverProps={{ withinPortal: true }}
      />
      <Select
        label="Type of appointment"
        placeholder="Choose one"
        data={options.apptTypes.map((t) => ({ value: t.code, label: t.display }))}
        value={form.apptType}
        onChange={(v) => set('apptType', v)}
        error={errors.apptType}
        withAsterisk
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Radio.Group label="When" value={form.timing} onChange={(v) => set('timing', v as Timing)}>
        <Stack gap="xs" mt={4}>
          {TIMINGS.map((t) => (
            <Radio key={t.value} value={t.value} label={t.label} description={t.description} />
          ))}
        </Stack>
      </Radio.Group>
      {form.timing === 'appointment' && (
        <>
          <TimeInput label="Appointment time" value={form.apptTime} onChange={(e) => set('apptTime', e.currentTarget.value)} error={errors.apptTime} withAsterisk />
          <Checkbox label="I want to choose the pickup time myself" checked={form.setPickup} onChange={(e) => set('setPickup', e.currentTarget.checked)} />
        </>
      )}
      {pickupShown && <TimeInput label="Pickup time" value={form.pickupTime} onChange={(e) => set('pickupTime', e.currentTarget.value)} error={errors.pickupTime} withAsterisk />}
      {!pickupShown && errors.pickupTime && (
        <Text c="red.8" size="sm" role="alert">
          {errors.pickupTime}
        </Text>
      )}
      <PlaceField label="Pickup address" value={form.locationFirst} addresses={options.addresses} error={errors.locationFirst} onChange={(v) => set('locationFirst', v)} />
      <PlaceField label="Destination address" value={form.locationSecond} addresses={options.addresses} error={errors.locationSecond} onChange={(v) => set('locationSecond', v)} />
      {errors.farConfirmed && (
        <Alert color="yellow" title="These places are far apart">
          <Stack gap="xs">
            <Text size="sm">{errors.farConfirmed}</Text>
            <Checkbox label="Yes, the addresses are right" checked={form.farConfirmed} onChange={(e) => set('farConfirmed', e.currentTarget.checked)} />
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" className={classes.actions}>
        {onBack ? (
          <Button variant="default" onClick={onBack}>
            Choose another passenger
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={busy}>
          Preview the trip
        </Button>
      </Group>
      </Stack>
    </form>
  );
}
