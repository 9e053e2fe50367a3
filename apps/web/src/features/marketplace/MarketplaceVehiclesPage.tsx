import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Select, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { MARKETPLACE_MAX_DAYS_AHEAD, addDays, isStaff, type TripListRow, type Vehicle } from '@tripline/core';
import type { ScreenProps } from '../../app/screens.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { localToday } from '../../lib/date-input.ts';
import { usePartners } from '../vehicles/api.ts';
import { usePartnerDayTrips, usePartnerVehicles } from './api.ts';
import { sliderLabel, vehicleCapacity } from './marketplace-filter.ts';
import type { MarketplaceNavState } from './MarketplacePage.tsx';
import { busySpan, freeSpans, hoursText, type Span } from './vehicle-day.ts';

const spanText = (s: Span) => `${sliderLabel(s.from)}–${sliderLabel(s.to)}`;

/** 'Ambulatory 4 · Wheelchair 1 · Stretcher' */
function seatsText(v: Vehicle): string {
  const parts = [];
  if (v.ambulatorySeatingCapacity > 0) parts.push(`Ambulatory ${v.ambulatorySeatingCapacity}`);
  if (v.wheelchairSeatingCapacity > 0) parts.push(`Wheelchair ${v.wheelchairSeatingCapacity}`);
  if (v.gurney) parts.push('Stretcher');
  return parts.join(' · ') || 'No seats recorded';
}

/**
 * /marketplace/vehicles (spec 1 §2): a partner's vehicles with their seats by kind, the day's trips
 * of each (its take-home driver's) and the free hours left between 06:00 and 18:00. Choosing one
 * opens the marketplace with only the trips it can carry. Staff choose the partner first.
 */
export function MarketplaceVehiclesPage({ route }: ScreenProps) {
  const { data: user } = useCurrentUser();
  const staff = !!user && isStaff(user) && !user.partnerId;
  const today = localToday();
  const [date, setDate] = useState(today);
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const partners = usePartners(staff);
  const ready = !staff || partnerId !== null;
  const vehicles = usePartnerVehicles(staff ? partnerId : null, ready);
  const trips = usePartnerDayTrips(date, staff ? partnerId : null, ready);
  const navigate = useNavigate();

  const byDriver = useMemo(() => {
    const map = new Map<string, TripListRow[]>();
    for (const t of trips.data ?? []) {
      if (!t.driverId || t.canceled) continue;
      map.set(t.driverId, [...(map.get(t.driverId) ?? []), t]);
    }
    return map;
  }, [trips.data]);

  const choose = (v: Vehicle) => {
    const state: MarketplaceNavState = { vehicle: { id: v.id, vehicleNumber: v.vehicleNumber, capacity: vehicleCapacity(v) } };
    navigate(`/marketplace${date === today ? '' : `?date=${date}`}`, { state });
  };

  let body;
  if (!ready) body = <Text c="dimmed">Choose a partner to see its vehicles.</Text>;
  else if (vehicles.isError || trips.isError)
    body = (
      <Alert color="red" title="The vehicles could not be loaded">
        <Button size="xs" variant="light" onClick={() => void Promise.all([vehicles.refetch(), trips.refetch()])}>
          Retry
        </Button>
      </Alert>
    );
  else if (!vehicles.data || !trips.data) body = <Skeleton height={200} aria-label="Loading vehicles" />;
  else if (vehicles.data.length === 0) body = <Text c="dimmed">No vehicles in service. Add them on the Vehicles page.</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
          <Table.Caption>Free hours count from 6:00 AM to 6:00 PM; a vehicle's trips are those of its take-home driver.</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vehicle</Table.Th>
              <Table.Th>Seats</Table.Th>
              <Table.Th>Driver</Table.Th>
              <Table.Th>Trips that day</Table.Th>
              <Table.Th>Free</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vehicles.data.map((v) => {
              const own = v.employee ? (byDriver.get(v.employee.id) ?? []) : [];
              const free = freeSpans(own.flatMap((t) => busySpan(t) ?? []));
              return (
                <Table.Tr key={v.id} data-vehicle-id={v.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {v.vehicleNumber}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {v.vehicleType}
                    </Text>
                  </Table.Td>
                  <Table.Td>{seatsText(v)}</Table.Td>
                  <Table.Td>{v.employee?.name ?? <Text span size="sm" c="dimmed">No take-home driver</Text>}</Table.Td>
                  <Table.Td>
                    {own.length === 0 ? (
                      'None'
                    ) : (
                      <Group gap={4}>
                        {own.map((t) => (
                          <Badge key={t.id} variant="light" size="sm">
                            {t.referenceNumber}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{hoursText(free)}</Text>
                    <Text size="xs" c="dimmed">
                      {free.map(spanText).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => choose(v)} aria-label={`Find trips vehicle ${v.vehicleNumber} can carry`}>
                      Find trips
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h3">
          {route.title}
        </Title>
        <Button component={Link} to="/marketplace" variant="light" size="xs">
          Back to the marketplace
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        {staff && (
          <Select label="Partner" placeholder="Choose a partner" data={partners.data ?? []} value={partnerId} onChange={setPartnerId} searchable w={280} />
        )}
        <DayInput label="Date" value={date} onChange={(v) => v && setDate(v)} minDate={today} maxDate={addDays(today, MARKETPLACE_MAX_DAYS_AHEAD)} w={140} />
      </Group>
      {body}
    </Stack>
  );
}
