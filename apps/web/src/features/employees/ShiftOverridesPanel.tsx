import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconTrash } from '@tabler/icons-react';
import { shiftOverrideProblem } from '@tripline/core';
import { DayInput } from '../../components/DayInput.tsx';
import { ApiError } from '../../lib/api.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { formatUsDate } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { useDeleteShiftOverride, useSaveShiftOverride, useShiftOverrides } from './api.ts';

/**
 * An employee's shift for particular dates, instead of the usual week (spec 3 §2, §3): one per
 * date, a later one for the same date replacing it; 'Day off' stores no times.
 */
export function ShiftOverridesPanel({ employeeId, readOnly }: { employeeId: string; readOnly: boolean }) {
  const overrides = useShiftOverrides(employeeId);
  const save = useSaveShiftOverride(employeeId);
  const remove = useDeleteShiftOverride(employeeId);
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState('08:00');
  const [end, setEnd] = useState('16:00');
  const [dayOff, setDayOff] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const times = dayOff ? { start: null, end: null } : { start: start || null, end: end || null };
    const problem = shiftOverrideProblem({ date, ...times });
    if (problem) {
      setError(problem.message);
      return;
    }
    setError(null);
    save.mutate(
      { employeeId, date, ...times },
      {
        onSuccess: () => {
          toast.success('Shift saved', { duration: 'quickSuccess' });
          setDate(null);
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
      },
    );
  };

  return (
    <Stack gap="sm">
      <QueryState query={overrides} what="shift overrides" empty="No shift overrides: the usual week applies every day.">
        {(rows) => (
        <Table withTableBorder aria-label="Shift overrides">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Shift</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{formatUsDate(o.date)}</Table.Td>
                <Table.Td>{o.start ? `${o.start}–${o.end}` : 'Day off'}</Table.Td>
                <Table.Td w={40}>
                  {!readOnly && (
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove the shift of ${formatUsDate(o.date)}`} loading={remove.isPending && remove.variables === o.id} onClick={() => remove.mutate(o.id)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        )}
      </QueryState>
      {!readOnly && (
        <Group align="flex-end" gap="sm">
          <DayInput
            label="Service date"
            value={date}
            onChange={(v) => setDate(v)}
            clearable
            w={150}
          />
          <TimeInput label="Start" value={start} onChange={(e) => setStart(e.currentTarget.value)} disabled={dayOff} w={110} />
          <TimeInput label="End" value={end} onChange={(e) => setEnd(e.currentTarget.value)} disabled={dayOff} w={110} />
          <Checkbox label="Day off" checked={dayOff} onChange={(e) => setDayOff(e.currentTarget.checked)} mb={8} />
          <Button onClick={add} loading={save.isPending}>
            Set shift
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
