import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconUserX, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { displayStatus, isStaff, type DriveAssignment } from '@tripline/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { serviceDateLabel, serviceTypeLabel, STATUS_LOOK, summarise } from '../../trips/home/trip-format.ts';

export interface InspectHeaderProps {
  trip: DriveAssignment;
  onChangePartner(): void;
  onDeclineForPartner(): void;
}

/** Who, when and with whom: the trip inspect header with the partner actions. */
export function InspectHeader({ trip, onChangePartner, onDeclineForPartner }: InspectHeaderProps) {
  const summary = summarise(trip);
  const status = STATUS_LOOK[displayStatus(trip)];
  const final = trip.partnerPayStatus === 'Final';
  // the reservation editor is SecureEmployee only (spec 1 §2)
  const user = useCurrentUser().data;
  const staff = !!user && isStaff(user);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3}>Trip {trip.referenceNumber}</Title>
          <Badge color={status.color}>{status.label}</Badge>
          {trip.canceled && <Badge color="red">{trip.cancelledWithoutCharge ? 'Canceled (no charge)' : 'Canceled'}</Badge>}
          {trip.willCall && <Badge color="grape">Will call</Badge>}
          {trip.flag && (
            <Badge color="orange" variant="outline">
              {trip.flag}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {serviceDateLabel(trip.serviceDate)} · {summary.passenger || 'No passenger'} · {serviceTypeLabel(trip.serviceNumber ?? trip.serviceTypeRequested)}
          {summary.pickup.ordered && ` · pickup ${summary.pickup.ordered}`}
        </Text>
        <Text size="sm" c="dimmed">
          {summary.pickup.address} → {summary.dropoff.address}
        </Text>
      </Stack>
      <Stack gap={4} align="flex-end">
        <Text size="sm">
          Partner:{' '}
          <Text span fw={600} data-testid="inspect-partner">
            {trip.farmoutName ?? 'No partner'}
          </Text>
          {trip.farmoutContactNumber !== null && (
            <Text span c="dimmed">
              {' '}
              #{trip.farmoutContactNumber}
            </Text>
          )}
        </Text>
        <Group gap="xs">
          {staff && (
            <Button size="xs" variant="light" component={Link} to={`/drive-assv-edit/${trip.referenceNumber}`} leftSection={<IconEdit size={14} />}>
              Edit
            </Button>
          )}
          <Button size="xs" variant="light" leftSection={<IconUsers size={14} />} onClick={onChangePartner} disabled={final}>
            Change partner
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconUserX size={14} />} onClick={onDeclineForPartner} disabled={!trip.farmoutContactId || final || trip.declined}>
            Decline for partner
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}
