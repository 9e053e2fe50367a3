import { ActionIcon, Badge, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconTrash, IconArrowBackUp } from '@tabler/icons-react';
import { TIME_PRIORITIES, metersToMiles, type TimePriority } from '@tripline/core';
import { AppointmentTypeSelect } from '../coverage/AppointmentTypeSelect.tsx';
import { PassengerPicker } from '../coverage/PassengerPicker.tsx';
import { AddressField } from '../geo/AddressField.tsx';
import { DistanceBadge } from '../geo/distance.tsx';
import type { EditorLeg } from './form.ts';
import { useLegDistance } from './use-leg-distance.ts';
import { useLegPlanning } from './use-leg-planning.ts';

const PRIORITY_LABELS: Record<TimePriority, string> = {
  ApptTime: 'Appointment time',
  PickupTime: 'Pickup time',
  DropoffTime: 'Drop-off time',
  Flexible: 'Flexible',
};
const ACTIONS = [
  { value: 'PU-DO', label: 'Pickup → Drop-off (PU → DO)' },
  { value: 'WT-DP', label: 'Wait → Drop-off (WT → DP)' },
];

export interface LegCardProps {
  leg: EditorLeg;
  index: number;
  billToId: string | null;
  /** The appointment type of the trip's first leg, for the will-call stay guess. */
  firstApptType: string | null;
  readOnly: boolean;
  /** Field problems by path ('tripLegs.0.apptTime'). */
  errors: Record<string, string>;
  onChange(change: Partial<EditorLeg>): void;
  onPickup(text: string): void;
  onRemove(): void;
}

/** One leg of the reservation (spec 2 §3): passenger, stops, ordered times, appointment, time priority, notes, distance. */
export function LegCard({ leg, index, billToId, firstApptType, readOnly, errors, onChange, onPickup, onRemove }: LegCardProps) {
  useLegDistance(leg, (drive) => onChange({ drive }));
  useLegPlanning(leg, billToId, leg.apptType ?? firstApptType, (fields) => onChange({ webFields: { ...leg.webFields, ...fields } }));
  const w = leg.webFields;
  const err = (field: string) => errors[`tripLegs.${index}.${field}`] ?? null;
  const off = readOnly || leg.canceled;
  const minutes = leg.drive?.seconds != null ? Math.round(leg.drive.seconds / 60) : null;
  const miles = metersToMiles(leg.drive?.meters ?? null);
  const assistant = leg.serviceCode === '06';

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={`Leg ${leg.whichLeg}`} opacity={leg.canceled ? 0.6 : 1}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Badge size="lg" variant="filled">
              Leg {leg.whichLeg}
            </Badge>
            {assistant && <Badge color="grape">Assistant (06)</Badge>}
            {leg.pickup === 'WC' && <Badge color="grape">Will call</Badge>}
            {leg.canceled && <Badge color="red">{leg.savedCanceled ? 'Canceled' : 'Cancels on save'}</Badge>}
            {!leg.id && <Badge variant="outline">New</Badge>}
          </Group>
          <Group gap="xs">
            <DistanceBadge meters={leg.drive?.meters ?? null} />
            {miles !== null && minutes !== null && (
              <Text size="xs" c="dimmed" data-testid={`leg-${leg.whichLeg}-drive`}>
                {miles} mi · {minutes} min
              </Text>
            )}
            {!readOnly && !leg.savedCanceled && (
              <Tooltip label={leg.id ? (leg.canceled ? 'Keep this leg' : 'Cancel this leg (saved legs are never deleted)') : 'Remove this new leg'}>
                <ActionIcon variant="subtle" color={leg.canceled ? 'blue' : 'red'} onClick={onRemove} aria-label={leg.id ? (leg.canceled ? `Keep leg ${leg.whichLeg}` : `Cancel leg ${leg.whichLeg}`) : `Remove leg ${leg.whichLeg}`}>
                  {leg.canceled ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
          {assistant ? (
            <TextInput label="Passenger" value="Assistant" disabled />
          ) : (
            <PassengerPicker value={leg.passenger} onChange={(passenger) => onChange({ passenger })} error={err('passengerId')} disabled={off} autoFocus={index === 0 && !leg.id && !leg.passenger} />
          )}
          <Select
            label="Stops"
            data={ACTIONS}
            value={`${leg.locFirstAction}-${leg.locSecondAction}`}
            onChange={(v) => v && onChange({ locFirstAction: v.startsWith('WT') ? 'WT' : 'PU', locSecondAction: v.endsWith('DP') ? 'DP' : 'DO' })}
            error={err('locFirstAction')}
            disabled={off}
            allowDeselect={false}
          />
          <AddressField label="Pickup address" value={leg.locationFirst} onChange={(locationFirst) => onChange({ locationFirst })} passengerId={leg.passenger?.id} error={err('locationFirst')} disabled={off} />
          <AddressField label="Destination" value={leg.locationSecond} onChange={(locationSecond) => onChange({ locationSecond })} passengerId={leg.passenger?.id} error={err('locationSecond')} disabled={off} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
          <TextInput label="Appointment" placeholder="HH:MM" value={leg.appt} onChange={(e) => onChange({ appt: e.currentTarget.value })} error={err('apptTime')} disabled={off || leg.pickup === 'WC'} />
          <TextInput
            label="Pickup"
            placeholder="HH:MM or WC"
            description={leg.pickup === 'WC' ? 'Will call' : leg.pickupTimeOverride ? 'Typed' : leg.pickup ? 'Computed from the appointment' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={leg.pickup}
            onChange={(e) => onPickup(e.currentTarget.value)}
            error={err('locFirstTimeOrd')}
            disabled={off}
          />
          <TextInput label="Drop-off" placeholder="HH:MM" value={leg.dropoff} onChange={(e) => onChange({ dropoff: e.currentTarget.value })} error={err('locSecondTimeOrd')} disabled={off || leg.pickup === 'WC'} />
          <Select
            label="Time priority"
            placeholder="Default"
            data={TIME_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={leg.timePriority}
            onChange={(v) => onChange({ timePriority: (v as TimePriority | null) ?? null })}
            clearable
            disabled={off}
          />
        </SimpleGrid>
        {(w.pickupTimeMin || w.dropoffTimeMax || w.apptDurationEstimate != null) && (
          <Text size="xs" c="dimmed" data-testid={`leg-${leg.whichLeg}-window`}>
            {w.pickupTimeMin && w.pickupTimeMax && `On time if picked up ${w.pickupTimeMin.slice(0, 5)}–${w.pickupTimeMax.slice(0, 5)}`}
            {w.dropoffTimeMax && ` · dropped off by ${w.dropoffTimeMax.slice(0, 5)}`}
            {w.apptDurationEstimate != null &&
              ` · usually stays about ${w.apptDurationEstimate} min${w.apptDurationConfidence != null ? ` (${Math.round(w.apptDurationConfidence * 100)}% sure)` : ''}`}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
          <AppointmentTypeSelect billToId={billToId} value={leg.apptType} onChange={(apptType) => onChange({ apptType })} error={err('apptType')} disabled={off} />
          <TextInput label="To see" value={leg.apptToSee} onChange={(e) => onChange({ apptToSee: e.currentTarget.value })} disabled={off} maxLength={200} />
          <Textarea label="Passenger notes" value={leg.passNotes} onChange={(e) => onChange({ passNotes: e.currentTarget.value })} disabled={off} autosize minRows={1} maxRows={4} maxLength={4000} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
