import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { describeRequest, formatInstant, MONITOR_ACTION_LABEL, OPERATOR_TIME_ZONE, type MonitorRow } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';
import type { Review } from './ReviewDialogs.tsx';

// The request's day and time, short: the full instant is its title.
const SHORT = new Intl.DateTimeFormat('en-US', { timeZone: OPERATOR_TIME_ZONE, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

const STATUS_COLOR: Record<string, string> = { Pending: 'yellow', Approved: 'teal', Denied: 'red' };

/** The keys of the table, as its hint shows them. */
export const MONITOR_KEYS_HINT = '↑/↓ move · A approve · D deny · N note · Enter open the trip';

/**
 * The monitor's rows. One row is current (arrow keys); on it A approves, D denies and N adds a
 * note (Pending requests only), Enter opens the trip. The current row has the focus, so a screen
 * reader follows it.
 */
export function MonitorTable({
  rows,
  current,
  onCurrent,
  onReview,
  onOpenTrip,
}: {
  rows: MonitorRow[];
  current: number;
  onCurrent(index: number): void;
  onReview(review: Review): void;
  onOpenTrip(row: MonitorRow): void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const focusWithin = useRef(false);
  useEffect(() => {
    // keep the focus on the current row while the keyboard is in the table
    if (!focusWithin.current) return;
    body.current?.querySelectorAll<HTMLElement>('tr')[current]?.focus();
  }, [current, rows]);

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLElement && e.target.tagName !== 'TR') return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const row = rows[current];
    const key = e.key.toLowerCase();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      onCurrent(Math.max(0, Math.min(rows.length - 1, current + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (row && e.key === 'Enter') {
      e.preventDefault();
      onOpenTrip(row);
    } else if (row && row.status === 'Pending' && (key === 'a' || key === 'd' || key === 'n')) {
      e.preventDefault();
      onReview({ row, kind: key === 'a' ? 'Approved' : key === 'd' ? 'Denied' : 'Note' });
    }
  };

  return (
    <Table
      highlightOnHover
      verticalSpacing={6}
      fz="sm"
      aria-label="Partner requests"
      onKeyDown={onKey}
      onFocus={() => (focusWithin.current = true)}
      onBlur={(e) => (focusWithin.current = e.currentTarget.contains(e.relatedTarget as Node | null))}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Requested</Table.Th>
          <Table.Th>Partner</Table.Th>
          <Table.Th>Trip</Table.Th>
          <Table.Th>Service date</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>Request</Table.Th>
          <Table.Th>Notes</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody ref={body}>
        {rows.map((row, i) => (
          <Table.Tr
            key={row.id}
            tabIndex={i === current ? 0 : -1}
            aria-current={i === current ? true : undefined}
            data-testid="monitor-row"
            bg={i === current ? 'var(--mantine-color-blue-light)' : undefined}
            onClick={() => onCurrent(i)}
            onFocus={() => i !== current && onCurrent(i)}
          >
            <Table.Td style={{ whiteSpace: 'nowrap' }} title={formatInstant(row.createdAt)}>
              {SHORT.format(new Date(row.createdAt))}
            </Table.Td>
            <Table.Td>{row.partner?.name ?? '—'}</Table.Td>
            <Table.Td>
              <Anchor component="button" type="button" size="sm" tabIndex={-1} onClick={() => onOpenTrip(row)}>
                {row.trip.referenceNumber}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsDate(row.trip.serviceDate)}</Table.Td>
            <Table.Td>{MONITOR_ACTION_LABEL[row.action] ?? row.action}</Table.Td>
            <Table.Td>
              {describeRequest(row.action, row.request)}
              {row.request.receipts.map((r) => (
                <Text key={r.id} size="xs">
                  <Anchor href={`/api/expense-receipt?id=${encodeURIComponent(r.id)}`} target="_blank" rel="noreferrer" tabIndex={-1}>
                    {r.name}
                  </Anchor>
                </Text>
              ))}
            </Table.Td>
            <Table.Td maw={200}>
              <Text size="xs" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
                {row.notes ?? ''}
              </Text>
            </Table.Td>
            <Table.Td>
              {row.status === 'Pending' ? (
                <Group gap={4} maw={150}>
                  <Button size="compact-xs" color="teal" variant="light" tabIndex={-1} onClick={() => onReview({ row, kind: 'Approved' })}>
                    Approve
                  </Button>
                  <Button size="compact-xs" color="red" variant="light" tabIndex={-1} onClick={() => onReview({ row, kind: 'Denied' })}>
                    Deny
                  </Button>
                  <Button size="compact-xs" variant="subtle" tabIndex={-1} onClick={() => onReview({ row, kind: 'Note' })}>
                    Note
                  </Button>
                </Group>
              ) : (
                <>
                  <Badge color={STATUS_COLOR[row.status] ?? 'gray'} variant="light">
                    {row.status}
                  </Badge>
                  {row.resolvedByName && (
                    <Text size="xs" c="dimmed">
                      {row.resolvedByName}
                    </Text>
                  )}
                </>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
