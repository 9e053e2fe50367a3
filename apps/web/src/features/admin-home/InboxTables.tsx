import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import classes from './admin-home.module.css';
import { formatPhone } from '@tripline/core';
import dayjs from 'dayjs';
import type { BugReport, OutboxMessage, SupportRequest } from './types.ts';

const when = (iso: string) => dayjs(iso).format('MM/DD/YYYY h:mm A');

/** A long text folded to three lines, opened with a keyboard-reachable "Show more". */
function Folded({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 180 || text.split('\n').length > 3;
  return (
    <>
      <Text size="sm" lineClamp={open ? undefined : 3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {long && (
        <Button variant="subtle" size="compact-sm" px={0} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}

function Mail({ to }: { to: string | null }) {
  return to ? (
    <Anchor href={`mailto:${to}`} size="sm" className={classes.contactLink}>
      {to}
    </Anchor>
  ) : null;
}

interface Column<T> {
  header: string;
  width?: number;
  cell(row: T): ReactNode;
}

/** One list of messages: newest first, each cell at the top of its row. */
function InboxTable<T extends { id: string }>({ label, rows, columns }: { label: string; rows: readonly T[]; columns: readonly Column<T>[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} w={c.width}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              {columns.map((c) => (
                <Table.Td key={c.header} valign="top">
                  {c.cell(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SUPPORT_COLUMNS: readonly Column<SupportRequest>[] = [
  { header: 'Received', width: 150, cell: (r) => when(r.createdAt) },
  {
    header: 'From',
    width: 220,
    cell: (r) => (
      <>
        <Text size="sm" fw={500}>
          {r.name ?? 'No name given'}
          {r.contactNumber !== null && (
            <Badge ml={6} size="xs" variant="light">
              #{r.contactNumber}
            </Badge>
          )}
        </Text>
        <Mail to={r.email} />
        {r.phone && (
          <Anchor href={`tel:${r.phone.replace(/\D/g, '')}`} size="sm" className={classes.contactLink}>
            {formatPhone(r.phone)}
          </Anchor>
        )}
      </>
    ),
  },
  { header: 'Message', cell: (r) => <Folded text={r.message} /> },
];

const BUG_COLUMNS: readonly Column<BugReport>[] = [
  { header: 'Received', width: 150, cell: (r) => when(r.createdAt) },
  {
    header: 'From',
    width: 200,
    cell: (r) => (
      <>
        <Text size="sm">{r.name ?? 'No name given'}</Text>
        <Mail to={r.email} />
      </>
    ),
  },
  {
    header: 'Description',
    cell: (r) => (
      <>
        {r.url && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.url}
          </Text>
        )}
        <Folded text={r.description} />
      </>
    ),
  },
  { header: 'Errors', width: 90, cell: (r) => r.exceptions.length },
];

const OUTBOX_COLUMNS: readonly Column<OutboxMessage>[] = [
  { header: 'Queued', width: 150, cell: (r) => when(r.createdAt) },
  {
    header: 'Channel',
    width: 80,
    cell: (r) => (
      <Badge size="sm" variant="light" color={r.channel === 'sms' ? 'grape' : 'blue'}>
        {r.channel === 'sms' ? 'SMS' : 'Email'}
      </Badge>
    ),
  },
  { header: 'To', width: 220, cell: (r) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{r.to}</Text> },
  {
    header: 'Message',
    cell: (r) => (
      <>
        {r.subject && (
          <Text size="sm" fw={500}>
            {r.subject}
          </Text>
        )}
        <Folded text={r.body} />
      </>
    ),
  },
];

export const SupportRequestTable = ({ rows }: { rows: readonly SupportRequest[] }) => (
  <InboxTable label="Support messages" rows={rows} columns={SUPPORT_COLUMNS} />
);
export const BugReportTable = ({ rows }: { rows: readonly BugReport[] }) => <InboxTable label="Bug reports" rows={rows} columns={BUG_COLUMNS} />;
export const OutboxTable = ({ rows }: { rows: readonly OutboxMessage[] }) => <InboxTable label="Outbox" rows={rows} columns={OUTBOX_COLUMNS} />;
