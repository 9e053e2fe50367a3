import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { newKey, type RequestRow } from './form.ts';
import type { TabProps } from './tab-props.ts';

/** A passenger's special requests (spec 2 §3): a note, whether it is active, who entered it and when. */
export function RequestsTab({ form, set, errors }: TabProps) {
  const rows = form.specialRequests;
  const update = (key: string, patch: Partial<RequestRow>) => set({ specialRequests: rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const add = () => set({ specialRequests: [{ key: newKey(), note: '', active: true, enteredBy: null, entered: null }, ...rows] });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">What to keep in mind when booking and driving this passenger; inactive ones are kept for the record.</Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>Add request</Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">No special requests.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr><Table.Th>Request</Table.Th><Table.Th>Active</Table.Th><Table.Th>Entered</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.key}>
                <Table.Td>
                  <Textarea aria-label={`Special request ${i + 1}`} autosize minRows={1} value={r.note} onChange={(e) => update(r.key, { note: e.currentTarget.value })} error={errors[`specialRequests.${i}.note`]} />
                </Table.Td>
                <Table.Td><Checkbox aria-label={`Special request ${i + 1} is active`} checked={r.active} onChange={(e) => update(r.key, { active: e.currentTarget.checked })} /></Table.Td>
                <Table.Td><Text size="xs" c="dimmed">{r.entered ? `${r.enteredBy ?? ''}, ${new Date(r.entered).toLocaleDateString('en-US')}` : 'When saved'}</Text></Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove special request ${i + 1}`} onClick={() => set({ specialRequests: rows.filter((x) => x.key !== r.key) })}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
