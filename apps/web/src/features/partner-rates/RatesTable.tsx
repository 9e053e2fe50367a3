import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { PartnerRate } from '@tripline/core';
import { baseText, daysText, extrasText, serviceTypeText } from './rate-text.ts';

const STATUS_COLOR: Record<string, string> = { Active: 'green', Future: 'blue', Ended: 'gray' };

export interface RateActions {
  /** A new rate for the row's group (begins today, ends this one). */
  onNew(rate: PartnerRate): void;
  onEnd(rate: PartnerRate): void;
  /** Correct a rate that begins today. */
  onCorrect(rate: PartnerRate): void;
}

/**
 * The rates, by bill-to and service type (the server's order: partner, bill-to, service type,
 * newest first): what each pays, its days and status. The actions column shows only to those who
 * may edit rates (`actions` null: read-only).
 */
export function RatesTable({
  rates,
  today,
  actions,
  showPartner = true,
}: {
  rates: readonly PartnerRate[];
  today: string;
  actions: RateActions | null;
  /** Off when the list is of one partner already. */
  showPartner?: boolean;
}) {
  return (
    <Table.ScrollContainer
      minWidth={showPartner ? 900 : 780}
      // a table wider than the screen scrolls sideways; the keyboard reaches it too
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Partner rates table' } }}
    >
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Partner rates">
        <Table.Thead>
          <Table.Tr>
            {showPartner && <Table.Th>Partner</Table.Th>}
            <Table.Th>Bill-to</Table.Th>
            <Table.Th>Service type</Table.Th>
            <Table.Th>Rate type</Table.Th>
            <Table.Th>Pays</Table.Th>
            <Table.Th>In force</Table.Th>
            <Table.Th>Status</Table.Th>
            {actions && <Table.Th>Change</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.map((r) => (
            <Table.Tr key={r.id} data-testid="rate-row">
              {showPartner && <Table.Td>{r.providerName}</Table.Td>}
              <Table.Td>{r.billToName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{serviceTypeText(r.serviceId)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.rateType}</Table.Td>
              <Table.Td miw={240}>
                <Text size="sm">{baseText(r)}</Text>
                <Text size="xs" c="dimmed">
                  {extrasText(r).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td miw={110}>{daysText(r)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOR[r.status] ?? 'gray'} styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
                  {r.status}
                </Badge>
              </Table.Td>
              {actions && (
                <Table.Td>
                  {r.status !== 'Ended' && (
                    <Group gap={4} wrap="nowrap">
                      {r.dateBegin === today ? (
                        <Button size="compact-xs" variant="light" onClick={() => actions.onCorrect(r)} aria-label={`Correct the rate of ${r.providerName}, ${r.billToName}, ${r.serviceId}`}>
                          Correct
                        </Button>
                      ) : (
                        <Button size="compact-xs" variant="light" onClick={() => actions.onNew(r)} aria-label={`New rate for ${r.providerName}, ${r.billToName}, ${r.serviceId}`}>
                          New rate
                        </Button>
                      )}
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => actions.onEnd(r)} aria-label={`End the rate of ${r.providerName}, ${r.billToName}, ${r.serviceId}`}>
                        End
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
