import { Button, Table, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { formatPhone, type EnrollmentMember } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';

export interface MembersTableProps {
  members: readonly EnrollmentMember[];
  /** The member whose contact is being made, if any. */
  creatingId: string | null;
  onCreate(m: EnrollmentMember): void;
  onOpenContact(contactId: string): void;
}

const address = (m: EnrollmentMember) => [m.street, m.city, [m.state, m.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '—';
const period = (m: EnrollmentMember) => `${formatUsDate(m.dateBegin)} – ${m.dateEnd ? formatUsDate(m.dateEnd) : 'open'}`;

/**
 * The 834 search's hits (at most 50, so a plain table): each member with its plan, enrollment
 * period and the file it came in, and either the contact that holds its member id or "Create contact".
 */
export function MembersTable({ members, creatingId, onCreate, onOpenContact }: MembersTableProps) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover stickyHeader aria-label="834 members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>DOB</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Address and phone</Table.Th>
            <Table.Th>Enrolled (file)</Table.Th>
            <Table.Th>Contact</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.memberId}</Table.Td>
              <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                {m.name}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.dob ? formatUsDate(m.dob) : '—'}</Table.Td>
              <Table.Td>{m.planName ?? '—'}</Table.Td>
              <Table.Td miw={170}>
                {address(m)}
                {m.phone && (
                  <Text size="xs" c="dimmed">
                    {formatPhone(m.phone)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {period(m)}
                <Text size="xs" c="dimmed">
                  {m.source}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {m.contactId ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="teal"
                    onClick={() => onOpenContact(m.contactId!)}
                    aria-label={`Open contact ${m.contactNumber} of ${m.name}`}
                  >
                    Contact {m.contactNumber}
                  </Button>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconUserPlus size={14} />}
                    loading={creatingId === m.id}
                    disabled={creatingId !== null && creatingId !== m.id}
                    onClick={() => onCreate(m)}
                    aria-label={`Create contact for ${m.name}`}
                  >
                    Create contact
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
