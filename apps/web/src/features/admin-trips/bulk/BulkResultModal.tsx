import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { changedText } from './bulk-plan.ts';

export interface BulkOutcome {
  title: string;
  changed: readonly string[];
  skipped: readonly { referenceNumber: string | null; reason: string }[];
  /** Repairs list what was fixed on each trip. */
  fixes?: readonly { referenceNumber: string; fixes: readonly string[] }[];
}

/** The answer of a bulk action: how many trips changed, and each skipped trip with its reason. */
export function BulkResultModal({ outcome, onClose }: { outcome: BulkOutcome | null; onClose(): void }) {
  return (
    <Modal opened={outcome !== null} onClose={onClose} title={outcome?.title ?? ''} size="lg">
      {outcome && (
        <Stack gap="md">
          <Text size="lg" fw={600} role="status">
            {changedText(outcome.changed.length)}
            {outcome.skipped.length > 0 && `, ${outcome.skipped.length} skipped`}
          </Text>
          {outcome.changed.length > 0 && !outcome.fixes && (
            <ScrollArea.Autosize mah={160} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Changed trips' }}>
              <Text size="sm" c="dimmed">
                {outcome.changed.join(', ')}
              </Text>
            </ScrollArea.Autosize>
          )}
          {outcome.fixes && outcome.fixes.length > 0 && <FixesTable fixes={outcome.fixes} />}
          {outcome.skipped.length > 0 && <SkippedTable skipped={outcome.skipped} />}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function SkippedTable({ skipped }: { skipped: BulkOutcome['skipped'] }) {
  return (
    <Alert color="yellow" title="Skipped" p="sm">
      <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Skipped trips' }}>
        <Table striped withRowBorders={false} aria-label="Skipped trips">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trip</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {skipped.map((s, i) => (
              <Table.Tr key={`${s.referenceNumber ?? ''}-${i}`}>
                <Table.Td>{s.referenceNumber ?? '—'}</Table.Td>
                <Table.Td>{s.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Alert>
  );
}

export function FixesTable({ fixes }: { fixes: NonNullable<BulkOutcome['fixes']> }) {
  return (
    <ScrollArea.Autosize mah={300} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Repairs' }}>
      <Table striped aria-label="Repairs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Trip</Table.Th>
            <Table.Th>Repairs</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fixes.map((f) => (
            <Table.Tr key={f.referenceNumber}>
              <Table.Td>{f.referenceNumber}</Table.Td>
              <Table.Td>
                {f.fixes.map((text) => (
                  <Text key={text} size="sm">
                    {text}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
