import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ElevatedMember } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';
import { entryStatus, type EntryStatus } from './entry-form.ts';

const STATUS_COLOUR: Record<EntryStatus, string> = { Active: 'red', Upcoming: 'yellow', Ended: 'gray' };

export interface WatchListTableProps {
  entries: readonly ElevatedMember[];
  today: string;
  /** Absent: the list is read only. */
  onEdit?: (e: ElevatedMember) => void;
  onRemove?: (e: ElevatedMember) => void;
}

/** The watch list: passenger, reason, dates, who added them and whether the entry applies today. */
export function WatchListTable({ entries, today, onEdit, onRemove }: WatchListTableProps) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped="even" highlightOnHover aria-label="Elevated members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Passenger</Table.Th>
            <Table.Th>Member ID</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>Added by</Table.Th>
            <Table.Th>Status</Table.Th>
            {(onEdit || onRemove) && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => {
            const status = entryStatus(e, today);
            return (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {e.passengerName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    #{e.contactNumber}
                  </Text>
                </Table.Td>
                <Table.Td>{e.memberId ?? '—'}</Table.Td>
                <Table.Td maw={360}>
                  <Text size="sm">{e.reason}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(e.startDate)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.endDate ? formatUsDate(e.endDate) : 'No end'}</Table.Td>
                <Table.Td>
                  <Text size="sm">{e.addedByName ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {formatUsDate(e.created.slice(0, 10))}
                  </Text>
                </Table.Td>
                <Table.Td miw={104}>
                  <Badge color={STATUS_COLOUR[status]} variant="light" styles={{ label: { overflow: 'visible' } }}>
                    {status}
                  </Badge>
                </Table.Td>
                {(onEdit || onRemove) && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {onEdit && (
                        <Tooltip label="Change">
                          <ActionIcon variant="subtle" aria-label={`Change the entry of ${e.passengerName}`} onClick={() => onEdit(e)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {onRemove && (
                        <Tooltip label="Remove">
                          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${e.passengerName} from the watch list`} onClick={() => onRemove(e)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
