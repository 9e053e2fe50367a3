import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { contract, type ResponseOf } from '@tripline/core';
import { ApiError, callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { FixesTable, SkippedTable, type BulkOutcome } from './BulkResultModal.tsx';

export type Repair = { referenceNumbers: string[]; preview: ResponseOf<typeof contract.repairTrips> };

/**
 * Repair trips (spec 2 §6, §7: Admin or Encounters): the dry run's findings first, then the
 * repair itself when the user applies it.
 */
export function RepairModal({ repair, onClose, onApplied }: { repair: Repair | null; onClose(): void; onApplied(outcome: BulkOutcome): void }) {
  const [busy, setBusy] = useState(false);
  const count = repair?.preview.repaired.length ?? 0;

  const apply = async () => {
    if (!repair) return;
    setBusy(true);
    try {
      const done = await callApi(contract.repairTrips, { body: { referenceNumbers: repair.referenceNumbers, dryRun: false }, quiet: [400, 403, 404] });
      onApplied({
        title: 'Repair trips: result',
        changed: done.repaired.map((r) => r.referenceNumber),
        skipped: done.skipped,
        fixes: done.repaired,
      });
    } catch (error) {
      if (error instanceof ApiError && [400, 403, 404].includes(error.status)) toast.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={repair !== null} onClose={onClose} title="Repair trips: dry run" size="lg">
      {repair && (
        <Stack gap="md">
          <Text size="sm">
            {count === 0
              ? 'Nothing to repair in the chosen trips.'
              : `${count} ${count === 1 ? 'trip needs' : 'trips need'} repair. Nothing has been changed yet.`}
          </Text>
          {count > 0 && <FixesTable fixes={repair.preview.repaired} />}
          {repair.preview.skipped.length > 0 && <SkippedTable skipped={repair.preview.skipped} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {count > 0 && (
              <Button onClick={() => void apply()} loading={busy} data-autofocus>
                Apply {count} {count === 1 ? 'repair' : 'repairs'}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
