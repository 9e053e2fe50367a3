import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { TRIP_MSG, contract } from '@tripline/core';
import { callApi } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.tsx';
import { useDeclineReasons } from '../api.ts';
import { ActionModal, type TripModalProps } from './ActionModal.tsx';
import { filterDeclineReasons } from './partner-rules.ts';
import { TRIP_WRITE_QUIET, writeTrip } from './trip-write.tsx';

/** spec 1 §5: decline needs a reason chosen here; the refusals were checked before it opened. */
export function DeclineModal({ trip, rows, developerMode, onClose }: TripModalProps) {
  const reasons = useDeclineReasons(true);
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const list = useMemo(() => reasons.data ?? [], [reasons.data]);
  const aliases = useMemo(() => new Map(list.map((r) => [r.name, r.aliases])), [list]);
  const filter: OptionsFilter = ({ options, search }) => {
    const allowed = new Set(filterDeclineReasons(list, search).map((r) => r.name));
    return (options as ComboboxItem[]).filter((o) => allowed.has(o.value));
  };

  const submit = async () => {
    if (!reason) {
      setError(TRIP_MSG.DECLINE_REASON_REQUIRED);
      return;
    }
    setBusy(true);
    const declined = await writeTrip(trip, rows, () =>
      callApi(contract.decline, {
        query: {
          driveAssignmentId: trip.id,
          modCount: trip.modCount,
          localTimestamp: new Date().toISOString(),
          // Sent only when on: the query is text, and any value there reads as true.
          ...(developerMode ? { developerMode: true } : {}),
        },
        body: { reason },
        quiet: TRIP_WRITE_QUIET,
      }),
    );
    setBusy(false);
    if (!declined) return;
    rows.replace([declined]);
    toast.success(`Trip ${trip.referenceNumber} declined.`);
    onClose();
  };

  return (
    <ActionModal title="Decline trip" trip={trip} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {reasons.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Loading reasons…</Text>
            </Group>
          ) : reasons.isError ? (
            <Alert color="red" title="Could not load the decline reasons">
              <Button size="xs" variant="light" onClick={() => void reasons.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <Select
              label="Reason"
              placeholder="Search reasons"
              description="Why can you not take this trip?"
              required
              searchable
              data-autofocus
              nothingFoundMessage="No matching reason"
              data={list.map((r) => ({ value: r.name, label: r.name }))}
              filter={filter}
              renderOption={({ option }) => {
                const also = aliases.get(option.value) ?? [];
                return (
                  <div>
                    <Text size="sm">{option.label}</Text>
                    {also.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {also.join(', ')}
                      </Text>
                    )}
                  </div>
                );
              }}
              value={reason}
              onChange={(v) => {
                setReason(v);
                setError(null);
              }}
              error={error}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!reasons.isSuccess}>
              Decline trip
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionModal>
  );
}
