import { useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_MSG, DEFAULT_AUTHORIZATION_TYPE, MEMBER_TRIP_AUTHORIZATION_TYPES, type ContactOption } from '@tripline/core';
import { ApiError } from '../../lib/api.ts';
import { confirm } from '../../lib/confirm.tsx';
import { ContactPicker } from '../coverage/ContactPicker.tsx';
import { addAuthorization, removeAuthorization, useAuthorizations } from './api.ts';

type AuthorizationType = (typeof MEMBER_TRIP_AUTHORIZATION_TYPES)[number];

/** A passenger's member trip authorizations (spec 3 §3): bill-to, member id, type (LongDistance by default), facility. */
export function AuthorizationsTab({ passengerId }: { passengerId: string | null }) {
  const list = useAuthorizations(passengerId);
  const queryClient = useQueryClient();
  const [type, setType] = useState<AuthorizationType>(DEFAULT_AUTHORIZATION_TYPE);
  const [memberId, setMemberId] = useState('');
  const [billTo, setBillTo] = useState<ContactOption | null>(null);
  const [facility, setFacility] = useState<ContactOption | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!passengerId) return <Text size="sm" c="dimmed">{CONTACT_MSG.SAVE_CONTACT_FIRST}</Text>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['member-trip-authorizations', passengerId] });

  const add = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await addAuthorization({ passengerId, type, memberId: memberId.trim() || null, billToId: billTo?.id ?? null, facilityId: facility?.id ?? null });
      setMemberId('');
      setBillTo(null);
      setFacility(null);
      setType(DEFAULT_AUTHORIZATION_TYPE);
      await refresh();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    if (!(await confirm({ title: 'Remove authorization', message: 'Remove this member trip authorization?', confirmLabel: 'Remove', danger: true }))) return;
    try {
      await removeAuthorization(id);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : String(e));
    }
    await refresh();
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Select label="Type" data={[...MEMBER_TRIP_AUTHORIZATION_TYPES]} value={type} onChange={(v) => setType((v as AuthorizationType) ?? DEFAULT_AUTHORIZATION_TYPE)} allowDeselect={false} />
        <TextInput label="Member id" value={memberId} onChange={(e) => setMemberId(e.currentTarget.value)} />
        <ContactPicker label="Bill-to" type="Bill To" noun="bill-tos" value={billTo} onChange={setBillTo} />
        <ContactPicker label="Facility" type="Facility" noun="facilities" value={facility} onChange={setFacility} />
      </SimpleGrid>
      <Group justify="end">
        <Button size="xs" onClick={() => void add()} loading={busy}>Add authorization</Button>
      </Group>
      {problem && <Alert color="red" role="alert">{problem}</Alert>}
      {list.isPending ? (
        <Center h={60}><Loader size="sm" aria-label="Loading authorizations" /></Center>
      ) : list.isError ? (
        <Alert color="red">The authorizations could not be loaded.</Alert>
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">No member trip authorizations.</Text>
      ) : (
        <Table aria-label="Member trip authorizations">
          <Table.Thead>
            <Table.Tr><Table.Th>Type</Table.Th><Table.Th>Member id</Table.Th><Table.Th>Bill-to</Table.Th><Table.Th>Facility</Table.Th><Table.Th>Added</Table.Th><Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{a.type}</Table.Td>
                <Table.Td>{a.memberId ?? '—'}</Table.Td>
                <Table.Td>{a.billToName ?? '—'}</Table.Td>
                <Table.Td>{a.facilityName ?? '—'}</Table.Td>
                <Table.Td>{new Date(a.created).toLocaleDateString('en-US')}</Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${a.type} authorization`} onClick={() => void remove(a.id)}>
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
