import { Badge, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { DriveAssignment, LegEta } from '@tripline/core';
import { formatTime } from '../../../trips/home/trip-format.ts';
import { useTripEtas } from '../api.ts';
import { lateText, MARK_COLOR } from '../eta-format.ts';
import { TabState } from './TabState.tsx';

type Stop = LegEta['pickup'];

/** spec 2 §2, §4: each leg's ordered, scheduled, estimated and actual times, the actual marked by lateness. */
export function EtasTab({ trip }: { trip: Pick<DriveAssignment, 'id' | 'modCount'> }) {
  const etas = useTripEtas(trip);
  const rows = etas.data ?? [];
  return (
    <TabState loading={etas.isPending} error={etas.error} empty={rows.length === 0} emptyText="This trip has no legs" onRetry={() => void etas.refetch()}>
      <Stack gap="xs">
        <ScrollArea type="auto">
          <Table withColumnBorders aria-label="ETAs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th rowSpan={2}>Leg</Table.Th>
                <Table.Th rowSpan={2}>Status</Table.Th>
                <Table.Th colSpan={4} ta="center">
                  Pickup
                </Table.Th>
                <Table.Th colSpan={4} ta="center">
                  Drop-off
                </Table.Th>
              </Table.Tr>
              <Table.Tr>
                {['Ordered', 'Scheduled', 'Estimated', 'Actual', 'Ordered', 'Scheduled', 'Estimated', 'Actual'].map((h, i) => (
                  <Table.Th key={i}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((leg) => (
                <Table.Tr key={leg.legId}>
                  <Table.Td>{leg.whichLeg}</Table.Td>
                  <Table.Td>{leg.status}</Table.Td>
                  <StopCells stop={leg.pickup} />
                  <StopCells stop={leg.dropoff} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Text size="xs" c="dimmed">
          Actual pickup: green when on time, yellow up to 30 minutes late, red beyond. Actual drop-off: the same with 15 minutes.
        </Text>
      </Stack>
    </TabState>
  );
}

function StopCells({ stop }: { stop: Stop }) {
  return (
    <>
      <Table.Td>{formatTime(stop.ordered)}</Table.Td>
      <Table.Td>{formatTime(stop.scheduled)}</Table.Td>
      <Table.Td>{formatTime(stop.estimated)}</Table.Td>
      <Table.Td>
        {stop.actual && stop.mark ? (
          <Badge color={MARK_COLOR[stop.mark]} variant="light" title={lateText(stop.minutesLate)} data-mark={stop.mark}>
            {formatTime(stop.actual)} · {lateText(stop.minutesLate)}
          </Badge>
        ) : (
          formatTime(stop.actual)
        )}
      </Table.Td>
    </>
  );
}
