import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DateInput, DatePickerInput } from '@mantine/dates';
import { contract, displayLongDate, type StandingOrder } from '@tripline/core';
import { ApiError, callApi } from '../../lib/api.ts';
import { localToday, parseDateInput } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { standingOrdersKey, useRefresh, useStandingOrders } from './api.ts';

/**
 * The standing orders a trip belongs to: 'This trip repeats …', its suspended ranges (a hospital
 * stay) with a way to lift each, a new suspension, and the end date. Shows nothing for a trip
 * without one.
 */
export function StandingOrderPanel({ tripId }: { tripId: string }) {
  const orders = useStandingOrders(tripId);
  if (orders.isPending) return <Text size="sm" c="dimmed">Loading standing orders…</Text>;
  if (orders.error) {
    return (
      <Alert color="red" title="Could not load the standing order">
        {orders.error instanceof ApiError ? orders.error.message : 'The server could not be reached.'}
      </Alert>
    );
  }
  if (orders.data.length === 0) return null;
  return (
    <Stack gap="sm">
      {orders.data.map((o) => (
        <OrderCard key={o.id} order={o} tripId={tripId} />
      ))}
    </Stack>
  );
}

function OrderCard({ order, tripId }: { order: StandingOrder; tripId: string }) {
  const refresh = useRefresh();
  const today = localToday();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [endDate, setEndDate] = useState<string | null>(order.endDate);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, call: () => Promise<unknown>, done: string) => {
    setBusy(what);
    setError(null);
    try {
      await call();
      toast.success(done, { duration: 'short' });
      setRange([null, null]);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 409)) setError(e.message);
      else throw e;
    } finally {
      setBusy(null);
      void refresh(standingOrdersKey(tripId));
    }
  };
  const suspend = () => {
    const [startDate, end] = range;
    if (!startDate || !end) return setError('Choose the first and last day of the suspension');
    return run('suspend', () => callApi(contract.suspendStandingOrder, { body: { standingOrderId: order.id, modCount: order.modCount, startDate, endDate: end }, quiet: [400, 409] }), 'The standing order is suspended for those days.');
  };

  return (
    <Paper withBorder p="md" aria-label="Standing order">
      <Stack gap="xs">
        <Title order={4}>Standing order</Title>
        <Text>{order.description}</Text>
        <Text size="sm" c="dimmed">
          {order.trips.filter((t) => !t.canceled).length} trips made so far
          {order.filledThrough ? `, through ${displayLongDate(order.filledThrough)}` : ''}.
        </Text>
        {order.suspensions.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Suspended
            </Text>
            {order.suspensions.map((s) => (
              <Group key={s.id} gap="xs">
                <Text size="sm">
                  {displayLongDate(s.startDate)} – {displayLongDate(s.endDate)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Resume: lift the suspension ${s.startDate} to ${s.endDate}`}
                  loading={busy === s.id}
                  onClick={() => void run(s.id, () => callApi(contract.resumeStandingOrder, { query: { id: s.id, modCount: order.modCount }, quiet: [400, 409] }), 'The suspension was lifted.')}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-end" gap="sm">
          <DatePickerInput
            type="range"
            label="Suspend from – to"
            description="For example a hospital stay"
            minDate={today}
            value={range}
            onChange={(v) => setRange(v as [string | null, string | null])}
            popoverProps={{ withinPortal: true }}
            style={{ minWidth: 240 }}
          />
          <Button variant="light" onClick={() => void suspend()} loading={busy === 'suspend'}>
            Suspend
          </Button>
        </Group>
        <Group align="flex-end" gap="sm">
          <DateInput
            label="End date"
            placeholder="No end date"
            clearable
            valueFormat="MM/DD/YYYY"
            dateParser={(text: string) => parseDateInput(text, today)}
            value={endDate}
            onChange={setEndDate}
            popoverProps={{ withinPortal: true }}
          />
          <Button
            variant="light"
            color={endDate ? 'red' : undefined}
            disabled={endDate === order.endDate}
            loading={busy === 'end'}
            onClick={() => void run('end', () => callApi(contract.endStandingOrder, { body: { id: order.id, modCount: order.modCount, endDate }, quiet: [400, 409] }), endDate ? `The standing order ends on ${displayLongDate(endDate)}.` : 'The standing order has no end date.')}
          >
            {endDate ? 'Set end date' : 'Remove end date'}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
