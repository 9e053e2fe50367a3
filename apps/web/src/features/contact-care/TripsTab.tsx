import { useMemo, useState } from 'react';
import { Alert, Badge, Group, Indicator, Loader, Stack, Table, Text } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { formatUsDate, localToday } from '../../lib/date-input.ts';
import { useContactTrips } from './api.ts';
import { refusalText } from './CareDateInput.tsx';
import { monthOf } from './care-format.ts';

/**
 * The contact's trips by date (spec 2 §3 "trips calendar by date"): a month calendar marking the
 * days with trips (the number of trips on each), and the trips of the chosen day below it.
 */
export function TripsTab({ contactId }: { contactId: string }) {
  const [month, setMonth] = useState(localToday());
  const [day, setDay] = useState(localToday());
  const range = monthOf(month);
  const trips = useContactTrips(contactId, range.from, range.to);
  const perDay = useMemo(() => {
    const m = new Map<string, number>();
    for (const t of trips.data ?? []) m.set(t.serviceDate, (m.get(t.serviceDate) ?? 0) + 1);
    return m;
  }, [trips.data]);
  const ofDay = (trips.data ?? []).filter((t) => t.serviceDate === day);

  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={4}>
        <Calendar
          date={month}
          onDateChange={(d) => setMonth(d)}
          getDayProps={(d) => ({ selected: d === day, onClick: () => setDay(d), 'aria-label': `${formatUsDate(d)}: ${perDay.get(d) ?? 0} trips` })}
          renderDay={(d) => {
            const n = perDay.get(d) ?? 0;
            return (
              <Indicator size={14} label={n} disabled={n === 0} offset={-2} color="blue">
                <div>{Number(d.slice(8))}</div>
              </Indicator>
            );
          }}
        />
        {trips.isFetching && <Loader size="xs" aria-label="Loading trips" />}
      </Stack>
      <Stack gap="xs" style={{ flex: 1, minWidth: 320 }}>
        <Text fw={500}>{formatUsDate(day)}</Text>
        {trips.isError ? (
          <Alert color="red">The trips could not be loaded: {refusalText(trips.error)}</Alert>
        ) : trips.isPending ? null : ofDay.length === 0 ? (
          <Text c="dimmed" size="sm">
            No trips on this day.
          </Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Trip</Table.Th>
                <Table.Th>Pickup</Table.Th>
                <Table.Th>Partner</Table.Th>
                <Table.Th>As</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ofDay.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Group gap={6}>
                      {t.referenceNumber}
                      {t.canceled && (
                        <Badge color="gray" size="sm">
                          Cancelled
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{t.pickupTime ?? 'Will call'}</Table.Td>
                  <Table.Td>{t.partnerName ?? 'Unassigned'}</Table.Td>
                  <Table.Td>{t.role}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Group>
  );
}
