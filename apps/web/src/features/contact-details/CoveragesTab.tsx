import { Alert, Badge, Center, Loader, Table, Text } from '@mantine/core';
import { CONTACT_MSG } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { useCoverageLookup } from '../coverage/api.ts';

const STATUS_COLORS: Record<string, string> = { Active: 'green', Pending: 'blue', Expired: 'gray', Termed: 'red' };

/** The contact's coverages, read only (GET coverage-check?contactId; spec 2 §3 coverages, DECISIONS 10). */
export function CoveragesTab({ contactId }: { contactId: string | null }) {
  const lookup = useCoverageLookup(contactId);
  if (!contactId) return <Text size="sm" c="dimmed">{CONTACT_MSG.SAVE_CONTACT_FIRST}</Text>;
  if (lookup.isPending) return <Center h={80}><Loader size="sm" aria-label="Loading coverages" /></Center>;
  if (lookup.isError) {
    const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;
    return notFound ? <Text size="sm" c="dimmed">No coverages.</Text> : <Alert color="red">The coverages could not be loaded.</Alert>;
  }
  const rows = lookup.data.coverages;
  if (rows.length === 0) return <Text size="sm" c="dimmed">No coverages.</Text>;
  return (
    <Table striped aria-label="Coverages">
      <Table.Thead>
        <Table.Tr><Table.Th>Bill-to</Table.Th><Table.Th>Plan</Table.Th><Table.Th>Member id</Table.Th><Table.Th>Status</Table.Th><Table.Th>From</Table.Th><Table.Th>To</Table.Th><Table.Th>Trips this year</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>{c.billToName}</Table.Td>
            <Table.Td>{c.planName ?? '—'}</Table.Td>
            <Table.Td>{c.memberId}</Table.Td>
            <Table.Td><Badge color={STATUS_COLORS[c.status] ?? 'gray'} variant="light">{c.status}</Badge></Table.Td>
            <Table.Td>{c.dateBegin}</Table.Td>
            <Table.Td>{c.dateEnd >= '9999' ? 'Open' : c.dateEnd}</Table.Td>
            <Table.Td>{c.planTripLimitCount ? `${c.tripsYTD} of ${c.planTripLimitCount}` : c.tripsYTD}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
