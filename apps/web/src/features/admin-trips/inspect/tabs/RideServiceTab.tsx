import { Stack, Table, Title } from '@mantine/core';
import { formatInstant, type RideServiceActivity } from '@tripline/core';
import { useTripRideServiceActivity } from '../../../audit/api.ts';
import { TabState } from './TabState.tsx';

/**
 * spec 2 §2: the ride-service activity of the two ride-share providers for this trip (staff only).
 * No provider is connected yet (docs/decisions.md), so the tab says so instead of showing tables.
 */
export function RideServiceTab({ referenceNumber }: { referenceNumber: string }) {
  const lyft = useTripRideServiceActivity(referenceNumber, 'lyft');
  const uber = useTripRideServiceActivity(referenceNumber, 'uber');
  const providers = [
    { name: 'Lyft', rows: lyft.data ?? [] },
    { name: 'Uber', rows: uber.data ?? [] },
  ].filter((p) => p.rows.length > 0);
  return (
    <TabState
      loading={lyft.isPending || uber.isPending}
      error={lyft.error ?? uber.error}
      empty={providers.length === 0}
      emptyText="No ride-share provider is connected: Lyft and Uber rides are not dispatched from Tripline, so this trip has no ride-service activity."
      onRetry={() => {
        void lyft.refetch();
        void uber.refetch();
      }}
    >
      <Stack gap="md">
        {providers.map((p) => (
          <ProviderTable key={p.name} name={p.name} rows={p.rows} />
        ))}
      </Stack>
    </TabState>
  );
}

function ProviderTable({ name, rows }: { name: string; rows: readonly RideServiceActivity[] }) {
  return (
    <Stack gap={4}>
      <Title order={5}>{name}</Title>
      <Table striped aria-label={`${name} activity`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{formatInstant(r.at)}</Table.Td>
              <Table.Td>{r.status}</Table.Td>
              <Table.Td>{r.message ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
