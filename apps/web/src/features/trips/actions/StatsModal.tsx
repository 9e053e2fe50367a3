import { useMemo, useState } from 'react';
import { Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { STATS_OUT_OF_RANGE_REASONS, TRIP_MSG, contract } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { formatTime } from '../home/trip-format.ts';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { checkLegStats, initialStatsInput, statsLegs, type LegStatsField, type LegStatsInput } from './stats-form.ts';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';
import { SubmitForm } from '../../../components/SubmitForm.tsx';

type Reason = (typeof STATS_OUT_OF_RANGE_REASONS)[number];

const FIELDS: { key: LegStatsField; label: string }[] = [
  { key: 'arrive', label: 'Arrival' },
  { key: 'depart', label: 'Departure' },
  { key: 'dropoff', label: 'Drop-off' },
];

/** Stats entry (spec 2 §5): arrival, departure and drop-off per leg, with a reason when out of range. */
export function StatsModal({ trip, rows, onClose }: TripModalProps) {
  const legs = useMemo(() => statsLegs(trip.tripLegs), [trip.tripLegs]);
  const [inputs, setInputs] = useState<Record<string, LegStatsInput>>(() =>
    Object.fromEntries(legs.map((l) => [l.id, initialStatsInput(l)])),
  );
  const [reason, setReason] = useState<Reason | null>(null);
  const [notes, setNotes] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const checks = legs.map((leg) => ({ leg, check: checkLegStats(leg, inputs[leg.id] ?? initialStatsInput(leg)) }));
  const outOfRange = checks.some(({ check }) => check.kind === 'valid' && check.outOfRange);

  const setField = (legId: string, field: LegStatsField, value: string) => {
    setInputs((current) => ({ ...current, [legId]: { ...current[legId], [field]: value } }));
    setFormError(null);
  };

  const submit = async () => {
    setSubmitted(true);
    if (checks.some(({ check }) => check.kind === 'invalid')) return;
    const entries = checks.flatMap(({ leg, check }) =>
      check.kind === 'valid'
        ? [
            {
              driveAssignmentId: trip.id,
              modCount: trip.modCount,
              tripLegId: leg.id,
              ...check.times,
              ...(check.outOfRange && reason ? { outOfRangeReason: reason } : {}),
              ...(notes.trim() ? { notes: notes.trim() } : {}),
            },
          ]
        : [],
    );
    if (entries.length === 0) {
      setFormError('Enter the stats of at least one leg');
      return;
    }
    if (outOfRange && !reason) return;
    setBusy(true);
    const result = await writeTrip(trip, rows, () => callApi(contract.stats, { body: entries, quiet: TRIP_WRITE_QUIET }));
    setBusy(false);
    if (!result) return;
    rows.replace(result.updated);
    toast.success(`Stats saved for trip ${trip.referenceNumber}.`);
    onClose();
  };

  return (
    <ActionModal title="Enter stats for trip" trip={trip} onClose={onClose} size="lg">
      <SubmitForm onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Type times like 9:05, 0905 or 9:05 pm.
          </Text>
          {legs.length === 0 && <Alert color="gray">This trip has no legs that take stats.</Alert>}
          {checks.map(({ leg, check }) => (
            <Fieldset key={leg.id} legend={`Leg ${leg.whichLeg}`}>
              <Text size="xs" c="dimmed" truncate mb="xs" title={`${leg.locationFirst.Address ?? ''} to ${leg.locationSecond.Address ?? ''}`}>
                {leg.locationFirst.Address ?? 'Pickup'} to {leg.locationSecond.Address ?? 'drop-off'}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                {FIELDS.map(({ key, label }) => (
                  <TextInput
                    key={key}
                    label={label}
                    description={`Ordered ${formatTime(key === 'dropoff' ? leg.locSecondTimeOrd : leg.locFirstTimeOrd) || '—'}`}
                    value={inputs[leg.id]?.[key] ?? ''}
                    onChange={(e) => setField(leg.id, key, e.currentTarget.value)}
                    error={submitted && check.kind === 'invalid' ? check.errors[key] : undefined}
                    autoComplete="off"
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          ))}
          {outOfRange && (
            <Select
              label="Reason for the time difference"
              description={submitted && !reason ? undefined : TRIP_MSG.STATS_REASON_REQUIRED}
              required
              data={[...STATS_OUT_OF_RANGE_REASONS]}
              value={reason}
              onChange={(v) => setReason(v as Reason | null)}
              error={submitted && !reason ? TRIP_MSG.STATS_REASON_REQUIRED : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          {formError && (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={legs.length === 0}>
              Save stats
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </ActionModal>
  );
}
