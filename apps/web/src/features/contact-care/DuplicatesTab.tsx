import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CareSummary } from '@tripline/core';
import { formatUsDate } from '../../lib/date-input.ts';
import { useDuplicates } from './api.ts';
import { refusalText } from './CareDateInput.tsx';
import { MergeDialog, type MergeSide } from './MergeDialog.tsx';

/** Possible duplicates of the contact with the reasons, each one a merge away. */
export function DuplicatesTab({ contact, onMerged }: { contact: CareSummary; onMerged(keepId: string): void }) {
  const dups = useDuplicates(contact.id, !contact.deleted);
  const [other, setOther] = useState<MergeSide | null>(null);
  const current: MergeSide = { id: contact.id, name: contact.name, contactNumber: contact.contactNumber, modCount: contact.modCount };

  if (contact.deleted) return <Text size="sm">This contact is deleted; it cannot be merged.</Text>;
  if (dups.isPending) return <Loader size="sm" aria-label="Looking for duplicates" />;
  if (dups.isError) return <Alert color="red">Duplicates could not be looked for: {refusalText(dups.error)}</Alert>;
  return (
    <Stack gap="sm">
      {dups.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No likely duplicates: no contact with a similar name shares the date of birth, member id, a phone or an address.
        </Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Born</Table.Th>
              <Table.Th>Member id</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dups.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.contactNumber}</Table.Td>
                <Table.Td>
                  {d.name}
                  <Text size="xs" c="dimmed">
                    {d.types.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>{d.dateOfBirth ? formatUsDate(d.dateOfBirth) : ''}</Table.Td>
                <Table.Td>{d.memberId ?? ''}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {d.reasons.map((r) => (
                      <Badge key={r} variant="light" size="sm">
                        {r}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="light" onClick={() => setOther({ id: d.id, name: d.name, contactNumber: d.contactNumber, modCount: d.modCount })}>
                    Merge…
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <MergeDialog
        pair={other ? { current, other } : null}
        onClose={() => setOther(null)}
        onMerged={(keepId) => {
          setOther(null);
          onMerged(keepId);
        }}
      />
    </Stack>
  );
}
