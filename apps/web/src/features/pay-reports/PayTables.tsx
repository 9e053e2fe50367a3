import { Badge, Button, Table, Text } from '@mantine/core';
import { NO_RATE, PAY_ITEM_LABELS, type PartnerPayReport, type PayReportTrip } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';
import { formatMoney } from '../trips/home/trip-format.ts';

const STATUS_COLOR = { Final: 'green', Pending: 'blue', Open: 'gray' } as const;

export function PayStatusBadge({ status }: { status: PayReportTrip['partnerPayStatus'] }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}>
      {status}
    </Badge>
  );
}

const cents = (pennies: number) => formatMoney(pennies / 100);

/** A trip's pay lines, one a line: 'Pickup per leg 1 × $20.00 = $20.00'. */
function PayLines({ trip }: { trip: PayReportTrip }) {
  const pay = trip.breakdown;
  if (trip.noRate || pay?.noRate) return <Text size="sm" c="orange.9">{NO_RATE}</Text>;
  // a rate set before its lines were stored has a total only
  if (!pay && !trip.overridden) return <Text size="xs" c="dimmed">Total only</Text>;
  return (
    <>
      {pay?.lines.map((l) => (
        <Text size="xs" key={l.item}>
          {PAY_ITEM_LABELS[l.item]}: {l.quantity} × {cents(l.unitPennies)} = {cents(l.pennies)}
        </Text>
      ))}
      {trip.overridden && (
        <Text size="xs" fw={500}>
          Rate override: {formatMoney(trip.farmoutRate)}
        </Text>
      )}
    </>
  );
}

/** The chosen partner's trips of the week with their pay. */
export function PayTripsTable({ trips }: { trips: readonly PayReportTrip[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label="Trips of the week">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Passenger</Table.Th>
            <Table.Th>Service</Table.Th>
            <Table.Th>Bill-to</Table.Th>
            <Table.Th w={96}>Status</Table.Th>
            <Table.Th miw={180}>Pay lines</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.referenceNumber}</Table.Td>
              <Table.Td>{formatUsDate(t.serviceDate)}</Table.Td>
              <Table.Td>{t.passengerName ?? ''}</Table.Td>
              <Table.Td>{t.serviceType ?? ''}</Table.Td>
              <Table.Td>{t.billToName ?? ''}</Table.Td>
              <Table.Td>
                <PayStatusBadge status={t.partnerPayStatus} />
              </Table.Td>
              <Table.Td>
                <PayLines trip={t} />
              </Table.Td>
              <Table.Td ta="right" fw={500}>
                {t.noRate ? NO_RATE : formatMoney(t.farmoutRate)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Staff without a partner chosen: a line per partner; choosing one shows its trips. */
export function PartnerLinesTable({ lines, onChoose }: { lines: PartnerPayReport['partners']; onChoose: (affiliateId: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Pay per partner">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Partner</Table.Th>
            <Table.Th ta="right">Trips</Table.Th>
            <Table.Th ta="right">No rate</Table.Th>
            <Table.Th ta="right">Final</Table.Th>
            <Table.Th ta="right">Not Final</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.affiliateId}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" px={4} onClick={() => onChoose(l.affiliateId)}>
                  {l.partnerName ?? l.affiliateId}
                </Button>
              </Table.Td>
              <Table.Td ta="right">{l.finalTrips + l.notFinalTrips}</Table.Td>
              <Table.Td ta="right">{l.noRateTrips}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.finalPay)}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.notFinalPay)}</Table.Td>
              <Table.Td ta="right" fw={500}>
                {formatMoney(l.totalPay)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
