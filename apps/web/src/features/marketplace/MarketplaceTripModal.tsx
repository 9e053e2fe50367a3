import { lazy, Suspense } from 'react';
import { Badge, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { NO_RATE, PAY_ITEM_LABELS, type MarketplacePlace, type MarketplaceTrip } from '@tripline/core';
import { routeOf } from '../../lib/map/geometry.ts';
import { formatMoney, formatTime } from '../trips/home/trip-format.ts';
import { isClaimable, milesText, placeText, rateText, stateText } from './trip-text.ts';

const RouteMap = lazy(() => import('../../lib/map/RouteMap.tsx'));

const where = (p: MarketplacePlace) => [p.facilityName, p.address ?? placeText(p)].filter(Boolean).join(', ');
const dollars = (pennies: number) => formatMoney(pennies / 100);

/** The priced lines of the caller's rate for this trip, or why there are none. */
function RateBreakdown({ trip }: { trip: MarketplaceTrip }) {
  const pay = trip.rateBreakdown;
  if (pay.noRate) {
    return (
      <Text size="sm" c="dimmed">
        {NO_RATE}: your company has no rate for this trip's bill-to and service type, so it cannot be claimed.
      </Text>
    );
  }
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} captionSide="top">
      <Table.Caption>{pay.rateType}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th ta="right">Each</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pay.lines.map((l, i) => (
          <Table.Tr key={i}>
            <Table.Td>{PAY_ITEM_LABELS[l.item]}</Table.Td>
            <Table.Td ta="right">{l.quantity}</Table.Td>
            <Table.Td ta="right">{dollars(l.unitPennies)}</Table.Td>
            <Table.Td ta="right">{dollars(l.pennies)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>Total</Table.Th>
          <Table.Th ta="right">{dollars(pay.totalPennies)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

export interface MarketplaceTripModalProps {
  trip: MarketplaceTrip | null;
  partner: boolean;
  busy: boolean;
  onClaim(trip: MarketplaceTrip): void;
  onClose(): void;
}

/** Marketplace trip inspect (spec 2 §2): the legs, the route, the caller's rate breakdown and Claim. */
export function MarketplaceTripModal({ trip, partner, busy, onClaim, onClose }: MarketplaceTripModalProps) {
  const route = trip ? routeOf(trip.legs.map((l) => ({ whichLeg: l.whichLeg, pickup: { ...l.pickup, place: where(l.pickup) }, dropOff: { ...l.dropOff, place: where(l.dropOff) } }))) : null;
  return (
    <Modal opened={trip !== null} onClose={onClose} size="xl" title={trip ? `Trip ${trip.referenceNumber}` : ''}>
      {trip && route && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{trip.serviceTypeName}</Badge>
            <Badge variant="light" color={trip.state === 'available' ? 'teal' : 'gray'}>
              {stateText(trip)}
            </Badge>
            {partner && trip.outOfArea && (
              <Badge variant="light" color="orange">
                Out-Of-Area
              </Badge>
            )}
            <Text size="sm" ml="auto">
              Rate: <strong>{rateText(trip.rate)}</strong>
            </Text>
          </Group>
          {trip.passenger && (
            <Text size="sm">
              Passenger: {trip.passenger.name}
              {trip.farmoutName ? ` · Partner: ${trip.farmoutName}` : ''}
            </Text>
          )}
          <Title order={3} size="h5">
            Legs
          </Title>
          <Table withTableBorder fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Leg</Table.Th>
                <Table.Th>Pickup</Table.Th>
                <Table.Th>Appt</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th ta="right">Miles</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trip.legs.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.whichLeg}</Table.Td>
                  <Table.Td>{formatTime(l.pickupTime) || 'Will call'}</Table.Td>
                  <Table.Td>{formatTime(l.appointmentTime)}</Table.Td>
                  <Table.Td>{where(l.pickup)}</Table.Td>
                  <Table.Td>{where(l.dropOff)}</Table.Td>
                  <Table.Td ta="right">{milesText(l.miles)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Suspense fallback={<Loader size="sm" />}>
            <RouteMap stops={route.stops} legs={route.legs} label={`Map of trip ${trip.referenceNumber}'s route`} emptyText="This trip has no located pickup or drop-off to show on the map." />
          </Suspense>
          <Title order={3} size="h5">
            What it pays your company
          </Title>
          <RateBreakdown trip={trip} />
          {partner && (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => onClaim(trip)} loading={busy} disabled={!isClaimable(trip)}>
                Claim
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
