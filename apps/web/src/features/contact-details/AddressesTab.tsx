import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { addressText, insertAddress } from '@tripline/core';
import { AddressDialog } from './AddressDialog.tsx';
import { blankAddress, type AddressRow } from './form.ts';
import type { TabProps } from './tab-props.ts';

/**
 * A contact's addresses (spec 3 §2): label, address and whether it is placed. A new address goes
 * after the Home/Office ones (rule 133); editing one saves a new address row, so trips keep theirs.
 */
export function AddressesTab({ form, set, errors }: TabProps) {
  const [editing, setEditing] = useState<AddressRow | null>(null);
  const done = (a: AddressRow) => {
    const exists = form.addresses.some((x) => x.key === a.key);
    set({ addresses: exists ? form.addresses.map((x) => (x.key === a.key ? a : x)) : insertAddress(form.addresses, a) });
    setEditing(null);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">The first address is the contact's {form.type1 === 'Person' ? 'Home' : 'Office'}; its ZIP gives the division.</Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing(blankAddress(form))}>Add address</Button>
      </Group>
      {form.addresses.length === 0 ? (
        <Text size="sm" c="dimmed">No addresses yet.</Text>
      ) : (
        <Table aria-label="Addresses">
          <Table.Thead>
            <Table.Tr><Table.Th>Label</Table.Th><Table.Th>Address</Table.Th><Table.Th>Placed</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.addresses.map((a, i) => {
              const problem = errors[`joinContactAddresses.${i}`] ?? Object.entries(errors).find(([k]) => k.startsWith(`joinContactAddresses.${i}.`))?.[1];
              return (
                <Table.Tr key={a.key}>
                  <Table.Td>{a.label}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{addressText(a) || '—'}</Text>
                    {problem && <Text size="xs" c="red">{problem}</Text>}
                  </Table.Td>
                  <Table.Td>
                    {a.lat != null && a.lng != null ? (
                      <Badge color={a.hasCustomLatLng ? 'blue' : 'green'} variant="light">{a.hasCustomLatLng ? 'By hand' : 'Placed'}</Badge>
                    ) : (
                      <Badge color="gray" variant="light">When saved</Badge>
                    )}
                  </Table.Td>
                  <Table.Td w={80}>
                    <Group gap={4} justify="end" wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Edit ${a.label} address`} onClick={() => setEditing(a)}><IconPencil size={16} /></ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${a.label} address`} onClick={() => set({ addresses: form.addresses.filter((x) => x.key !== a.key) })}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <AddressDialog address={editing} onClose={() => setEditing(null)} onDone={done} />
    </Stack>
  );
}
