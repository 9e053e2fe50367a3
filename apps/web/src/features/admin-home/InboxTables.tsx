import { Anchor, Badge, Spoiler, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { BugReport, OutboxMessage, SupportRequest } from './types.ts';

const when = (iso: string) => dayjs(iso).format('MM/DD/YYYY h:mm A');

/** A long text folded to a few lines, opened with a keyboard-reachable "Show more". */
function Folded({ text }: { text: string }) {
  return (
    <Spoiler maxHeight={60} showLabel="Show more" hideLabel="Show less">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Spoiler>
  );
}

export function SupportRequestTable({ rows }: { rows: readonly SupportRequest[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Support messages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Received</Table.Th>
            <Table.Th w={220}>From</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td valign="top">{when(r.createdAt)}</Table.Td>
              <Table.Td valign="top">
                <Text size="sm" fw={500}>
                  {r.name ?? 'No name given'}
                  {r.contactNumber !== null && (
                    <Badge ml={6} size="xs" variant="light">
                      #{r.contactNumber}
                    </Badge>
                  )}
                </Text>
                {r.email && (
                  <Anchor href={`mailto:${r.email}`} size="sm" display="block">
                    {r.email}
                  </Anchor>
                )}
                {r.phone && (
                  <Anchor href={`tel:${r.phone.replace(/\D/g, '')}`} size="sm" display="block">
                    {r.phone}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td valign="top">
                <Folded text={r.message} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BugReportTable({ rows }: { rows: readonly BugReport[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Bug reports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Received</Table.Th>
            <Table.Th w={200}>From</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th w={90}>Errors</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td valign="top">{when(r.createdAt)}</Table.Td>
              <Table.Td valign="top">
                <Text size="sm">{r.name ?? 'No name given'}</Text>
                {r.email && (
                  <Anchor href={`mailto:${r.email}`} size="sm">
                    {r.email}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td valign="top">
                {r.url && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {r.url}
                  </Text>
                )}
                <Folded text={r.description} />
              </Table.Td>
              <Table.Td valign="top">{r.exceptions.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function OutboxTable({ rows }: { rows: readonly OutboxMessage[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Outbox">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Queued</Table.Th>
            <Table.Th w={80}>Channel</Table.Th>
            <Table.Th w={220}>To</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td valign="top">{when(r.createdAt)}</Table.Td>
              <Table.Td valign="top">
                <Badge size="sm" variant="light" color={r.channel === 'sms' ? 'grape' : 'blue'}>
                  {r.channel === 'sms' ? 'SMS' : 'Email'}
                </Badge>
              </Table.Td>
              <Table.Td valign="top" style={{ overflowWrap: 'anywhere' }}>
                {r.to}
              </Table.Td>
              <Table.Td valign="top">
                {r.subject && (
                  <Text size="sm" fw={500}>
                    {r.subject}
                  </Text>
                )}
                <Folded text={r.body} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
