import { useState } from 'react';
import { Badge, Button, ScrollArea, Table, Text } from '@mantine/core';
import { contract, describeRequest, formatInstant, mayAccess, MONITOR_ACTION_LABEL, reviewRefusal, type DriveAssignment, type PartnerActivity } from '@tripline/core';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { useTripPartnerActivity } from '../../../audit/api.ts';
import { formatMoney } from '../../../trips/home/trip-format.ts';
import type { TripRows } from '../../../trips/home/use-day-trips.ts';
import { ReviewAdjustmentModal } from '../ReviewAdjustmentModal.tsx';
import { TabState } from './TabState.tsx';

const STATUS_COLOR: Record<string, string> = { Pending: 'yellow', Approved: 'teal', Denied: 'red' };

/**
 * The partner's requests and answers on this trip (GET rest/partner-activity), newest first as the
 * server sends them. Staff review pending requests (wait time, expenses, rate, mileage, …) from here.
 */
export function PartnerActivityTab({ trip, rows: tripRows }: { trip: DriveAssignment; rows: TripRows }) {
  const activity = useTripPartnerActivity(trip.id);
  const user = useCurrentUser().data;
  const [reviewing, setReviewing] = useState<PartnerActivity | null>(null);
  const mayReview = !!user && mayAccess(user, contract.partnerMonitor.access.roles);
  // the server's rule (core reviewRefusal): a pending adjustment on a trip not yet final; the note comes later
  const reviewable = (a: PartnerActivity) => mayReview && reviewRefusal(a, trip) === null;
  const rows = activity.data ?? [];
  return (
    <>
      <TabState
        loading={activity.isPending}
        error={activity.error}
        empty={rows.length === 0}
        emptyText="No partner activity for this trip"
        onRetry={() => void activity.refetch()}
      >
        <ScrollArea type="auto">
          <Table striped aria-label="Partner activity">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Resolved</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(a.createdAt)}</Table.Td>
                  <Table.Td>{a.action}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[a.status] ?? 'gray'} variant="light">
                      {a.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {a.action in MONITOR_ACTION_LABEL
                      ? describeRequest(a.action, a)
                      : [a.number !== null ? `${a.number} min` : null, a.amount !== null ? formatMoney(a.amount) : null, a.reason].filter(Boolean).join(' · ')}
                    {a.notes && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                        {a.notes}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{a.createdByName ?? ''}</Table.Td>
                  <Table.Td>
                    {reviewable(a) ? (
                      <Button size="compact-sm" variant="light" onClick={() => setReviewing(a)}>
                        Review
                      </Button>
                    ) : (
                      <>
                        {a.resolvedByName ?? ''}
                        {a.resolvedAt && (
                          <Text size="xs" c="dimmed">
                            {formatInstant(a.resolvedAt)}
                          </Text>
                        )}
                      </>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </TabState>
      <ReviewAdjustmentModal activity={reviewing} trip={trip} rows={tripRows} onClose={() => setReviewing(null)} />
    </>
  );
}
