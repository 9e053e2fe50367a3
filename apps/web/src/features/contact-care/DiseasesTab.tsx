import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { CARE_MSG, defaultInfectiousEnd, type InfectiousDisease } from '@tripline/core';
import { confirm } from '../../lib/confirm.tsx';
import { formatUsDate, localToday } from '../../lib/date-input.ts';
import { toast } from '../../lib/toast.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useDiseases, useSaveDisease } from './api.ts';
import { CareDateInput, refusalText } from './CareDateInput.tsx';
import { diseaseStatus } from './care-format.ts';

/**
 * Infectious diseases of a contact (spec 2 §5): recorded only for a saved contact, ending 5 days
 * after the start unless an end is chosen; cancelling one (after a confirmation) clears the flag
 * on the passenger's legs of its days.
 */
export function DiseasesTab({ contactId }: { contactId: string | null }) {
  const today = localToday();
  const list = useDiseases(contactId);
  const save = useSaveDisease(contactId);
  const [disease, setDisease] = useState('');
  const [start, setStart] = useState<string | null>(today);
  const [end, setEnd] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!contactId) return <Alert color="yellow">{CARE_MSG.SAVE_CONTACT_FIRST}</Alert>;

  const add = async () => {
    if (!disease.trim()) return setError(CARE_MSG.DISEASE_REQUIRED);
    if (!start) return setError('Enter the start date');
    setError(null);
    try {
      await save.mutateAsync({ contactId, disease: disease.trim(), startDate: start, endDate: end });
      toast.success(`Infectious disease recorded: ${disease.trim()}.`, { duration: 'short' });
      setDisease('');
      setEnd(null);
    } catch (e) {
      setError(refusalText(e));
    }
  };

  const cancel = async (d: InfectiousDisease) => {
    const yes = await confirm({
      title: 'Cancel infectious disease',
      message: `Cancel ${d.disease} (${formatUsDate(d.startDate)} – ${formatUsDate(d.endDate)})? The passenger's trips of those days lose the infectious flag.`,
      confirmLabel: 'Cancel disease',
      cancelLabel: 'Keep',
      danger: true,
    });
    if (!yes) return;
    try {
      await save.mutateAsync({ id: d.id, modCount: d.modCount, contactId, disease: d.disease, startDate: d.startDate, endDate: d.endDate, cancel: true });
      toast.success(`${d.disease} cancelled.`, { duration: 'short' });
    } catch (e) {
      toast.error(refusalText(e));
    }
  };

  return (
    <Stack gap="md">
      <SubmitForm onSubmit={add} noValidate>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput label="Disease" value={disease} onChange={(e) => setDisease(e.currentTarget.value)} maxLength={100} required w={200} />
          <CareDateInput label="Start" value={start} onChange={setStart} required />
          <CareDateInput
            label="End"
            value={end}
            onChange={setEnd}
            clearable
            placeholder={start ? `${formatUsDate(defaultInfectiousEnd(start))} (5 days)` : '5 days after the start'}
          />
          <Button type="submit" loading={save.isPending}>
            Record
          </Button>
        </Group>
        {error && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {error}
          </Text>
        )}
      </SubmitForm>
      <QueryState query={list} what="infectious diseases" empty="No infectious diseases recorded.">
        {(rows) => (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Disease</Table.Th>
              <Table.Th>Start</Table.Th>
              <Table.Th>End</Table.Th>
              <Table.Th>Recorded by</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => {
              const s = diseaseStatus(d, today);
              return (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.disease}</Table.Td>
                  <Table.Td>{formatUsDate(d.startDate)}</Table.Td>
                  <Table.Td>{formatUsDate(d.endDate)}</Table.Td>
                  <Table.Td>{d.agentName}</Table.Td>
                  <Table.Td>
                    <Badge color={s.color} variant="light">
                      {s.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {!d.cancel && (
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => void cancel(d)}>
                        Cancel
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        )}
      </QueryState>
    </Stack>
  );
}
