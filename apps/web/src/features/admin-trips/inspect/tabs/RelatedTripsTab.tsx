import { Badge, Table, Text } from '@mantine/core';
import { displayStatus, type DriveAssignment } from '@tripline/core';
import { STATUS_LOOK, summarise } from '../../../trips/home/trip-format.ts';
import { useRelatedTrips } from '../api.ts';
import { TabState } from './TabState.tsx';

/** spec 2 §2: the passenger's trips of the same day; choosing one opens it here. */
export function RelatedTripsTab({ trip, onOpen }: { trip: DriveAssignment; onOpen(tripId: string): void }) {
  const passengerId = trip.tripLegs.find((l) => l.passengerId)?.passengerId ?? null;
  const related = useRelatedTrips(passengerId, trip.serviceDate);
  const rows = related.data ?? [];
  if (!passengerId) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        This trip has no passenger to find related trips by.
      </Text>
    );
  }
  return (
    <TabState
      loading={related.isPending}
      error={related.error}
      empty={rows.length === 0}
      emptyText="No other trips for this passenger on this day"
      onRetry={() => void related.refetch()}
    >
      <Table highlightOnHover aria-label="Related trips">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Trip</Table.Th>
            <Table.Th>Pickup</Table.Th>
            <Table.Th>From → to</Table.Th>
            <Table.Th>Partner</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => {
            const s = summarise(t);
            const look = STATUS_LOOK[displayStatus(t)];
            const self = t.id === trip.id;
            return (
              <Table.Tr
                key={t.id}
                onClick={self ? undefined : () => onOpen(t.id)}
                onKeyDown={(e) => {
                  if (!self && (e.key === 'Enter' || e.key === ' ')) {
                    e.preventDefault();
                    onOpen(t.id);
                  }
                }}
                tabIndex={self ? undefined : 0}
                style={{ cursor: self ? 'default' : 'pointer' }}
                aria-current={self ? 'true' : undefined}
                aria-label={self ? undefined : `Open trip ${t.referenceNumber}`}
              >
                <Table.Td fw={self ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {t.referenceNumber}
                  {self && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (this trip)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.pickup.ordered}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {s.pickup.address} → {s.dropoff.address}
                  </Text>
                </Table.Td>
                <Table.Td>{t.farmoutName ?? ''}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge style={{ minWidth: 'max-content' }} color={t.canceled ? 'red' : look.color} variant="light">
                    {t.canceled ? 'Canceled' : look.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TabState>
  );
}
