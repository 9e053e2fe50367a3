import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { EMPLOYEE_MSG } from '@tripline/core';
import { DayInput } from '../../components/DayInput.tsx';
import { ApiError } from '../../lib/api.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { formatUsDate } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { usePayHistory, useSavePayHistory } from './api.ts';

const money = (n: number | null) => (n === null ? '—' : `$${n.toFixed(2)}`);

/** The days an employee worked (spec 3 §3 pay history): one entry per date; the same date again changes it. */
export function PayHistoryPanel({ employeeId, readOnly }: { employeeId: string; readOnly: boolean }) {
  const history = usePayHistory(employeeId);
  const save = useSavePayHistory(employeeId);
  const [dateWorked, setDateWorked] = useState<string | null>(null);
  const [hours, setHours] = useState<number | string>('');
  const [amount, setAmount] = useState<number | string>('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const record = () => {
    if (!dateWorked) {
      setError(EMPLOYEE_MSG.PAY_DATE_REQUIRED);
      return;
    }
    setError(null);
    const num = (v: number | string) => (v === '' ? null : Number(v));
    save.mutate(
      { employeeId, dateWorked, hoursWorked: num(hours), amount: num(amount), notes: notes.trim() || null },
      {
        onSuccess: () => {
          toast.success('Day worked saved', { duration: 'quickSuccess' });
          setDateWorked(null);
          setHours('');
          setAmount('');
          setNotes('');
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
      },
    );
  };

  return (
    <Stack gap="sm">
      <QueryState query={history} what="pay history" empty="No days worked recorded yet.">
        {(rows) => (
        <Table withTableBorder aria-label="Pay history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date worked</Table.Th>
              <Table.Th ta="right">Hours</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Notes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatUsDate(p.dateWorked)}</Table.Td>
                <Table.Td ta="right">{p.hoursWorked ?? '—'}</Table.Td>
                <Table.Td ta="right">{money(p.amount)}</Table.Td>
                <Table.Td>{p.notes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        )}
      </QueryState>
      {!readOnly && (
        <Group align="flex-end" gap="sm">
          <DayInput
            label="Date worked"
            value={dateWorked}
            onChange={setDateWorked}
            w={150}
          />
          <NumberInput label="Hours" value={hours} onChange={setHours} min={0} max={24} decimalScale={2} w={90} />
          <NumberInput label="Amount" value={amount} onChange={setAmount} min={0} decimalScale={2} fixedDecimalScale prefix="$" w={120} />
          <TextInput label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button onClick={record} loading={save.isPending}>
            Save day
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
