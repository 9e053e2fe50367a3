import { Checkbox, Table, Text } from '@mantine/core';
import { NO_RATE, type NonFinalTrip } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';
import { formatMoney } from '../trips/home/trip-format.ts';
import { PayStatusBadge } from './PayTables.tsx';

interface Props {
  trips: readonly NonFinalTrip[];
  showPartner: boolean;
  chosen: ReadonlySet<string>;
  onChoose: (ids: readonly string[], on: boolean) => void;
}

/** The non-final trips with why each waits; the ready ones can be chosen for rate accept. */
export function NonFinalTable({ trips, showPartner, chosen, onChoose }: Props) {
  const ready = trips.filter((t) => t.ready);
  const all = ready.length > 0 && ready.every((t) => chosen.has(t.id));
  const some = ready.some((t) => chosen.has(t.id));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label="Non-final trips">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Choose every trip ready for rate accept"
                checked={all}
                indeterminate={some && !all}
                disabled={ready.length === 0}
                onChange={(e) => onChoose(ready.map((t) => t.id), e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Date</Table.Th>
            {showPartner && <Table.Th>Partner</Table.Th>}
            <Table.Th>Passenger</Table.Th>
            <Table.Th>Service</Table.Th>
            <Table.Th w={96}>Status</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                {t.ready && (
                  <Checkbox
                    aria-label={`Choose trip ${t.referenceNumber} for rate accept`}
                    checked={chosen.has(t.id)}
                    onChange={(e) => onChoose([t.id], e.currentTarget.checked)}
                  />
                )}
              </Table.Td>
              <Table.Td>{t.referenceNumber}</Table.Td>
              <Table.Td>{formatUsDate(t.serviceDate)}</Table.Td>
              {showPartner && <Table.Td>{t.partnerName ?? ''}</Table.Td>}
              <Table.Td>{t.passengerName ?? ''}</Table.Td>
              <Table.Td>{t.serviceType ?? ''}</Table.Td>
              <Table.Td>
                <PayStatusBadge status={t.partnerPayStatus} />
              </Table.Td>
              <Table.Td ta="right">{t.noRate ? NO_RATE : formatMoney(t.farmoutRate)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={t.ready ? 'green.9' : undefined} fw={t.ready ? 600 : undefined}>
                  {t.reason}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
